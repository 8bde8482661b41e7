//===- SuspensionPoints.h - the structure of an async function's body ----===//
//
// Walks the body of an annotated async function once and records what the
// later passes need:
//   - the suspension points, each with its statement-level form and awaitee;
//   - the frame objects: parameters, the locals that a suspension point may
//     cross (declared directly in a block that suspends later, in the init of
//     a for loop whose body suspends, or by a range-for whose body suspends),
//     awaitees and range-for's hidden range/begin/end;
//   - for each local, whether a suspension point crosses it and whether it is
//     referenced outside its *chunk*. A block is cut into chunks at its resume
//     points and around statements that contain them; poll() resumes at the
//     start of a chunk, so a plain local is only visible inside its own chunk;
//   - the program steps, in order, with the frame objects in scope at each,
//     on which storage liveness is computed;
//   - the jumps (break, continue) that leave scopes holding frame objects.
// Constructs the rewrite does not support yet are reported here, at their
// location.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include <vector>

namespace unawait {

/// A point of the program at statement granularity: what is evaluated there
/// and which frame objects are in scope. Two kept objects needed by the same
/// step may not share storage.
struct Step {
  /// Subtrees evaluated at this step.
  llvm::SmallVector<const clang::Stmt *, 2> Roots;
  /// Frame objects in scope (constructed before the step, scope still open).
  std::vector<ObjectId> InScope;
  /// Frame objects constructed by this step.
  std::vector<ObjectId> Declared;
  /// Set when the step is the suspension itself.
  std::optional<unsigned> Point;
  /// The future awaited, for the steps of an await statement.
  std::optional<ObjectId> Awaitee;
  /// For the step that evaluates an await's operand: its suspension point.
  std::optional<unsigned> OperandOf;
};

/// What the walk learns besides the model's own fields.
struct BodyStructure {
  std::vector<Step> Steps;
  /// Per frame object: a suspension point lies in its scope after it.
  std::vector<bool> Crossed;
  /// Per frame object: referenced outside the chunk that declares it; the
  /// first such reference.
  std::vector<clang::SourceLocation> ReferencedAcrossChunks;
  /// Per frame object: always kept whatever else holds (awaitees, hidden
  /// range-for objects, variables awaited in place).
  std::vector<bool> AlwaysKept;
  /// Per jump statement (break, continue): the frame objects in the scopes it
  /// leaves, youngest first.
  llvm::DenseMap<const clang::Stmt *, std::vector<ObjectId>> JumpScopes;
  /// Per jump statement: the loop or switch it leaves.
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> JumpTargets;
  /// Per block, for-loop or range-for: the frame objects declared directly
  /// in it, in order.
  llvm::DenseMap<const clang::Stmt *, std::vector<ObjectId>> ScopeObjects;
};

/// Walks the body of Model.Function, filling Model.Points, Model.Objects
/// (params, candidate locals, awaitees), Model.Suspending,
/// Model.PointOfStatement, Model.ObjectOfVar, Model.RangeFors and
/// \p Structure. Returns false after reporting an unsupported construct.
bool walkBody(AsyncFunctionModel &Model, BodyStructure &Structure,
              clang::ASTContext &Context, DiagnosticReporter &Diags,
              ModelRegistry &Callees);

/// A co_await: a CoawaitExpr, or in a template a DependentCoawaitExpr (its
/// operand's type is not known until instantiation).
bool isAwait(const clang::Stmt *S);

/// The awaited expression of an await (see isAwait).
const clang::Expr *awaitOperand(const clang::Expr *Await);

/// Removes the wrappers clang puts around a value (cleanups, implicit casts,
/// temporaries, parentheses, casts to void) to find an await underneath.
const clang::Expr *awaitUnder(const clang::Expr *E);

/// The statements of a block: a compound statement's children, or the
/// statement itself when a loop body or branch is a single statement.
std::vector<clang::Stmt *> blockChildren(const clang::Stmt *S);

/// The statement under a switch's case (and default) labels: the walk and
/// the emitter treat `case 1: stmt` as the label, then `stmt`.
const clang::Stmt *withoutCaseLabels(const clang::Stmt *S);

/// True if \p S contains a co_await (not counting lambdas in it).
bool containsAwait(const clang::Stmt *S);

} // namespace unawait
