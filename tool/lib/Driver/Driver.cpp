#include "Driver/Driver.h"

#include "Analysis/AsyncFunctionModel.h"
#include "Analysis/Unsupported.h"
#include "Frontend/Compilation.h"
#include "Report/FrameLimit.h"
#include "Report/ReportDiff.h"
#include "Report/SizeReport.h"
#include "Driver/DependencyFile.h"
#include "Driver/OutputFile.h"
#include "Driver/UnifiedDiff.h"
#include "Transform/FileRewriter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/TargetSelect.h"
#include <atomic>
#include <map>
#include <set>
#include <mutex>

namespace unawait {

namespace cl = llvm::cl;

namespace {

/// The options of both subcommands. Created once per run: llvm::cl keeps
/// pointers to them in its global registry.
struct Options {
  cl::OptionCategory Category{"unawait options"};
  cl::SubCommand Rewrite{"rewrite",
                         "Rewrite annotated async functions into state machines"};
  cl::SubCommand Sizes{"sizes", "Report the frame size of each async function"};

  cl::list<std::string> Files{cl::Positional, cl::desc("<file>..."),
                              cl::sub(Rewrite), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<std::string> BuildPath{
      "p",
      cl::desc("The build directory holding compile_commands.json, or that "
               "file; without -p, the first compile_commands.json in a file's "
               "parent directories is used for the files it lists"),
      cl::value_desc("build-dir"), cl::sub(Rewrite), cl::sub(Sizes),
      cl::cat(Category)};
  cl::list<std::string> ExtraArgs{
      "extra-arg",
      cl::desc("An argument to append to the compiler command line"),
      cl::value_desc("arg"), cl::sub(Rewrite), cl::sub(Sizes), cl::cat(Category)};
  cl::list<std::string> ExtraArgsBefore{
      "extra-arg-before",
      cl::desc("An argument to prepend to the compiler command line"),
      cl::value_desc("arg"), cl::sub(Rewrite), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<std::string> Target{
      "target",
      cl::desc("Compile for this target triple (frame sizes depend on it); by "
               "default the database compiler's name says it "
               "(arm-none-eabi-g++), else the host"),
      cl::value_desc("triple"), cl::sub(Rewrite), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<unsigned> Jobs{
      "j", cl::desc("Parse this many files at once (default: one per core)"),
      cl::value_desc("n"), cl::init(0), cl::sub(Rewrite), cl::sub(Sizes),
      cl::cat(Category)};
  cl::opt<bool> Quiet{
      "quiet",
      cl::desc("Print no notes of unawait's own, no progress line and no summary"),
      cl::sub(Rewrite), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<std::string> AssumeFilename{
      "assume-filename",
      cl::desc("The name of the file read from standard input ('-'): where its "
               "#includes and its compilation database entry are found"),
      cl::value_desc("name"), cl::init("stdin.cpp"), cl::sub(Rewrite),
      cl::sub(Sizes), cl::cat(Category)};

  cl::opt<std::string> Output{"o", cl::desc("Write the rewritten file here"),
                              cl::value_desc("file"), cl::sub(Rewrite),
                              cl::cat(Category)};
  cl::opt<std::string> DepFile{
      "depfile",
      cl::desc("Also write a Make-style dependency file (the output depends on "
               "the input and every header it includes), for Ninja and Make; "
               "needs -o"),
      cl::value_desc("file"), cl::sub(Rewrite), cl::cat(Category)};
  cl::opt<bool> InPlace{"i", cl::desc("Rewrite the files in place"),
                        cl::sub(Rewrite), cl::cat(Category)};
  cl::opt<bool> Check{
      "check",
      cl::desc("Write nothing: print a unified diff and fail (status 1) when "
               "the -o file (or, with -i, the source) is not what the rewrite "
               "gives, for CI"),
      cl::sub(Rewrite), cl::cat(Category)};
  cl::opt<bool> LineDirectives{
      "line-directives",
      cl::desc("Emit #line so that compiler errors and debuggers point at the "
               "original source"),
      cl::sub(Rewrite), cl::cat(Category)};
  cl::opt<bool> SizeAsserts{
      "emit-size-asserts",
      cl::desc("Emit static_assert(sizeof(...) == N) for every generated class"),
      cl::sub(Rewrite), cl::cat(Category)};

  cl::opt<bool> DumpLowered{
      "dump-lowered",
      cl::desc("Print each function's lowered body instead of rewriting (for "
               "debugging unawait)"),
      cl::sub(Rewrite), cl::cat(Category), cl::Hidden};
  cl::opt<bool> ListUnsupported{
      "list-unsupported",
      cl::desc("Print the constructs unawait rejects, as README.md lists them"),
      cl::cat(Category)};

  cl::opt<ReportFormat> Format{
      "format", cl::desc("Report format"),
      cl::values(clEnumValN(ReportFormat::Text, "text", "like rustc -Zprint-type-sizes"),
                 clEnumValN(ReportFormat::Json, "json", "the SPEC's JSON schema"),
                 clEnumValN(ReportFormat::Markdown, "markdown", "tables for code review")),
      cl::init(ReportFormat::Text), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<uint64_t> MaxFrameSize{
      "max-frame-size",
      cl::desc("Fail (status 1) for every function whose frame is larger"),
      cl::value_desc("bytes"), cl::init(0), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<bool> NoHeap{
      "no-heap",
      cl::desc("Fail (status 1) for every frame boxed in a heap-allocated "
               "unawait::Async<T>"),
      cl::sub(Sizes), cl::cat(Category)};
  cl::opt<std::string> ReportOutput{
      "o",
      cl::desc("Write the report (or the diff) here; not written when a gate fails, "
               "except the diff"),
      cl::value_desc("file"), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<std::string> ReportDepFile{
      "depfile",
      cl::desc("Also write a Make-style dependency file (the -o report depends on "
               "the inputs and every header they include), for the size step of "
               "a build; needs -o"),
      cl::value_desc("file"), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<bool> Diff{"diff",
                     cl::desc("Compare two JSON reports: --diff BASE.json HEAD.json"),
                     cl::sub(Sizes), cl::cat(Category)};
  cl::opt<std::string> FailOnGrowth{
      "fail-on-growth",
      cl::desc("With --diff: fail (status 1) when a function's frame grew by "
               "more than BYTES, or N%"),
      cl::value_desc("bytes|N%"), cl::sub(Sizes), cl::cat(Category)};
  cl::opt<std::string> SourceLink{
      "source-link",
      cl::desc("With --diff --format=markdown: link each file:line to this URL, "
               "{file} and {line} standing for the function's "
               "(https://github.com/OWNER/REPO/blob/COMMIT/{file}#L{line})"),
      cl::value_desc("url"), cl::sub(Sizes), cl::cat(Category)};
};

void printVersion(llvm::raw_ostream &OS) {
  OS << "unawait " << UNAWAIT_VERSION << " (LLVM " << UNAWAIT_LLVM_VERSION
     << ")\n";
}

int usage(const std::string &Message) {
  llvm::errs() << "unawait: error: " << Message
               << "\nRun 'unawait --help' for usage.\n";
  return ExitUsageError;
}

/// The runtime headers: beside an installed binary (<prefix>/include), else
/// in the source tree the binary was built from.
std::string runtimeIncludeDir(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&runtimeIncludeDir));
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "include");
  llvm::SmallString<256> Umbrella(Installed);
  llvm::sys::path::append(Umbrella, "unawait", "unawait.hpp");
  if (llvm::sys::fs::exists(Umbrella))
    return Installed.str().str();
  return UNAWAIT_SOURCE_RUNTIME_INCLUDE_DIR;
}

CompilationOptions compilation(const Options &O, const char *Argv0,
                               std::optional<std::vector<std::string>> CompilerArgs) {
  CompilationOptions Compile;
  Compile.Files.assign(O.Files.begin(), O.Files.end());
  Compile.BuildDir = O.BuildPath;
  Compile.CompilerArgs = std::move(CompilerArgs);
  Compile.ExtraArgs.assign(O.ExtraArgs.begin(), O.ExtraArgs.end());
  Compile.ExtraArgsBefore.assign(O.ExtraArgsBefore.begin(), O.ExtraArgsBefore.end());
  Compile.Target = O.Target;
  Compile.AssumeFilename = O.AssumeFilename;
  // Lowered bodies are printed as they are made: one file at a time.
  Compile.Jobs = O.DumpLowered ? 1 : O.Jobs.getValue();
  Compile.Quiet = O.Quiet;
  Compile.RuntimeIncludeDir = runtimeIncludeDir(Argv0);
  if (!O.DepFile.empty()) {
    // clang writes it during the parse; it replaces DepFile only once the
    // output is written, so a failed rewrite leaves neither behind.
    Compile.DependencyFile = O.DepFile + ".tmp";
    Compile.DependencyTarget = O.Output;
  }
  return Compile;
}

int exitStatus(CompilationResult Result) {
  switch (Result) {
  case CompilationResult::Success:
    return ExitSuccess;
  case CompilationResult::InputErrors:
    return ExitInputError;
  case CompilationResult::UsageError:
    return ExitUsageError;
  }
  return ExitInputError;
}

/// What -i did with several files, for the summary line.
struct InPlaceSummary {
  unsigned Rewritten = 0, Unchanged = 0, Failed = 0;
};

void printSummary(const Options &O, const InPlaceSummary &Summary) {
  if (!O.InPlace || O.Quiet || O.Check || O.Files.size() < 2)
    return;
  llvm::errs() << "unawait: " << Summary.Rewritten << " rewritten, "
               << Summary.Unchanged << " unchanged, " << Summary.Failed
               << " failed" << (Summary.Failed ? ": no file was written" : "")
               << "\n";
}

std::string contentsOrEmpty(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : "";
}

/// --check: the diff that would make \p Target the rewrite; true when none.
bool checkOutput(llvm::StringRef Target, llvm::StringRef Text) {
  std::string Current = contentsOrEmpty(Target);
  if (Current == Text)
    return true;
  llvm::outs() << unifiedDiff(Current, Text, Target, (Target + " (rewritten)").str());
  return false;
}

int usageOfRewrite(const Options &O) {
  if (!O.Output.empty() && O.InPlace)
    return usage("-o and -i cannot be used together");
  if (!O.Output.empty() && O.Files.size() > 1)
    return usage("-o takes one input file");
  if (!O.DepFile.empty() && O.Output.empty())
    return usage("--depfile needs -o: the dependency file names the output");
  if (O.InPlace && llvm::is_contained(O.Files, "-"))
    return usage("-i cannot rewrite standard input: give -o or nothing");
  if (O.Check && O.Output.empty() && !O.InPlace)
    return usage("--check compares with a file: give -o OUT or -i");
  if (O.Check && !O.DepFile.empty())
    return usage("--check writes nothing: it takes no --depfile");
  if (llvm::count(O.Files, "-") > 1)
    return usage("standard input ('-') can be read once");
  return ExitSuccess;
}

/// The path of an input file as the command line spelled it (clang's tools
/// make paths absolute; a report should read like the command that made it).
std::string asGiven(const std::string &Path, const std::vector<std::string> &Files) {
  auto normal = [](llvm::StringRef P) {
    llvm::SmallString<256> Absolute(P);
    llvm::sys::fs::make_absolute(Absolute);
    llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
    return std::string(Absolute);
  };
  std::string Normal = normal(Path);
  for (const std::string &File : Files)
    if (normal(File) == Normal)
      return File;
  return Path;
}

/// The name clang opened the main file by (clang's tools make it absolute).
std::string mainFileName(const clang::ASTContext &Context) {
  const clang::SourceManager &SM = Context.getSourceManager();
  clang::OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  return Main ? Main->getName().str() : "";
}

int writeRewrites(const Options &O, const CompilationOptions &Compile) {
  if (int Status = usageOfRewrite(O))
    return Status;
  EmitOptions Emit;
  Emit.LineDirectives = O.LineDirectives;
  Emit.SizeAsserts = O.SizeAsserts;
  std::map<std::string, std::string> Rewritten;
  std::mutex RewrittenMutex; // files are rewritten on several threads (-j)
  std::vector<bool> Failed;
  CompilationResult Result = processFiles(
      Compile, [&](clang::ASTContext &Context, DiagnosticReporter &Diags,
                   llvm::StringRef File) {
        ModelRegistry Models;
        if (!analyzeTranslationUnit(Context, Diags, Models))
          return;
        if (O.DumpLowered) {
          for (const AsyncFunctionModel &Model : Models.models())
            if (!Model.InstanceOf)
              llvm::outs() << Model.Name << ":\n" << dumpLoweredBody(Model.Body);
          return;
        }
        EmitOptions EmitFile = Emit;
        EmitFile.MainFileName = asGiven(mainFileName(Context), Compile.Files);
        EmitFile.FormatThreads = threadsPerFile(Compile);
        if (std::optional<std::string> Text =
                rewriteMainFile(Context, Diags, Models, EmitFile)) {
          std::lock_guard<std::mutex> Lock(RewrittenMutex);
          Rewritten[File.str()] = std::move(*Text);
        }
      },
      &Failed);
  InPlaceSummary Summary;
  if (Result != CompilationResult::Success || O.DumpLowered) {
    Summary.Failed = llvm::count(Failed, true);
    Summary.Unchanged = Failed.size() - Summary.Failed;
    printSummary(O, Summary);
    return exitStatus(Result);
  }
  // Nothing is written until every file is rewritten without error.
  bool Stale = false;
  for (const std::string &File : Compile.Files) {
    auto Found = Rewritten.find(File);
    if (Found == Rewritten.end())
      return usage("internal error: no output for '" + File + "'");
    std::string Target = O.InPlace ? File : O.Output.getValue();
    if (O.Check) {
      Stale |= !checkOutput(Target, Found->second);
      continue;
    }
    if (Target.empty()) {
      if (Compile.Files.size() > 1)
        llvm::outs() << "// unawait: rewritten from " << File << "\n";
      llvm::outs() << Found->second;
      continue;
    }
    // An unchanged file is not rewritten: its timestamp stays.
    if (O.InPlace && contentsOrEmpty(File) == Found->second) {
      ++Summary.Unchanged;
      continue;
    }
    std::string Error = writeOutput(Target, Found->second);
    if (!Error.empty()) {
      llvm::errs() << "unawait: error: " << Error << "\n";
      return ExitInputError;
    }
    ++Summary.Rewritten;
  }
  printSummary(O, Summary);
  return Stale ? ExitInputError : ExitSuccess;
}

/// Moves clang's dependency file into place when the rewrite succeeded, and
/// removes it otherwise.
int finishDependencyFile(const Options &O, const CompilationOptions &Compile,
                         int Status) {
  if (Compile.DependencyFile.empty())
    return Status;
  if (Status != ExitSuccess) {
    llvm::sys::fs::remove(Compile.DependencyFile);
    return Status;
  }
  if (std::error_code EC = llvm::sys::fs::rename(Compile.DependencyFile, O.DepFile)) {
    llvm::errs() << "unawait: error: cannot write '" << O.DepFile
                 << "': " << EC.message() << "\n";
    llvm::sys::fs::remove(Compile.DependencyFile);
    return ExitInputError;
  }
  return Status;
}

int runRewrite(const Options &O, const CompilationOptions &Compile) {
  return finishDependencyFile(O, Compile, writeRewrites(O, Compile));
}

int usageOfSizes(const Options &O) {
  if (O.Diff && !O.ReportDepFile.empty())
    return usage("--diff reads two reports: it takes no --depfile");
  if (!O.Diff && O.FailOnGrowth.getNumOccurrences())
    return usage("--fail-on-growth compares two reports: use it with --diff");
  if (!O.ReportDepFile.empty() && O.ReportOutput.empty())
    return usage("--depfile needs -o: the dependency file names the output");
  if (O.SourceLink.getNumOccurrences() &&
      (!O.Diff || O.Format != ReportFormat::Markdown))
    return usage("--source-link links the markdown diff: use it with --diff "
                 "--format=markdown");
  if (O.SourceLink.getNumOccurrences() && !llvm::StringRef(O.SourceLink).contains("{file}"))
    return usage("--source-link needs {file} in the URL, where the file's path goes");
  return ExitSuccess;
}

/// Prints the report, or with -o writes it and the --depfile naming \p Read.
int writeReport(const Options &O, llvm::StringRef Report,
                const std::set<std::string> &Read) {
  if (O.ReportOutput.empty()) {
    llvm::outs() << Report;
    return ExitSuccess;
  }
  std::string Error = writeOutput(O.ReportOutput, Report);
  if (Error.empty() && !O.ReportDepFile.empty())
    Error = writeOutput(O.ReportDepFile, makeDependencies(O.ReportOutput, Read));
  if (Error.empty())
    return ExitSuccess;
  llvm::errs() << "unawait: error: " << Error << "\n";
  return ExitInputError;
}

/// `sizes --diff BASE.json HEAD.json`, gated by --fail-on-growth.
int runDiff(const Options &O) {
  if (O.Files.size() != 2)
    return usage("--diff takes two JSON reports: BASE.json HEAD.json");
  std::optional<GrowthLimit> Limit;
  if (O.FailOnGrowth.getNumOccurrences()) {
    llvm::Expected<GrowthLimit> Parsed = parseGrowthLimit(O.FailOnGrowth);
    if (!Parsed)
      return usage(llvm::toString(Parsed.takeError()));
    Limit = *Parsed;
  }
  auto Base = llvm::MemoryBuffer::getFile(O.Files[0]);
  auto Head = llvm::MemoryBuffer::getFile(O.Files[1]);
  if (!Base || !Head) {
    llvm::errs() << "unawait: error: cannot read '"
                 << (Base ? O.Files[1] : O.Files[0]) << "'\n";
    return ExitInputError;
  }
  llvm::Expected<SizeDiff> Diff =
      diffReports((*Base)->getBuffer(), (*Head)->getBuffer());
  if (!Diff) {
    llvm::errs() << "unawait: error: " << llvm::toString(Diff.takeError()) << "\n";
    return ExitInputError;
  }
  // Written also when the gate fails: the diff is what a reviewer reads then.
  if (int Status = writeReport(O, renderDiff(*Diff, O.Format, O.SourceLink), {}))
    return Status;
  if (!Limit)
    return ExitSuccess;
  std::vector<const FunctionChange *> Grown = grownBeyond(*Diff, *Limit);
  for (const FunctionChange *C : Grown)
    llvm::errs() << "unawait: error: the frame of '" << C->Display << "' grew by "
                 << C->delta() << " bytes (" << C->Base->total() << " -> "
                 << C->Head->total() << "), over the limit of " << Limit->describe()
                 << " (--fail-on-growth)\n";
  return Grown.empty() ? ExitSuccess : ExitInputError;
}

int runSizes(const Options &O, const CompilationOptions &Compile) {
  if (int Status = usageOfSizes(O))
    return Status;
  if (O.Diff)
    return runDiff(O);
  // Files are analysed on several threads (-j); the report lists them in
  // input order.
  std::map<std::string, std::vector<FunctionReport>> ByInput;
  std::mutex ByInputMutex;
  std::set<std::string> Read; // the files the parses read, for --depfile
  std::atomic<bool> OverLimit = false;
  CompilationResult Result = processFiles(
      Compile, [&](clang::ASTContext &Context, DiagnosticReporter &Diags,
                   llvm::StringRef Input) {
        ModelRegistry Models;
        if (!analyzeTranslationUnit(Context, Diags, Models))
          return;
        std::vector<FunctionReport> Reports = buildReport(Models, Context);
        for (FunctionReport &Report : Reports)
          Report.File = asGiven(Report.File, Compile.Files);
        {
          std::lock_guard<std::mutex> Lock(ByInputMutex);
          std::vector<FunctionReport> &Into = ByInput[Input.str()];
          Into.insert(Into.end(), Reports.begin(), Reports.end());
          addFilesRead(Context.getSourceManager(), Read);
        }
        if (O.MaxFrameSize && !checkFrameLimit(Models, O.MaxFrameSize, Diags))
          OverLimit = true;
        if (O.NoHeap && !checkNoHeap(Models, Diags))
          OverLimit = true;
      });
  if (Result == CompilationResult::UsageError ||
      (Result == CompilationResult::InputErrors && !OverLimit))
    return exitStatus(Result);
  std::vector<FunctionReport> Functions;
  for (const std::string &Input : Compile.Files)
    for (FunctionReport &Report : ByInput[Input])
      Functions.push_back(std::move(Report));
  std::string Report = renderReport(Functions, O.Format);
  // A failed gate writes no -o file, so that a build reruns the step.
  if (OverLimit && !O.ReportOutput.empty())
    return ExitInputError;
  int Status = writeReport(O, Report, Read);
  return OverLimit ? ExitInputError : Status;
}

} // namespace

int runDriver(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  // The target of a compiler name (arm-none-eabi-g++) is only recognised
  // among registered targets.
  llvm::InitializeAllTargetInfos();
  // The compiler arguments follow `--`; llvm::cl parses what comes before.
  std::vector<const char *> Own;
  std::optional<std::vector<std::string>> CompilerArgs;
  for (int I = 0; I < Argc; ++I) {
    if (!CompilerArgs && llvm::StringRef(Argv[I]) == "--") {
      CompilerArgs.emplace();
      continue;
    }
    if (CompilerArgs)
      CompilerArgs->push_back(Argv[I]);
    else
      Own.push_back(Argv[I]);
  }

  Options O;
  cl::HideUnrelatedOptions(O.Category);
  cl::SetVersionPrinter(printVersion);
  std::string Errors;
  llvm::raw_string_ostream ErrorStream(Errors);
  if (!cl::ParseCommandLineOptions(
          Own.size(), Own.data(),
          "unawait: rewrites annotated C++20 async functions into explicit "
          "state machines and reports their frame sizes\n\n"
          "  unawait rewrite FILE... [-o OUT | -i] [--line-directives] "
          "[--emit-size-asserts]\n"
          "                  [--check] [-j N] [-p BUILD_DIR] [-- COMPILER_ARGS...]\n"
          "  unawait sizes FILE... [--format=text|json|markdown] "
          "[--max-frame-size=BYTES] [--no-heap]\n"
          "                [-o OUT [--depfile FILE]] [-p BUILD_DIR] [-- COMPILER_ARGS...]\n"
          "  unawait sizes --diff BASE.json HEAD.json [--format=text|json|markdown]\n"
          "                [--fail-on-growth=BYTES|N%] [--source-link=URL] [-o OUT]\n\n"
          "  A file's compiler arguments come from -p BUILD_DIR (or that\n"
          "  compile_commands.json), else from the compile_commands.json of a\n"
          "  parent directory if it lists the file, else they are -std=c++20 and\n"
          "  the runtime's include directory; the arguments after -- are added to\n"
          "  a database's command, or replace those defaults. FILE '-' is standard\n"
          "  input (--assume-filename names it).\n\n"
          "  Exit status: 0 success; 1 errors in the input, a frame over the\n"
          "  limit of --max-frame-size, a box under --no-heap, growth over the\n"
          "  limit of --fail-on-growth, or a stale --check; 2 bad usage.\n",
          &ErrorStream)) {
    llvm::errs() << ErrorStream.str();
    return ExitUsageError;
  }
  if (O.ListUnsupported) {
    llvm::outs() << unsupportedList();
    return ExitSuccess;
  }
  bool IsRewrite = static_cast<bool>(O.Rewrite);
  bool IsSizes = static_cast<bool>(O.Sizes);
  if (!IsRewrite && !IsSizes)
    return usage("expected a subcommand: rewrite or sizes");
  if (O.Files.empty())
    return usage("no input files");
  CompilationOptions Compile = compilation(O, Argv[0], std::move(CompilerArgs));
  return IsRewrite ? runRewrite(O, Compile) : runSizes(O, Compile);
}

} // namespace unawait
