//===- DependencyFile.h - the depfile of `unawait sizes` -------------------===//
#pragma once

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include <set>
#include <string>

namespace unawait {

/// Every file the parse behind \p SM read: the main file and each header it
/// included, as clang opened them (the files `clang -MD` would list).
void addFilesRead(const clang::SourceManager &SM, std::set<std::string> &Files);

/// A Make-style dependency file, as clang's -MD writes one: \p Target
/// depends on each of \p Files.
std::string makeDependencies(llvm::StringRef Target, const std::set<std::string> &Files);

} // namespace unawait
