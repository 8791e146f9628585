// cusim's <cooperative_groups/scan.h>: cg::reduce, cg::inclusive_scan and cg::exclusive_scan
// (runtime/cusim/detail/cooperative_groups_algorithms.hpp).
#pragma once
#include <cooperative_groups.h>

#include "cusim/detail/cooperative_groups_algorithms.hpp"
