inline constexpr int local_factor = 2;
