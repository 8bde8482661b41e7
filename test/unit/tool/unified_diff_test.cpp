// rewrite --check's diff: a shortest edit script (Myers) and `diff -u`'s
// output, hunks with three lines of context, merged when their contexts meet.
#include "Driver/UnifiedDiff.h"

#include <gtest/gtest.h>

namespace unawait {
namespace {

std::vector<llvm::StringRef> lines(std::initializer_list<const char *> Items) {
  return std::vector<llvm::StringRef>(Items.begin(), Items.end());
}

size_t changes(const std::vector<Edit> &Edits) {
  size_t Count = 0;
  for (const Edit &E : Edits)
    Count += E.Kind != LineEdit::Keep;
  return Count;
}

/// Applies the script to Old; it must give New.
std::vector<llvm::StringRef> apply(const std::vector<Edit> &Edits,
                                   llvm::ArrayRef<llvm::StringRef> Old,
                                   llvm::ArrayRef<llvm::StringRef> New) {
  std::vector<llvm::StringRef> Result;
  for (const Edit &E : Edits)
    if (E.Kind == LineEdit::Keep)
      Result.push_back(Old[E.Old]);
    else if (E.Kind == LineEdit::Insert)
      Result.push_back(New[E.New]);
  return Result;
}

TEST(DiffLines, EqualInputsKeepEverything) {
  auto A = lines({"a", "b", "c"});
  std::vector<Edit> Edits = diffLines(A, A);
  EXPECT_EQ(Edits.size(), 3u);
  EXPECT_EQ(changes(Edits), 0u);
}

TEST(DiffLines, EmptySides) {
  auto A = lines({"a", "b"});
  EXPECT_EQ(changes(diffLines(A, {})), 2u);
  EXPECT_EQ(changes(diffLines({}, A)), 2u);
  EXPECT_TRUE(diffLines({}, {}).empty());
}

TEST(DiffLines, ShortestScriptOfMyersPaper) {
  // The paper's example: ABCABBA -> CBABAC takes 5 edits.
  auto A = lines({"A", "B", "C", "A", "B", "B", "A"});
  auto B = lines({"C", "B", "A", "B", "A", "C"});
  std::vector<Edit> Edits = diffLines(A, B);
  EXPECT_EQ(changes(Edits), 5u);
  EXPECT_EQ(apply(Edits, A, B), B);
}

TEST(DiffLines, ScriptTurnsOldIntoNew) {
  auto A = lines({"x", "1", "2", "3", "y", "4"});
  auto B = lines({"1", "2", "z", "3", "4", "w"});
  EXPECT_EQ(apply(diffLines(A, B), A, B), B);
}

TEST(UnifiedDiff, EqualTextsGiveNothing) {
  EXPECT_EQ(unifiedDiff("a\nb\n", "a\nb\n", "old", "new"), "");
}

TEST(UnifiedDiff, OneChangedLineWithContext) {
  std::string Old = "1\n2\n3\n4\n5\n6\n7\n8\n";
  std::string New = "1\n2\n3\n4\nfive\n6\n7\n8\n";
  EXPECT_EQ(unifiedDiff(Old, New, "a.cpp", "b.cpp"),
            "--- a.cpp\n+++ b.cpp\n"
            "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
}

TEST(UnifiedDiff, DistantChangesMakeTwoHunks) {
  std::string Old, New;
  for (int I = 1; I <= 20; ++I) {
    Old += std::to_string(I) + "\n";
    New += (I == 2 || I == 18 ? "x" : std::to_string(I)) + "\n";
  }
  EXPECT_EQ(unifiedDiff(Old, New, "a", "b"),
            "--- a\n+++ b\n"
            "@@ -1,5 +1,5 @@\n 1\n-2\n+x\n 3\n 4\n 5\n"
            "@@ -15,6 +15,6 @@\n 15\n 16\n 17\n-18\n+x\n 19\n 20\n");
}

TEST(UnifiedDiff, NearChangesShareAHunk) {
  std::string Old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  std::string New = "1\nB\n3\n4\n5\n6\n7\nH\n9\n";
  EXPECT_EQ(unifiedDiff(Old, New, "a", "b"),
            "--- a\n+++ b\n"
            "@@ -1,9 +1,9 @@\n 1\n-2\n+B\n 3\n 4\n 5\n 6\n 7\n-8\n+H\n 9\n");
}

TEST(UnifiedDiff, FromAnEmptyFile) {
  EXPECT_EQ(unifiedDiff("", "a\nb\n", "a", "b"),
            "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n");
}

TEST(UnifiedDiff, MissingNewlineAtEnd) {
  EXPECT_EQ(unifiedDiff("a\n", "a", "a", "b"),
            "--- a\n+++ b\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n");
}

} // namespace
} // namespace unawait
