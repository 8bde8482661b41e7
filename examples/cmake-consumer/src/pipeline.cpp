// The pipeline: an async function of this file, rewritten with the headers
// it awaits, and the plain entry point that polls it to completion.
#include "app_config.hpp"
#include "sensor/pipeline.hpp"

namespace sensor {

namespace {

/// Each round samples the first channel through a oneshot channel (the
/// sampler sends while this function awaits the receiver, joined on one
/// task) and reads the second within the timeout; then the stalled channel
/// must time out.
UNAWAIT_ASYNC unawait::Async<Summary> pipeline(Adc &adc) {
  Summary summary;
  for (int round = 0; round < app::rounds; ++round) {
    auto channel = unawait::oneshot::channel<int>();
    ++summary.channels;
    auto [sent, received] = co_await unawait::join(
        sample(adc, app::first_channel, std::move(channel.first)), std::move(channel.second));
    std::optional<int> second = co_await read_within(adc, app::second_channel, app::timeout);
    summary.timeouts += !received + !second;
    summary.total += received.value_or(0) + second.value_or(0);
  }
  std::optional<int> stalled = co_await read_within(adc, app::stalled_channel, app::timeout);
  summary.timeouts += !stalled;
  co_return summary;
}

} // namespace

Summary run_pipeline(Adc &adc) { return unawait::block_on(pipeline(adc)); }

} // namespace sensor
