// The application: an async entry point, rewritten with the headers it
// awaits, and a plain main() that polls it to completion and counts the heap
// allocations on the way: every frame nests inline, so there are none.
#include "app_config.hpp"
#include "sensor/pipeline.hpp"
#include <cstdio>
#include <cstdlib>
#include <new>

namespace {
int allocations = 0;
}

void *operator new(std::size_t size) {
  ++allocations;
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

namespace app {
UNAWAIT_ASYNC unawait::Async<int> run() {
  co_return co_await sensor::run_pipeline(first_channel, second_channel, rounds);
}
} // namespace app

int main() {
  // block_on's parker is made once per thread, on its first use: not a frame.
  unawait::block_on(unawait::yield_now());
  auto app = app::run();
  int before = allocations;
  int total = unawait::block_on(app);
  int during = allocations - before;
  std::printf("sensor_pipeline: total %d, %d heap allocations, frame %zu bytes\n",
              total, during, sizeof app);
  return total == 3 * (1 + 2) * SENSOR_SCALE && during == 0 ? 0 : 1;
}
