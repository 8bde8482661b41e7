#include "Frontend/PendingInstances.h"

#include "Frontend/AsyncFunctionFinder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"
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

} // namespace

void instantiatePendingInstances(clang::Sema &S) {
  // The end of the translation unit dropped Sema's scope of it, where an
  // instantiation declares the builtins it calls (a coroutine's): a scope
  // of the translation unit for the time of these instantiations.
  clang::Scope Unit(nullptr, clang::Scope::DeclScope, S.getDiagnostics());
  Unit.setEntity(S.getASTContext().getTranslationUnitDecl());
  clang::Scope *Saved = S.TUScope;
  S.TUScope = &Unit;
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
