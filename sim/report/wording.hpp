// The words findings share, written in one place: coordinates, addresses, masks and thread lists,
// spelled the same in every report.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cusim::sim {

struct Dim;
struct ThreadRange;

// "(3,0,1)": a block or thread index, a grid or block size.
std::string coordinates(unsigned x, unsigned y, unsigned z);
std::string coordinates(const Dim& d);
// "0x7f0000001000": an address.
std::string hex_address(std::uint64_t a);
// "0xffffffff": a 32-bit mask, all eight digits.
std::string hex_mask(unsigned mask);
// "0..7,9,12..31": the lanes of a warp's mask, consecutive ones as ranges.
std::string lane_list(unsigned mask);
// "lane 5" or "lanes 5..9".
std::string lanes_phrase(unsigned mask);
// "the launch ran past its time limit of 0.5 s (CUSIM_TIMEOUT) and was ended": how a
// launch-timeout finding begins.
std::string time_limit_passed(double seconds);
// "(0,0,0)..(15,0,0),(17,0,0)": threads as ranges of consecutive ids, the first `shown` of them,
// then ",... (<total> threads)" when there are more.
std::string thread_list(const std::vector<ThreadRange>& ranges, std::size_t total, std::size_t shown = 8);

}  // namespace cusim::sim
