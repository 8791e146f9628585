// The host-side entry points of the two kernel files.
#pragma once

// Multiplies n floats on the device by `factor`, in place.
void scale_on_device(float* device_data, int n, float factor);
// The sum of n floats on the device.
float sum_on_device(const float* device_data, int n);
