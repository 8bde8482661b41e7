#include "Transform/FileRewriter.h"

#include "Analysis/AnnotatedLambdas.h"
#include "Frontend/AsyncFunctionFinder.h"
#include "Transform/RegionFormatter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RawCommentList.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace unawait {

using namespace clang;

namespace {

/// Where the function's (or variable's) text starts, counting its
/// attributes and its doc comment, at the beginning of that line.
SourceLocation insertionPoint(const DeclaratorDecl *F, ASTContext &Context) {
  SourceManager &SM = Context.getSourceManager();
  const Decl *Whole = F;
  if (const auto *Function = dyn_cast<FunctionDecl>(F))
    if (const FunctionTemplateDecl *Template = Function->getDescribedFunctionTemplate())
      Whole = Template; // from `template <...>`
  SourceLocation Begin = SM.getExpansionLoc(Whole->getBeginLoc());
  // A member of a class template defined outside it: from its class's
  // `template <class T>`.
  if (SourceLocation Outer = SM.getExpansionLoc(F->getOuterLocStart());
      SM.isBeforeInTranslationUnit(Outer, Begin))
    Begin = Outer;
  for (const Attr *A : F->attrs())
    if (A->getLocation().isValid() && !A->isInherited()) {
      SourceLocation Loc = SM.getExpansionLoc(A->getRange().getBegin());
      if (SM.isBeforeInTranslationUnit(Loc, Begin))
        Begin = Loc;
    }
  if (const RawComment *Comment = Context.getRawCommentForDeclNoCache(Whole)) {
    SourceLocation Loc = SM.getExpansionLoc(Comment->getBeginLoc());
    if (SM.isBeforeInTranslationUnit(Loc, Begin))
      Begin = Loc;
  }
  auto [File, Offset] = SM.getDecomposedLoc(Begin);
  unsigned Line = SM.getLineNumber(File, Offset);
  return SM.translateLineCol(File, Line, 1);
}

/// The return type as written; for a lambda, its trailing return type
/// (which FunctionDecl::getReturnTypeSourceRange does not give).
SourceRange returnTypeRange(const FunctionDecl *F) {
  if (const TypeSourceInfo *Written = F->getTypeSourceInfo())
    if (auto Function = Written->getTypeLoc().IgnoreParens().getAs<FunctionTypeLoc>())
      return Function.getReturnLoc().getSourceRange();
  return F->getReturnTypeSourceRange();
}

/// Removes UNAWAIT_ASYNC from every declaration of F in the main file: the
/// rewritten function is no longer a coroutine. \p Removed holds what is
/// gone already: an explicit specialization carries its template's
/// annotation too, and removing it twice would eat what replaced it.
void removeAnnotations(const FunctionDecl *F, Rewriter &R,
                       llvm::DenseSet<SourceLocation> &Removed) {
  SourceManager &SM = R.getSourceMgr();
  for (const FunctionDecl *Decl : F->redecls())
    for (const auto *A : Decl->specific_attrs<AnnotateAttr>()) {
      if (A->getAnnotation() != AsyncAnnotation || A->isInherited())
        continue;
      CharSourceRange Range = SM.getExpansionRange(A->getRange());
      if (!SM.isInMainFile(Range.getBegin()) || !Removed.insert(Range.getBegin()).second)
        continue;
      SourceLocation End = Range.getEnd();
      if (Range.isTokenRange())
        End = Lexer::getLocForEndOfToken(End, 0, SM, R.getLangOpts());
      // Take the space that followed the annotation with it.
      bool Invalid = false;
      const char *After = SM.getCharacterData(End, &Invalid);
      unsigned Length = SM.getFileOffset(End) - SM.getFileOffset(Range.getBegin());
      if (!Invalid && *After == ' ')
        ++Length;
      R.RemoveText(Range.getBegin(), Length);
    }
}

bool includesStateMachineSupport(const SourceManager &SM) {
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
    if (It->first.getName().ends_with("unawait/state_machine.hpp"))
      return true;
  return false;
}

/// For a function whose class is defined after its class: the class
/// declared in the class before the function, and, after the outermost
/// class (in source order), the class defined, then the function.
void placeAfterClass(const AsyncFunctionModel &Model, const EmittedFunction &Emitted,
                     Rewriter &R, ASTContext &Context, const EmitOptions &Options) {
  SourceManager &SM = Context.getSourceManager();
  R.InsertTextBefore(insertionPoint(Model.Function.Definition, Context),
                     Emitted.ClassDeclaration);
  SourceLocation After = afterClassDefinition(*Model.DefinedAfter, Context);
  std::string Text = "\n\n" + Emitted.ClassDefinition + "\n" + Emitted.DefinitionAfterClass;
  if (Options.LineDirectives)
    Text += lineDirective(After, SM, Options);
  R.InsertTextAfter(After, Text);
}

} // namespace

std::optional<std::string> rewriteMainFile(ASTContext &Context,
                                           DiagnosticReporter &Diags,
                                           const ModelRegistry &Models,
                                           const EmitOptions &Options) {
  SourceManager &SM = Context.getSourceManager();
  Rewriter R(SM, Context.getLangOpts());
  std::vector<std::string> Regions;
  bool Failed = false;
  std::string InstanceAssertions;
  llvm::DenseSet<SourceLocation> RemovedAnnotations;
  for (const AsyncFunctionModel &Model : Models.models()) {
    if (Model.InstanceOf) {
      // (An instance whose arguments include a closure type has no name.)
      if (Options.SizeAsserts && Model.NameableClass)
        InstanceAssertions += sizeAssertion(Model);
      continue;
    }
    std::optional<EmittedFunction> Emitted =
        emitStateMachine(Model, Models, Context, Diags, Options);
    if (!Emitted) {
      Failed = true;
      continue;
    }
    const FunctionDecl *F = Model.Function.Definition;
    // An annotated lambda's class goes where its enclosing function's would.
    SourceLocation FunctionStart = insertionPoint(Model.Function.placedBefore(), Context);
    if (Model.DefinedAfter) {
      placeAfterClass(Model, *Emitted, R, Context, Options);
      Regions.push_back(Emitted->ClassDeclaration);
    } else if (!Model.ClassInBody) {
      std::string Class = Emitted->ClassDefinition + "\n";
      if (Options.LineDirectives)
        Class += lineDirective(FunctionStart, SM, Options);
      // Classes placed at one point in the order of the models: several
      // lambdas of one function in source order, for one may await
      // another, and the lambdas inside an annotated function before its
      // class, which nests theirs.
      R.InsertText(FunctionStart, Class, /*InsertAfter=*/true);
    }
    if (const FunctionDecl *InClass = Model.Function.InClassDeclaration) {
      R.InsertTextBefore(insertionPoint(InClass, Context), Emitted->ClassDeclaration);
      Regions.push_back(Emitted->ClassDeclaration);
    }
    Regions.push_back(Emitted->ClassDefinition);
    Regions.push_back(Emitted->DefinitionAfterClass);
    // The rewrite of the annotated function around the lambda prints it,
    // filling in what follows as holes of its own.
    if (Model.Function.AsyncAround)
      continue;
    removeAnnotations(F, R, RemovedAnnotations);
    if (!Model.Function.BoxedSignature)
      R.ReplaceText(SM.getExpansionRange(returnTypeRange(F)), Emitted->ReturnType);
    if (Model.Function.isLambda())
      for (const auto &[Range, Text] : cxx17Spelling(Model.Function, Context))
        R.ReplaceText(SM.getExpansionRange(Range), Text);
    if (Model.DefinedAfter) {
      R.ReplaceText(SM.getExpansionRange(F->getBody()->getSourceRange()), ";");
      continue;
    }
    std::string Body = Emitted->FactoryBody;
    if (Options.LineDirectives) {
      SourceLocation End = SM.getExpansionLoc(F->getBody()->getEndLoc());
      Body += "\n" + lineDirective(End, SM, Options);
    }
    R.ReplaceText(SM.getExpansionRange(F->getBody()->getSourceRange()), Body);
    for (const FrameObject &Object : Model.Objects)
      if (Object.NamedByRewrite)
        R.InsertTextBefore(SM.getExpansionLoc(Object.Var->getLocation()),
                           " " + Object.SourceName);
    // (An unnamed template parameter's location is where its name would be.)
    for (const auto &[Param, Name] : Model.NamedTemplateParams)
      R.InsertTextBefore(SM.getExpansionLoc(Param->getLocation()), " " + Name + " ");
    Regions.push_back(Emitted->FactoryBody);
  }
  if (Failed || Diags.hasErrors())
    return std::nullopt;
  FileID Main = SM.getMainFileID();
  // An instance's class template and its arguments are all defined by the
  // end of the file.
  if (!InstanceAssertions.empty()) {
    R.InsertTextAfter(SM.getLocForEndOfFile(SM.getMainFileID()),
                      "\n" + InstanceAssertions);
    Regions.push_back(InstanceAssertions);
  }
  if (!Models.models().empty() && !includesStateMachineSupport(SM))
    R.InsertTextBefore(SM.getLocForStartOfFile(Main),
                       "#include <unawait/state_machine.hpp>\n");
  std::string Code;
  if (const RewriteBuffer *Buffer = R.getRewriteBufferFor(Main))
    Code.assign(Buffer->begin(), Buffer->end());
  else
    Code = SM.getBufferData(Main).str();
  if (Models.models().empty())
    return Code;
  llvm::StringRef Name = SM.getFileEntryRefForID(Main)->getName();
  return formatRegions(Code, Regions, Name, Context.getLangOpts(), Options.FormatThreads);
}

std::string writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text) {
  llvm::SmallString<256> Temp;
  llvm::SmallString<256> Model(Path);
  Model += ".unawait-%%%%%%";
  int FD = -1;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return "cannot create a temporary file beside '" + Path.str() +
           "': " + EC.message();
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out << Text;
    Out.close();
    if (Out.has_error()) {
      Out.clear_error();
      llvm::sys::fs::remove(Temp);
      return "cannot write '" + Temp.str().str() + "'";
    }
  }
  // Keep the original file's permissions when replacing it.
  if (llvm::ErrorOr<llvm::sys::fs::perms> Perms = llvm::sys::fs::getPermissions(Path))
    llvm::sys::fs::setPermissions(Temp, *Perms);
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return "cannot replace '" + Path.str() + "': " + EC.message();
  }
  return "";
}

} // namespace unawait
