//===- InPlaceCombinators.h - annotated calls nested in join/select -------===//
//
// In `co_await unawait::join(step(i), step(2 * i))` clang types the operand
// with the Async<T> the unrewritten calls return. The rewrite passes each
// annotated call as `unawait::detail::in_place([&] { return step(i); })`
// instead, so that the runtime constructs the generated step_future inside
// the join (no heap box, no move), and the awaitee's type is the
// combinator's class over the generated classes: unawait::Join<step_future,
// step_future>. Its size is derived structurally from the layout
// runtime/include/unawait/detail/children.hpp fixes, with the children's
// sizes (a generated class's from its model, any other from clang).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include <optional>

namespace unawait {

/// The class an await's operand builds when it calls unawait::join or
/// unawait::select with annotated calls built in place.
struct InPlaceCombinator {
  /// "unawait::Join<step_future, step_future>".
  std::string Spelling;
  uint64_t Size = 0;
  uint64_t Align = 1;
  /// The arguments that are annotated calls: each is built in place.
  std::vector<const clang::CallExpr *> InPlaceCalls;
};

/// Sets \p Result when \p Operand is a call of unawait::join or
/// unawait::select that nests at least one annotated call in place: a call
/// of a function with a generated class, without awaits or temporaries in
/// its arguments, whose by-value parameters are trivially destructible, and
/// followed only by arguments that do nothing or are built in place too
/// (it runs later, inside the combinator's constructor: that must not be
/// observable). Returns false after reporting an error.
bool findInPlaceCombinator(const clang::Expr *Operand, ModelRegistry &Models,
                           clang::ASTContext &Context, DiagnosticReporter &Diags,
                           const clang::DeclContext *LocalScope,
                           std::optional<InPlaceCombinator> &Result);

} // namespace unawait
