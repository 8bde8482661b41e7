//===- RegionFormatter.h - clang-format the generated text, in linear time -===//
//
// The rewritten file is the user's text with generated regions in it (the
// classes, the new bodies, the size assertions). Only the regions are
// formatted, with the file's .clang-format (else LLVM style).
//
// clang-format's cost for one call is the file's lines times its ranges
// (every line is tested against every range), so one call over a file with
// N functions is quadratic in N. The file is therefore formatted in chunks:
// it is cut at line starts outside every brace and preprocessor
// conditional, between regions, and each chunk is formatted alone with its
// own regions. What clang-format needs to format a region (the braces
// around it, up to the enclosing top-level declaration) is in its chunk.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace unawait {

/// \p Code with each of \p Regions (texts that occur in it) formatted and
/// nothing else changed. A region not found is left as it is. The chunks
/// are formatted on up to \p Threads threads.
std::string formatRegions(const std::string &Code,
                          const std::vector<std::string> &Regions,
                          llvm::StringRef FileName,
                          const clang::LangOptions &LangOpts, unsigned Threads = 1);

} // namespace unawait
