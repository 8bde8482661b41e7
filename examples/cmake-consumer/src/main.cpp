// Plain C++17: polls the rewritten pipeline to completion.
#include "sensor/sensor.hpp"
#include <cstdio>

int main() {
  int total = unawait::block_on(sensor::run_pipeline(3));
  std::printf("sensor_pipeline: total %d\n", total);
  return total == 3 * (1 + 2) * SENSOR_SCALE ? 0 : 1;
}
