#include "Frontend/CompileCommands.h"

#include "Frontend/Compilation.h"

#include "clang/Basic/LangStandard.h"
#include "clang/Driver/Options.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <memory>

namespace unawait {

namespace {

using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

/// What loadFromDirectory adds to a JSON database: response files expanded,
/// commands inferred for files it does not list, target from compiler names.
std::unique_ptr<CompilationDatabase>
asClangToolsLoadIt(std::unique_ptr<CompilationDatabase> Database) {
  return clang::tooling::inferTargetAndDriverMode(
      clang::tooling::inferMissingCompileCommands(clang::tooling::expandResponseFiles(
          std::move(Database), llvm::vfs::getRealFileSystem())));
}

void printLoadError(llvm::StringRef BuildPath, llvm::StringRef Error) {
  // One line per database plugin that failed: keep them on one line.
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Error.trim().split(Lines, '\n', -1, false);
  llvm::errs() << "unawait: error: cannot load the compilation database in '"
               << BuildPath << "': " << llvm::join(Lines, "; ") << "\n";
}

/// -p: a directory holding compile_commands.json, or that file itself.
std::unique_ptr<CompilationDatabase> loadGivenDatabase(llvm::StringRef BuildPath) {
  std::string Error;
  if (llvm::sys::fs::is_regular_file(BuildPath)) {
    auto Database = clang::tooling::JSONCompilationDatabase::loadFromFile(
        BuildPath, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Database) {
      printLoadError(BuildPath, Error);
      return nullptr;
    }
    return asClangToolsLoadIt(std::move(Database));
  }
  if (!llvm::sys::fs::is_directory(BuildPath)) {
    llvm::errs() << "unawait: error: -p " << BuildPath
                 << ": no such directory or compile_commands.json\n";
    return nullptr;
  }
  llvm::SmallString<256> Json(BuildPath);
  llvm::sys::path::append(Json, "compile_commands.json");
  if (!llvm::sys::fs::exists(Json)) {
    llvm::errs() << "unawait: error: -p " << BuildPath
                 << ": no compile_commands.json in this directory\n";
    return nullptr;
  }
  auto Database = CompilationDatabase::loadFromDirectory(BuildPath, Error);
  if (!Database)
    printLoadError(BuildPath, Error);
  return Database;
}

/// Without -p, the database in a file's parent directories, loaded once per
/// directory of the inputs.
class DatabaseFinder {
public:
  CompilationDatabase *forSource(llvm::StringRef Path) {
    std::string Directory = llvm::sys::path::parent_path(Path).str();
    auto Found = ByDirectory.find(Directory);
    if (Found == ByDirectory.end()) {
      std::string Ignored; // no database above a file is the common case
      Found = ByDirectory
                  .emplace(Directory,
                           CompilationDatabase::autoDetectFromSource(Path, Ignored))
                  .first;
    }
    return Found->second.get();
  }

private:
  std::map<std::string, std::unique_ptr<CompilationDatabase>> ByDirectory;
};

/// The database's command for \p Path; with \p ListedOnly, not one it only
/// inferred from another file's (a found database is used for its own files).
std::optional<CompileCommand> databaseCommand(CompilationDatabase &Database,
                                              llvm::StringRef Path,
                                              bool ListedOnly) {
  for (CompileCommand &Command : Database.getCompileCommands(Path))
    if (!ListedOnly || Command.Heuristic.empty())
      return std::move(Command);
  return std::nullopt;
}

/// FixedCompilationDatabase's command, `TOOL ARGS... FILE`, where TOOL is
/// this executable's absolute path. clang's driver looks for GCC beside its
/// own directory first: with a bare name ("clang-tool") that is "/..", which
/// finds libstdc++ as /../lib/gcc/... through Debian's /lib symlink, and a
/// depfile listing such paths is never up to date for Ninja and Make, which
/// resolve the ".." without the symlink.
CompileCommand fixedCommand(const CompilationOptions &Options, llvm::StringRef Path) {
  std::vector<std::string> CommandLine = {llvm::sys::fs::getMainExecutable(
      "unawait", reinterpret_cast<void *>(&fixedCommand))};
  std::vector<std::string> Args = Options.CompilerArgs
                                      ? *Options.CompilerArgs
                                      : defaultCompilerArgs(Options.RuntimeIncludeDir);
  CommandLine.insert(CommandLine.end(), Args.begin(), Args.end());
  CommandLine.push_back(Path.str());
  llvm::SmallString<256> Directory;
  llvm::sys::fs::current_path(Directory);
  return CompileCommand(Directory, Path, std::move(CommandLine), "");
}

/// Inserts \p Args as clang's --extra-arg(-before) do.
void insertArguments(std::vector<std::string> &CommandLine,
                     const std::vector<std::string> &Args,
                     clang::tooling::ArgumentInsertPosition Where,
                     llvm::StringRef Path) {
  if (Args.empty())
    return;
  CommandLine =
      clang::tooling::getInsertArgumentAdjuster(Args, Where)(CommandLine, Path);
}

std::string quotedList(const std::vector<std::string> &Items) {
  std::string List;
  for (const std::string &Item : Items)
    List += (List.empty() ? "'" : ", '") + Item + "'";
  return List;
}

void adjustCommand(const CompilationOptions &Options, FileCommand &File,
                   bool FromDatabase) {
  using clang::tooling::ArgumentInsertPosition;
  std::vector<std::string> &CommandLine = File.Command.CommandLine;
  // With a database, `--` adds to its command rather than replacing it.
  if (FromDatabase && Options.CompilerArgs)
    insertArguments(CommandLine, *Options.CompilerArgs, ArgumentInsertPosition::END,
                    File.Path);
  insertArguments(CommandLine, Options.ExtraArgsBefore, ArgumentInsertPosition::BEGIN,
                  File.Path);
  insertArguments(CommandLine, Options.ExtraArgs, ArgumentInsertPosition::END,
                  File.Path);
  if (!Options.Target.empty())
    insertArguments(CommandLine, {"--target=" + Options.Target},
                    ArgumentInsertPosition::END, File.Path);
  if (!CommandLine.empty())
    clang::tooling::addTargetAndModeForProgramName(CommandLine, CommandLine.front());
  std::vector<std::string> Dropped = dropUnknownOptions(CommandLine);
  if (!Dropped.empty())
    File.Notes.push_back("dropped " + quotedList(Dropped) + " from the command of '" +
                         File.Input + "': clang does not know " +
                         (Dropped.size() == 1 ? "it" : "them"));
  if (FromDatabase) {
    std::string Note = olderStandardNote(CommandLine);
    if (!Note.empty())
      File.Notes.push_back("the compilation database compiles '" + File.Input +
                           "' " + Note);
  }
}

} // namespace

std::vector<std::string> dropUnknownOptions(std::vector<std::string> &CommandLine) {
  namespace options = clang::driver::options;
  if (CommandLine.size() < 2)
    return {};
  std::vector<const char *> Args;
  for (auto It = CommandLine.begin() + 1; It != CommandLine.end(); ++It)
    Args.push_back(It->c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = clang::driver::getDriverOptTable().ParseArgs(
      Args, MissingIndex, MissingCount,
      llvm::opt::Visibility(options::ClangOption));
  std::vector<bool> Drop(CommandLine.size(), false);
  for (const llvm::opt::Arg *A : Parsed) {
    const llvm::opt::Option &Option = A->getOption();
    bool Unknown = Option.getKind() == llvm::opt::Option::UnknownClass;
    // Known only to be ignored, with a warning about each.
    bool Ignored = Option.matches(options::OPT_clang_ignored_gcc_optimization_f_Group) ||
                   Option.matches(options::OPT_clang_ignored_f_Group) ||
                   Option.matches(options::OPT_clang_ignored_m_Group);
    if (!Unknown && !Ignored)
      continue;
    // Each of them is one argument (a flag, or joined with its value).
    Drop[A->getIndex() + 1] = true;
  }
  std::vector<std::string> Kept, Dropped;
  for (size_t I = 0; I < CommandLine.size(); ++I)
    (Drop[I] ? Dropped : Kept).push_back(CommandLine[I]);
  CommandLine = std::move(Kept);
  return Dropped;
}

std::string olderStandardNote(const std::vector<std::string> &CommandLine) {
  std::optional<std::string> Standard;
  for (size_t I = 1; I < CommandLine.size(); ++I) {
    llvm::StringRef Arg = CommandLine[I];
    if (Arg.consume_front("-std=") || Arg.consume_front("--std="))
      Standard = Arg.str();
    else if ((Arg == "-std" || Arg == "--std") && I + 1 < CommandLine.size())
      Standard = CommandLine[++I];
  }
  const char *Advice = "; C++20 sources (the unrewritten files) need an entry of "
                       "their own, or `-- -std=c++20`";
  if (!Standard) // clang's default
    return std::string("without -std, as C++17") + Advice;
  const clang::LangStandard *Lang =
      clang::LangStandard::getLangStandardForName(*Standard);
  if (!Lang || !Lang->isCPlusPlus() || Lang->isCPlusPlus20())
    return "";
  return "with -std=" + *Standard + Advice;
}

std::optional<std::vector<FileCommand>>
compileCommands(const CompilationOptions &Options) {
  std::unique_ptr<CompilationDatabase> Given;
  if (!Options.BuildDir.empty() && !(Given = loadGivenDatabase(Options.BuildDir)))
    return std::nullopt;
  DatabaseFinder Finder;
  std::vector<FileCommand> Commands;
  for (const std::string &Input : Options.Files) {
    FileCommand File;
    File.Input = Input;
    File.Path = absolutePath(Input == "-" ? Options.AssumeFilename : Input);
    CompilationDatabase *Database = Given ? Given.get() : Finder.forSource(File.Path);
    std::optional<CompileCommand> Found;
    if (Database)
      Found = databaseCommand(*Database, File.Path, /*ListedOnly=*/!Given);
    if (Given && !Found) {
      llvm::errs() << "unawait: error: '" << Input
                   << "' is not in the compilation database in '"
                   << Options.BuildDir << "'\n";
      return std::nullopt;
    }
    File.Command = Found ? std::move(*Found) : fixedCommand(Options, File.Path);
    adjustCommand(Options, File, Found.has_value());
    Commands.push_back(std::move(File));
  }
  return Commands;
}

} // namespace unawait
