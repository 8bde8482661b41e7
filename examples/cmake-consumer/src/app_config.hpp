// Next to pipeline.cpp, found through -iquote from its rewritten copy.
#pragma once
#include <chrono>

namespace app {
inline constexpr int first_channel = 1;
inline constexpr int second_channel = 2;
/// A channel whose conversion never finishes in time.
inline constexpr int stalled_channel = 7;
inline constexpr int rounds = 3;
inline constexpr std::chrono::milliseconds timeout{200};
} // namespace app
