//===- FrameLayout.h - where each kept object lives in the frame ---------===//
//
// The frame is emitted as nested structs and unions so that the compiler,
// not the tool, fixes the offsets, and the code stays readable: the members
// of a struct may be alive together; the alternatives of a union never are.
// The tool computes the same offsets the compiler will (standard layout of
// plain members: no bases, no bit-fields), so the size report is exact;
// `rewrite --emit-size-asserts` proves it on the compiler in use.
//
// The tree comes from the conflict graph of the kept objects (two objects
// conflict when some statement or suspension point needs both):
//   - objects in different connected components never coexist: a union;
//   - within one component, objects conflicting with every other one are
//     members of a struct beside the rest; otherwise the object with the
//     most conflicts (then the largest) is set beside the rest.
// Members of a struct are ordered by decreasing alignment to avoid padding.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/BitVector.h"
#include <cstdint>
#include <string>
#include <vector>

namespace unawait {

struct LayoutNode {
  enum Kind { Struct, Union, Object, Tag } NodeKind = Struct;
  /// For Object nodes: the index in the object list given to layoutFrame.
  unsigned ObjectIndex = 0;
  std::vector<LayoutNode> Children;
  /// For Struct nodes inside unions: the type name ("Group1") and the member
  /// name ("g1"); for Tag nodes the member name ("state_").
  std::string TypeName;
  std::string MemberName;
  uint64_t Size = 0;
  uint64_t Align = 1;
  /// From the start of the frame.
  uint64_t Offset = 0;
};

/// Size and alignment of one object to lay out, and what it conflicts with.
struct LayoutItem {
  uint64_t Size = 0;
  uint64_t Align = 1;
  /// Indices of the items it may not share storage with.
  llvm::BitVector Conflicts;
};

struct FrameLayout {
  /// The class itself: a struct whose last members are the tags.
  LayoutNode Root;
  uint64_t Size = 0;
  uint64_t Align = 1;
};

/// Lays out \p Items (kept objects) followed by tags of the given sizes
/// (state_, then live_ when LiveBytes > 0).
FrameLayout layoutFrame(const std::vector<LayoutItem> &Items,
                        unsigned StateBytes, unsigned LiveBytes);

/// Measures \p Layout again with the sizes of \p Items, keeping its tree and
/// member order: the layout of a class template's instance.
void remeasure(FrameLayout &Layout, const std::vector<LayoutItem> &Items);

/// The byte offset of \p Offset rounded up to \p Align.
inline uint64_t alignTo(uint64_t Offset, uint64_t Align) {
  return (Offset + Align - 1) / Align * Align;
}

} // namespace unawait
