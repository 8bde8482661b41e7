// The pipeline's header API: async functions that await the driver's, and
// the plain entry point src/pipeline.cpp defines.
#pragma once
#include "sensor/sensor.hpp"

#include <chrono>
#include <optional>
#include <utility>
#include <variant>

namespace sensor {

/// Samples `channel` and sends the reading through `tx`. The frame owns the
/// Sender (a by-value parameter with a destructor) until it has sent.
UNAWAIT_ASYNC inline unawait::Async<void> sample(Adc &adc, int channel,
                                                 unawait::oneshot::Sender<int> tx) {
  int value = co_await read_sensor(adc, channel);
  tx.send(value);
}

/// A reading of `channel`, or nothing when it takes longer than `timeout`
/// (the conversion is then cancelled: its timer is deregistered).
UNAWAIT_ASYNC inline unawait::Async<std::optional<int>> read_within(Adc &adc, int channel,
                                                                    std::chrono::milliseconds timeout) {
  auto first = co_await unawait::select(read_sensor(adc, channel), unawait::sleep_for(timeout));
  if (first.index() == 0)
    co_return std::get<0>(first);
  co_return std::nullopt;
}

/// What run_pipeline() did.
struct Summary {
  int total = 0;
  /// oneshot channels opened (one heap allocation each, docs/runtime.md).
  int channels = 0;
  /// readings that timed out.
  int timeouts = 0;
};

/// Runs the pipeline to completion on this thread (block_on).
Summary run_pipeline(Adc &adc);

} // namespace sensor
