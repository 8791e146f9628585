// A small RGB image for the access maps' pictures: filled rectangles, text in a built-in 5x7
// pixel font, and PNG output written without zlib (deflate's uncompressed blocks).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cusim::sim {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

class Raster {
 public:
  Raster(unsigned width, unsigned height, Rgb background);
  unsigned width() const { return width_; }
  unsigned height() const { return height_; }
  Rgb at(unsigned x, unsigned y) const { return pixels_[std::size_t{y} * width_ + x]; }

  // Fills [x, x + w) x [y, y + h), clipped to the image.
  void fill(unsigned x, unsigned y, unsigned w, unsigned h, Rgb colour);
  // Draws `text` with its top-left corner at (x, y), each font pixel `scale` pixels wide. The
  // font has upper-case letters, digits and common punctuation; lower case is drawn as upper
  // case, other characters as a box.
  void text(unsigned x, unsigned y, const std::string& text, Rgb colour, unsigned scale);
  static unsigned text_width(const std::string& text, unsigned scale) { return unsigned(text.size()) * 6 * scale; }
  static unsigned text_height(unsigned scale) { return 7 * scale; }

  // The image as a PNG file (8-bit RGB).
  std::string png() const;

 private:
  unsigned width_, height_;
  std::vector<Rgb> pixels_;
};

}  // namespace cusim::sim
