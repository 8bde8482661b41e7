#include "Report/ReportDiff.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cmath>

namespace unawait {

namespace {

llvm::Error reportError(llvm::StringRef Which, const llvm::Twine &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (Which + What).str());
}

/// Records each field of \p State with its size, keeping the largest over
/// the states.
void addFields(const llvm::json::Value &State, std::map<FieldId, int64_t> &Fields) {
  const llvm::json::Object *Object = State.getAsObject();
  const llvm::json::Array *Held = Object ? Object->getArray("fields") : nullptr;
  if (!Held)
    return;
  for (const llvm::json::Value &Value : *Held) {
    const llvm::json::Object *Field = Value.getAsObject();
    if (!Field)
      continue;
    int64_t &Size = Fields[{Field->getString("kind").value_or("field").str(),
                            Field->getString("name").value_or("?").str()}];
    std::optional<int64_t> Own = Field->getInteger("size");
    Size = std::max(Size, Field->getInteger("boxed_size").value_or(Own.value_or(0)));
  }
}

/// One element of "functions"; \p Which names the report in errors.
llvm::Expected<ReportedFunction> readFunction(const llvm::json::Value &Value,
                                              llvm::StringRef Which) {
  const llvm::json::Object *Object = Value.getAsObject();
  std::optional<llvm::StringRef> Name = Object ? Object->getString("name") : std::nullopt;
  std::optional<int64_t> Size = Object ? Object->getInteger("size") : std::nullopt;
  if (!Name || !Size)
    return reportError(Which, ": a function lacks \"name\" or \"size\"");
  ReportedFunction Function;
  Function.Name = Name->str();
  Function.Size = *Size;
  // Reports written before keys existed match by name.
  Function.Key = Object->getString("key").value_or(*Name).str();
  Function.File = Object->getString("file").value_or("").str();
  Function.Line = Object->getInteger("line").value_or(0);
  Function.BoxedSize = Object->getInteger("boxed_size").value_or(0);
  if (const llvm::json::Array *States = Object->getArray("states"))
    for (const llvm::json::Value &State : *States)
      addFields(State, Function.Fields);
  return Function;
}

/// The functions of a JSON report, by key.
llvm::Expected<std::map<std::string, ReportedFunction>>
readReport(llvm::StringRef Json, llvm::StringRef Which) {
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Json);
  if (!Parsed)
    return reportError(Which, " is not JSON: " + llvm::toString(Parsed.takeError()));
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *Functions = Root ? Root->getArray("functions") : nullptr;
  if (!Functions)
    return reportError(Which, " has no \"functions\" array");
  std::map<std::string, ReportedFunction> ByKey;
  for (const llvm::json::Value &Value : *Functions) {
    llvm::Expected<ReportedFunction> Function = readFunction(Value, Which);
    if (!Function)
      return Function.takeError();
    std::string Key = Function->Key;
    ByKey.insert_or_assign(Key, std::move(*Function));
  }
  return ByKey;
}

const ReportedFunction &either(const FunctionChange &C) {
  return C.Head ? *C.Head : *C.Base;
}

/// A row shows the function's name unless another row has the same one.
void chooseDisplayNames(std::vector<FunctionChange> &Changes) {
  llvm::StringMap<unsigned> Rows;
  for (const FunctionChange &C : Changes)
    ++Rows[either(C).Name];
  for (FunctionChange &C : Changes)
    C.Display = Rows[either(C).Name] > 1 ? C.Key : either(C).Name;
}

/// "16", or with boxed frames "16+208 boxed".
std::string bytes(const std::optional<ReportedFunction> &F) {
  if (!F)
    return "-";
  if (!F->BoxedSize)
    return std::to_string(F->Size);
  return std::to_string(F->Size) + "+" + std::to_string(F->BoxedSize) + " boxed";
}

std::string signedBytes(int64_t V) { return (V > 0 ? "+" : "") + std::to_string(V); }

std::string renderText(const SizeDiff &Diff) {
  std::string S;
  for (const FunctionChange &C : Diff.Changes)
    S += llvm::formatv("{0}: {1} -> {2} bytes ({3}), {4}\n", C.Display,
                       bytes(C.Base), bytes(C.Head), signedBytes(C.delta()),
                       C.status());
  return S;
}

std::string percentText(std::optional<double> Percent) {
  if (!Percent)
    return "";
  std::string S;
  llvm::raw_string_ostream(S) << (*Percent > 0 ? "+" : "") << llvm::format("%.1f", *Percent) << "%";
  return S;
}

/// "+4096 B (+25600.0%)".
std::string changeText(int64_t Delta, std::optional<double> Percent) {
  std::string S = signedBytes(Delta) + " B";
  if (Percent)
    S += " (" + percentText(Percent) + ")";
  return S;
}

/// A table cell's text: a `|` would end the cell, even inside backticks.
std::string cell(llvm::StringRef Text) {
  std::string S;
  for (char C : Text)
    S += C == '|' ? std::string("\\|") : std::string(1, C);
  return S;
}

/// A path as a URL's path: percent-encoded but for unreserved characters
/// and slashes.
std::string urlPath(llvm::StringRef Path) {
  std::string S;
  for (unsigned char C : Path)
    S += llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C)
             ? std::string(1, C)
             : "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  return S;
}

std::string locationText(const ReportedFunction &F) {
  return F.Line ? F.File + ":" + std::to_string(F.Line) : F.File;
}

/// "a.cpp:12", or with a \p SourceLink "[a.cpp:12](https://.../a.cpp#L12)".
std::string locationCell(const ReportedFunction &F, llvm::StringRef SourceLink) {
  std::string Text = cell(locationText(F));
  if (SourceLink.empty())
    return Text;
  std::string Url = SourceLink.str();
  for (auto [Placeholder, Value] : {std::pair{llvm::StringRef("{file}"), urlPath(F.File)},
                                    std::pair{llvm::StringRef("{line}"), std::to_string(F.Line)}})
    for (size_t At; (At = Url.find(Placeholder)) != std::string::npos;)
      Url.replace(At, Placeholder.size(), Value);
  return "[" + Text + "](" + Url + ")";
}

/// A removed function's place is in the base, which a link to the head's
/// sources would miss.
std::string locationCell(const FunctionChange &C, llvm::StringRef SourceLink) {
  return C.Head ? locationCell(*C.Head, SourceLink) : cell(locationText(*C.Base));
}

std::string fieldName(const FieldId &Field) {
  return Field.first + " `" + Field.second + "`";
}

/// The fields that grew or appeared: "local `buf`: 16 → 256 B<br>local
/// `extra`: 8 B (new)".
std::string fieldsText(const FunctionChange &C) {
  std::vector<std::string> Parts;
  for (const FieldChange &F : C.fieldChanges())
    if (F.delta() > 0)
      Parts.push_back(fieldName(F.Field) +
                      (F.Base ? ": " + std::to_string(*F.Base) + " → " : ": ") +
                      std::to_string(*F.Head) + " B" + (F.Base ? "" : " (new)"));
  return cell(llvm::join(Parts, "<br>"));
}

struct Totals {
  int64_t Base = 0, Head = 0;
  unsigned Changed = 0, Added = 0, Removed = 0, Unchanged = 0;
  std::optional<double> percent() const {
    if (!Base)
      return std::nullopt;
    return 100.0 * static_cast<double>(Head - Base) / static_cast<double>(Base);
  }
};

Totals totals(const SizeDiff &Diff) {
  Totals T;
  for (const FunctionChange &C : Diff.Changes) {
    // Frames only: a boxed frame is a function's own row too.
    T.Base += C.Base ? C.Base->Size : 0;
    T.Head += C.Head ? C.Head->Size : 0;
    llvm::StringRef Status = C.status();
    (Status == "new" ? T.Added : Status == "removed" ? T.Removed
     : Status == "changed" ? T.Changed : T.Unchanged) += 1;
  }
  return T;
}

std::string functionCount(unsigned N) {
  return std::to_string(N) + (N == 1 ? " function" : " functions");
}

/// For a pull request: a heading with the total change, a table of what
/// changed (largest growth first) with the fields that grew or appeared,
/// and the unchanged functions folded away.
std::string renderMarkdown(const SizeDiff &Diff, llvm::StringRef SourceLink) {
  Totals T = totals(Diff);
  std::string S = "### unawait frame sizes\n\n";
  if (T.Changed + T.Added + T.Removed == 0)
    return S + llvm::formatv("No frame size changed ({0}, {1} bytes in total).\n",
                             functionCount(T.Unchanged), T.Head).str();
  S += llvm::formatv("Total: {0} \u2192 {1} bytes, {2}. {3} changed, {4} new, "
                     "{5} removed, {6} unchanged.\n\n",
                     T.Base, T.Head, changeText(T.Head - T.Base, T.percent()),
                     T.Changed, T.Added, T.Removed, T.Unchanged);
  S += "| function | location | base | head | change | grew or appeared |\n"
       "|---|---|---:|---:|---:|---|\n";
  for (const FunctionChange &C : Diff.Changes)
    if (C.status() != "unchanged")
      S += llvm::formatv("| `{0}` | {1} | {2} | {3} | {4}{5} | {6} |\n", cell(C.Display),
                         locationCell(C, SourceLink), bytes(C.Base), bytes(C.Head),
                         changeText(C.delta(), C.percent()),
                         C.Base && C.Head ? "" : ", " + C.status().str(),
                         fieldsText(C));
  if (!T.Unchanged)
    return S;
  S += "\n<details><summary>" + functionCount(T.Unchanged) + " unchanged</summary>\n\n"
       "| function | location | bytes |\n|---|---|---:|\n";
  for (const FunctionChange &C : Diff.Changes)
    if (C.status() == "unchanged")
      S += llvm::formatv("| `{0}` | {1} | {2} |\n", cell(C.Display),
                         locationCell(C, SourceLink), bytes(C.Head));
  return S + "\n</details>\n";
}

llvm::json::Value sideJson(const std::optional<ReportedFunction> &F) {
  if (!F)
    return nullptr;
  return llvm::json::Object{{"size", F->Size},
                            {"boxed_size", F->BoxedSize},
                            {"file", F->File},
                            {"line", F->Line}};
}

llvm::json::Value sizeJson(std::optional<int64_t> Size) {
  return Size ? llvm::json::Value(*Size) : llvm::json::Value(nullptr);
}

llvm::json::Value fieldJson(const FieldChange &F) {
  return llvm::json::Object{{"kind", F.Field.first},   {"name", F.Field.second},
                            {"status", F.status()},    {"base", sizeJson(F.Base)},
                            {"head", sizeJson(F.Head)}, {"delta", F.delta()}};
}

llvm::json::Value changeJson(const FunctionChange &C) {
  llvm::json::Array Fields;
  for (const FieldChange &F : C.fieldChanges())
    Fields.push_back(fieldJson(F));
  llvm::json::Object Object{{"key", C.Key},
                            {"name", either(C).Name},
                            {"status", C.status()},
                            {"base", sideJson(C.Base)},
                            {"head", sideJson(C.Head)},
                            {"delta", C.delta()},
                            {"fields", std::move(Fields)}};
  if (std::optional<double> Percent = C.percent())
    Object["percent"] = *Percent;
  return Object;
}

std::string renderJson(const SizeDiff &Diff) {
  llvm::json::Array Changes;
  int64_t Base = 0, Head = 0;
  for (const FunctionChange &C : Diff.Changes) {
    Changes.push_back(changeJson(C));
    // Frames only: a boxed frame is a function's own row too.
    Base += C.Base ? C.Base->Size : 0;
    Head += C.Head ? C.Head->Size : 0;
  }
  llvm::json::Object Root{{"base_total", Base},
                          {"head_total", Head},
                          {"delta", Head - Base},
                          {"functions", std::move(Changes)}};
  return llvm::formatv("{0:2}\n", llvm::json::Value(std::move(Root))).str();
}

/// A side's fields; none for the side a new or removed function lacks.
const std::map<FieldId, int64_t> &fieldsOf(const std::optional<ReportedFunction> &F) {
  static const std::map<FieldId, int64_t> None;
  return F ? F->Fields : None;
}

} // namespace

int64_t FunctionChange::delta() const {
  return (Head ? Head->total() : 0) - (Base ? Base->total() : 0);
}

std::optional<double> FunctionChange::percent() const {
  if (!Base || !Head || Base->total() == 0)
    return std::nullopt;
  return 100.0 * static_cast<double>(delta()) / static_cast<double>(Base->total());
}

std::vector<FieldChange> FunctionChange::fieldChanges() const {
  std::map<FieldId, FieldChange> ById;
  for (const auto &[Field, Size] : fieldsOf(Base))
    ById[Field].Base = Size;
  for (const auto &[Field, Size] : fieldsOf(Head))
    ById[Field].Head = Size;
  std::vector<FieldChange> Changed;
  for (auto &[Field, Change] : ById) {
    Change.Field = Field;
    if (Change.Base != Change.Head)
      Changed.push_back(std::move(Change));
  }
  std::stable_sort(Changed.begin(), Changed.end(), [](const FieldChange &A, const FieldChange &B) {
    return A.delta() > B.delta();
  });
  return Changed;
}

llvm::StringRef FieldChange::status() const {
  return !Base ? "new" : !Head ? "removed" : "changed";
}

llvm::StringRef FunctionChange::status() const {
  return !Base ? "new" : !Head ? "removed" : delta() ? "changed" : "unchanged";
}

llvm::Expected<SizeDiff> diffReports(llvm::StringRef BaseJson,
                                     llvm::StringRef HeadJson) {
  auto Base = readReport(BaseJson, "the base report");
  if (!Base)
    return Base.takeError();
  auto Head = readReport(HeadJson, "the head report");
  if (!Head)
    return Head.takeError();
  std::map<std::string, FunctionChange> ByKey;
  for (auto &[Key, Function] : *Base)
    ByKey[Key].Base = Function;
  for (auto &[Key, Function] : *Head)
    ByKey[Key].Head = Function;
  SizeDiff Diff;
  for (auto &[Key, C] : ByKey) {
    Diff.Changes.push_back(std::move(C));
    Diff.Changes.back().Key = Key;
  }
  std::stable_sort(Diff.Changes.begin(), Diff.Changes.end(),
                   [](const FunctionChange &A, const FunctionChange &B) {
                     return A.delta() > B.delta();
                   });
  chooseDisplayNames(Diff.Changes);
  return Diff;
}

std::string renderDiff(const SizeDiff &Diff, ReportFormat Format,
                       llvm::StringRef SourceLink) {
  switch (Format) {
  case ReportFormat::Text:
    return renderText(Diff);
  case ReportFormat::Markdown:
    return renderMarkdown(Diff, SourceLink);
  case ReportFormat::Json:
    return renderJson(Diff);
  }
  llvm_unreachable("unknown format");
}

std::string GrowthLimit::describe() const {
  if (Percent) {
    std::string S;
    llvm::raw_string_ostream(S) << llvm::format("%g", Amount) << "%";
    return S;
  }
  return llvm::formatv("{0} bytes", static_cast<uint64_t>(Amount)).str();
}

llvm::Expected<GrowthLimit> parseGrowthLimit(llvm::StringRef Text) {
  GrowthLimit Limit;
  llvm::StringRef Number = Text.trim();
  Limit.Percent = Number.consume_back("%");
  uint64_t Bytes = 0;
  bool Bad = Limit.Percent ? Number.getAsDouble(Limit.Amount) || Limit.Amount < 0
                           : Number.getAsInteger(10, Bytes);
  if (Bad)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--fail-on-growth takes a number of bytes or a percentage (64, 5%), not '" +
            Text.str() + "'");
  if (!Limit.Percent)
    Limit.Amount = static_cast<double>(Bytes);
  return Limit;
}

std::vector<const FunctionChange *> grownBeyond(const SizeDiff &Diff,
                                                const GrowthLimit &Limit) {
  std::vector<const FunctionChange *> Grown;
  for (const FunctionChange &C : Diff.Changes) {
    if (!C.Base || !C.Head || C.delta() <= 0)
      continue;
    // A function that grew from 0 bytes grew by more than any percentage.
    double Growth = Limit.Percent ? C.percent().value_or(INFINITY)
                                  : static_cast<double>(C.delta());
    if (Growth > Limit.Amount)
      Grown.push_back(&C);
  }
  return Grown;
}

} // namespace unawait
