// Device selection, properties, synchronisation, reset and the simulator's settings.
#include <cstring>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/device_profile.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/kernel_registry.hpp"
#include "cusim/detail/host_api.hpp"
#include "sim/config/config.hpp"

using cusim::backend::record;

namespace cusim {
Settings& settings() {
  static Settings s = [] {
    const sim::Config& c = sim::config();
    Schedule schedule = c.schedule == sim::ScheduleKind::reverse  ? Schedule::reverse
                        : c.schedule == sim::ScheduleKind::random ? Schedule::random
                                                                  : Schedule::in_order;
    return Settings{c.workers, schedule, c.seed, c.stack_bytes, c.device};
  }();
  return s;
}
}  // namespace cusim

cudaError_t cudaGetDeviceCount(int* count) {
  if (!count) return record(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) { return record(device == 0 ? cudaSuccess : cudaErrorInvalidDevice); }
cudaError_t cudaGetDevice(int* device) {
  if (!device) return record(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (!prop) return record(cudaErrorInvalidValue);
  if (device != 0) return record(cudaErrorInvalidDevice);
  *prop = cusim::backend::device_profile();
  return cudaSuccess;
}
// Launches complete before cusim::launch returns, so synchronising only collects their errors.
cudaError_t cudaDeviceSynchronize() { return record(cusim::backend::take_execution_error()); }
cudaError_t cudaDeviceReset() {
  cusim::backend::free_all_device_memory();
  cusim::backend::forget_kernel_attributes();
  cusim::backend::reset_errors();
  return cudaSuccess;
}
