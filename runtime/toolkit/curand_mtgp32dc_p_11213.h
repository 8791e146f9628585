// cusim's <curand_mtgp32dc_p_11213.h>: cuRAND's MTGP32 generator is not simulated yet (issue F2c). Including this
// header is an error at the program's #include line that says so and names the generators cusim
// has, rather than a missing file.
#pragma once
#error "cusim does not simulate cuRAND's MTGP32 generator yet (issue F2c); XORWOW (curandState), Philox4_32_10 and MRG32k3a are"
