#include "Frontend/PendingInstances.h"

#include "Frontend/AsyncFunctionFinder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/TemplateDeduction.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <vector>

namespace unawait {

namespace {

/// The implicit instances of annotated functions without a body.
class BodilessInstances : public clang::RecursiveASTVisitor<BodilessInstances> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(clang::FunctionDecl *F) {
    const clang::FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
    if (F->getTemplateSpecializationKind() == clang::TSK_ImplicitInstantiation &&
        !F->isDefined() && Pattern && Pattern->isDefined() && isAnnotatedAsync(Pattern))
      Found.push_back(F);
    return true;
  }
  std::vector<clang::FunctionDecl *> Found;
};

/// The annotated function templates named with all their template
/// arguments, none dependent, by calls clang left unresolved in the main
/// file's templates (an argument's type depends on a co_await's there, and
/// so on the template around it).
class ExplicitlyNamedInstances
    : public clang::RecursiveASTVisitor<ExplicitlyNamedInstances> {
public:
  bool VisitUnresolvedLookupExpr(clang::UnresolvedLookupExpr *E) {
    if (!E->hasExplicitTemplateArgs() || E->getNumDecls() != 1)
      return true;
    const auto *Template =
        llvm::dyn_cast<clang::FunctionTemplateDecl>((*E->decls_begin())->getUnderlyingDecl());
    if (!Template || !isAnnotatedAsync(Template->getTemplatedDecl()))
      return true;
    for (const clang::TemplateArgumentLoc &Arg : E->template_arguments())
      if (Arg.getArgument().isInstantiationDependent() ||
          Arg.getArgument().containsUnexpandedParameterPack())
        return true;
    Found.push_back(E);
    return true;
  }
  std::vector<clang::UnresolvedLookupExpr *> Found;
};

/// Declares the instances named by unresolved calls that the rewrite makes
/// resolved: in the rewritten template the awaited value is a plain
/// variable of a known type, so the call no longer depends on the template
/// around it, and the compiler builds the named instance's generated class
/// where the template is defined, even when that template is never
/// instantiated. Its frame may need the instance's sizes (a closure sized
/// per instance), which come from the instance's body.
void declareExplicitlyNamedInstances(clang::Sema &S) {
  ExplicitlyNamedInstances Search;
  Search.TraverseDecl(S.getASTContext().getTranslationUnitDecl());
  for (clang::UnresolvedLookupExpr *E : Search.Found) {
    auto *Template =
        llvm::cast<clang::FunctionTemplateDecl>((*E->decls_begin())->getUnderlyingDecl());
    clang::TemplateArgumentListInfo Args(E->getLAngleLoc(), E->getRAngleLoc());
    E->copyTemplateArgumentsInto(Args);
    clang::FunctionDecl *Instance = nullptr;
    clang::sema::TemplateDeductionInfo Info(E->getNameLoc());
    clang::Sema::SFINAETrap Trap(S);
    if (S.DeduceTemplateArguments(Template, &Args, Instance, Info) ==
            clang::TemplateDeductionResult::Success &&
        Instance && !Instance->getPointOfInstantiation().isValid())
      Instance->setTemplateSpecializationKind(clang::TSK_ImplicitInstantiation,
                                              E->getNameLoc());
  }
}

} // namespace

void instantiatePendingInstances(clang::Sema &S) {
  // The end of the translation unit dropped Sema's scope of it, where an
  // instantiation declares the builtins it calls (a coroutine's): a scope
  // of the translation unit for the time of these instantiations.
  clang::Scope Unit(nullptr, clang::Scope::DeclScope, S.getDiagnostics());
  Unit.setEntity(S.getASTContext().getTranslationUnitDecl());
  clang::Scope *Saved = S.TUScope;
  S.TUScope = &Unit;
  declareExplicitlyNamedInstances(S);
  llvm::SmallPtrSet<clang::FunctionDecl *, 8> Tried;
  for (bool Progress = true; Progress;) {
    BodilessInstances Search;
    Search.TraverseDecl(S.getASTContext().getTranslationUnitDecl());
    Progress = false;
    for (clang::FunctionDecl *F : Search.Found) {
      if (!Tried.insert(F).second)
        continue;
      clang::SourceLocation Where = F->getPointOfInstantiation();
      S.InstantiateFunctionDefinition(Where.isValid() ? Where : F->getLocation(), F,
                                      /*Recursive=*/true, /*DefinitionRequired=*/false,
                                      /*AtEndOfTU=*/true);
      Progress = true;
    }
  }
  S.TUScope = Saved;
}

} // namespace unawait
