//===- CompileCommands.h - each input file's compiler command line --------===//
//
// Decides the clang command line of every input file, as clang's own tools do:
//
//   1. a compilation database: -p BUILD_DIR (or the compile_commands.json
//      itself), else the first one found in the file's parent directories,
//      used only for a file it lists;
//   2. else the arguments after `--`, else `-std=c++20 -I<runtime>`;
//
// then, whatever the source, the arguments after `--` are appended to a
// database's command, --extra-arg-before / --extra-arg are inserted (clang's
// ArgumentsAdjusters), --target is added, the target and driver mode are taken
// from the compiler's name (`arm-none-eabi-g++`), and the options clang's
// driver does not know (gcc's own, such as -fconserve-stack) are dropped with
// a note.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Tooling/CompilationDatabase.h"
#include <optional>
#include <string>
#include <vector>

namespace unawait {

struct CompilationOptions;

/// One input file's command, and what unawait has to say about it.
struct FileCommand {
  /// The input as the command line gave it ("-" for standard input).
  std::string Input;
  /// The absolute path clang parses (--assume-filename for "-").
  std::string Path;
  clang::tooling::CompileCommand Command;
  /// Notes for the user ("unawait: note: ..."), printed before clang's
  /// diagnostics of the file.
  std::vector<std::string> Notes;
};

/// The command of every input, in input order; std::nullopt after printing
/// why not (a database that cannot be loaded or does not list a file given
/// with -p: a usage error).
std::optional<std::vector<FileCommand>>
compileCommands(const CompilationOptions &Options);

/// The options clang's driver does not know, or knows only to ignore them
/// (gcc's optimisation flags): removed from \p CommandLine and returned.
std::vector<std::string> dropUnknownOptions(std::vector<std::string> &CommandLine);

/// A note when \p CommandLine compiles as C++17 or earlier, else "".
std::string olderStandardNote(const std::vector<std::string> &CommandLine);

} // namespace unawait
