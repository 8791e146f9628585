// cusim's <cooperative_groups/memcpy_async.h>: cg::memcpy_async, cg::wait and cg::wait_prior
// (runtime/cusim/detail/cooperative_groups_memcpy_async.hpp).
#pragma once
#include <cooperative_groups.h>

#include "cusim/detail/cooperative_groups_memcpy_async.hpp"
