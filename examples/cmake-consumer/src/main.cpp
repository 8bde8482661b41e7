// Runs the sensor pipeline and counts the heap allocations on the way. Every
// frame nests inline, so the only ones are those the runtime documents
// (docs/runtime.md): one per oneshot channel. The program fails otherwise.
#include "app_config.hpp"
#include "sensor/pipeline.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace {
// Counted on every thread (the timer thread's too).
std::atomic<long> allocations{0};
} // namespace

void *operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

int main() {
  // Made once, on first use, not per frame: block_on's parker and the timer
  // thread (started by the first sleep that registers).
  unawait::block_on(unawait::sleep_for(std::chrono::milliseconds(1)));
  sensor::Adc adc;
  long before = allocations.load();
  sensor::Summary summary = sensor::run_pipeline(adc);
  long during = allocations.load() - before;
  long frames = during - summary.channels;
  std::printf("sensor_pipeline: total %d, %d timeouts, %ld heap allocations "
              "(%d oneshot channels), %ld for frames\n",
              summary.total, summary.timeouts, during, summary.channels, frames);
  bool right = summary.total == app::rounds * (app::first_channel + app::second_channel) *
                                    SENSOR_SCALE &&
               summary.timeouts == 1;
  if (!right || frames != 0) {
    std::printf("sensor_pipeline: FAILED\n");
    return 1;
  }
  return 0;
}
