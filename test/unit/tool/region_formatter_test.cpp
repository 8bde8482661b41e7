// The generated regions are formatted, chunk by chunk, and nothing else: the
// user's text around them stays byte for byte, and the blank lines before a
// region are the region's (as when the whole file was one clang-format call).
#include "Transform/RegionFormatter.h"

#include <gtest/gtest.h>

namespace unawait {
namespace {

// No .clang-format above this path: LLVM style.
constexpr const char *FileName = "/nonexistent-unawait-dir/input.cpp";

std::string format(const std::string &Code, const std::vector<std::string> &Regions,
                   unsigned Threads = 1) {
  clang::LangOptions LangOpts;
  LangOpts.CPlusPlus = LangOpts.CPlusPlus20 = true;
  return formatRegions(Code, Regions, FileName, LangOpts, Threads);
}

TEST(RegionFormatter, FormatsOnlyTheRegions) {
  std::string Code = "int  a ;\nint   b(){return 1;}\nint  c ;\n";
  EXPECT_EQ(format(Code, {"int   b(){return 1;}"}),
            "int  a ;\nint b() { return 1; }\nint  c ;\n");
}

TEST(RegionFormatter, BlankLinesBeforeARegionAreFormatted) {
  // LLVM style keeps at most one empty line; the user's text before the
  // blank lines is not given to clang-format but must come out unchanged.
  std::string Code = "int  a ;  // user's\n\n\n\nint   b(){return 1;}\n";
  EXPECT_EQ(format(Code, {"int   b(){return 1;}"}),
            "int  a ;  // user's\n\nint b() { return 1; }\n");
}

TEST(RegionFormatter, UserTextBetweenRegionsIsKept) {
  std::string Between = "struct  S { int  x ; } ;\n\n\n// a comment\nint  d ;\n";
  std::string Code = "int   b(){return 1;}\n" + Between + "int   e(){return 2;}\n";
  EXPECT_EQ(format(Code, {"int   b(){return 1;}", "int   e(){return 2;}"}),
            "int b() { return 1; }\n" + Between + "int e() { return 2; }\n");
}

TEST(RegionFormatter, ChunksFormattedOnThreadsKeepTheirPlaces) {
  std::string Code, Expected;
  std::vector<std::string> Regions;
  for (int I = 0; I < 40; ++I) {
    std::string Region = "int   f" + std::to_string(I) + "(){return " + std::to_string(I) + ";}";
    Regions.push_back(Region);
    Code += "int  user" + std::to_string(I) + " ;\n" + Region + "\n";
    Expected += "int  user" + std::to_string(I) + " ;\nint f" + std::to_string(I) +
                "() { return " + std::to_string(I) + "; }\n";
  }
  EXPECT_EQ(format(Code, Regions, /*Threads=*/4), Expected);
}

} // namespace
} // namespace unawait
