#include "Frontend/Diagnostics.h"

namespace unawait {

void DiagnosticReporter::report(clang::DiagnosticsEngine::Level Level,
                                clang::SourceLocation Loc,
                                clang::SourceRange Range,
                                llvm::StringRef Message) {
  if (Swallow) {
    SwallowedErrors += Level >= clang::DiagnosticsEngine::Error;
    return;
  }
  unsigned ID = Engine.getCustomDiagID(Level, "%0");
  auto Builder = Engine.Report(Loc, ID);
  Builder << Message;
  if (Range.isValid())
    Builder << Range;
}

void DiagnosticReporter::error(clang::SourceLocation Loc,
                               llvm::StringRef Message) {
  report(clang::DiagnosticsEngine::Error, Loc, {}, Message);
}

void DiagnosticReporter::error(clang::SourceRange Range,
                               llvm::StringRef Message) {
  report(clang::DiagnosticsEngine::Error, Range.getBegin(), Range, Message);
}

void DiagnosticReporter::warning(clang::SourceLocation Loc,
                                 llvm::StringRef Message) {
  report(clang::DiagnosticsEngine::Warning, Loc, {}, Message);
}

void DiagnosticReporter::note(clang::SourceLocation Loc,
                              llvm::StringRef Message) {
  report(clang::DiagnosticsEngine::Note, Loc, {}, Message);
}

} // namespace unawait
