//===- Compilation.h - parse input files with clang ----------------------===//
//
// Runs clang's front end over the input files and hands each successfully
// parsed translation unit to a callback. The compiler arguments come from, in
// this order: a compilation database (-p BUILD_DIR), the arguments after `--`,
// or the defaults `-std=c++20 -I<runtime include dir>` so that
// `unawait rewrite example.cpp` just works.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Frontend/Diagnostics.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace unawait {

struct CompilationOptions {
  std::vector<std::string> Files;
  /// Directory holding compile_commands.json (-p); empty for none.
  std::string BuildDir;
  /// The arguments after `--`, when given.
  std::optional<std::vector<std::string>> CompilerArgs;
  /// Added as -I in the default mode.
  std::string RuntimeIncludeDir;
  /// When not empty, clang writes a Make-style dependency file here (-MD -MF)
  /// naming DependencyTarget and every file the parse read.
  std::string DependencyFile;
  std::string DependencyTarget;
};

/// Called for each translation unit that clang parsed without errors.
using TranslationUnitHandler = std::function<void(
    clang::ASTContext &Context, DiagnosticReporter &Diags, llvm::StringRef File)>;

enum class CompilationResult {
  Success,
  /// clang or the handler reported errors in the input.
  InputErrors,
  /// The compilation database could not be loaded or names no file given.
  UsageError,
};

/// Parses every file, calling \p Handle on each clean translation unit.
/// Diagnostics go to standard error in clang's format.
CompilationResult processFiles(const CompilationOptions &Options,
                               const TranslationUnitHandler &Handle);

/// The default compiler arguments used without `--` and without -p.
std::vector<std::string> defaultCompilerArgs(llvm::StringRef RuntimeIncludeDir);

} // namespace unawait
