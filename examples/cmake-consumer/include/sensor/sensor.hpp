// A header API with an async function defined in it: unawait_rewrite_sources
// rewrites this header too, so its callers nest its future without a box.
#pragma once
#include <unawait/unawait.hpp>

namespace sensor {

/// One reading: suspends once, as a device driver waiting for its interrupt.
UNAWAIT_ASYNC inline unawait::Async<int> read_sensor(int channel) {
  co_await unawait::yield_now();
  co_return channel * SENSOR_SCALE;
}

/// Runs `rounds` rounds of two readings; defined in src/pipeline.cpp.
UNAWAIT_ASYNC unawait::Async<int> run_pipeline(int rounds);

} // namespace sensor
