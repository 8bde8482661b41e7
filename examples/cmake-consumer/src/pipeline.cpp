#include "pipeline_config.hpp"
#include "sensor/sensor.hpp"

namespace sensor {

UNAWAIT_ASYNC unawait::Async<int> run_pipeline(int rounds) {
  int total = 0;
  for (int round = 0; round < rounds; ++round) {
    int first = co_await read_sensor(first_channel);
    int second = co_await read_sensor(second_channel);
    total += first + second;
  }
  co_return total;
}

} // namespace sensor
