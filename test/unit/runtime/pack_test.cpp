// unawait/detail/pack.hpp: the layout the tool computes for a kept
// parameter pack, element access, and destruction order.
#include <unawait/detail/pack.hpp>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using unawait::detail::get;
using unawait::detail::pack;
using unawait::detail::pack_init;

// The tool's packLayout (TemplateInstances.cpp) for the same element lists:
// each head, then the rest aligned as a struct.
static_assert(sizeof(pack<>) == 1 && alignof(pack<>) == 1);
static_assert(sizeof(pack<char>) == 1);
static_assert(sizeof(pack<char, int>) == 8 && alignof(pack<char, int>) == 4);
// Nested, not flat: the tail struct is aligned as a whole (a flat struct
// would be 8 bytes).
static_assert(sizeof(pack<char, char, int>) == 12);
static_assert(sizeof(pack<int, char, char>) == 8);
static_assert(sizeof(pack<char, double, char>) == 24);
static_assert(sizeof(pack<int &, char>) == 2 * sizeof(void *));
static_assert(sizeof(pack<int &&>) == sizeof(void *));

TEST(Pack, ElementsReadAsLvaluesOfTheirTypes) {
  int a = 1;
  pack<int, int &, const int &, int &&> p(pack_init, 7, a, a, std::move(a));
  static_assert(std::is_same_v<decltype(get<0>(p)), int &>);
  static_assert(std::is_same_v<decltype(get<1>(p)), int &>);
  static_assert(std::is_same_v<decltype(get<2>(p)), const int &>);
  static_assert(std::is_same_v<decltype(get<3>(p)), int &>);
  EXPECT_EQ(get<0>(p), 7);
  get<1>(p) = 5;
  EXPECT_EQ(a, 5);
  EXPECT_EQ(&get<2>(p), &a);
  EXPECT_EQ(&get<3>(p), &a);
}

TEST(Pack, MovesEachElementOnceAndKeepsReferences) {
  std::string text = "moved";
  std::vector<int> referred{1, 2};
  pack<std::string, std::vector<int> &> p(pack_init, std::move(text), referred);
  EXPECT_EQ(get<0>(p), "moved");
  EXPECT_EQ(&get<1>(p), &referred);
  pack<std::string, std::vector<int> &> q(std::move(p));
  EXPECT_EQ(get<0>(q), "moved");
  EXPECT_EQ(&get<1>(q), &referred);
}

std::vector<int> destroyed;
struct Noisy {
  int id;
  explicit Noisy(int n) : id(n) {}
  Noisy(Noisy &&other) noexcept : id(other.id) { other.id = -1; }
  ~Noisy() {
    if (id >= 0)
      destroyed.push_back(id);
  }
};

TEST(Pack, DestroysTheLastElementFirst) {
  destroyed.clear();
  {
    pack<Noisy, Noisy, Noisy> p(pack_init, Noisy(1), Noisy(2), Noisy(3));
  }
  EXPECT_EQ(destroyed, (std::vector<int>{3, 2, 1}));
}

} // namespace
