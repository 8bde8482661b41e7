//===- InPlaceCombinators.h - annotated calls nested in join/select -------===//
//
// In `co_await unawait::join(step(i), step(2 * i))` clang types the operand
// with the Async<T> the unrewritten calls return. The rewrite passes each
// annotated call as `unawait::detail::in_place([&] { return step(i); })`
// instead, so that the runtime constructs the generated step_future inside
// the join (no heap box, no move), and the awaitee's type is the
// combinator's class over the generated classes: unawait::Join<step_future,
// step_future>. The arguments after the first such call are passed as makers
// too, so that the children, built in argument order, evaluate them in
// C++'s order; a join or select nested in one is built by a maker, with its
// own children built in place. Its size is derived structurally from the
// layout runtime/include/unawait/detail/children.hpp fixes, with the
// children's sizes (a generated class's from its model, any other from
// clang).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace unawait {

/// The class an await's operand builds when it calls unawait::join or
/// unawait::select with annotated calls built in place.
struct InPlaceCombinator {
  /// "unawait::Join<step_future, step_future>".
  std::string Spelling;
  uint64_t Size = 0;
  uint64_t Align = 1;
  /// The arguments passed as in_place makers (an argument's own first):
  /// the annotated calls, the joins and selects nested in place, and the
  /// arguments written after the first of those, so that the children are
  /// evaluated in argument order as they are built.
  std::vector<const clang::Expr *> InPlace;
  /// The temporaries that arguments of annotated calls built in place make
  /// (`std::string("hello")` bound to a `const std::string &` parameter), in
  /// source order: C++ ends them with the full-expression, after the await,
  /// so the maker builds each in a frame temporary where C++ builds it
  /// (unawait::detail::keep_temporary).
  std::vector<const clang::MaterializeTemporaryExpr *> Kept;
  /// Those of Kept made only on some paths (under `&&`, `||` or `?:`):
  /// their end checks their live bit.
  llvm::DenseSet<const clang::MaterializeTemporaryExpr *> MaybeKept;
  /// A join or select of a template whose type depends on template
  /// arguments (findDependentInPlaceCombinator): Spelling is empty and Size
  /// unknown; the awaitee is spelled from the operand, and each instance
  /// measures it from its own (findInPlaceCombinator on clang's instance).
  bool Dependent = false;
};

/// The temporaries a maker of \p Arg makes: all under it but those of
/// its awaits (the full-expression's, made before the maker runs).
std::vector<const clang::MaterializeTemporaryExpr *>
makerTemporaries(const clang::Expr *Arg);

/// Whether a maker lambda may evaluate \p Call, an annotated call, where it
/// is written (`unawait::Async<int>(unawait::detail::in_place([&] { return
/// step(i); }))`, a box built without a move): C++ ends no temporary of it
/// after the maker returns but a by-value parameter's object, moved from
/// (its awaits, and the temporaries made before them, are the
/// full-expression's, evaluated before the maker runs).
bool buildableByMaker(const clang::CallExpr &Call, const clang::DeclContext *LocalScope);

/// Sets \p Result when \p Operand is a call of unawait::join or
/// unawait::select that builds at least one child in place: a call of a
/// function with a generated class, without awaits or structured
/// bindings in its arguments (it is evaluated inside a maker lambda; the
/// temporaries it makes are kept in the frame: InPlaceCombinator::Kept), or a join or select that builds one (\p Nested: then all its
/// arguments are built by makers). Each argument after the first of them
/// is built by a maker too when its evaluation there is the same and the
/// move it saves unobservable (a trivially copyable or runtime future);
/// otherwise it must do nothing, or there is no Result (the calls stay
/// boxed). Returns false after reporting an error.
bool findInPlaceCombinator(const clang::Expr *Operand, ModelRegistry &Models,
                           clang::ASTContext &Context, DiagnosticReporter &Diags,
                           const clang::DeclContext *LocalScope,
                           std::optional<InPlaceCombinator> &Result, bool Nested = false);

/// findInPlaceCombinator for \p Operand, a call of a template \p Template
/// whose type depends on template arguments (`unawait::join(step(t),
/// step(1))`): the pattern has no callee to ask, so every instance clang
/// made of the call is asked. Sets \p Result (Dependent, InPlace holding
/// the pattern's arguments) when each builds the same arguments in place,
/// keeps no temporary (the pattern has none to name) and makes none in its
/// makers but the children themselves. None when clang made no instance:
/// the calls stay as written. Returns false after reporting an error.
bool findDependentInPlaceCombinator(const clang::Expr *Operand,
                                    const AsyncFunctionModel &Template, ModelRegistry &Models,
                                    clang::ASTContext &Context, DiagnosticReporter &Diags,
                                    std::optional<InPlaceCombinator> &Result);

} // namespace unawait
