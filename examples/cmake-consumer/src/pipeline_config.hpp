// Next to pipeline.cpp, found through -iquote from its rewritten copy.
#pragma once

namespace sensor {
inline constexpr int first_channel = 1;
inline constexpr int second_channel = 2;
} // namespace sensor
