// Kept objects whose types the standard library spells with internal names
// (`auto p = std::make_unique<int>(n)` deduces std::__detail::__unique_ptr_t
// in libstdc++; a vector's iterator is __gnu_cxx::__normal_iterator or
// std::__wrap_iter): the rewrite spells them as a user could, so the output
// builds against libstdc++ and libc++ (issue 8, item 4).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"
#include <map>
#include <memory>
#include <string>
#include <vector>

UNAWAIT_ASYNC unawait::Async<int> library(int n) {
  auto p = std::make_unique<int>(n);
  auto shared = std::make_shared<std::string>("shared");
  std::vector<int> values{1, 2, 3};
  std::map<std::string, int> named{{"a", 1}};
  auto found = named.find("a");
  int sum = 0;
  for (int v : values) {
    sum += co_await wake_yield(v);
  }
  auto it = values.begin();
  co_await unawait::yield_now();
  co_return *p + sum + *it + found->second + static_cast<int>(shared->size());
}

int main() { std::printf("library = %d\n", unawait::block_on(library(10))); }
// OUT: library = 24
