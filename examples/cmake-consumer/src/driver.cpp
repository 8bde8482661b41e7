// The simulated ADC: plain C++ (nothing here is rewritten), including the
// poll() of the hand-written leaf future sensor::Conversion.
#include "app_config.hpp"
#include "sensor/sensor.hpp"

namespace sensor {

void Adc::start(int channel) {
  channel_ = channel;
  done_.store(false, std::memory_order_relaxed);
}

void Adc::complete() {
  result_ = channel_ * SENSOR_SCALE;
  // Publish the result, then wake: the poll that registers first and
  // checks after cannot miss it.
  done_.store(true, std::memory_order_release);
  waiter_.wake();
}

std::chrono::microseconds Adc::latency(int channel) const {
  using namespace std::chrono_literals;
  return channel == app::stalled_channel ? std::chrono::microseconds(60s) : 500us;
}

unawait::Poll<int> Conversion::poll(unawait::Context &cx) {
  // The seeds' rules: never pending without a registered waker, and the
  // waker of the latest poll (a future may move between tasks). Register,
  // then check: an interrupt in between wakes the waker just registered
  // (AtomicWaker closes the check-then-register race).
  adc_->waiter_.register_waker(cx.waker());
  if (adc_->done_.load(std::memory_order_acquire))
    return unawait::ready(adc_->result_);
  return unawait::pending;
}

} // namespace sensor
