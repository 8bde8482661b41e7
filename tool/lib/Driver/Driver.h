//===- Driver.h - the unawait command line -------------------------------===//
//
//   unawait rewrite FILE... [-o OUT | -i] [--check] [-j N] [-p BUILD_DIR]
//                           [-- COMPILER_ARGS...]
//   unawait sizes   FILE... [--format=text|json|markdown]
//                           [--max-frame-size=BYTES] [-j N] [-p BUILD_DIR] [-- ARGS...]
//
// Where compiler arguments come from: docs/command-line.md.
//   unawait sizes --diff BASE.json HEAD.json [--format=markdown|text]
//
// Exit status: 0 success; 1 the input has errors (or a frame is over
// --max-frame-size, or --check finds a stale output); 2 bad usage.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace unawait {

enum ExitStatus { ExitSuccess = 0, ExitInputError = 1, ExitUsageError = 2 };

/// Runs the command line; returns the process exit status.
int runDriver(int Argc, const char **Argv);

} // namespace unawait
