// A traced by-value parameter for the tests of futures built in place: it
// prints its construction, each move, and the destruction of the one that
// still holds its id. A moved-from Token prints nothing when it ends, since
// a moved-from parameter ends when the factory returns in the rewrite and
// at the end of the full-expression in the coroutine (docs/design.md,
// "Moved-from arguments").
#pragma once

#include <cstdio>
#include <utility>

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
