// bench/common/tally.hpp: the RAII object of the poll benchmark's raii_loop16
// (bench/poll/raii_loop.cpp). Its constructor and destructor update a global
// count of live objects, a side effect the optimiser must keep (like a lock
// guard, a span or a reference count), so a frame that holds Tallies across
// awaits has something to destroy.
#pragma once

namespace unawait_bench {

inline int tally_live = 0;

class Tally {
public:
  explicit Tally(int value) noexcept : value_(value) { ++tally_live; }
  Tally(const Tally &) = delete;
  Tally &operator=(const Tally &) = delete;
  ~Tally() { --tally_live; }

  int value() const noexcept { return value_; }

private:
  int value_;
};

} // namespace unawait_bench
