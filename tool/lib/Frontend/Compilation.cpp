#include "Frontend/Compilation.h"

#include "Frontend/AsyncFunctionFinder.h"
#include "Frontend/MisplacedAnnotation.h"
#include "Frontend/PendingInstances.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace unawait {

namespace {

/// True if \p D is, or its namespace holds, an external async function (a
/// header's, see isExternalCandidate). Walks declaration contexts only, never
/// bodies, so headers cost little.
bool holdsExternalAsync(const clang::Decl *D, const clang::SourceManager &SM) {
  if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
    return FD->doesThisDeclarationHaveABody() && isAnnotatedAsync(FD) &&
           isExternalCandidate(FD, SM);
  if (!llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl>(D))
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
  explicit HandlerAction(const TranslationUnitHandler &Handle)
      : Handle(Handle) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override {
    return std::make_unique<HandlerConsumer>(Handle, CI.getDiagnostics(),
                                             InFile.str());
  }

private:
  const TranslationUnitHandler &Handle;
};

class HandlerActionFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit HandlerActionFactory(const TranslationUnitHandler &Handle)
      : Handle(Handle) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<HandlerAction>(Handle);
  }

private:
  const TranslationUnitHandler &Handle;
};

std::unique_ptr<clang::tooling::CompilationDatabase>
loadDatabase(const CompilationOptions &Options) {
  using clang::tooling::FixedCompilationDatabase;
  if (!Options.BuildDir.empty()) {
    if (!llvm::sys::fs::is_directory(Options.BuildDir)) {
      llvm::errs() << "unawait: error: -p " << Options.BuildDir
                   << ": no such directory\n";
      return nullptr;
    }
    llvm::SmallString<256> Json(Options.BuildDir);
    llvm::sys::path::append(Json, "compile_commands.json");
    if (!llvm::sys::fs::exists(Json)) {
      llvm::errs() << "unawait: error: -p " << Options.BuildDir
                   << ": no compile_commands.json in this directory\n";
      return nullptr;
    }
    std::string Error;
    auto Database = clang::tooling::CompilationDatabase::loadFromDirectory(
        Options.BuildDir, Error);
    if (!Database) {
      // One line per database plugin that failed: keep them on one line.
      llvm::SmallVector<llvm::StringRef, 4> Lines;
      llvm::StringRef(Error).trim().split(Lines, '\n', -1, false);
      llvm::errs() << "unawait: error: cannot load the compilation database in '"
                   << Options.BuildDir << "': " << llvm::join(Lines, "; ") << "\n";
    }
    return Database;
  }
  std::vector<std::string> Args =
      Options.CompilerArgs ? *Options.CompilerArgs
                           : defaultCompilerArgs(Options.RuntimeIncludeDir);
  return std::make_unique<FixedCompilationDatabase>(".", Args);
}

} // namespace

std::vector<std::string> defaultCompilerArgs(llvm::StringRef RuntimeIncludeDir) {
  return {"-std=c++20", "-I" + RuntimeIncludeDir.str()};
}

CompilationResult processFiles(const CompilationOptions &Options,
                               const TranslationUnitHandler &Handle) {
  // A missing input is an input error, said once and plainly (clang's driver
  // would add "no input files" and a complaint about its compiler jobs).
  for (const std::string &File : Options.Files) {
    llvm::sys::fs::file_status Status;
    std::error_code EC = llvm::sys::fs::status(File, Status);
    if (!EC && llvm::sys::fs::is_directory(Status))
      EC = std::make_error_code(std::errc::is_a_directory);
    if (EC) {
      llvm::errs() << "unawait: error: cannot read '" << File
                   << "': " << EC.message() << "\n";
      return CompilationResult::InputErrors;
    }
  }
  std::unique_ptr<clang::tooling::CompilationDatabase> Database =
      loadDatabase(Options);
  if (!Database)
    return CompilationResult::UsageError;
  for (const std::string &File : Options.Files) {
    if (!Options.BuildDir.empty() && Database->getCompileCommands(File).empty()) {
      llvm::errs() << "unawait: error: '" << File
                   << "' is not in the compilation database in '"
                   << Options.BuildDir << "'\n";
      return CompilationResult::UsageError;
    }
  }
  clang::tooling::ClangTool Tool(*Database, Options.Files);
  Tool.setPrintErrorMessage(false);
  // An annotated lambda carries UNAWAIT_ASYNC where C++23 puts a lambda's
  // attributes (`[] UNAWAIT_ASYNC (int n) -> ...`), which clang accepts in
  // C++20 with a warning: the annotation's documented place is not worth one.
  Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      "-Wno-c++23-lambda-attributes", clang::tooling::ArgumentInsertPosition::BEGIN));
  if (!Options.DependencyFile.empty())
    Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        {"-MD", "-MF", Options.DependencyFile, "-MT", Options.DependencyTarget},
        clang::tooling::ArgumentInsertPosition::END));
  HandlerActionFactory Factory(Handle);
  return Tool.run(&Factory) == 0 ? CompilationResult::Success
                                 : CompilationResult::InputErrors;
}

} // namespace unawait
