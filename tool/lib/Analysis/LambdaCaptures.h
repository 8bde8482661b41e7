//===- LambdaCaptures.h - what a lambda captures, in a template too -------===//
//
// clang records a lambda's implicit captures (those of `[=]` and `[&]`) as
// it parses the body, except in a template: there whether a name is an
// odr-use, and so captured, may depend on the template's arguments, and
// clang leaves every captured variable to each instance. The pattern's
// closure lists its explicit captures and `this` only. The rewrite of a
// template is the rewrite of its pattern, which must still copy what each
// instance copies (`[=, x = frame.x]`), and an annotated lambda's generated
// class must still take what its closure holds. lambdaCaptures() gives the
// closure's captures with those of a template's pattern completed.
//
// Completing them follows [basic.def.odr] and [expr.prim.lambda.capture]
// with one simplification, written down here:
//  - a variable of an enclosing function (or lambda) named in the body, or
//    in the body of a lambda inside it, outside an unevaluated operand
//    (sizeof, alignof, decltype, noexcept, a requires-expression), is
//    captured by the capture-default, unless already captured;
//  - a variable usable in constant expressions whose type and initializer
//    do not depend on template arguments is never taken to be captured.
//    C++ captures it where a use is not read at once (`&k`); such a use is
//    then reported as a local named without a capture, as outside
//    templates. One whose type or initializer depends on template
//    arguments is taken to be captured: in an instance where it is a
//    constant, the rewrite copies a value C++ would have read in place,
//    which has the same value.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/LambdaCapture.h"
#include "llvm/ADT/ArrayRef.h"

namespace unawait {

/// The captures of the lambda whose class is \p Closure: the closure's own,
/// followed, in a template's pattern with a capture-default, by the
/// implicit ones clang leaves to the instances (see above). The array lives
/// as long as the closure's ASTContext.
llvm::ArrayRef<clang::LambdaCapture> lambdaCaptures(const clang::CXXRecordDecl *Closure);

inline llvm::ArrayRef<clang::LambdaCapture> lambdaCaptures(const clang::LambdaExpr &Lambda) {
  return lambdaCaptures(Lambda.getLambdaClass());
}

} // namespace unawait
