//===- Diagnostics.h - clang-style errors and notes at source locations ---===//
//
// unawait reports problems in its input the way clang does, through the
// translation unit's own DiagnosticsEngine: `file:line:col: error: message`
// followed by the source line and a caret. An error makes the tool exit with
// status 1 and suppresses all output.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace unawait {

/// Emits unawait's own diagnostics through a clang DiagnosticsEngine.
class DiagnosticReporter {
public:
  explicit DiagnosticReporter(clang::DiagnosticsEngine &Engine) : Engine(Engine) {}

  void error(clang::SourceLocation Loc, llvm::StringRef Message);
  void warning(clang::SourceLocation Loc, llvm::StringRef Message);
  void note(clang::SourceLocation Loc, llvm::StringRef Message);

  /// An error with a highlighted source range.
  void error(clang::SourceRange Range, llvm::StringRef Message);

  const clang::SourceManager &sourceManager() const {
    return Engine.getSourceManager();
  }

  /// True once any error was reported for this translation unit, by clang or
  /// by unawait.
  bool hasErrors() const { return Engine.hasErrorOccurred() || SwallowedErrors; }

  /// A reporter for the same file that prints nothing: its errors only make
  /// hasErrors() true (for analyses whose errors another run reports).
  DiagnosticReporter quiet() const {
    DiagnosticReporter Quiet(Engine);
    Quiet.Swallow = true;
    return Quiet;
  }

private:
  void report(clang::DiagnosticsEngine::Level Level, clang::SourceLocation Loc,
              clang::SourceRange Range, llvm::StringRef Message);

  clang::DiagnosticsEngine &Engine;
  bool Swallow = false;
  unsigned SwallowedErrors = 0;
};

} // namespace unawait
