// What CUSIM_ACCESS_MAP asks for (docs/STATS.md, "Access maps"):
//
//   <allocation>:<prefix>[,read|write|any][,elem=<bytes>][,width=<cells>][,color=block|thread][,launch=<n>]
//
// <allocation> is the n-th allocation of the process (a number: cudaMalloc, cudaMallocManaged and
// cudaMallocHost count from 1, again after cudaDeviceReset), the allocation made at a source line
// (<file>:<line>, the file matched by its end: "grid_stride_square.cu:77"), or the allocation the
// program named (cusim::name_allocation(p, "<name>")). The map is written to <prefix>.csv and
// <prefix>.json when that allocation is freed, or when the program exits.
#pragma once
#include <cstdint>
#include <string>

namespace cusim::sim {

struct AccessMapSpec {
  enum class Select { ordinal, site, name };
  enum class Mode { write, read, any };  // which accesses the map records (atomics count as both)
  enum class Color { block, thread };    // cells coloured by block, or by global thread id

  Select select = Select::name;
  std::uint64_t ordinal = 0;  // Select::ordinal
  std::string file;           // Select::site
  unsigned line = 0;
  std::string name;           // Select::name
  std::string prefix;
  Mode mode = Mode::write;
  unsigned element_bytes = 4;
  unsigned width = 0;         // cells per row of the picture; 0: a power of two near a square, at least 32
  Color color = Color::block;
  std::uint64_t launch = 0;   // record only the process's launch with this ordinal (0: every one)

  // "allocation #3", "the allocation made at f.cu:12" or "the allocation named `out`".
  std::string selector_text() const;
};

// Parses a CUSIM_ACCESS_MAP value; false, with the reason in *error, if it is malformed.
bool parse_access_map_spec(const std::string& text, AccessMapSpec* out, std::string* error);

}  // namespace cusim::sim
