// CUSIM_STATS (docs/STATS.md): each launch's statistics as a table on stderr and, with
// json:<file>, as one more element of the JSON array in <file>; the latest kept for
// cusim::last_launch_stats().
#pragma once
#include <memory>
#include <string>

#include "cusim/detail/launch_stats.hpp"
#include "sim/config/config.hpp"
#include "sim/stats/launch_stats_observer.hpp"

namespace cusim::backend {

// Where the setting (Settings::stats) sends statistics; off, after one warning, if it is invalid.
sim::StatsOutput stats_output(const std::string& setting);

// Prints, writes and keeps the statistics of a launch that has run.
void publish_stats(const cusim::LaunchStats& stats, const sim::StatsOutput& output);

}  // namespace cusim::backend
