//===- Unsupported.h - the one table of what the rewrite rejects ---------===//
//
// Every construct unawait rejects is a row of Unsupported.def; the
// diagnostics are built from the row, and so is the list in README.md
// (`unawait --list-unsupported`, checked by a test), so the list cannot
// drift from the code.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Frontend/Diagnostics.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace unawait {

enum class Unsupported {
#define UNAWAIT_UNSUPPORTED(Id, Status, Construct, Detail) Id,
#include "Analysis/Unsupported.def"
};

struct UnsupportedConstruct {
  Unsupported Id;
  /// A later version may rewrite it (otherwise: impossible, the detail
  /// says what to write instead).
  bool NotYet;
  const char *Construct;
  const char *Detail;
};

/// Every row, in the table's order.
llvm::ArrayRef<UnsupportedConstruct> unsupportedConstructs();

/// "<construct> is not supported yet: <detail>" (or "cannot be rewritten").
std::string unsupportedMessage(Unsupported Id);

/// The README's list: one markdown bullet per row.
std::string unsupportedList();

/// Reports \p Id at \p Loc, with \p Context (what exactly, if the row's
/// wording needs it) appended in parentheses.
void reportUnsupported(DiagnosticReporter &Diags, clang::SourceLocation Loc,
                       Unsupported Id, llvm::StringRef Context = "");

} // namespace unawait
