// The driver's header API: a simulated ADC (its plain functions are in
// src/driver.cpp), the hand-written leaf future one conversion is, and the
// async functions defined here. unawait_rewrite_sources rewrites this header
// too, so that its callers nest these functions' futures inline (no box).
#pragma once
#include <unawait/unawait.hpp>

#include <atomic>
#include <chrono>
#include <tuple>

namespace sensor {

class Adc;

/// The end of one conversion: a leaf future written by hand (docs/runtime.md,
/// "Rules for hand-written futures"). Every pending poll leaves the waker of that poll
/// registered, and the interrupt wakes it after latching the result.
class Conversion {
public:
  using output_type = int;
  explicit Conversion(Adc &adc) noexcept : adc_(&adc) {}
  unawait::Poll<int> poll(unawait::Context &cx);

private:
  Adc *adc_;
};

/// A simulated analog-to-digital converter, one conversion at a time. The
/// interrupt handler (complete()) may run on any thread.
class Adc {
public:
  /// Begins a conversion of `channel`.
  void start(int channel);
  /// The interrupt: latches the result, then wakes the waiting Conversion.
  void complete();
  /// How long a conversion of `channel` takes: a stalled channel never
  /// finishes in time.
  std::chrono::microseconds latency(int channel) const;
  Conversion conversion() { return Conversion(*this); }

private:
  friend class Conversion;
  int channel_ = 0;
  int result_ = 0;
  std::atomic<bool> done_{false};
  unawait::AtomicWaker waiter_;
};

#ifdef SENSOR_BOXED_READ
// A declaration before the definition keeps the boxed unawait::Async<int>
// signature: test/cmake builds this to check that NO_HEAP fails the build.
UNAWAIT_ASYNC unawait::Async<int> read_sensor(Adc &adc, int channel);
#endif

/// The conversion's interrupt, raised by a timer `latency` from now.
UNAWAIT_ASYNC inline unawait::Async<void> interrupt_after(Adc &adc,
                                                          std::chrono::microseconds latency) {
  co_await unawait::sleep_for(latency);
  adc.complete();
}

/// One reading of `channel`: starts a conversion and waits for it while
/// its interrupt is pending, both on this task.
UNAWAIT_ASYNC inline unawait::Async<int> read_sensor(Adc &adc, int channel) {
  adc.start(channel);
  auto finished = co_await unawait::join(adc.conversion(),
                                         interrupt_after(adc, adc.latency(channel)));
  co_return std::get<0>(finished);
}

} // namespace sensor
