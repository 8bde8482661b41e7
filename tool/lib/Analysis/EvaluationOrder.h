//===- EvaluationOrder.h - C++17's sequencing rules, as the rewrite uses them ---===//
//
// A full-expression with awaits in it is evaluated in pieces: what must
// happen before an await happens before it (into a frame temporary when its
// value is needed afterwards), the await suspends, and the rest is evaluated
// after. This file is the one place that says in which order the operands
// of an expression are evaluated, and which of them C++ evaluates only
// sometimes.
//
// The rules (C++17, [intro.execution], [expr], P0145):
//   - `a = b`, `a op= b` (built-in or overloaded): b, then a;
//   - `a << b`, `a >> b`, `a , b`, `a[b]`, `a.*b`, `a->*b` (built-in or
//     overloaded): a, then b;
//   - `a && b`, `a || b`: a, then b only if a is true (false); `a ? b : c`:
//     a, then one of b and c. Overloaded && and || evaluate both, a first;
//   - a call: the callee (and a member call's object) before the
//     arguments;
//   - braced initialiser lists, and a lambda's captures: left to right;
//   - `throw e`: e, then the throw; `delete p`: p, then the delete;
//   - `new (a) T[n]`: a and n (unsequenced), then the allocation;
//   - `new T(init)` whose initializer awaits: the allocation, then the
//     initializer (allocationTakenApart; the lowering makes the allocation).
// Where the standard leaves the order unspecified (the arguments of a call
// or of a parenthesised construction, the operands of +, ==, and the other
// binary operators), the rewrite uses one fixed order: left to right, as
// clang evaluates them, with one exception. An operand without a co_await
// that is a prvalue of a class type that is not trivially copyable (an
// argument passed by value, say) is evaluated after the operands that hold
// one: it initialises its parameter in place, and evaluating it before the
// suspension would mean moving it across, which the rewrite never does. (In
// a template's pattern, the argument of a call that depends on template
// arguments is a prvalue whatever the parameter; it is an exception only
// when a function the call may find takes it by value: see
// boundByEveryCandidate.) Any
// order is a valid evaluation of such an expression; what C++ sequences is
// never reordered.
//
// Simplifications, written down: an operand is a child expression as clang
// builds it, through implicit nodes (conversions, temporaries). A
// new-expression's array size and placement arguments are taken apart (the
// allocation function's arguments); its initializer is not, since C++ calls
// the allocation function before evaluating it. The initializer, fold
// expressions and pack expansions, and what is not C++20 (statement
// expressions, GNU `a ?: b`, compound literals, builtins with an order of
// their own) are not taken apart: an await there is reported, each with its
// own row of Unsupported.def. Lambdas' bodies are other functions. (An
// await in typeid's operand, sizeof, decltype or noexcept never gets here:
// clang rejects it as an unevaluated operand.)
// C++20's rewritten comparisons (`a != b` through `operator==`, `a < b`
// through `<=>`) are taken apart into their operands, left to right, except
// a reversed one (`a == b` as `b.operator==(a)`): right to left, the order
// of the call clang makes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/Unsupported.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace unawait {

/// One operand of an expression, in evaluation order.
struct OrderedOperand {
  const clang::Expr *E = nullptr;
  /// Evaluated only when the operands before it allow it: the right side of
  /// a built-in && or ||, a branch of ?:.
  bool Conditional = false;
};

/// How an expression's operands are evaluated.
struct EvaluationOrder {
  enum Kind {
    /// Every operand, in the order of Operands (the fixed order where C++
    /// leaves it open).
    Sequence,
    /// `a && b`: a, then b if a is true.
    And,
    /// `a || b`: a, then b if a is false.
    Or,
    /// `a ? b : c` (and `a ?: c`): a, then b or c.
    Choice,
    /// The expression cannot be taken apart (see the file comment).
    Opaque,
  } OrderKind = Sequence;
  std::vector<OrderedOperand> Operands;
  /// `new T(init)` whose initializer awaits (allocationTakenApart): the
  /// allocation comes before the one operand, the initializer.
  bool AllocatesFirst = false;
  /// For an Opaque expression, why: the row an await under it reports.
  Unsupported Rejected = Unsupported::NonStandardExpression;
};

/// The order in which the rewrite evaluates the operands of \p E.
/// \p ContainsAwait tells which operands hold a co_await (the exception of
/// the fixed order is made only for operands that do not).
EvaluationOrder evaluationOrder(const clang::Expr *E,
                                bool (*ContainsAwait)(const clang::Stmt *),
                                const clang::ASTContext &Context);

/// Whether the rewrite takes apart \p New, a new-expression whose
/// initializer awaits: the allocation function is called first and its
/// memory kept across the awaits, as C++ orders them ([expr.new]). Only
/// `new T(init)` of one object, without placement arguments, outside
/// templates, whose allocation cannot return null (a null check would skip
/// the initializer), with public allocation and deallocation functions
/// (generated code calls them from another class) and no destroying delete.
bool allocationTakenApart(const clang::CXXNewExpr &New);

/// Whether argument \p Index of \p Call, a call of a template's pattern
/// that depends on template arguments, binds a reference parameter in every
/// instance: each function the call may find (found by name, without
/// argument-dependent lookup, which an instance may widen) declares the
/// parameter it initialises a reference (`unawait::join(F &&...)`,
/// `sum(const std::tuple<Ts...> &)`). Such an argument is a temporary the
/// call binds, not a parameter it initialises.
bool boundByEveryCandidate(const clang::CallExpr &Call, unsigned Index);

} // namespace unawait
