#include "Report/ReportDiff.h"

#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <map>

namespace unawait {

namespace {

/// Function name -> frame size, from a JSON report.
llvm::Expected<std::map<std::string, int64_t>> sizes(llvm::StringRef Json,
                                                     llvm::StringRef Which) {
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Json);
  if (!Parsed)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(), "%s is not JSON: %s", Which.str().c_str(),
        llvm::toString(Parsed.takeError()).c_str());
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *Functions = Root ? Root->getArray("functions") : nullptr;
  if (!Functions)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s has no \"functions\" array",
                                   Which.str().c_str());
  std::map<std::string, int64_t> Sizes;
  for (const llvm::json::Value &Function : *Functions) {
    const llvm::json::Object *Object = Function.getAsObject();
    std::optional<llvm::StringRef> Name = Object ? Object->getString("name") : std::nullopt;
    std::optional<int64_t> Size = Object ? Object->getInteger("size") : std::nullopt;
    if (!Name || !Size)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s: a function lacks \"name\" or \"size\"",
                                     Which.str().c_str());
    Sizes[Name->str()] = *Size;
  }
  return Sizes;
}

struct Change {
  std::string Name;
  std::optional<int64_t> Base, Head;
  int64_t delta() const { return Head.value_or(0) - Base.value_or(0); }
  std::string status() const {
    return !Base ? "new" : !Head ? "removed" : delta() ? "changed" : "unchanged";
  }
};

} // namespace

llvm::Expected<std::string> diffReports(llvm::StringRef BaseJson,
                                        llvm::StringRef HeadJson,
                                        ReportFormat Format) {
  auto Base = sizes(BaseJson, "the base report");
  if (!Base)
    return Base.takeError();
  auto Head = sizes(HeadJson, "the head report");
  if (!Head)
    return Head.takeError();
  std::map<std::string, Change> Changes;
  for (auto &[Name, Size] : *Base)
    Changes[Name].Base = Size;
  for (auto &[Name, Size] : *Head)
    Changes[Name].Head = Size;
  std::vector<Change> Sorted;
  for (auto &[Name, C] : Changes) {
    Sorted.push_back(C);
    Sorted.back().Name = Name;
  }
  std::stable_sort(Sorted.begin(), Sorted.end(), [](const Change &A, const Change &B) {
    return A.delta() > B.delta();
  });
  auto bytes = [](std::optional<int64_t> V) {
    return V ? std::to_string(*V) : std::string("-");
  };
  auto signedBytes = [](int64_t V) {
    return (V > 0 ? "+" : "") + std::to_string(V);
  };
  std::string S;
  if (Format == ReportFormat::Markdown) {
    S = "| function | base | head | change | |\n|---|---:|---:|---:|---|\n";
    for (const Change &C : Sorted)
      S += llvm::formatv("| `{0}` | {1} | {2} | {3} | {4} |\n", C.Name,
                         bytes(C.Base), bytes(C.Head), signedBytes(C.delta()),
                         C.status());
    return S;
  }
  for (const Change &C : Sorted)
    S += llvm::formatv("{0}: {1} -> {2} bytes ({3}), {4}\n", C.Name,
                       bytes(C.Base), bytes(C.Head), signedBytes(C.delta()),
                       C.status());
  return S;
}

} // namespace unawait
