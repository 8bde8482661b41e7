//===- MisplacedAnnotation.h - UNAWAIT_ASYNC after other specifiers -------===//
//
// `inline UNAWAIT_ASYNC unawait::Async<int> f()`: after a decl-specifier,
// `[[clang::annotate(...)]]` appertains to the return type, and clang
// rejects it ("'annotate' attribute cannot be applied to types"), while g++,
// for which UNAWAIT_ASYNC is empty, accepts the file. When clang reported
// errors, every such UNAWAIT_ASYNC gets an error with a fix-it that moves it
// in front of the specifiers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Frontend/Diagnostics.h"

namespace clang {
class ASTContext;
}

namespace unawait {

/// Reports each UNAWAIT_ASYNC of the main file written after a decl-specifier
/// (inline, static, constexpr...), with a fix-it.
void noteMisplacedAnnotations(clang::ASTContext &Context,
                              clang::DiagnosticsEngine &Engine);

} // namespace unawait
