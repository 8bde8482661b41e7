// Next to main.cpp, found through -iquote from its rewritten copy.
#pragma once

namespace app {
inline constexpr int first_channel = 1;
inline constexpr int second_channel = 2;
inline constexpr int rounds = 3;
} // namespace app
