//===- LambdaCaptures.cpp - what a lambda captures, in a template too -----===//
#include "Analysis/LambdaCaptures.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprConcepts.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace unawait {
namespace {

/// The enclosing variables a lambda's body captures through its
/// capture-default, in the order of their first use.
class ImplicitCaptureSearch : public RecursiveASTVisitor<ImplicitCaptureSearch> {
public:
  explicit ImplicitCaptureSearch(const CXXMethodDecl *Call) : Call(Call) {}

  // Names in unevaluated operands are not odr-uses.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }
  bool TraverseRequiresExpr(RequiresExpr *) { return true; }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (!Ref->refersToEnclosingVariableOrCapture() || !isa<VarDecl, BindingDecl>(Ref->getDecl()))
      return true;
    const auto *Var = cast<ValueDecl>(Ref->getDecl());
    if (!Call->Encloses(Var->getDeclContext()) && !readInPlace(Var))
      FirstUse.insert({Var, Ref->getLocation()});
    return true;
  }

  /// Each variable captured, with its first use.
  llvm::MapVector<const ValueDecl *, SourceLocation> FirstUse;

private:
  /// A constant whose type and initializer do not depend on template
  /// arguments (see LambdaCaptures.h).
  bool readInPlace(const ValueDecl *Value) const {
    const auto *Var = dyn_cast<VarDecl>(Value);
    if (!Var || Var->getType()->isDependentType())
      return false;
    const Expr *Init = Var->getInit();
    return Init && !Init->isValueDependent() && !Init->isTypeDependent() &&
           Var->isUsableInConstantExpressions(Var->getASTContext());
  }

  const CXXMethodDecl *Call;
};

/// The captures of a closure in a template's pattern, completed.
llvm::ArrayRef<LambdaCapture> completedCaptures(const CXXRecordDecl *Closure) {
  llvm::SmallVector<LambdaCapture> Captures(Closure->captures_begin(), Closure->captures_end());
  ImplicitCaptureSearch Search(Closure->getLambdaCallOperator());
  Search.TraverseStmt(Closure->getLambdaCallOperator()->getBody());
  LambdaCaptureKind Kind =
      Closure->getLambdaCaptureDefault() == LCD_ByRef ? LCK_ByRef : LCK_ByCopy;
  for (auto [Var, Use] : Search.FirstUse)
    if (llvm::none_of(Captures, [Var = Var](const LambdaCapture &Capture) {
          return Capture.capturesVariable() && Capture.getCapturedVar() == Var;
        }))
      Captures.push_back(LambdaCapture(Use, /*Implicit=*/true, Kind, const_cast<ValueDecl *>(Var)));
  ASTContext &Context = Closure->getASTContext();
  auto *Stored = Context.Allocate<LambdaCapture>(Captures.size());
  std::uninitialized_copy(Captures.begin(), Captures.end(), Stored);
  return llvm::ArrayRef(Stored, Captures.size());
}

/// The completed captures of each template's closure, per ASTContext (one
/// per translation unit), dropped with it.
using CaptureCache = llvm::DenseMap<const CXXRecordDecl *, llvm::ArrayRef<LambdaCapture>>;

CaptureCache &cacheOf(ASTContext &Context) {
  static llvm::DenseMap<const ASTContext *, std::unique_ptr<CaptureCache>> Caches;
  std::unique_ptr<CaptureCache> &Cache = Caches[&Context];
  if (!Cache) {
    Cache = std::make_unique<CaptureCache>();
    Context.AddDeallocation([](void *Dropped) { Caches.erase(static_cast<ASTContext *>(Dropped)); },
                            &Context);
  }
  return *Cache;
}

} // namespace

llvm::ArrayRef<LambdaCapture> lambdaCaptures(const CXXRecordDecl *Closure) {
  llvm::ArrayRef<LambdaCapture> Own(Closure->captures_begin(), Closure->captures_end());
  if (Closure->getLambdaCaptureDefault() == LCD_None || !Closure->isDependentContext())
    return Own;
  auto [Cached, New] = cacheOf(Closure->getASTContext()).try_emplace(Closure);
  if (New) // (completedCaptures does not touch the cache)
    Cached->second = completedCaptures(Closure);
  return Cached->second;
}

} // namespace unawait
