//===- Compilation.h - parse input files with clang ----------------------===//
//
// Runs clang's front end over the input files and hands each successfully
// parsed translation unit to a callback, several files at once (-j). The
// compiler arguments come from a compilation database, the arguments after
// `--`, or the defaults `-std=c++20 -I<runtime include dir>` so that
// `unawait rewrite example.cpp` just works (CompileCommands.h says how).
// Each file's diagnostics are buffered and printed in input order, so the
// output does not depend on which thread finished first.
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
  /// -p: a directory holding compile_commands.json, or that file; empty to
  /// look for one in each file's parent directories.
  std::string BuildDir;
  /// The arguments after `--`, when given: appended to a database's command,
  /// else used instead of the defaults.
  std::optional<std::vector<std::string>> CompilerArgs;
  /// --extra-arg-before and --extra-arg, as clang's tools add them.
  std::vector<std::string> ExtraArgsBefore;
  std::vector<std::string> ExtraArgs;
  /// --target: the triple to compile for (over the compiler name's).
  std::string Target;
  /// The name standard input (the file "-") is parsed as.
  std::string AssumeFilename;
  /// Files parsed at once; 0 for one per core.
  unsigned Jobs = 0;
  /// No notes of unawait's own and no progress line.
  bool Quiet = false;
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

/// Parses every file, calling \p Handle on each clean translation unit, with
/// the input as the command line gave it. With several jobs, \p Handle runs
/// on several threads at once. Diagnostics go to standard error in clang's
/// format. When \p FailedFiles is given, it receives for each input whether
/// it had errors.
CompilationResult processFiles(const CompilationOptions &Options,
                               const TranslationUnitHandler &Handle,
                               std::vector<bool> *FailedFiles = nullptr);

/// The threads each file's own work after its parse may use: the cores -j
/// allows, shared among the files parsed at once.
unsigned threadsPerFile(const CompilationOptions &Options);

/// The default compiler arguments used without `--` and without -p.
std::vector<std::string> defaultCompilerArgs(llvm::StringRef RuntimeIncludeDir);

} // namespace unawait
