//===- SizeReport.h - what each async function's frame costs, and why ----===//
//
// The size report describes exactly the layout the rewrite emits: per
// function its size and alignment (sizeof/alignof of the generated class),
// and per state the fields the frame holds there, with their offsets and the
// reason each is held.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace unawait {

struct FieldReport {
  std::string Name;
  std::string Kind;
  std::string Type;
  uint64_t Size = 0;
  uint64_t Offset = 0;
  std::string Why;
  unsigned Line = 0;
  /// For kind `box`: the size of the heap-allocated frame it points to,
  /// when that frame is known in this translation unit.
  std::optional<uint64_t> BoxedSize;
  /// For a box inside an awaitee (a call inside unawait::join): the
  /// awaitee's name. Such a box is part of that awaitee's bytes, not a
  /// field beside it.
  std::string Inside;
};

struct StateReport {
  std::string Name;
  unsigned Line = 0;
  std::string Await;
  /// The bytes of the frame this state uses: the end of its last field.
  uint64_t Size = 0;
  /// What the state holds: the sum of its fields' sizes.
  uint64_t Held = 0;
  std::vector<FieldReport> Fields;
};

struct FunctionReport {
  std::string Name;
  /// The name with its namespaces and classes ("net::(anonymous
  /// namespace)::g"); an instance adds its template arguments.
  std::string QualifiedName;
  /// The parameter types, as the definition spells them: "(int, const char *)",
  /// with a member function's qualifiers (" const").
  std::string Signature;
  /// Visible only in its own file (internal linkage or none: an anonymous
  /// namespace, `static`, a lambda): its key names the file.
  bool FileScoped = false;
  std::string File;
  unsigned Line = 0;
  uint64_t Size = 0;
  uint64_t Align = 1;
  std::vector<StateReport> States;
  /// Where the state tag and the live bits (when there are any) are:
  /// bytes every state has.
  struct Tag {
    uint64_t Offset = 0, Size = 0;
  };
  Tag Discriminant;
  std::optional<Tag> LiveBits;
  /// The frames boxed in unawait::Async<T> (fields of kind `box`), and the
  /// sum of the sizes known of them.
  unsigned Boxes = 0;
  uint64_t BoxedSize = 0;
  /// A computed hint naming the largest field held across an await.
  std::string Hint;
};

/// Why a field is held, as the report says it: "used after the await (line
/// 16)", "non-trivial destructor", "address escapes (line 12)".
std::string why(const HeldObject &Held, const clang::SourceManager &SM);

/// What identifies a function across two reports (--diff): its qualified
/// name and signature, "net::fetch(int)"; for a file-scoped function, its
/// file too: "(anonymous namespace in a.cpp)::g(int)", "(static in
/// b.cpp)::h()". Computed from File, so that it uses the path as given.
std::string functionKey(const FunctionReport &Function);

/// The report of every function analysed in a translation unit.
std::vector<FunctionReport> buildReport(const ModelRegistry &Models,
                                        const clang::ASTContext &Context);

enum class ReportFormat { Text, Json, Markdown };

std::string renderReport(const std::vector<FunctionReport> &Functions,
                         ReportFormat Format);

/// The JSON object of the SPEC: {"functions": [...]}.
llvm::json::Value toJson(const std::vector<FunctionReport> &Functions);

} // namespace unawait
