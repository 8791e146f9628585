// cusim's <cooperative_groups.h>: groups of threads (runtime/cusim/detail/cooperative_groups.hpp).
#pragma once
#include <cuda_runtime.h>

#include "cusim/detail/cooperative_groups.hpp"
