// A second header of the API, whose async function awaits the first's.
#pragma once
#include "sensor/sensor.hpp"

namespace sensor {

/// Runs `rounds` rounds of two readings and sums them.
UNAWAIT_ASYNC inline unawait::Async<int> run_pipeline(int first, int second, int rounds) {
  int total = 0;
  for (int round = 0; round < rounds; ++round) {
    int a = co_await read_sensor(first);
    int b = co_await read_sensor(second);
    total += a + b;
  }
  co_return total;
}

} // namespace sensor
