//===- FileRewriter.h - rewrite a translation unit's main file -----------===//
//
// Applies the emitted state machines to the main file with clang::Rewriter:
// each annotated async function gets its class inserted before it, loses its
// UNAWAIT_ASYNC annotation, returns the class and builds it. Everything else
// in the file is left byte for byte as it was. The generated regions are
// formatted with clang-format (the file's .clang-format, else LLVM style).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include "Transform/StateMachineEmitter.h"
#include <optional>
#include <string>

namespace unawait {

/// The new text of the main file, or nothing after reporting errors.
std::optional<std::string> rewriteMainFile(clang::ASTContext &Context,
                                           DiagnosticReporter &Diags,
                                           const ModelRegistry &Models,
                                           const EmitOptions &Options);

/// Writes \p Text to \p Path atomically: through a temporary file in the
/// same directory, renamed over the target. Returns an error message or "".
std::string writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text);

} // namespace unawait
