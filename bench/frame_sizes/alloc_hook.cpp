// Replaces the global operator new of the coroutine frame-size program so
// that bench_export.hpp's measure_frame() can see the size of the block a
// coroutine call allocates for its frame (clang calls ::operator new(size_t)
// with the whole frame size: resume and destroy pointers, the promise, the
// suspend index, and whatever the body keeps across a suspension).
#include <cstdlib>
#include <new>

#include "bench_export.hpp"

void *operator new(std::size_t size) {
  unawait_bench::AllocProbe &probe = unawait_bench::alloc_probe;
  if (probe.armed) {
    ++probe.count;
    probe.bytes += size;
  }
  if (void *p = std::malloc(size == 0 ? 1 : size))
    return p;
  throw std::bad_alloc();
}

void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
