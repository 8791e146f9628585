#include "sim/access_map/access_map_files.hpp"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <set>
#include <vector>

#include "sim/access_map/raster.hpp"
#include "sim/io/output_file.hpp"
#include "sim/report/wording.hpp"

namespace cusim::sim {
namespace {

// ---- colours -----------------------------------------------------------------------------------

Rgb hsv(double h, double s, double v) {
  const double c = v * s, x = c * (1 - std::fabs(std::fmod(h / 60.0, 2.0) - 1)), m = v - c;
  double r = 0, g = 0, b = 0;
  if (h < 60) r = c, g = x;
  else if (h < 120) r = x, g = c;
  else if (h < 180) g = c, b = x;
  else if (h < 240) g = x, b = c;
  else if (h < 300) r = x, b = c;
  else r = c, b = x;
  auto byte = [&](double u) { return static_cast<std::uint8_t>(std::lround((u + m) * 255)); };
  return Rgb{byte(r), byte(g), byte(b)};
}

// Neighbouring blocks get hues far apart (the golden angle), alternately lighter and darker.
Rgb block_colour(std::uint64_t block) {
  return hsv(std::fmod(static_cast<double>(block) * 137.50776405, 360.0), 0.70, block % 2 ? 0.78 : 0.96);
}

// A perceptually ordered ramp (viridis' anchors), t in [0, 1].
Rgb ramp(double t) {
  static constexpr Rgb kAnchors[] = {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
  t = std::clamp(t, 0.0, 1.0) * 4;
  const int i = std::min(3, static_cast<int>(t));
  const double f = t - i;
  auto mix = [&](std::uint8_t a, std::uint8_t b) { return static_cast<std::uint8_t>(std::lround(a + (b - a) * f)); };
  return Rgb{mix(kAnchors[i].r, kAnchors[i + 1].r), mix(kAnchors[i].g, kAnchors[i + 1].g), mix(kAnchors[i].b, kAnchors[i + 1].b)};
}

constexpr Rgb kWhite{255, 255, 255}, kInk{32, 32, 32}, kUntouched{221, 221, 221};

std::string hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

std::string xml(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string coords(const uint3& u) { return coordinates(u.x, u.y, u.z); }

// ---- the picture, once, for both renderers -------------------------------------------------------

struct Box {
  unsigned x, y, w, h;
  Rgb colour;
  bool cell;             // an element's cell (the rest: legend swatches)
  std::string tooltip;   // SVG only
};
struct Label {
  unsigned x, y;  // top-left
  std::string text;
};
struct Picture {
  unsigned width = 0, height = 0;
  std::vector<Box> boxes;
  std::vector<Label> labels;
};

constexpr unsigned kScale = 2;                           // font pixels per image pixel
constexpr unsigned kCharW = 6 * kScale, kLineH = 7 * kScale + 6;
constexpr unsigned kMargin = 10;

Picture lay_out(const AccessMap& map, const std::vector<AccessMap::Element>& el) {
  const AccessMapSpec& spec = map.spec();
  const std::size_t n = el.size();
  const std::size_t bin = std::max<std::size_t>(1, (n + kMaxCells - 1) / kMaxCells);
  const std::size_t cells = (n + bin - 1) / bin;
  std::size_t wanted = spec.width;
  if (!wanted) {  // about square: the smallest power of two at least the square root, and 32
    wanted = 32;
    while (wanted * wanted < cells) wanted *= 2;
  }
  const unsigned columns = static_cast<unsigned>(
      std::min<std::size_t>(std::max<std::size_t>({wanted, (cells + kMaxRows - 1) / kMaxRows, 1}), std::max<std::size_t>(cells, 1)));
  const unsigned rows = static_cast<unsigned>((cells + columns - 1) / columns);
  // Cells of up to 16 pixels, the cells at most about 1024 pixels wide and 2048 high.
  const unsigned cell = std::max(1u, std::min({16u, 1024u / columns, 2048u / rows}));
  const unsigned gap = cell >= 6 ? 1 : 0;

  std::uint64_t max_thread = 0;
  std::set<std::uint64_t> blocks;
  bool untouched = false;
  for (const AccessMap::Element& e : el) {
    if (!e.accessed) {
      untouched = true;
      continue;
    }
    max_thread = std::max(max_thread, e.global_thread);
    if (blocks.size() <= 64) blocks.insert(e.block_linear);
  }
  auto colour_of = [&](const AccessMap::Element& e) {
    if (!e.accessed) return kUntouched;
    return spec.color == AccessMapSpec::Color::block ? block_colour(e.block_linear)
                                                     : ramp(max_thread ? double(e.global_thread) / double(max_thread) : 0.0);
  };

  Picture p;
  const char* mode = spec.mode == AccessMapSpec::Mode::write ? "first write" : spec.mode == AccessMapSpec::Mode::read ? "first read" : "first access";
  std::string how = std::string(mode) + ", colour = " + (spec.color == AccessMapSpec::Color::block ? "block" : "global thread id");
  if (spec.launch) how += ", launch " + std::to_string(spec.launch) + " only";
  std::string detail = std::to_string(n) + " elements of " + std::to_string(spec.element_bytes) + " bytes, rows of " +
                       std::to_string(columns * bin);
  if (bin > 1) detail += ", one cell per " + std::to_string(bin) + " elements (the first one's colour)";
  const std::string heading[] = {map.what(), how, detail};
  unsigned widest = 0;
  for (unsigned i = 0; i < 3; ++i) {
    p.labels.push_back({kMargin, kMargin + i * kLineH, heading[i]});
    widest = std::max(widest, unsigned(heading[i].size()) * kCharW);
  }

  const unsigned label_w = static_cast<unsigned>(std::to_string(n ? n - 1 : 0).size()) * kCharW + 8;
  const unsigned top = kMargin + 3 * kLineH + 6, left = kMargin + label_w;
  const unsigned step = std::max(1u, (kLineH + cell - 1) / cell);  // rows per row label
  for (unsigned r = 0; r < rows; r += step)
    p.labels.push_back({kMargin, top + r * cell + (cell > 7 * kScale ? (cell - 7 * kScale) / 2 : 0),
                        std::to_string(std::size_t{r} * columns * bin)});
  const bool tooltips = cells <= 16384;
  for (std::size_t c = 0; c < cells; ++c) {
    const AccessMap::Element& e = el[c * bin];
    Box b{left + static_cast<unsigned>(c % columns) * cell, top + static_cast<unsigned>(c / columns) * cell, cell - gap,
          cell - gap, colour_of(e), true, ""};
    if (tooltips) {
      b.tooltip = "element " + std::to_string(c * bin) + ": ";
      b.tooltip += e.accessed ? "block " + coords(e.block) + " thread " + coords(e.thread) + ", global thread " +
                                    std::to_string(e.global_thread) + ", launch " + std::to_string(e.launch) + ", " +
                                    std::to_string(e.accesses) + (e.accesses == 1 ? " access" : " accesses")
                              : std::string("not accessed");
    }
    p.boxes.push_back(std::move(b));
  }

  // The legend, below the cells, flowing left to right.
  p.width = std::max({left + columns * cell + kMargin, 2 * kMargin + widest, 480u});
  unsigned x = kMargin, y = top + rows * cell + 12;
  auto entry = [&](Rgb colour, unsigned swatch_w, const std::string& text) {
    const unsigned w = swatch_w + 6 + unsigned(text.size()) * kCharW + 14;
    if (x > kMargin && x + w > p.width - kMargin) {
      x = kMargin;
      y += kLineH;
    }
    if (swatch_w) p.boxes.push_back({x, y, swatch_w, 7 * kScale, colour, false, ""});
    p.labels.push_back({x + swatch_w + (swatch_w ? 6 : 0), y, text});
    x += w;
  };
  if (spec.color == AccessMapSpec::Color::block) {
    entry({}, 0, "block:");
    unsigned shown = 0;
    for (std::uint64_t b : blocks) {
      if (++shown > 64) {
        entry({}, 0, "... more");
        break;
      }
      entry(block_colour(b), 14, std::to_string(b));
    }
  } else {
    entry({}, 0, "global thread: 0");
    for (unsigned i = 0; i < 128; ++i) p.boxes.push_back({x + i * 2, y, 2, 7 * kScale, ramp(i / 127.0), false, ""});
    x += 262;
    entry({}, 0, std::to_string(max_thread));
  }
  if (untouched) entry(kUntouched, 14, "not accessed");
  p.height = y + kLineH + kMargin;
  return p;
}

std::string render_svg(const Picture& p) {
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(p.width) + "\" height=\"" +
                  std::to_string(p.height) + "\" viewBox=\"0 0 " + std::to_string(p.width) + " " +
                  std::to_string(p.height) + "\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  for (const Box& b : p.boxes) {
    s += std::string("<rect") + (b.cell ? " class=\"cell\"" : "") + " x=\"" + std::to_string(b.x) + "\" y=\"" +
         std::to_string(b.y) + "\" width=\"" + std::to_string(b.w) + "\" height=\"" + std::to_string(b.h) +
         "\" fill=\"" + hex(b.colour) + "\"";
    s += b.tooltip.empty() ? "/>\n" : "><title>" + xml(b.tooltip) + "</title></rect>\n";
  }
  s += "<g font-family=\"monospace\" font-size=\"14\" fill=\"" + hex(kInk) + "\">\n";
  for (const Label& l : p.labels)
    s += "<text x=\"" + std::to_string(l.x) + "\" y=\"" + std::to_string(l.y + 7 * kScale - 1) + "\">" + xml(l.text) +
         "</text>\n";
  return s + "</g>\n</svg>\n";
}

std::string render_png(const Picture& p) {
  Raster r(p.width, p.height, kWhite);
  for (const Box& b : p.boxes) r.fill(b.x, b.y, b.w, b.h, b.colour);
  for (const Label& l : p.labels) r.text(l.x, l.y, l.text, kInk, kScale);
  return r.png();
}

bool write_file(const std::string& path, const std::string& data, std::string* error) {
  if (io::write_output(path, data, error)) return true;
  *error = "cannot write " + path + ": " + *error;
  return false;
}

}  // namespace

bool write_access_map(const AccessMap& map, std::string* error) {
  std::vector<AccessMap::Element> el(map.elements());
  for (std::size_t i = 0; i < el.size(); ++i) el[i] = map.element(i);

  const std::string prefix = map.spec().prefix;
  std::string csv = "element,block_x,block_y,block_z,thread_x,thread_y,thread_z,global_thread,launch,accesses\n";
  char line[160];
  for (std::size_t i = 0; i < el.size(); ++i) {
    const AccessMap::Element& e = el[i];
    if (e.accessed)
      std::snprintf(line, sizeof line, "%zu,%u,%u,%u,%u,%u,%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", i, e.block.x,
                    e.block.y, e.block.z, e.thread.x, e.thread.y, e.thread.z, e.global_thread, e.launch, e.accesses);
    else
      std::snprintf(line, sizeof line, "%zu,,,,,,,,,0\n", i);
    csv += line;
  }
  if (!write_file(prefix + ".csv", csv, error)) return false;
  const Picture picture = lay_out(map, el);
  return write_file(prefix + ".svg", render_svg(picture), error) && write_file(prefix + ".png", render_png(picture), error);
}

}  // namespace cusim::sim
