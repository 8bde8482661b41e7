#include "Transform/RegionFormatter.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Format/Format.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <map>
#include <optional>

namespace unawait {

using namespace clang;

namespace {

/// Where each region is in the code, in file order. Regions come mostly in
/// file order (not always: an annotated lambda's class comes before the
/// function whose body holds the lambda's new body), and the same text may
/// occur twice: each region takes the first occurrence after the previous
/// region's that no other region claimed, else the first anywhere.
std::vector<tooling::Range> locate(const std::string &Code,
                                   const std::vector<std::string> &Regions) {
  std::map<unsigned, unsigned> Claimed; // offset -> end
  auto claimed = [&](size_t At, size_t Length) {
    auto Next = Claimed.lower_bound(At);
    if (Next != Claimed.end() && Next->first < At + Length)
      return true;
    return Next != Claimed.begin() && std::prev(Next)->second > At;
  };
  auto find = [&](const std::string &Region, size_t From) {
    size_t At = Code.find(Region, From);
    while (At != std::string::npos && claimed(At, Region.size()))
      At = Code.find(Region, At + 1);
    return At;
  };
  size_t From = 0;
  for (const std::string &Region : Regions) {
    if (Region.empty())
      continue;
    size_t At = find(Region, From);
    if (At == std::string::npos && From != 0)
      At = find(Region, 0);
    if (At == std::string::npos)
      continue;
    Claimed[At] = At + Region.size();
    From = At + Region.size();
  }
  std::vector<tooling::Range> Ranges;
  for (auto [Begin, End] : Claimed)
    Ranges.emplace_back(Begin, End - Begin);
  return Ranges;
}

/// The line starts where a chunk may begin (Cuts), and the first of those
/// in each gap (GapStarts): between two declarations
/// outside every brace, parenthesis and preprocessor conditional (a
/// namespace's braces do not count when the style does not indent
/// namespaces), after the line the first one ends on. Not after `template
/// <...>` or an attribute, which belong to the next declaration.
struct SafeCuts {
  std::vector<unsigned> Cuts;
  std::vector<unsigned> GapStarts;
};

SafeCuts safeCuts(const std::string &Code, const LangOptions &LangOpts, bool NamespacesIndent) {
  SafeCuts Result;
  std::vector<unsigned> &Cuts = Result.Cuts;
  // Token locations are offsets: the lexer's file location is offset 0.
  Lexer Raw(SourceLocation(), LangOpts, Code.data(), Code.data(), Code.data() + Code.size());
  std::vector<bool> Braces; // true for a brace that counts
  int Depth = 0, Conditionals = 0;
  bool NamespaceHead = false; // after `namespace` or `extern "C"`, before `{`
  // Where the last declaration ended, if only whitespace and comments
  // follow it so far.
  std::optional<unsigned> DeclarationEnd = 0u;
  auto cutsUntil = [&](unsigned At) {
    if (!DeclarationEnd)
      return;
    size_t GapStart = Cuts.size();
    for (size_t NewLine = Code.find('\n', *DeclarationEnd);
         NewLine != std::string::npos && NewLine < At; NewLine = Code.find('\n', NewLine + 1))
      Cuts.push_back(NewLine + 1);
    if (Cuts.size() > GapStart)
      Result.GapStarts.push_back(Cuts[GapStart]);
  };
  Token T;
  while (true) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    unsigned At = T.getLocation().getRawEncoding();
    cutsUntil(At);
    DeclarationEnd.reset();
    if (T.is(tok::hash) && T.isAtStartOfLine()) {
      Token Directive;
      Raw.LexFromRawLexer(Directive);
      llvm::StringRef Name =
          Directive.is(tok::raw_identifier) ? Directive.getRawIdentifier() : "";
      if (Name == "if" || Name == "ifdef" || Name == "ifndef")
        ++Conditionals;
      else if (Name == "endif")
        Conditionals = std::max(0, Conditionals - 1);
      // The rest of the directive (continued lines too) is not code.
      size_t End = At;
      while (End < Code.size() && (Code[End] != '\n' || Code[End - 1] == '\\'))
        ++End;
      Raw.seek(End, /*IsAtStartOfLine=*/true);
      if (Depth == 0 && Conditionals == 0)
        DeclarationEnd = End;
      continue;
    }
    if (T.is(tok::raw_identifier) &&
        (T.getRawIdentifier() == "namespace" || T.getRawIdentifier() == "extern"))
      NamespaceHead = !NamespacesIndent;
    else if (T.isOneOf(tok::semi, tok::l_paren, tok::equal))
      NamespaceHead = false;
    if (T.is(tok::l_brace)) {
      Braces.push_back(!NamespaceHead);
      Depth += !NamespaceHead;
      NamespaceHead = false;
    } else if (T.is(tok::r_brace)) {
      if (!Braces.empty()) {
        Depth -= Braces.back();
        Braces.pop_back();
      }
    } else if (T.isOneOf(tok::l_paren, tok::l_square)) {
      ++Depth;
    } else if (T.isOneOf(tok::r_paren, tok::r_square)) {
      Depth = std::max(0, Depth - 1);
    }
    if (T.isOneOf(tok::semi, tok::r_brace) && Depth == 0 && Conditionals == 0)
      DeclarationEnd = At + T.getLength();
  }
  cutsUntil(Code.size());
  return Result;
}

/// Whether \p Code may hold a using-declaration (`using a::b;`, which
/// clang-format's UsingDeclarationsSorter sorts; not an alias or a
/// using-directive): a `using` followed by names joined by `::` and a `;`
/// or `,`. Comments and strings count too: a false yes costs only time.
bool mayHoldUsingDeclaration(llvm::StringRef Code, const LangOptions &LangOpts) {
  for (size_t At = Code.find("using"); At != llvm::StringRef::npos;
       At = Code.find("using", At + 1)) {
    Lexer Raw(SourceLocation(), LangOpts, Code.data(), Code.data() + At, Code.data() + Code.size());
    Token T;
    Raw.LexFromRawLexer(T); // `using`
    Raw.LexFromRawLexer(T);
    if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "typename")
      Raw.LexFromRawLexer(T);
    if (T.is(tok::coloncolon))
      Raw.LexFromRawLexer(T);
    bool Named = false;
    while (T.is(tok::raw_identifier)) {
      Named = true;
      Raw.LexFromRawLexer(T);
      if (!T.is(tok::coloncolon))
        break;
      Raw.LexFromRawLexer(T);
    }
    if (Named && T.isOneOf(tok::semi, tok::comma))
      return true;
  }
  return false;
}

/// \p Style without the passes clang-format would run for nothing on
/// \p Chunk. Each of them lexes and parses the whole chunk again before
/// the formatting proper (a third of the time the rewrite spent formatting,
/// issue 10); the namespace comments need a `namespace` (or a namespace
/// macro), the using sorter a using-declaration. Leaving out a pass that
/// changes nothing leaves the result as it was.
format::FormatStyle passesFor(llvm::StringRef Chunk, const format::FormatStyle &Style,
                              const LangOptions &LangOpts) {
  format::FormatStyle Needed = Style;
  if (Style.NamespaceMacros.empty() && !Chunk.contains("namespace"))
    Needed.FixNamespaceComments = false;
  if (!mayHoldUsingDeclaration(Chunk, LangOpts))
    Needed.SortUsingDeclarations = format::FormatStyle::SUD_Never;
  return Needed;
}

/// A declaration put before a chunk that does not begin the file, so that
/// the blank lines at its start are formatted after text, as in the file.
constexpr llvm::StringLiteral ChunkPrefix = "int unawait_chunk_prefix;\n";

/// \p Code with \p Changes made. clang-format's replacements are sorted and
/// never overlap, so they are spliced in: tooling::applyAllReplacements
/// builds a file manager, a source manager and a rewriter for each call.
std::string applyChanges(llvm::StringRef Code, const tooling::Replacements &Changes) {
  std::string Result;
  unsigned At = 0;
  for (const tooling::Replacement &Change : Changes) {
    Result += Code.slice(At, Change.getOffset());
    Result += Change.getReplacementText();
    At = Change.getOffset() + Change.getLength();
  }
  Result += Code.substr(At);
  return Result;
}

/// \p Chunk with \p Ranges (offsets in the chunk) formatted.
std::string formatChunk(llvm::StringRef Chunk, std::vector<tooling::Range> Ranges,
                        bool Prefixed, const format::FormatStyle &Style,
                        llvm::StringRef FileName) {
  std::string Code = (Prefixed ? ChunkPrefix.str() : "") + Chunk.str();
  if (Prefixed)
    for (tooling::Range &R : Ranges)
      R = tooling::Range(R.getOffset() + ChunkPrefix.size(), R.getLength());
  std::string Formatted = applyChanges(Code, format::reformat(Style, Code, Ranges, FileName));
  if (!Prefixed)
    return Formatted;
  if (!llvm::StringRef(Formatted).starts_with(ChunkPrefix))
    return Chunk.str(); // (not seen: the prefix's line is not formatted)
  return Formatted.substr(ChunkPrefix.size());
}

/// A run of the file: the user's text, copied as it is, or a chunk and the
/// regions in it (offsets in the chunk), to be formatted.
struct Piece {
  llvm::StringRef Text;
  std::vector<tooling::Range> Regions;
  bool Prefixed = false;
  std::string Formatted;
};

/// The file cut into pieces: the user's text and chunks (see the file
/// comment of RegionFormatter.h).
std::vector<Piece> cut(llvm::StringRef Code, const std::vector<tooling::Range> &Ranges,
                       const SafeCuts &Safe) {
  const std::vector<unsigned> &Cuts = Safe.Cuts;
  const std::vector<unsigned> &GapStarts = Safe.GapStarts;
  std::vector<Piece> Pieces;
  unsigned ChunkBegin = 0;
  for (size_t First = 0; First < Ranges.size();) {
    // The chunk begins where the gap of whitespace and comments before its
    // first region does (blank lines before a region are the region's to
    // format); the user's text before it is copied as it is, for
    // clang-format would only lex and parse it again.
    auto Gap = llvm::upper_bound(GapStarts, Ranges[First].getOffset());
    if (Gap != GapStarts.begin() && *std::prev(Gap) > ChunkBegin) {
      Pieces.push_back({Code.slice(ChunkBegin, *std::prev(Gap))});
      ChunkBegin = *std::prev(Gap);
    }
    // The chunk ends at the first safe cut after a region that comes before
    // the next region (or at the end of the file).
    size_t Last = First;
    unsigned ChunkEnd = Code.size();
    for (; Last + 1 < Ranges.size(); ++Last) {
      unsigned End = Ranges[Last].getOffset() + Ranges[Last].getLength();
      auto Cut = llvm::lower_bound(Cuts, End);
      if (Cut != Cuts.end() && *Cut <= Ranges[Last + 1].getOffset()) {
        ChunkEnd = *Cut;
        break;
      }
    }
    Piece Chunk{Code.slice(ChunkBegin, ChunkEnd)};
    for (size_t I = First; I <= Last; ++I)
      Chunk.Regions.emplace_back(Ranges[I].getOffset() - ChunkBegin, Ranges[I].getLength());
    Chunk.Prefixed = ChunkBegin > 0;
    Pieces.push_back(std::move(Chunk));
    ChunkBegin = ChunkEnd;
    First = Last + 1;
  }
  Pieces.push_back({Code.substr(ChunkBegin)});
  return Pieces;
}

} // namespace

std::string formatRegions(const std::string &Code,
                          const std::vector<std::string> &Regions,
                          llvm::StringRef FileName, const LangOptions &LangOpts,
                          unsigned Threads) {
  llvm::Expected<format::FormatStyle> Style =
      format::getStyle("file", FileName, "LLVM", Code);
  if (!Style) {
    llvm::consumeError(Style.takeError());
    Style = format::getLLVMStyle();
  }
  std::vector<Piece> Pieces =
      cut(Code, locate(Code, Regions),
          safeCuts(Code, LangOpts, Style->NamespaceIndentation != format::FormatStyle::NI_None));
  std::vector<Piece *> Chunks;
  for (Piece &P : Pieces)
    if (!P.Regions.empty())
      Chunks.push_back(&P);
  auto formatOne = [&](Piece *P) {
    P->Formatted = formatChunk(P->Text, P->Regions, P->Prefixed,
                               passesFor(P->Text, *Style, LangOpts), FileName);
  };
  // The chunks are independent (each clang-format call has its own source
  // manager): on the cores the parses of other files leave free, they are
  // formatted at once.
  if (Threads > 1 && Chunks.size() > 1) {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
    for (Piece *P : Chunks)
      Pool.async(formatOne, P);
    Pool.wait();
  } else {
    llvm::for_each(Chunks, formatOne);
  }
  std::string Result;
  for (const Piece &P : Pieces)
    Result += P.Regions.empty() ? llvm::StringRef(P.Text) : llvm::StringRef(P.Formatted);
  return Result;
}

} // namespace unawait
