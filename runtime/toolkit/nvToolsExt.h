// NVTX 2's include path, which NVTX 3 keeps: the same API (nvtx3/nvToolsExt.h).
#pragma once
#include "nvtx3/nvToolsExt.h"
