#include "Frontend/MisplacedAnnotation.h"

#include "Frontend/RawTokens.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"
#include <vector>

namespace unawait {

using namespace clang;

namespace {

bool isDeclSpecifier(llvm::StringRef Spelling) {
  return llvm::StringSwitch<bool>(Spelling)
      .Cases("inline", "static", "constexpr", "consteval", "constinit", true)
      .Cases("extern", "friend", "virtual", "explicit", "thread_local", true)
      .Default(false);
}

} // namespace

void noteMisplacedAnnotations(ASTContext &Context, DiagnosticsEngine &Engine) {
  const SourceManager &SM = Context.getSourceManager();
  llvm::StringRef Text = SM.getBufferData(SM.getMainFileID());
  struct Word {
    llvm::StringRef Spelling;
    unsigned Offset;
  };
  std::vector<Word> Words;
  forEachRawToken(Text, Context.getLangOpts(), /*KeepComments=*/false,
                  [&](const Token &, llvm::StringRef Spelling) {
                    Words.push_back({Spelling, 0});
                  });
  // forEachRawToken lexes a copy: find each token's offset in the file.
  unsigned At = 0;
  for (Word &W : Words) {
    size_t Found = Text.find(W.Spelling, At);
    W.Offset = Found == llvm::StringRef::npos ? At : static_cast<unsigned>(Found);
    At = W.Offset + W.Spelling.size();
  }
  // An error of its own: a note after clang's error could follow an ignored
  // diagnostic, and be dropped with it.
  unsigned ID = Engine.getCustomDiagID(
      DiagnosticsEngine::Error,
      "UNAWAIT_ASYNC annotates the function only before its other specifiers "
      "(after '%0' it annotates the return type); write it first");
  SourceLocation File = SM.getLocForStartOfFile(SM.getMainFileID());
  for (size_t I = 1; I < Words.size(); ++I) {
    if (Words[I].Spelling != "UNAWAIT_ASYNC" || !isDeclSpecifier(Words[I - 1].Spelling))
      continue;
    size_t First = I - 1;
    while (First > 0 && isDeclSpecifier(Words[First - 1].Spelling))
      --First;
    SourceLocation Annotation = File.getLocWithOffset(Words[I].Offset);
    unsigned Length = Words[I].Spelling.size();
    if (Text.substr(Words[I].Offset + Length).starts_with(" "))
      ++Length;
    Engine.Report(Annotation, ID)
        << Words[I - 1].Spelling
        << FixItHint::CreateRemoval(CharSourceRange::getCharRange(
               Annotation, Annotation.getLocWithOffset(Length)))
        << FixItHint::CreateInsertion(File.getLocWithOffset(Words[First].Offset),
                                      "UNAWAIT_ASYNC ");
  }
}

} // namespace unawait
