#include "Driver/UnifiedDiff.h"

#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace unawait {

namespace {

/// Lines with their '\n' (the last one may lack it).
std::vector<llvm::StringRef> splitLines(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Lines;
  while (!Text.empty()) {
    size_t End = Text.find('\n');
    End = End == llvm::StringRef::npos ? Text.size() : End + 1;
    Lines.push_back(Text.take_front(End));
    Text = Text.drop_front(End);
  }
  return Lines;
}

/// The furthest x reached on each diagonal k = x - y, for k in [-D, D].
using Frontier = std::vector<long>;

/// The frontiers after each number of edits, until one reaches the end.
std::vector<Frontier> frontiers(llvm::ArrayRef<llvm::StringRef> Old,
                                llvm::ArrayRef<llvm::StringRef> New) {
  const long N = Old.size(), M = New.size();
  std::vector<Frontier> Trace;
  // The frontier after D - 1 edits, one wider on each side so that
  // Before(K - 1) and Before(K + 1) are in range for every K of this round.
  Frontier Previous;
  for (long D = 0;; ++D) {
    Frontier V(2 * D + 1);
    auto Before = [&](long Diagonal) { return Previous[Diagonal + D]; };
    for (long K = -D; K <= D; K += 2) {
      // Down from diagonal K + 1 (an insertion) or right from K - 1 (a
      // deletion), whichever reached further; then along the equal lines.
      long X;
      if (D == 0)
        X = 0;
      else if (K == -D || (K != D && Before(K - 1) < Before(K + 1)))
        X = Before(K + 1);
      else
        X = Before(K - 1) + 1;
      long Y = X - K;
      while (X < N && Y < M && Old[X] == New[Y]) {
        ++X;
        ++Y;
      }
      V[K + D] = X;
      if (X >= N && Y >= M) {
        Trace.push_back(std::move(V));
        return Trace;
      }
    }
    Trace.push_back(V);
    Previous.assign(V.size() + 2, 0);
    std::copy(V.begin(), V.end(), Previous.begin() + 1);
  }
}

} // namespace

std::vector<Edit> diffLines(llvm::ArrayRef<llvm::StringRef> Old,
                            llvm::ArrayRef<llvm::StringRef> New) {
  std::vector<Frontier> Trace = frontiers(Old, New);
  std::vector<Edit> Reversed;
  long X = Old.size(), Y = New.size();
  for (long D = Trace.size() - 1; D >= 0; --D) {
    long K = X - Y;
    long PrevX = 0, PrevY = 0;
    if (D > 0) {
      const Frontier &Before = Trace[D - 1]; // diagonals -(D-1)..(D-1)
      auto At = [&](long Diagonal) { return Before[Diagonal + D - 1]; };
      bool Down = K == -D || (K != D && At(K - 1) < At(K + 1));
      long PrevK = Down ? K + 1 : K - 1;
      PrevX = At(PrevK);
      PrevY = PrevX - PrevK;
      // The snake after the edit, then the edit itself.
      while (X > (Down ? PrevX : PrevX + 1) && Y > (Down ? PrevY + 1 : PrevY)) {
        --X, --Y;
        Reversed.push_back({LineEdit::Keep, size_t(X), size_t(Y)});
      }
      if (Down) {
        --Y;
        Reversed.push_back({LineEdit::Insert, size_t(X), size_t(Y)});
      } else {
        --X;
        Reversed.push_back({LineEdit::Delete, size_t(X), size_t(Y)});
      }
    }
    if (D == 0)
      while (X > 0 && Y > 0) {
        --X, --Y;
        Reversed.push_back({LineEdit::Keep, size_t(X), size_t(Y)});
      }
  }
  std::reverse(Reversed.begin(), Reversed.end());
  return Reversed;
}

namespace {

/// `-3,4`: the first line (the one before, for an empty range) and count.
std::string range(size_t Start, size_t Count) {
  std::string Text = std::to_string(Count ? Start + 1 : Start);
  if (Count != 1)
    Text += "," + std::to_string(Count);
  return Text;
}

void printLine(llvm::raw_ostream &OS, char Mark, llvm::StringRef Line) {
  OS << Mark << Line;
  if (!Line.ends_with("\n"))
    OS << "\n\\ No newline at end of file\n";
}

void printHunk(llvm::raw_ostream &OS, llvm::ArrayRef<Edit> Hunk,
               llvm::ArrayRef<llvm::StringRef> Old,
               llvm::ArrayRef<llvm::StringRef> New) {
  size_t OldCount = 0, NewCount = 0;
  for (const Edit &E : Hunk) {
    OldCount += E.Kind != LineEdit::Insert;
    NewCount += E.Kind != LineEdit::Delete;
  }
  OS << "@@ -" << range(Hunk.front().Old, OldCount) << " +"
     << range(Hunk.front().New, NewCount) << " @@\n";
  for (const Edit &E : Hunk) {
    if (E.Kind == LineEdit::Keep)
      printLine(OS, ' ', Old[E.Old]);
    else if (E.Kind == LineEdit::Delete)
      printLine(OS, '-', Old[E.Old]);
    else
      printLine(OS, '+', New[E.New]);
  }
}

/// The end of the hunk that starts with the change at \p First: changes
/// closer than 2 * Context kept lines share a hunk.
size_t hunkEnd(llvm::ArrayRef<Edit> Edits, size_t First, unsigned Context) {
  size_t LastChange = First;
  for (size_t I = First; I < Edits.size(); ++I) {
    if (Edits[I].Kind != LineEdit::Keep)
      LastChange = I;
    else if (I - LastChange > 2 * Context)
      break;
  }
  return std::min(Edits.size(), LastChange + 1 + Context);
}

} // namespace

std::string unifiedDiff(llvm::StringRef Old, llvm::StringRef New,
                        llvm::StringRef OldName, llvm::StringRef NewName,
                        unsigned Context) {
  if (Old == New)
    return "";
  std::vector<llvm::StringRef> OldLines = splitLines(Old), NewLines = splitLines(New);
  std::vector<Edit> Edits = diffLines(OldLines, NewLines);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "--- " << OldName << "\n+++ " << NewName << "\n";
  for (size_t I = 0; I < Edits.size();) {
    if (Edits[I].Kind == LineEdit::Keep) {
      ++I;
      continue;
    }
    size_t Begin = I >= Context ? I - Context : 0;
    size_t End = hunkEnd(Edits, I, Context);
    printHunk(OS, llvm::ArrayRef<Edit>(Edits).slice(Begin, End - Begin), OldLines,
              NewLines);
    I = End;
  }
  return Text;
}

} // namespace unawait
