//===- BodyLowering.h - from clang's AST to the lowered body -------------===//
//
// The one walk over the body of an annotated async function. It creates
// the frame objects (parameters, the locals a resume point may cross, the
// temporaries of full-expressions that await, awaitees), the suspension
// points, and the lowered body (LoweredBody.h) with its holes. Constructs
// the rewrite does not support are reported here, at their location, from
// the table in Unsupported.def.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include "Analysis/NodeParents.h"

namespace unawait {

/// Lowers the body of Model.Function: fills Model.Objects, Model.Points,
/// Model.ObjectOfVar and Model.Body. Instances of function templates that
/// its awaits nest are added to \p Callees. Returns false after reporting
/// an unsupported construct.
bool lowerBody(AsyncFunctionModel &Model, clang::ASTContext &Context,
               DiagnosticReporter &Diags, ModelRegistry &Callees,
               const NodeParents &Parents);

/// A co_await: a CoawaitExpr, or in a template a DependentCoawaitExpr (its
/// operand's type is not known until instantiation).
bool isAwait(const clang::Stmt *S);

/// The awaited expression of an await (see isAwait).
const clang::Expr *awaitOperand(const clang::Expr *Await);

/// True if \p S contains a co_await (not counting lambdas in it).
bool containsAwait(const clang::Stmt *S);

} // namespace unawait
