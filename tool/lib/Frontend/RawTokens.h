//===- RawTokens.h - lex a piece of source text without a preprocessor ---===//
//
// Naming counts the identifiers a function body spells; the emitter keeps
// the comments written between statements. Both lex a slice of the file,
// which clang's raw Lexer can only do on a NUL-terminated buffer: this copies
// the slice and hands each token's text to a callback.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"

namespace unawait {

/// Calls \p Visit with every raw token of \p Text (comments included when
/// \p KeepComments) and its spelling.
void forEachRawToken(llvm::StringRef Text, const clang::LangOptions &LangOpts,
                     bool KeepComments,
                     llvm::function_ref<void(const clang::Token &, llvm::StringRef)> Visit);

} // namespace unawait
