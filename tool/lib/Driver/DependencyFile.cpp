#include "Driver/DependencyFile.h"

namespace unawait {

void addFilesRead(const clang::SourceManager &SM, std::set<std::string> &Files) {
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
    Files.insert(It->first.getName().str());
}

namespace {

/// A path as a Make rule spells it: Make splits on spaces and reads `#` as a
/// comment and `$` as a variable (the escapes of clang's -MD output).
std::string escapedForMake(llvm::StringRef Path) {
  std::string Escaped;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Escaped += '\\';
    else if (C == '$')
      Escaped += '$';
    Escaped += C;
  }
  return Escaped;
}

} // namespace

std::string makeDependencies(llvm::StringRef Target, const std::set<std::string> &Files) {
  std::string Text = escapedForMake(Target) + ":";
  for (const std::string &File : Files)
    Text += " \\\n  " + escapedForMake(File);
  return Text + "\n";
}

} // namespace unawait
