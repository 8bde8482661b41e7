//===- KeptObjects.h - which objects the frame keeps, and when -----------===//
//
// Decides, from the lowered body (LoweredBody.h) and clang's LiveVariables
// analysis on the body's CFG:
//   - which frame objects are kept (members of the generated class);
//   - what the frame holds at each suspension point, and why;
//   - which kept objects conflict (are needed by the same statement or held
//     at the same suspension point), the input of the frame layout;
//   - the live bits of kept objects with destructors.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include "Analysis/NodeParents.h"
#include "llvm/ADT/BitVector.h"

namespace unawait {

struct KeptObjects {
  /// The kept objects, in construction order.
  std::vector<ObjectId> Kept;
  /// Conflicts[i] has bit j set when Kept[i] and Kept[j] may not share
  /// storage.
  std::vector<llvm::BitVector> Conflicts;
};

/// Fills Model.Objects[].Kept, EscapeLoc, LiveBit and Model.Points[].Held.
/// Reports kept objects the generated class cannot hold; returns nothing
/// then.
std::optional<KeptObjects> computeKeptObjects(AsyncFunctionModel &Model,
                                              clang::ASTContext &Context,
                                              DiagnosticReporter &Diags,
                                              const NodeParents &Parents);

} // namespace unawait
