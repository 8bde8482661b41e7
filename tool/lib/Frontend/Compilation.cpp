#include "Frontend/Compilation.h"

#include "Frontend/AsyncFunctionFinder.h"
#include "Frontend/CompileCommands.h"
#include "Frontend/MisplacedAnnotation.h"
#include "Frontend/PendingInstances.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

namespace unawait {

namespace {

/// True if \p D is, or its namespace or class holds, an external async
/// function (a header's, see isExternalCandidate). Walks declaration contexts
/// only, never bodies, so headers cost little.
bool holdsExternalAsync(const clang::Decl *D, const clang::SourceManager &SM) {
  if (const auto *Template = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
    D = Template->getTemplatedDecl();
  else if (const auto *Template = llvm::dyn_cast<clang::ClassTemplateDecl>(D))
    D = Template->getTemplatedDecl();
  if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
    return FD->doesThisDeclarationHaveABody() && isAnnotatedAsync(FD) &&
           isExternalCandidate(FD, SM);
  const auto *Class = llvm::dyn_cast<clang::CXXRecordDecl>(D);
  bool NameableClass = Class && Class->isThisDeclarationADefinition() &&
                       (!Class->isTemplated() || Class->getDescribedClassTemplate());
  if (!NameableClass && !llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl>(D))
    return false;
  for (const clang::Decl *Inner : llvm::cast<clang::DeclContext>(D)->decls())
    if (holdsExternalAsync(Inner, SM))
      return true;
  return false;
}

/// The top-level declarations the tool looks at, in order: those of the main
/// file (beginning in it, or expanded from a macro there), and those of
/// headers that hold an external async function.
std::vector<clang::Decl *> mainFileDecls(clang::ASTContext &Context) {
  const clang::SourceManager &SM = Context.getSourceManager();
  std::vector<clang::Decl *> Decls;
  for (clang::Decl *D : Context.getTranslationUnitDecl()->decls()) {
    if (D->getLocation().isInvalid())
      continue;
    clang::SourceLocation At = SM.getExpansionLoc(D->getBeginLoc());
    if (SM.isInMainFile(At) || (!SM.isInSystemHeader(At) && holdsExternalAsync(D, SM)))
      Decls.push_back(D);
  }
  return Decls;
}

class HandlerConsumer : public clang::SemaConsumer {
public:
  HandlerConsumer(const TranslationUnitHandler &Handle,
                  clang::DiagnosticsEngine &Engine, std::string File)
      : Handle(Handle), Engine(Engine), Diags(Engine), File(std::move(File)) {}

  void InitializeSema(clang::Sema &S) override { TheSema = &S; }

  /// The bodies of the functions of system headers are not parsed (as
  /// clangd's preamble does not): the tool looks at nothing in them (no
  /// function there is external, see isExternalCandidate), and parsing them
  /// was a fifth of the parse of a small file (issue 10). Clang parses what
  /// the rest of the file may need anyway: constexpr functions and deduced
  /// return types (Sema::canSkipFunctionBody).
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    const clang::SourceManager &SM = D->getASTContext().getSourceManager();
    const clang::FunctionDecl *F = D->getAsFunction();
    return F && !isAnnotatedAsync(F) &&
           SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
  }
  void ForgetSema() override { TheSema = nullptr; }

  void HandleTranslationUnit(clang::ASTContext &Context) override {
    // Everything the tool looks at is the main file's: its traversals from
    // the translation unit (RecursiveASTVisitor, and the parent map behind
    // ASTContext::getParents, built on first use) skip the headers, which
    // were most of the parent map's cost (issue 10).
    Context.setTraversalScope(mainFileDecls(Context));
    if (TheSema && !Diags.hasErrors())
      instantiatePendingInstances(*TheSema);
    // A translation unit clang could not parse is not analysed: its AST may
    // be incomplete, and clang's own errors already explain the problem.
    if (Diags.hasErrors()) {
      noteMisplacedAnnotations(Context, Engine);
      return;
    }
    Handle(Context, Diags, File);
  }

private:
  const TranslationUnitHandler &Handle;
  clang::DiagnosticsEngine &Engine;
  DiagnosticReporter Diags;
  std::string File;
  clang::Sema *TheSema = nullptr;
};

class HandlerAction : public clang::ASTFrontendAction {
public:
  HandlerAction(const TranslationUnitHandler &Handle, std::string Input,
                llvm::raw_ostream &Diagnostics)
      : Handle(Handle), Input(std::move(Input)), Diagnostics(Diagnostics) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    // "N errors generated." belongs with the file's other diagnostics.
    CI.setVerboseOutputStream(Diagnostics);
    CI.getFrontendOpts().SkipFunctionBodies = true; // (those the consumer says)
    return std::make_unique<HandlerConsumer>(Handle, CI.getDiagnostics(), Input);
  }

private:
  const TranslationUnitHandler &Handle;
  std::string Input;
  llvm::raw_ostream &Diagnostics;
};

class HandlerActionFactory : public clang::tooling::FrontendActionFactory {
public:
  HandlerActionFactory(const TranslationUnitHandler &Handle, std::string Input,
                       llvm::raw_ostream &Diagnostics)
      : Handle(Handle), Input(std::move(Input)), Diagnostics(Diagnostics) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<HandlerAction>(Handle, Input, Diagnostics);
  }

private:
  const TranslationUnitHandler &Handle;
  std::string Input;
  llvm::raw_ostream &Diagnostics;
};

/// The one command CompileCommands decided for a file, as ClangTool wants it.
class OneCommandDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit OneCommandDatabase(clang::tooling::CompileCommand Command)
      : Command(std::move(Command)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {Command};
  }

private:
  clang::tooling::CompileCommand Command;
};

/// A missing input is an input error, said once and plainly (clang's driver
/// would add "no input files" and a complaint about its compiler jobs).
bool inputsExist(const CompilationOptions &Options) {
  for (const std::string &File : Options.Files) {
    if (File == "-")
      continue;
    llvm::sys::fs::file_status Status;
    std::error_code EC = llvm::sys::fs::status(File, Status);
    if (!EC && llvm::sys::fs::is_directory(Status))
      EC = std::make_error_code(std::errc::is_a_directory);
    if (EC) {
      llvm::errs() << "unawait: error: cannot read '" << File
                   << "': " << EC.message() << "\n";
      return false;
    }
  }
  return true;
}

/// What parsing one file printed, and whether it failed.
struct FileRun {
  std::string Diagnostics;
  bool Failed = true;
};

void addArgumentAdjusters(clang::tooling::ClangTool &Tool,
                          const CompilationOptions &Options) {
  // An annotated lambda carries UNAWAIT_ASYNC where C++23 puts a lambda's
  // attributes (`[] UNAWAIT_ASYNC (int n) -> ...`), which clang accepts in
  // C++20 with a warning: the annotation's documented place is not worth one.
  Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      "-Wno-c++23-lambda-attributes", clang::tooling::ArgumentInsertPosition::BEGIN));
  if (!Options.DependencyFile.empty())
    Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        {"-MD", "-MF", Options.DependencyFile, "-MT", Options.DependencyTarget},
        clang::tooling::ArgumentInsertPosition::END));
}

/// The command's diagnostic options (-fno-caret-diagnostics, ...), as clang
/// would print them on standard error: in colour when that is a terminal.
std::unique_ptr<clang::DiagnosticOptions>
diagnosticOptions(const clang::tooling::CompileCommand &Command) {
  std::vector<const char *> Argv;
  for (const std::string &Arg : Command.CommandLine)
    Argv.push_back(Arg.c_str());
  std::unique_ptr<clang::DiagnosticOptions> Options =
      clang::CreateAndPopulateDiagOpts(Argv);
  bool NoColor = llvm::is_contained(Command.CommandLine, "-fno-color-diagnostics") ||
                 llvm::is_contained(Command.CommandLine, "-fno-diagnostics-color");
  Options->ShowColors = llvm::errs().has_colors() && !NoColor;
  return Options;
}

FileRun parseFile(const FileCommand &File, const CompilationOptions &Options,
                  const TranslationUnitHandler &Handle,
                  const std::string *StandardInput) {
  FileRun Run;
  llvm::raw_string_ostream Out(Run.Diagnostics);
  Out.enable_colors(llvm::errs().has_colors());
  if (!Options.Quiet)
    for (const std::string &Note : File.Notes)
      Out << "unawait: note: " << Note << "\n";
  OneCommandDatabase Database(File.Command);
  // A file system of its own: ClangTool sets the working directory of the
  // command on it, which on the process-wide one would race other threads.
  clang::tooling::ClangTool Tool(Database, {File.Path},
                                 std::make_shared<clang::PCHContainerOperations>(),
                                 llvm::vfs::createPhysicalFileSystem());
  if (StandardInput && File.Input == "-")
    Tool.mapVirtualFile(File.Path, *StandardInput);
  Tool.setPrintErrorMessage(false);
  addArgumentAdjusters(Tool, Options);
  clang::TextDiagnosticPrinter Printer(Out, diagnosticOptions(File.Command).release());
  Tool.setDiagnosticConsumer(&Printer);
  HandlerActionFactory Factory(Handle, File.Input, Out);
  int Status = Tool.run(&Factory);
  // Any error line, the driver's included, fails the file.
  Run.Failed = Status != 0 || Printer.getNumErrors() > 0;
  return Run;
}

/// Prints each file's diagnostics in input order as soon as the files before
/// it are done, with a progress line on a terminal.
class OrderedPrinter {
public:
  OrderedPrinter(size_t Count, bool Progress)
      : Runs(Count), Done(Count, false), Progress(Progress) {}

  void finished(size_t Index, FileRun Run, llvm::StringRef Input) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Runs[Index] = std::move(Run);
    Done[Index] = true;
    ++Finished;
    clearProgress();
    for (; Next < Runs.size() && Done[Next]; ++Next)
      llvm::errs() << Runs[Next].Diagnostics;
    if (Progress && Finished < Runs.size())
      llvm::errs() << "[" << Finished << "/" << Runs.size() << "] " << Input;
    llvm::errs().flush();
  }

  std::vector<bool> failures() const {
    std::vector<bool> Failed;
    for (const FileRun &Run : Runs)
      Failed.push_back(Run.Failed);
    return Failed;
  }

private:
  void clearProgress() {
    if (Progress)
      llvm::errs() << "\r\x1b[K";
  }

  std::mutex Mutex;
  std::vector<FileRun> Runs;
  std::vector<bool> Done;
  size_t Next = 0;
  size_t Finished = 0;
  bool Progress;
};

unsigned coreCount(const CompilationOptions &Options) {
  return llvm::hardware_concurrency(Options.Jobs).compute_thread_count();
}

/// The files parsed at once.
unsigned threadCount(const CompilationOptions &Options) {
  return std::max(1u, std::min<unsigned>(coreCount(Options), Options.Files.size()));
}

} // namespace

unsigned threadsPerFile(const CompilationOptions &Options) {
  return std::max(1u, coreCount(Options) / threadCount(Options));
}

std::vector<std::string> defaultCompilerArgs(llvm::StringRef RuntimeIncludeDir) {
  return {"-std=c++20", "-I" + RuntimeIncludeDir.str()};
}

CompilationResult processFiles(const CompilationOptions &Options,
                               const TranslationUnitHandler &Handle,
                               std::vector<bool> *FailedFiles) {
  if (!inputsExist(Options))
    return CompilationResult::InputErrors;
  std::optional<std::vector<FileCommand>> Commands = compileCommands(Options);
  if (!Commands)
    return CompilationResult::UsageError;
  std::optional<std::string> StandardInput;
  if (llvm::is_contained(Options.Files, "-")) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getSTDIN();
    if (!Buffer) {
      llvm::errs() << "unawait: error: cannot read standard input: "
                   << Buffer.getError().message() << "\n";
      return CompilationResult::InputErrors;
    }
    StandardInput = (*Buffer)->getBuffer().str();
  }
  bool Progress = !Options.Quiet && Commands->size() > 1 && llvm::errs().is_displayed();
  OrderedPrinter Printer(Commands->size(), Progress);
  auto parseOne = [&](size_t Index) {
    const FileCommand &File = (*Commands)[Index];
    Printer.finished(Index,
                     parseFile(File, Options, Handle,
                               StandardInput ? &*StandardInput : nullptr),
                     File.Input);
  };
  unsigned Threads = threadCount(Options);
  if (Threads == 1) {
    for (size_t I = 0; I < Commands->size(); ++I)
      parseOne(I);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
    for (size_t I = 0; I < Commands->size(); ++I)
      Pool.async(parseOne, I);
    Pool.wait();
  }
  std::vector<bool> Failed = Printer.failures();
  if (FailedFiles)
    *FailedFiles = Failed;
  return llvm::is_contained(Failed, true) ? CompilationResult::InputErrors
                                          : CompilationResult::Success;
}

} // namespace unawait
