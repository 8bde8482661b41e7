//===- ReportDiff.h - compare two JSON size reports ----------------------===//
//
// `unawait sizes --diff BASE.json HEAD.json`: per function the old and new
// size and the change, new and removed functions, sorted by growth.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Report/SizeReport.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace unawait {

/// Renders the difference between two reports in the JSON format of
/// `unawait sizes --format=json`.
llvm::Expected<std::string> diffReports(llvm::StringRef BaseJson,
                                        llvm::StringRef HeadJson,
                                        ReportFormat Format);

} // namespace unawait
