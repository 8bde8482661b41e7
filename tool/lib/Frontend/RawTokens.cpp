#include "Frontend/RawTokens.h"

#include "clang/Lex/Lexer.h"
#include <string>

namespace unawait {

void forEachRawToken(llvm::StringRef Text, const clang::LangOptions &LangOpts,
                     bool KeepComments,
                     llvm::function_ref<void(const clang::Token &, llvm::StringRef)> Visit) {
  std::string Buffer = Text.str(); // NUL-terminated, as the Lexer requires
  clang::Lexer Raw(clang::SourceLocation(), LangOpts, Buffer.c_str(),
                   Buffer.c_str(), Buffer.c_str() + Buffer.size());
  Raw.SetCommentRetentionState(KeepComments);
  clang::Token Tok;
  while (true) {
    bool AtEnd = Raw.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      break;
    const char *End = Raw.getBufferLocation();
    Visit(Tok, llvm::StringRef(End - Tok.getLength(), Tok.getLength()));
    if (AtEnd)
      break;
  }
}

} // namespace unawait
