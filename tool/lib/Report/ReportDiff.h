//===- ReportDiff.h - compare two JSON size reports ----------------------===//
//
// `unawait sizes --diff BASE.json HEAD.json`: per function the old and new
// size and the change, new and removed functions, sorted by growth, and per
// function the fields whose size changed.
// Functions are matched by their "key" (qualified name and signature, and
// the file for a file-scoped one, see functionKey), or by "name" in a report
// written before keys existed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Report/SizeReport.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unawait {

/// A field of a function, as the diff matches it: its kind and its name
/// ("local", "buf").
using FieldId = std::pair<std::string, std::string>;

/// One function of a JSON report, as the diff compares it.
struct ReportedFunction {
  std::string Key;
  std::string Name;
  std::string File;
  int64_t Line = 0;
  int64_t Size = 0;
  /// The frames it boxes in unawait::Async<T> (on the heap): the diff
  /// compares Size + BoxedSize, so that a boxed frame's growth shows.
  int64_t BoxedSize = 0;
  int64_t total() const { return Size + BoxedSize; }
  /// Each field's largest size in any state (for a box, the size of the
  /// boxed frame).
  std::map<FieldId, int64_t> Fields;
};

/// A field whose size changed between base and head; no base for a new
/// field, no head for a removed one.
struct FieldChange {
  FieldId Field;
  std::optional<int64_t> Base, Head;
  int64_t delta() const { return Head.value_or(0) - Base.value_or(0); }
  /// "new", "removed" or "changed".
  llvm::StringRef status() const;
};

/// One row of the diff: a function in the base report, the head report or
/// both.
struct FunctionChange {
  std::string Key;
  /// What the row shows: the name, or the key where two rows share a name
  /// (overloads, anonymous namespaces of different files).
  std::string Display;
  std::optional<ReportedFunction> Base, Head;

  int64_t delta() const;
  /// The change of the frame and the frames it boxes.
  /// The change relative to the base size; none for a new or removed
  /// function, or a base of 0 bytes.
  std::optional<double> percent() const;
  /// "new", "removed", "changed" or "unchanged".
  llvm::StringRef status() const;
  /// The fields that appeared, disappeared or changed size, the largest
  /// growth first.
  std::vector<FieldChange> fieldChanges() const;
};

struct SizeDiff {
  /// The largest growth first; equal growth in key order.
  std::vector<FunctionChange> Changes;
};

/// Reads two reports in the format of `unawait sizes --format=json`.
llvm::Expected<SizeDiff> diffReports(llvm::StringRef BaseJson,
                                     llvm::StringRef HeadJson);

/// \p SourceLink, if not empty, makes each file:line of the markdown a link:
/// a URL in which "{file}" and "{line}" stand for the function's.
std::string renderDiff(const SizeDiff &Diff, ReportFormat Format,
                       llvm::StringRef SourceLink = "");

/// `--fail-on-growth=BYTES` or `=N%`.
struct GrowthLimit {
  double Amount = 0;
  bool Percent = false;
  /// "64 bytes", "5%".
  std::string describe() const;
};

/// Parses "64" or "5%" (or "2.5%"); an error says what is wrong.
llvm::Expected<GrowthLimit> parseGrowthLimit(llvm::StringRef Text);

/// The functions present in both reports whose frame grew by more than
/// \p Limit. A new function did not grow: --max-frame-size gates it.
std::vector<const FunctionChange *> grownBeyond(const SizeDiff &Diff,
                                                const GrowthLimit &Limit);

} // namespace unawait
