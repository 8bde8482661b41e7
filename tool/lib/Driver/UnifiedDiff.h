//===- UnifiedDiff.h - a unified diff of two texts, line by line ---------===//
//
// For `rewrite --check`. LLVM has no text diff to reuse (FileCheck's and
// llvm-diff compare other things), so this is Myers' O(ND) algorithm on
// lines, printed as `diff -u` prints it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace unawait {

enum class LineEdit { Keep, Delete, Insert };

/// One step of an edit script: Old and New are the line indices it starts at
/// (the line kept, deleted or inserted, or where the other side stands).
struct Edit {
  LineEdit Kind;
  size_t Old;
  size_t New;
};

/// A shortest edit script turning \p Old into \p New (Myers).
std::vector<Edit> diffLines(llvm::ArrayRef<llvm::StringRef> Old,
                            llvm::ArrayRef<llvm::StringRef> New);

/// `diff -u` of two texts with \p Context lines around each change; "" when
/// they are equal.
std::string unifiedDiff(llvm::StringRef Old, llvm::StringRef New,
                        llvm::StringRef OldName, llvm::StringRef NewName,
                        unsigned Context = 3);

} // namespace unawait
