// The frame layout: objects that never coexist share storage, members are
// ordered by alignment, the tags come last, and the sizes are the ones the
// compiler gives the emitted structs and unions.
#include "Analysis/FrameLayout.h"

#include <gtest/gtest.h>

namespace unawait {
namespace {

LayoutItem item(uint64_t Size, uint64_t Align, std::initializer_list<unsigned> Conflicts,
                unsigned Count) {
  LayoutItem Item;
  Item.Size = Size;
  Item.Align = Align;
  Item.Conflicts.resize(Count);
  for (unsigned C : Conflicts)
    Item.Conflicts.set(C);
  return Item;
}

TEST(FrameLayout, ObjectsThatNeverCoexistShareStorage) {
  // Two 16-byte objects without a conflict: one union of 16 bytes, then the
  // one-byte state tag.
  FrameLayout Layout = layoutFrame({item(16, 8, {}, 2), item(16, 8, {}, 2)}, 1, 0);
  EXPECT_EQ(Layout.Size, 24u);
  EXPECT_EQ(Layout.Align, 8u);
}

TEST(FrameLayout, ConflictingObjectsSitSideBySide) {
  FrameLayout Layout = layoutFrame({item(16, 8, {1}, 2), item(16, 8, {0}, 2)}, 1, 0);
  EXPECT_EQ(Layout.Size, 40u); // 16 + 16 + state, rounded to 8
}

TEST(FrameLayout, MembersAreOrderedByAlignment) {
  // A char, a double and an int all alive together: 8 + 4 + 1 + state = 14
  // rounded to 16, where declaration order would give 24.
  FrameLayout Layout = layoutFrame(
      {item(1, 1, {1, 2}, 3), item(8, 8, {0, 2}, 3), item(4, 4, {0, 1}, 3)}, 1, 0);
  EXPECT_EQ(Layout.Size, 16u);
}

TEST(FrameLayout, TheLiveBitsFollowTheState) {
  FrameLayout Layout = layoutFrame({item(4, 4, {}, 1)}, 1, 1);
  EXPECT_EQ(Layout.Size, 8u); // 4 + state + live_, rounded to 4
  EXPECT_EQ(Layout.Root.Children.back().NodeKind, LayoutNode::Tag);
}

TEST(FrameLayout, AnEmptyFrameIsItsState) {
  FrameLayout Layout = layoutFrame({}, 1, 0);
  EXPECT_EQ(Layout.Size, 1u);
  EXPECT_EQ(Layout.Align, 1u);
}

TEST(FrameLayout, RemeasureKeepsTheTreeWithNewSizes) {
  std::vector<LayoutItem> Items = {item(8, 8, {1}, 2), item(8, 8, {0}, 2)};
  FrameLayout Layout = layoutFrame(Items, 1, 0);
  EXPECT_EQ(Layout.Size, 24u);
  Items[0].Size = Items[0].Align = 4;
  remeasure(Layout, Items);
  EXPECT_EQ(Layout.Size, 24u); // 8, then 4, then the state: 13 rounded to 8
  Items[1].Size = Items[1].Align = 4;
  remeasure(Layout, Items);
  EXPECT_EQ(Layout.Size, 12u);
}

} // namespace
} // namespace unawait
