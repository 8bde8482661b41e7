//===- OutputFile.h - write an -o or -i target -----------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include <string>

namespace unawait {

/// Writes \p Text to \p Path: "-" is standard output; a device, FIFO or
/// socket (also through a symbolic link, such as /dev/stdout) is written
/// through; a regular file is replaced atomically (the target of a symbolic
/// link, keeping the link). Returns an error message naming the path, or "".
std::string writeOutput(llvm::StringRef Path, llvm::StringRef Text);

} // namespace unawait
