#include "Frontend/AsyncFunctionFinder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace unawait {

bool isAnnotatedAsync(const clang::Decl *D) {
  for (const auto *Attr : D->specific_attrs<clang::AnnotateAttr>())
    if (Attr->getAnnotation() == AsyncAnnotation)
      return true;
  return false;
}

/// A class at namespace scope that callers name: not a lambda's, not a
/// template's instance or specialization (a class template's pattern is:
/// callers name its instances).
static bool isNamedNamespaceScopeClass(const clang::CXXRecordDecl *Class) {
  bool Pattern = Class->getDescribedClassTemplate() != nullptr;
  return Class->getIdentifier() && !Class->isLambda() && (!Class->isTemplated() || Pattern) &&
         !llvm::isa<clang::ClassTemplateSpecializationDecl>(Class) &&
         Class->getDeclContext()->getRedeclContext()->isFileContext();
}

/// A member the header's rewrite nests a generated class for that callers can
/// name: defined in its class, not virtual, of a named class at namespace
/// scope (a member template of a class template too:
/// ::lib::Cell<long>::as_future<int>).
static bool isNameableMember(const clang::CXXMethodDecl *Method) {
  return !Method->isVirtual() && !Method->isOutOfLine() &&
         isNamedNamespaceScopeClass(Method->getParent());
}

/// A header's function declared before its definition, which callers box
/// and the size report measures through the box: at namespace scope (a
/// function template too), or a member defined outside its named class at
/// namespace scope (of a class template too, a member template too).
static bool isMeasurableBoxedCallee(const clang::FunctionDecl *FD, bool AtNamespaceScope) {
  const auto *Method = llvm::dyn_cast<clang::CXXMethodDecl>(FD);
  if (!Method)
    return AtNamespaceScope && (!FD->isTemplated() || FD->getDescribedFunctionTemplate());
  return Method->isOutOfLine() && isNamedNamespaceScopeClass(Method->getParent());
}

bool isExternalCandidate(const clang::FunctionDecl *FD,
                         const clang::SourceManager &SM) {
  clang::SourceLocation At = SM.getExpansionLoc(FD->getLocation());
  if (SM.isInMainFile(At) || SM.isInSystemHeader(At) || FD->isTemplateInstantiation())
    return false;
  bool AtNamespaceScope = FD->getDeclContext()->getRedeclContext()->isFileContext();
  if (FD->getPreviousDecl() != nullptr) // boxed by callers, measured
    return isMeasurableBoxedCallee(FD, AtNamespaceScope);
  if (const auto *Method = llvm::dyn_cast<clang::CXXMethodDecl>(FD))
    return isNameableMember(Method);
  // A function template, not a function inside one.
  if (FD->isTemplated() && !FD->getDescribedFunctionTemplate())
    return false;
  return AtNamespaceScope;
}

std::optional<clang::QualType> asyncOutputType(clang::QualType Type) {
  const auto *Record = Type.getCanonicalType()->getAsCXXRecordDecl();
  const auto *Spec =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(Record);
  if (!Spec || Spec->getQualifiedNameAsString() != "unawait::Async")
    return std::nullopt;
  const auto &Args = Spec->getTemplateArgs();
  if (Args.size() != 1 || Args[0].getKind() != clang::TemplateArgument::Type)
    return std::nullopt;
  // Prefer the type as written (say, std::string over its canonical form).
  if (const auto *Written = Type->getAs<clang::TemplateSpecializationType>())
    if (Written->template_arguments().size() == 1 &&
        Written->template_arguments()[0].getKind() ==
            clang::TemplateArgument::Type)
      return Written->template_arguments()[0].getAsType();
  return Args[0].getAsType();
}

namespace {

/// T if \p Type is unawait::Async<T> spelled with a dependent argument (in a
/// template, where the specialisation is not known yet).
std::optional<clang::QualType> dependentAsyncOutputType(clang::QualType Type) {
  if (!Type->isDependentType())
    return std::nullopt;
  const auto *Written = Type->getAs<clang::TemplateSpecializationType>();
  // Through alias templates that forward a parameter (template <class T>
  // using Task = Async<T>): the alias's argument as written.
  const clang::TemplateSpecializationType *Alias = nullptr;
  while (Written && Written->isTypeAlias()) {
    Alias = Written;
    Written = Written->getAliasedType()->getAs<clang::TemplateSpecializationType>();
  }
  const clang::TemplateDecl *Template =
      Written ? Written->getTemplateName().getAsTemplateDecl() : nullptr;
  if (!Template || Template->getQualifiedNameAsString() != "unawait::Async" ||
      Written->template_arguments().size() != 1 ||
      Written->template_arguments()[0].getKind() != clang::TemplateArgument::Type)
    return std::nullopt;
  clang::QualType Output = Written->template_arguments()[0].getAsType();
  if (!Alias)
    return Output;
  const auto *Param = Output->getAs<clang::TemplateTypeParmType>();
  if (!Param || Param->getIndex() >= Alias->template_arguments().size() ||
      Alias->template_arguments()[Param->getIndex()].getKind() !=
          clang::TemplateArgument::Type)
    return std::nullopt; // the analysis names what it cannot spell
  return Alias->template_arguments()[Param->getIndex()].getAsType();
}

} // namespace

bool isAsyncType(clang::QualType Type) {
  return asyncOutputType(Type) || dependentAsyncOutputType(Type);
}

namespace {

class Finder : public clang::RecursiveASTVisitor<Finder> {
public:
  Finder(clang::ASTContext &Context, DiagnosticReporter &Diags,
         llvm::function_ref<void(const AsyncFunction &)> Visit)
      : Context(Context), Diags(Diags), Visit(Visit) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitFunctionDecl(clang::FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !isAnnotatedAsync(FD))
      return true;
    const clang::SourceManager &SM = Context.getSourceManager();
    if (SM.isInMainFile(FD->getLocation())) {
      visitLambdasIn(FD->getBody(), /*External=*/false);
      check(FD);
    } else if (isExternalCandidate(FD, SM)) {
      visitLambdasIn(FD->getBody(), /*External=*/true);
      visitExternal(FD);
    }
    return true;
  }

  // A lambda's call operator is not visited as a function declaration.
  bool VisitLambdaExpr(clang::LambdaExpr *Lambda) {
    if (Context.getSourceManager().isInMainFile(Lambda->getBeginLoc()))
      visitLambda(Lambda, /*External=*/false);
    return true;
  }

private:
  /// An annotated lambda, once: after the annotated lambdas inside it.
  void visitLambda(clang::LambdaExpr *Lambda, bool External) {
    clang::CXXMethodDecl *Call = Lambda->getCallOperator();
    if (!Call || !isAnnotatedAsync(Call) || !Visited.insert(Call).second)
      return;
    visitLambdasIn(Call->getBody(), External);
    if (External)
      visitExternal(Call);
    else
      check(Call);
  }

  /// Visits the annotated lambdas under \p Body (an annotated function's,
  /// or an annotated lambda's) before it: its awaits of them nest their
  /// classes, so their models come first. Lambdas inside plain lambdas
  /// count; those in member functions of local classes are visited with
  /// those functions.
  void visitLambdasIn(clang::Stmt *Body, bool External) {
    struct Search : clang::RecursiveASTVisitor<Search> {
      bool TraverseLambdaExpr(clang::LambdaExpr *Lambda) {
        if (isAnnotatedAsync(Lambda->getCallOperator())) {
          Found.push_back(Lambda);
          return true;
        }
        return RecursiveASTVisitor::TraverseLambdaExpr(Lambda);
      }
      bool TraverseCXXRecordDecl(clang::CXXRecordDecl *) { return true; }
      std::vector<clang::LambdaExpr *> Found;
    } Annotated;
    Annotated.TraverseStmt(Body);
    for (clang::LambdaExpr *Lambda : Annotated.Found)
      visitLambda(Lambda, External);
  }

  /// A header's function: its errors are the header's rewrite's to report.
  void visitExternal(const clang::FunctionDecl *FD) {
    std::optional<clang::QualType> Output = outputTypeOf(FD);
    if (!Output || !llvm::isa<clang::CoroutineBodyStmt>(FD->getBody()))
      return;
    AsyncFunction Function = describe(FD, *Output);
    Function.External = true;
    Visit(Function);
  }

  /// T of the Async<T> \p FD returns. In a template, Async<T> may depend on
  /// a template parameter; the analysis then rejects (or handles) the
  /// template itself.
  static std::optional<clang::QualType> outputTypeOf(const clang::FunctionDecl *FD) {
    std::optional<clang::QualType> Output = asyncOutputType(FD->getReturnType());
    if (!Output && FD->isTemplated())
      Output = dependentAsyncOutputType(FD->getReturnType());
    return Output;
  }

  void check(const clang::FunctionDecl *FD) {
    std::optional<clang::QualType> Output = outputTypeOf(FD);
    if (!Output) {
      Diags.error(FD->getLocation(),
                  "function annotated UNAWAIT_ASYNC must return "
                  "unawait::Async<T>, not '" +
                      FD->getReturnType().getAsString() + "'");
      return;
    }
    if (!llvm::isa<clang::CoroutineBodyStmt>(FD->getBody())) {
      Diags.error(FD->getLocation(),
                  "function annotated UNAWAIT_ASYNC is not a coroutine: its "
                  "body must use co_await or co_return");
      return;
    }
    Visit(describe(FD, *Output));
  }

  /// What the analysis needs to know about where \p FD is.
  static AsyncFunction describe(const clang::FunctionDecl *FD, clang::QualType Output) {
    AsyncFunction Function;
    Function.Definition = FD;
    Function.OutputType = Output;
    const auto *Method = llvm::dyn_cast<clang::CXXMethodDecl>(FD);
    Function.BoxedSignature =
        FD->getPreviousDecl() != nullptr || (Method && Method->isVirtual());
    if (Function.isLambda()) {
      Function.Enclosing = enclosingDeclaration(Method);
      Function.AsyncAround = asyncFunctionAround(Method);
    }
    if (const auto *Placed = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(Function.placedBefore());
        Placed && Placed->isOutOfLine())
      Function.InClassDeclaration =
          llvm::dyn_cast_or_null<clang::CXXMethodDecl>(Placed->getCanonicalDecl());
    return Function;
  }

  /// The innermost annotated function or lambda whose body holds a lambda's
  /// call operator, through plain lambdas.
  static const clang::FunctionDecl *asyncFunctionAround(const clang::CXXMethodDecl *Call) {
    const clang::DeclContext *Around = Call->getParent()->getDeclContext();
    while (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(Around)) {
      if (isAnnotatedAsync(F))
        return F;
      const auto *Method = llvm::dyn_cast<clang::CXXMethodDecl>(F);
      if (!Method || !Method->getParent()->isLambda())
        return nullptr;
      Around = Method->getParent()->getDeclContext();
    }
    return nullptr;
  }

  /// The function around a lambda's call operator, through lambdas; outside
  /// a function, the variable or data member whose initializer holds the
  /// outermost of them.
  static const clang::DeclaratorDecl *enclosingDeclaration(const clang::CXXMethodDecl *Call) {
    const clang::CXXRecordDecl *Closure = Call->getParent();
    while (const auto *Method = llvm::dyn_cast<clang::CXXMethodDecl>(Closure->getDeclContext())) {
      if (!Method->getParent()->isLambda())
        return Method;
      Closure = Method->getParent();
    }
    if (const auto *Function = llvm::dyn_cast<clang::FunctionDecl>(Closure->getDeclContext()))
      return Function;
    return initializedDeclaration(Closure);
  }

  /// The variable or data member, declared where \p Closure is, whose
  /// declaration holds it (clang records it as the lambda's context only
  /// where mangling needs one).
  static const clang::DeclaratorDecl *initializedDeclaration(const clang::CXXRecordDecl *Closure) {
    const clang::SourceManager &SM = Closure->getASTContext().getSourceManager();
    clang::SourceLocation At = SM.getExpansionLoc(Closure->getLocation());
    for (const clang::Decl *D : Closure->getDeclContext()->decls())
      if (llvm::isa<clang::VarDecl, clang::FieldDecl>(D) &&
          SM.isPointWithin(At, SM.getExpansionLoc(D->getBeginLoc()),
                           SM.getExpansionLoc(D->getEndLoc())))
        return llvm::cast<clang::DeclaratorDecl>(D);
    return nullptr;
  }

  clang::ASTContext &Context;
  DiagnosticReporter &Diags;
  llvm::function_ref<void(const AsyncFunction &)> Visit;
  /// The call operators of the annotated lambdas visited already.
  llvm::SmallPtrSet<const clang::CXXMethodDecl *, 8> Visited;
};

} // namespace

void forEachAsyncFunction(clang::ASTContext &Context, DiagnosticReporter &Diags,
                          llvm::function_ref<void(const AsyncFunction &)> Visit) {
  Finder(Context, Diags, Visit).TraverseDecl(Context.getTranslationUnitDecl());
}

} // namespace unawait
