#include "Analysis/Unsupported.h"

namespace unawait {

namespace {
constexpr bool NotYet = true;
constexpr bool Impossible = false;

const UnsupportedConstruct Table[] = {
#define UNAWAIT_UNSUPPORTED(Id, Status, Construct, Detail)                     \
  {Unsupported::Id, Status, Construct, Detail},
#include "Analysis/Unsupported.def"
};
} // namespace

llvm::ArrayRef<UnsupportedConstruct> unsupportedConstructs() { return Table; }

static const UnsupportedConstruct &row(Unsupported Id) {
  return Table[static_cast<unsigned>(Id)];
}

std::string unsupportedMessage(Unsupported Id) {
  const UnsupportedConstruct &R = row(Id);
  return std::string(R.Construct) +
         (R.NotYet ? " is not supported yet: " : " cannot be rewritten: ") +
         R.Detail;
}

std::string unsupportedList() {
  std::string Not, Never;
  for (const UnsupportedConstruct &R : Table)
    (R.NotYet ? Not : Never) += "- " + std::string(R.Construct) + ": " + R.Detail + "\n";
  return "Not yet (each an error at its location):\n\n" + Not +
         "\nImpossible (an error that says what to write instead):\n\n" + Never;
}

void reportUnsupported(DiagnosticReporter &Diags, clang::SourceLocation Loc,
                       Unsupported Id, llvm::StringRef Context) {
  std::string Message = unsupportedMessage(Id);
  if (!Context.empty())
    Message += " (" + Context.str() + ")";
  Diags.error(Loc, Message);
}

} // namespace unawait
