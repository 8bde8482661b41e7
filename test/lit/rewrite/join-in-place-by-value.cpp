// An annotated call inside unawait::join / unawait::select whose by-value
// parameters have destructors (a traced Token, a std::string, a oneshot
// Sender moved in) is built in place too: its maker constructs the
// parameters, the generated class takes each by one move (as the
// coroutine's frame does), and the moved-from parameters end when the
// factory returns (they print nothing, as for a call awaited directly). The
// receiver after it is built by a maker as well, in argument order.
// Cancellation destroys the children's parameters as the coroutines do.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
// RUN: unawait sizes --no-heap %s > /dev/null
#include "Inputs/test_futures.hpp"
#include <string>
#include <utility>

/// Prints its construction, each move, and the destruction of the one
/// that still holds its id.
struct Token {
  explicit Token(int given) : id(given) { std::printf("+token %d\n", id); }
  Token(Token &&other) noexcept : id(std::exchange(other.id, 0)) {
    std::printf("token %d moved\n", id);
  }
  ~Token() {
    if (id)
      std::printf("-token %d\n", id);
  }
  int id;
};

UNAWAIT_ASYNC unawait::Async<int> hold(Token token, std::string name, unsigned polls) {
  std::printf("%s starts with token %d\n", name.c_str(), token.id);
  co_await Countdown{polls};
  std::printf("%s done\n", name.c_str());
  co_return token.id * 10 + static_cast<int>(name.size());
}

UNAWAIT_ASYNC unawait::Async<int> both() {
  auto [a, b] = co_await unawait::join(hold(Token(1), "a", 1), hold(Token(2), "bb", 2));
  co_return a + b;
}

UNAWAIT_ASYNC unawait::Async<int> first() {
  auto winner = co_await unawait::select(hold(Token(3), "slow", 3), hold(Token(4), "fast", 1));
  co_return static_cast<int>(winner.index()) * 100 + std::get<1>(winner);
}

UNAWAIT_ASYNC unawait::Async<void> send_after(unawait::oneshot::Sender<int> tx, int value) {
  co_await unawait::yield_now();
  std::printf("sending %d\n", value);
  tx.send(value);
}

UNAWAIT_ASYNC unawait::Async<int> relay(int value) {
  auto channel = unawait::oneshot::channel<int>();
  // golden begin
  auto [sent, got] = co_await unawait::join(send_after(std::move(channel.first), value),
                                            std::move(channel.second));
  // golden end
  co_return got.value_or(-1);
}

int main() {
  std::printf("join = %d\n", unawait::block_on(both()));
  std::printf("select = %d\n", unawait::block_on(first()));
  std::printf("relay = %d\n", unawait::block_on(relay(7)));
  {
    auto pending = both();
    unawait::Context cx(unawait::noop_waker());
    std::printf("polled: %d\n", static_cast<int>(pending.poll(cx).is_pending()));
    std::printf("dropping\n");
  }
  std::printf("dropped\n");
}

// OUT: +token 1
// OUT-NEXT: token 1 moved
// OUT-NEXT: +token 2
// OUT-NEXT: token 2 moved
// OUT-NEXT: a starts with token 1
// OUT-NEXT: bb starts with token 2
// OUT-NEXT: a done
// OUT-NEXT: -token 1
// OUT-NEXT: bb done
// OUT-NEXT: -token 2
// OUT-NEXT: join = 33
// OUT-NEXT: +token 3
// OUT-NEXT: token 3 moved
// OUT-NEXT: +token 4
// OUT-NEXT: token 4 moved
// OUT-NEXT: slow starts with token 3
// OUT-NEXT: fast starts with token 4
// OUT-NEXT: fast done
// OUT-NEXT: -token 4
// OUT-NEXT: -token 3
// OUT-NEXT: select = 144
// OUT-NEXT: sending 7
// OUT-NEXT: relay = 7
// OUT-NEXT: +token 1
// OUT-NEXT: token 1 moved
// OUT-NEXT: +token 2
// OUT-NEXT: token 2 moved
// OUT-NEXT: a starts with token 1
// OUT-NEXT: bb starts with token 2
// OUT-NEXT: polled: 1
// OUT-NEXT: dropping
// OUT-NEXT: -token 2
// OUT-NEXT: -token 1
// OUT-NEXT: dropped
