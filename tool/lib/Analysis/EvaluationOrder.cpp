#include "Analysis/EvaluationOrder.h"

#include "clang/AST/ExprCXX.h"
#include <algorithm>

namespace unawait {

using namespace clang;

namespace {

using AwaitTest = bool (*)(const Stmt *);

/// What the order of unsequenced operands needs to know.
struct Oracle {
  AwaitTest Awaits;
  const ASTContext &Ctx;
  /// The call whose arguments are being ordered, if any.
  const CallExpr *Call = nullptr;
  /// Initialises its parameter in place: evaluated after the awaits.
  bool buildsInPlace(const Expr *E) const {
    QualType Type = E->getType();
    return E->isPRValue() && Type->isRecordType() && !Type->isDependentType() &&
           !Type.isTriviallyCopyableType(Ctx) && !Awaits(E) && !boundByCall(E);
  }
  /// A prvalue argument of a dependent call that every instance binds to a
  /// reference (it is not a parameter built in place).
  bool boundByCall(const Expr *E) const {
    if (!Call)
      return false;
    auto Position = std::find(Call->arg_begin(), Call->arg_end(), E);
    return Position != Call->arg_end() &&
           boundByEveryCandidate(*Call, static_cast<unsigned>(Position - Call->arg_begin()));
  }
};

EvaluationOrder inOrder(llvm::ArrayRef<const Expr *> Operands) {
  EvaluationOrder Order;
  for (const Expr *E : Operands)
    if (E)
      Order.Operands.push_back({E, false});
  return Order;
}

/// Operands whose order C++ leaves open: left to right, except what is
/// built in place (see the header), after the ones C++ evaluates before all
/// of them.
EvaluationOrder unsequenced(std::vector<const Expr *> Before,
                            std::vector<const Expr *> Free, const Oracle &O) {
  std::stable_partition(Free.begin(), Free.end(),
                        [&](const Expr *E) { return E && !O.buildsInPlace(E); });
  EvaluationOrder Order;
  for (const Expr *E : Before)
    if (E)
      Order.Operands.push_back({E, false});
  for (const Expr *E : Free)
    if (E)
      Order.Operands.push_back({E, false});
  return Order;
}

EvaluationOrder opaque(Unsupported Why) {
  EvaluationOrder Order;
  Order.OrderKind = EvaluationOrder::Opaque;
  Order.Rejected = Why;
  return Order;
}

EvaluationOrder conditional(EvaluationOrder::Kind Kind, const Expr *First,
                            std::initializer_list<const Expr *> Then) {
  EvaluationOrder Order;
  Order.OrderKind = Kind;
  Order.Operands.push_back({First, false});
  for (const Expr *E : Then)
    Order.Operands.push_back({E, true});
  return Order;
}

std::vector<const Expr *> arguments(const CallExpr *Call, unsigned From) {
  std::vector<const Expr *> Args;
  for (unsigned I = From; I < Call->getNumArgs(); ++I)
    Args.push_back(Call->getArg(I));
  return Args;
}

EvaluationOrder ofBinary(BinaryOperatorKind Op, const Expr *L, const Expr *R,
                         const Oracle &O) {
  if (BinaryOperator::isAssignmentOp(Op))
    return inOrder({R, L});
  switch (Op) {
  case BO_LAnd:
    return conditional(EvaluationOrder::And, L, {R});
  case BO_LOr:
    return conditional(EvaluationOrder::Or, L, {R});
  case BO_Comma:
  case BO_Shl:
  case BO_Shr:
  case BO_PtrMemD:
  case BO_PtrMemI:
    return inOrder({L, R});
  default:
    return unsequenced({}, {L, R}, O);
  }
}

EvaluationOrder ofOverloadedOperator(const CXXOperatorCallExpr *Call,
                                     const Oracle &O) {
  OverloadedOperatorKind Op = Call->getOperator();
  if (Call->getNumArgs() == 2) {
    const Expr *L = Call->getArg(0), *R = Call->getArg(1);
    if (Call->isAssignmentOp())
      return inOrder({R, L});
    switch (Op) {
    case OO_LessLess:
    case OO_GreaterGreater:
    case OO_Comma:
    case OO_AmpAmp: // overloaded: both evaluated, left first
    case OO_PipePipe:
    case OO_Subscript:
    case OO_ArrowStar:
      return inOrder({L, R});
    default:
      break;
    }
  }
  if (Op == OO_Call || Op == OO_Subscript) // the object, then the arguments
    return unsequenced({Call->getArg(0)}, arguments(Call, 1), O);
  return unsequenced({}, arguments(Call, 0), O);
}

EvaluationOrder ofConstruction(const CXXConstructExpr *Construct,
                               const Oracle &O) {
  std::vector<const Expr *> Args(Construct->arg_begin(), Construct->arg_end());
  if (Construct->isListInitialization()) {
    EvaluationOrder Order;
    for (const Expr *Arg : Args)
      Order.Operands.push_back({Arg, false});
    return Order;
  }
  return unsequenced({}, Args, O);
}

/// The placement arguments and the array size are the allocation
/// function's arguments (unsequenced); the initializer is evaluated after the
/// allocation ([expr.new]): where it awaits, the allocation comes first
/// (allocationTakenApart), then the initializer.
EvaluationOrder ofNew(const CXXNewExpr *New, const Oracle &O) {
  if (New->hasInitializer() && O.Awaits(New->getInitializer())) {
    if (!allocationTakenApart(*New))
      return opaque(Unsupported::AwaitInNewInitializer);
    EvaluationOrder Order = inOrder({New->getInitializer()});
    Order.AllocatesFirst = true;
    return Order;
  }
  std::vector<const Expr *> Args;
  if (std::optional<const Expr *> Size = New->getArraySize())
    Args.push_back(*Size);
  Args.insert(Args.end(), New->placement_arg_begin(), New->placement_arg_end());
  return unsequenced({}, Args, O);
}

} // namespace

bool allocationTakenApart(const CXXNewExpr &New) {
  const FunctionDecl *Allocate = New.getOperatorNew();
  const FunctionDecl *Free = New.getOperatorDelete();
  auto Public = [](const FunctionDecl *F) {
    return !isa<CXXMethodDecl>(F) || F->getAccess() == AS_public;
  };
  return !New.isArray() && New.getNumPlacementArgs() == 0 && !New.isInstantiationDependent() &&
         Allocate && Free && !New.shouldNullCheckAllocation() && Public(Allocate) &&
         Public(Free) && !Free->isDestroyingOperatorDelete();
}

bool boundByEveryCandidate(const CallExpr &Call, unsigned Index) {
  std::vector<const NamedDecl *> Candidates;
  const Expr *Callee = Call.getCallee()->IgnoreParenImpCasts();
  if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Callee); Lookup && !Lookup->requiresADL())
    Candidates.assign(Lookup->decls_begin(), Lookup->decls_end());
  else if (const auto *Named = dyn_cast<DeclRefExpr>(Callee)) // a function found alone
    Candidates.push_back(Named->getDecl());
  if (Candidates.empty() || Index >= Call.getNumArgs())
    return false;
  return llvm::all_of(Candidates, [&](const NamedDecl *Candidate) {
    const FunctionDecl *F = Candidate->getUnderlyingDecl()->getAsFunction();
    if (!F)
      return false;
    for (unsigned I = 0; I < F->getNumParams(); ++I) {
      const ParmVarDecl *Param = F->getParamDecl(I);
      if (I == Index || Param->isParameterPack()) {
        QualType Type = Param->getType();
        if (const auto *Expansion = Type->getAs<PackExpansionType>())
          Type = Expansion->getPattern();
        return Type->isReferenceType();
      }
    }
    return false; // (too many arguments: not a candidate; say no)
  });
}

EvaluationOrder evaluationOrder(const Expr *E, AwaitTest Awaits,
                                const ASTContext &Context) {
  Oracle O{Awaits, Context};
  if (const auto *Paren = dyn_cast<ParenExpr>(E))
    return inOrder({Paren->getSubExpr()});
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return inOrder({Cast->getSubExpr()});
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return inOrder({Cleanups->getSubExpr()});
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
    return inOrder({Temp->getSubExpr()});
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    return inOrder({Bind->getSubExpr()});
  if (const auto *Constant = dyn_cast<ConstantExpr>(E))
    return inOrder({Constant->getSubExpr()});
  if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(E))
    return inOrder({List->getSubExpr()});
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return inOrder({Unary->getSubExpr()});
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return inOrder({Member->getBase()});
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return inOrder({Subscript->getLHS(), Subscript->getRHS()});
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    return ofBinary(Binary->getOpcode(), Binary->getLHS(), Binary->getRHS(),
                    O);
  // `a != b` through operator==, `a < b` through <=>: a, then b; a
  // reversed `a == b` (`b.operator==(a)`): b, then a, as clang evaluates
  // the call. The rewritten file spells the comparison as the source does.
  if (const auto *Rewritten = dyn_cast<CXXRewrittenBinaryOperator>(E)) {
    const Expr *L = Rewritten->getLHS(), *R = Rewritten->getRHS();
    return Rewritten->isReversed() ? unsequenced({}, {R, L}, O) : unsequenced({}, {L, R}, O);
  }
  if (const auto *Throw = dyn_cast<CXXThrowExpr>(E))
    return inOrder({Throw->getSubExpr()});
  if (const auto *Delete = dyn_cast<CXXDeleteExpr>(E))
    return inOrder({Delete->getArgument()});
  if (const auto *New = dyn_cast<CXXNewExpr>(E))
    return ofNew(New, O);
  // A lambda's captures are initialised in order ([expr.prim.lambda.capture]);
  // its body is not evaluated here.
  if (isa<PackExpansionExpr, CXXFoldExpr>(E))
    return opaque(Unsupported::AwaitInPackExpansion);
  if (const auto *Lambda = dyn_cast<LambdaExpr>(E))
    return inOrder(std::vector<const Expr *>(Lambda->capture_init_begin(),
                                             Lambda->capture_init_end()));
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E))
    return conditional(EvaluationOrder::Choice, Choice->getCond(),
                       {Choice->getTrueExpr(), Choice->getFalseExpr()});
  if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(E))
    return ofOverloadedOperator(Operator, O);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    O.Call = Call;
    return unsequenced({Call->getCallee()}, arguments(Call, 0), O);
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return ofConstruction(Construct, O);
  if (const auto *List = dyn_cast<InitListExpr>(E))
    return inOrder(std::vector<const Expr *>(List->inits().begin(), List->inits().end()));
  // C++20's `Agg(a, b)`: the elements are initialised in order, like a
  // braced list's ([dcl.init.general]/16.6.2.2).
  if (const auto *List = dyn_cast<CXXParenListInitExpr>(E))
    return inOrder(std::vector<const Expr *>(List->getInitExprs().begin(),
                                             List->getInitExprs().end()));
  // An array copied element by element (`auto [a, b] = array;`): the array
  // is evaluated once, then each element is read from it.
  if (const auto *Loop = dyn_cast<ArrayInitLoopExpr>(E))
    return inOrder({Loop->getCommonExpr()->getSourceExpr()});
  // `p->~T()` for a scalar T: the object expression is evaluated.
  if (const auto *Destructor = dyn_cast<CXXPseudoDestructorExpr>(E))
    return inOrder({Destructor->getBase()});
  // In a template's pattern, before instantiation.
  if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(E))
    return inOrder({Member->isImplicitAccess() ? nullptr : Member->getBase()});
  if (const auto *Member = dyn_cast<UnresolvedMemberExpr>(E))
    return inOrder({Member->isImplicitAccess() ? nullptr : Member->getBase()});
  if (const auto *Construct = dyn_cast<CXXUnresolvedConstructExpr>(E))
    return unsequenced({}, {Construct->arg_begin(), Construct->arg_end()}, O);
  if (const auto *List = dyn_cast<ParenListExpr>(E)) {
    std::vector<const Expr *> Exprs;
    for (unsigned I = 0; I < List->getNumExprs(); ++I)
      Exprs.push_back(List->getExpr(I));
    return unsequenced({}, Exprs, O);
  }
  if (isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, StringLiteral,
          CharacterLiteral, CXXBoolLiteralExpr, CXXNullPtrLiteralExpr,
          CXXThisExpr, CXXDefaultArgExpr, CXXDefaultInitExpr,
          UnaryExprOrTypeTraitExpr, CXXScalarValueInitExpr, ImplicitValueInitExpr,
          OpaqueValueExpr, GNUNullExpr, UnresolvedLookupExpr,
          DependentScopeDeclRefExpr, SizeOfPackExpr>(E))
    return {};
  return opaque(Unsupported::NonStandardExpression);
}

} // namespace unawait
