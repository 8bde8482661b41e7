#include "Analysis/Escapes.h"

#include "Analysis/AnnotatedLambdas.h"
#include "Analysis/LambdaCaptures.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace unawait {

using namespace clang;

namespace {

/// True if the trivial copy/move constructor or assignment \p Method only
/// reads or writes the object's value.
bool isTrivialCopyOrMove(const CXXMethodDecl *Method) {
  if (!Method || !Method->isTrivial())
    return false;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Method))
    return Ctor->isCopyOrMoveConstructor();
  return Method->isCopyAssignmentOperator() || Method->isMoveAssignmentOperator();
}

/// Whether calling a lambda may let its closure's address escape. Its body
/// reaches the closure only through its copies (captures by copy, `*this`),
/// so a call leaks the closure's address when its result may point into
/// them (a reference, a pointer, an object that may hold one), or when its
/// future reads them (an annotated lambda's).
bool callMayLeakClosure(const CXXMethodDecl *Call) {
  bool Copies = llvm::any_of(lambdaCaptures(Call->getParent()), [](const LambdaCapture &Capture) {
    return Capture.getCaptureKind() == LCK_ByCopy || Capture.getCaptureKind() == LCK_StarThis;
  });
  if (!Copies)
    return false;
  QualType Result = Call->getReturnType();
  return futureReadsClosure(Call) || Result->isReferenceType() || Result->isPointerType() ||
         Result->isMemberPointerType() || Result->isRecordType() ||
         Result->isDependentType() || Result->isUndeducedType();
}

/// Follows a use of a variable up the tree through field accesses,
/// subscripts and parentheses, and decides whether the use only reads or
/// writes the value there.
bool escapesAt(const DeclRefExpr *Ref, const NodeParents &Parents) {
  const Expr *Use = Ref;
  while (true) {
    const Stmt *Parent = Parents.parentOf(*Use).get<Stmt>();
    if (!Parent)
      return true; // bound to a reference, or initialising a reference
    if (isa<ParenExpr>(Parent) || isa<ArraySubscriptExpr>(Parent)) {
      if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(Parent);
          Subscript && Subscript->getIdx()->IgnoreParenImpCasts() == Use)
        return false;
      Use = cast<Expr>(Parent);
      continue;
    }
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent)) {
      switch (Cast->getCastKind()) {
      case CK_LValueToRValue:
        return false;
      case CK_NoOp:
        Use = Cast;
        continue;
      case CK_ArrayToPointerDecay: {
        const auto *Subscript = Parents.parentOf(*Cast).get<ArraySubscriptExpr>();
        if (!Subscript || Subscript->getBase() != Cast)
          return true;
        Use = Subscript;
        continue;
      }
      default:
        return true;
      }
    }
    if (const auto *Member = dyn_cast<MemberExpr>(Parent)) {
      if (Member->isArrow() || !isa<FieldDecl>(Member->getMemberDecl()))
        return true;
      Use = Member;
      continue;
    }
    if (const auto *Binary = dyn_cast<BinaryOperator>(Parent))
      return !(Binary->isAssignmentOp() && Binary->getLHS() == Use);
    if (const auto *Unary = dyn_cast<UnaryOperator>(Parent))
      return !Unary->isIncrementDecrementOp();
    if (isa<UnaryExprOrTypeTraitExpr>(Parent))
      return false; // sizeof, alignof: not evaluated
    if (isa<CoreturnStmt>(Parent))
      return false; // returned by value
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(Parent))
      return !isTrivialCopyOrMove(Construct->getConstructor());
    if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(Parent)) {
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
      if (Method && Method->getParent()->isLambda() &&
          Call->getOperator() == OO_Call && Call->getArg(0) == Use)
        return callMayLeakClosure(Method);
      return !isTrivialCopyOrMove(Method);
    }
    // In a template's pattern, a call of a closure names no operator().
    if (const auto *Call = dyn_cast<CallExpr>(Parent); Call && Call->getCallee() == Use)
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        if (const LambdaExpr *Lambda = closureInitializer(Var))
          return callMayLeakClosure(Lambda->getCallOperator());
    return true;
  }
}

/// The uses of every variable under a body, in the order of the walk.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  explicit UseCollector(llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>> &Of)
      : Of(Of) {}
  bool shouldVisitImplicitCode() const { return true; }
  // `co_return x;` copies or moves x out: only the operand is a use; the
  // promise call clang builds from it binds x to a reference parameter.
  bool TraverseCoreturnStmt(CoreturnStmt *S) {
    return TraverseStmt(S->getOperand());
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      Of[Var].push_back(Ref);
    return true;
  }

private:
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>> &Of;
};

} // namespace

Escapes::Escapes(const Stmt *Body, const NodeParents &Parents) : Parents(Parents) {
  UseCollector(Uses).TraverseStmt(const_cast<Stmt *>(Body));
}

SourceLocation Escapes::firstEscape(const VarDecl *Var) {
  auto [It, New] = First.try_emplace(Var);
  if (New) {
    auto Found = Uses.find(Var);
    if (Found != Uses.end())
      for (const DeclRefExpr *Ref : Found->second)
        if (escapesAt(Ref, Parents)) {
          It->second = Ref->getLocation();
          break;
        }
  }
  return It->second;
}

} // namespace unawait
