#include "Analysis/SuspensionPoints.h"

#include "Analysis/Escapes.h"
#include "Analysis/Naming.h"
#include "Analysis/NodeSearch.h"
#include "Analysis/References.h"
#include "Analysis/TemplateInstances.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace unawait {

using namespace clang;

bool isAwait(const Stmt *S) {
  return isa<CoawaitExpr, DependentCoawaitExpr>(S);
}

const Expr *awaitOperand(const Expr *Await) {
  if (const auto *Dependent = dyn_cast<DependentCoawaitExpr>(Await))
    return Dependent->getOperand();
  return cast<CoawaitExpr>(Await)->getOperand();
}

const Expr *awaitUnder(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (isAwait(E))
      return E;
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
      E = Cleanups->getSubExpr();
    else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E))
      E = Cast->getSubExpr();
    else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      E = Bind->getSubExpr();
    else if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
      E = Temp->getSubExpr();
    else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
             Cast && Cast->getType()->isVoidType())
      E = Cast->getSubExpr();
    else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
             Construct && Construct->getNumArgs() == 1 &&
             !isa<CXXTemporaryObjectExpr>(Construct))
      E = Construct->getArg(0); // a copy, move or conversion of the result
    else
      return nullptr;
  }
  return nullptr;
}

namespace {

const Expr *firstAwait(const Stmt *S) {
  std::vector<const Stmt *> Awaits = nodesWhere(S, isAwait);
  return Awaits.empty() ? nullptr : cast<Expr>(Awaits.front());
}

/// Constructs unawait cannot rewrite anywhere in an async function.
class ForbiddenSearch : public RecursiveASTVisitor<ForbiddenSearch> {
public:
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitGotoStmt(GotoStmt *S) { return found(S, "goto"); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) { return found(S, "goto"); }
  bool VisitLabelStmt(LabelStmt *S) { return found(S, "a label"); }
  bool VisitCoyieldExpr(CoyieldExpr *S) { return found(S, "co_yield"); }
  bool found(Stmt *S, const char *What) {
    Where = S->getBeginLoc();
    Construct = What;
    return false;
  }
  SourceLocation Where;
  const char *Construct = nullptr;
};

/// Finds break and continue statements under a statement that jump out of
/// it (not those that belong to a loop or switch inside it).
class EscapingJumps : public RecursiveASTVisitor<EscapingJumps> {
public:
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseStmt(Stmt *S) {
    if (!S)
      return true;
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    bool Switch = isa<SwitchStmt>(S);
    if (isa<BreakStmt>(S) && LoopDepth == 0 && SwitchDepth == 0)
      Found.push_back(S);
    if (isa<ContinueStmt>(S) && LoopDepth == 0)
      Found.push_back(S);
    LoopDepth += Loop;
    SwitchDepth += Switch;
    bool Result = RecursiveASTVisitor::TraverseStmt(S);
    LoopDepth -= Loop;
    SwitchDepth -= Switch;
    return Result;
  }
  std::vector<const Stmt *> Found;
  int LoopDepth = 0;
  int SwitchDepth = 0;
};

class BodyWalker {
public:
  BodyWalker(AsyncFunctionModel &Model, BodyStructure &Structure,
             ASTContext &Context, DiagnosticReporter &Diags,
             ModelRegistry &Callees)
      : M(Model), B(Structure), Ctx(Context), SM(Context.getSourceManager()),
        Diags(Diags), Callees(Callees) {}

  bool run() {
    const FunctionDecl *F = M.Function.Definition;
    const auto *Coroutine = cast<CoroutineBodyStmt>(F->getBody());
    ForbiddenSearch Forbidden;
    Forbidden.TraverseStmt(Coroutine->getBody());
    if (Forbidden.Construct)
      return fail(Forbidden.Where, std::string(Forbidden.Construct) +
                                       " is not supported in an async "
                                       "function yet");
    Scopes.emplace_back();
    if (const auto *Method = dyn_cast<CXXMethodDecl>(F);
        Method && Method->isInstance())
      addThis(Method);
    for (const ParmVarDecl *Param : F->parameters()) {
      ObjectId Id = addVariable(Param, ObjectKind::Param);
      B.AlwaysKept[Id] = true;
      B.Crossed[Id] = true;
    }
    const Stmt *Body = Coroutine->getBody();
    walkBlock(Body, blockChildren(Body), nullptr);
    return !Failed;
  }

private:
  // --- objects ----------------------------------------------------------

  ObjectId addObject(FrameObject Object) {
    Object.Order = M.Objects.size();
    M.Objects.push_back(std::move(Object));
    B.Crossed.push_back(false);
    B.ReferencedAcrossChunks.emplace_back();
    B.AlwaysKept.push_back(false);
    return M.Objects.size() - 1;
  }

  /// A member function's `this`, kept (a pointer) from construction to the
  /// end: the body reaches the object's members through it.
  void addThis(const CXXMethodDecl *Method) {
    FrameObject This;
    This.Kind = ObjectKind::This;
    This.SourceName = "this";
    This.Loc = Method->getLocation();
    This.Type = Method->getThisType();
    ObjectId Id = addObject(std::move(This));
    Scopes.back().push_back(Id);
    B.AlwaysKept[Id] = true;
    B.Crossed[Id] = true;
  }

  ObjectId addVariable(const VarDecl *Var, ObjectKind Kind) {
    FrameObject Object;
    Object.Kind = Kind;
    Object.Var = Var;
    Object.SourceName = Var->getName().str();
    if (Object.SourceName.empty())
      Object.SourceName = "param" + std::to_string(M.Objects.size());
    Object.Loc = Var->getLocation();
    Object.Type = Var->getType();
    Object.StoredAsPointer = Var->getType()->isReferenceType();
    Object.HasDestructor = !Object.StoredAsPointer && hasDestructor(Var->getType());
    ObjectId Id = addObject(std::move(Object));
    M.ObjectOfVar[Var] = Id;
    Scopes.back().push_back(Id);
    return Id;
  }

  ObjectId addHidden(const VarDecl *Var, std::string Description) {
    ObjectId Id = addVariable(Var, ObjectKind::Temporary);
    M.Objects[Id].SourceName = std::move(Description);
    B.AlwaysKept[Id] = true;
    B.Crossed[Id] = true;
    return Id;
  }

  std::vector<ObjectId> inScope() const {
    std::vector<ObjectId> All;
    for (const auto &Scope : Scopes)
      All.insert(All.end(), Scope.begin(), Scope.end());
    return All;
  }

  void addStep(llvm::ArrayRef<const Stmt *> Roots,
               std::vector<ObjectId> Declared = {},
               std::optional<unsigned> Point = std::nullopt) {
    Step S;
    for (const Stmt *Root : Roots)
      if (Root)
        S.Roots.push_back(Root);
    S.InScope = inScope();
    S.Declared = std::move(Declared);
    S.Point = Point;
    B.Steps.push_back(std::move(S));
  }

  // --- blocks and chunks -----------------------------------------------

  /// The locals declared directly in the block being walked, with their
  /// chunk, and how many suspension points existed when they were declared.
  struct BlockVar {
    ObjectId Object;
    unsigned Chunk;
    size_t PointsBefore;
  };

  /// Walks the statements of a block (a compound statement, or a single
  /// statement used as a loop body or branch). \p LoopVar is range-for's
  /// variable, declared at the top of the body.
  void walkBlock(const Stmt *Owner, llvm::ArrayRef<Stmt *> Children,
                 const VarDecl *LoopVar) {
    M.Suspending.insert(Owner);
    Scopes.emplace_back();
    std::vector<BlockVar> Vars;
    unsigned Chunk = 0;
    if (LoopVar) {
      Vars.push_back({addVariable(LoopVar, ObjectKind::Local), 0, M.Points.size()});
      addStep({LoopVar->getInit()}, {Vars.back().Object});
    }
    for (const Stmt *Labelled : Children) {
      if (Failed)
        return;
      const Stmt *Child = withoutCaseLabels(Labelled);
      if (Child != Labelled)
        ++Chunk; // as the emitter: a case label starts a chunk
      if (!containsAwait(Child)) {
        noteReferences(Child, Chunk, Vars);
        walkText(Child, Chunk, Vars);
      } else if (auto Point = classifyAwait(Child)) {
        noteReferences(M.Points[*Point].Operand, Chunk, Vars);
        ++Chunk;
        for (const Stmt *Part : M.Points[*Point].EvaluatedAfter)
          noteReferences(Part, Chunk, Vars);
        if (const VarDecl *Var = M.Points[*Point].InitVar) {
          Vars.push_back({addVariable(Var, ObjectKind::Local), Chunk, M.Points.size()});
          B.Steps.back().Declared.push_back(Vars.back().Object);
        }
      } else {
        ++Chunk;
        noteReferences(Child, Chunk, Vars);
        walkNested(Child);
        ++Chunk;
      }
    }
    for (const BlockVar &Var : Vars)
      if (M.Points.size() > Var.PointsBefore)
        B.Crossed[Var.Object] = true;
    B.ScopeObjects[Owner] = Scopes.back();
    Scopes.pop_back();
  }

  /// Marks the block's locals referenced under \p Root from chunk \p Chunk
  /// when they were declared in another chunk.
  void noteReferences(const Stmt *Root, unsigned Chunk,
                      const std::vector<BlockVar> &Vars) {
    if (!Root || Vars.empty())
      return;
    VariableReferences Named = referencesUnder(Root);
    for (const BlockVar &Declared : Vars) {
      auto Found = Named.Of.find(M.Objects[Declared.Object].Var);
      if (Found != Named.Of.end() && Declared.Chunk != Chunk &&
          B.ReferencedAcrossChunks[Declared.Object].isInvalid())
        B.ReferencedAcrossChunks[Declared.Object] = Found->second.front();
    }
  }

  /// A statement without suspension points: emitted as source text.
  void walkText(const Stmt *S, unsigned Chunk, std::vector<BlockVar> &Vars) {
    std::vector<ObjectId> Declared;
    if (const auto *Decls = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : Decls->decls()) {
        const auto *Var = dyn_cast<VarDecl>(D);
        if (!Var || !Var->hasLocalStorage())
          continue;
        Vars.push_back({addVariable(Var, ObjectKind::Local), Chunk, M.Points.size()});
        Declared.push_back(Vars.back().Object);
      }
    }
    addStep({S}, Declared);
    EscapingJumps Jumps;
    Jumps.TraverseStmt(const_cast<Stmt *>(S));
    for (const Stmt *Jump : Jumps.Found)
      noteJump(Jump);
  }

  /// Records the frame objects a break or continue leaves behind.
  void noteJump(const Stmt *Jump) {
    bool IsBreak = isa<BreakStmt>(Jump);
    for (auto Target = Targets.rbegin(); Target != Targets.rend(); ++Target) {
      if (!IsBreak && !Target->IsLoop)
        continue;
      std::vector<ObjectId> Left;
      std::vector<ObjectId> All = inScope();
      for (size_t I = All.size(); I > Target->Depth; --I)
        Left.push_back(All[I - 1]);
      B.JumpScopes[Jump] = std::move(Left);
      B.JumpTargets[Jump] = Target->Statement;
      return;
    }
  }

  size_t scopeDepth() const {
    size_t Depth = 0;
    for (const auto &Scope : Scopes)
      Depth += Scope.size();
    return Depth;
  }

  // --- statements containing suspension points --------------------------

  void walkBranch(const Stmt *S) {
    if (!S)
      return;
    if (!containsAwait(S)) {
      std::vector<BlockVar> None;
      walkText(S, 0, None);
      return;
    }
    walkBlock(S, blockChildren(S), nullptr);
  }

  void walkLoopBody(const Stmt *Loop, const Stmt *Body, const VarDecl *LoopVar) {
    Targets.push_back({Loop, true, scopeDepth()});
    if (!LoopVar && !containsAwait(Body)) {
      std::vector<BlockVar> None; // the loop awaits in its condition only
      walkText(Body, 0, None);
    } else {
      walkBlock(Body, blockChildren(Body), LoopVar);
    }
    Targets.pop_back();
  }

  bool rejectAwaitIn(const Stmt *Part, const char *Where) {
    if (const Expr *Await = firstAwait(Part)) {
      fail(Await->getBeginLoc(),
           std::string("co_await in ") + Where + " is not supported yet");
      return true;
    }
    return false;
  }

  /// Rejects a declaration (or an init statement) in the head of a
  /// statement whose body awaits, at the declaration.
  bool rejectDeclaration(const Stmt *Part, const char *Where) {
    if (!Part)
      return false;
    fail(Part->getBeginLoc(),
         std::string(isa<DeclStmt>(Part) ? "a declaration" : "an init statement") +
             " in " + Where +
             " whose body awaits is not supported yet; declare it before the "
             "statement");
    return true;
  }

  void walkNested(const Stmt *S) {
    M.Suspending.insert(S);
    if (isa<CompoundStmt>(S))
      return walkBlock(S, blockChildren(S), nullptr);
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (rejectDeclaration(If->getInit(), "the init of an if statement") ||
          rejectDeclaration(If->getConditionVariableDeclStmt(),
                            "the condition of an if statement"))
        return;
      if (If->isConsteval())
        return (void)fail(If->getBeginLoc(), "if consteval is not supported");
      if (!walkCondition(If, If->getCond()))
        return;
      walkBranch(If->getThen());
      walkBranch(If->getElse());
      return;
    }
    if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
      if (rejectAwaitIn(Switch->getCond(), "the condition of a switch statement") ||
          rejectDeclaration(Switch->getInit(), "the init of a switch statement") ||
          rejectDeclaration(Switch->getConditionVariableDeclStmt(),
                            "the condition of a switch statement"))
        return;
      const auto *Body = dyn_cast<CompoundStmt>(Switch->getBody());
      if (!Body)
        return (void)fail(Switch->getBody()->getBeginLoc(),
                          "a switch statement whose body awaits needs braces");
      addStep({Switch->getCond()});
      Targets.push_back({Switch, /*IsLoop=*/false, scopeDepth()});
      walkBlock(Body, blockChildren(Body), nullptr);
      Targets.pop_back();
      return;
    }
    if (const auto *While = dyn_cast<WhileStmt>(S)) {
      if (rejectDeclaration(While->getConditionVariableDeclStmt(),
                            "the condition of a while loop"))
        return;
      if (!walkCondition(While->getCond(), While->getCond()))
        return;
      walkLoopBody(S, While->getBody(), nullptr);
      return;
    }
    if (const auto *Do = dyn_cast<DoStmt>(S)) {
      walkLoopBody(S, Do->getBody(), nullptr);
      walkCondition(Do->getCond(), Do->getCond());
      return;
    }
    if (const auto *For = dyn_cast<ForStmt>(S))
      return walkFor(For);
    if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
      return walkRangeFor(Range);
    const Expr *Await = firstAwait(S);
    fail(Await->getBeginLoc(),
         std::string("co_await inside a ") + statementName(S) +
             " is not supported yet");
  }

  static const char *statementName(const Stmt *S) {
    if (isa<CXXTryStmt>(S))
      return "try block";
    if (isa<AttributedStmt>(S))
      return "statement with attributes";
    if (isa<Expr>(S) || isa<DeclStmt>(S) || isa<ReturnStmt>(S) ||
        isa<CoreturnStmt>(S))
      return "larger expression";
    return "statement of this kind";
  }

  void walkFor(const ForStmt *For) {
    if (rejectAwaitIn(For->getInit(), "the init of a for loop") ||
        rejectAwaitIn(For->getInc(), "the increment of a for loop") ||
        rejectDeclaration(For->getConditionVariableDeclStmt(),
                          "the condition of a for loop"))
      return;
    Scopes.emplace_back();
    std::vector<ObjectId> Declared;
    if (const auto *Decls = dyn_cast_or_null<DeclStmt>(For->getInit()))
      for (const Decl *D : Decls->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D)) {
          ObjectId Id = addVariable(Var, ObjectKind::Local);
          B.Crossed[Id] = true;
          Declared.push_back(Id);
        }
    addStep({For->getInit()}, Declared);
    // The loop's own parts run after resuming in the body: every use of an
    // init variable there is a use across a resume point.
    VariableReferences Loop;
    Loop.add(For->getCond()).add(For->getInc()).add(For->getBody());
    for (ObjectId Id : Declared) {
      auto Found = Loop.Of.find(M.Objects[Id].Var);
      if (Found != Loop.Of.end())
        B.ReferencedAcrossChunks[Id] = Found->second.front();
    }
    if (!walkCondition(For->getCond(), For->getCond()))
      return;
    walkLoopBody(For, For->getBody(), nullptr);
    addStep({For->getInc()});
    B.ScopeObjects[For] = Scopes.back();
    Scopes.pop_back();
  }

  void walkRangeFor(const CXXForRangeStmt *For) {
    if (rejectAwaitIn(For->getRangeInit(), "the range of a for loop") ||
        rejectDeclaration(For->getInit(), "the init of a for loop"))
      return;
    Scopes.emplace_back();
    AsyncFunctionModel::RangeFor Hidden;
    const VarDecl *RangeVar = For->getRangeStmt()->getSingleDecl()
                                  ? cast<VarDecl>(For->getRangeStmt()->getSingleDecl())
                                  : nullptr;
    Hidden.Range = addHidden(RangeVar, "range of the for loop");
    // A prvalue range is lifetime-extended by `auto &&__range`: the frame
    // holds the object itself rather than a pointer to it.
    const Expr *RangeInit = RangeVar ? RangeVar->getInit() : nullptr;
    if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(RangeInit))
      RangeInit = Cleanups->getSubExpr();
    if (const auto *Temporary = dyn_cast_or_null<MaterializeTemporaryExpr>(RangeInit)) {
      Hidden.RangeIsTemporary = true;
      FrameObject &Range = M.Objects[Hidden.Range];
      Range.Type = Temporary->getType().getNonReferenceType();
      Range.StoredAsPointer = false;
      Range.HasDestructor = hasDestructor(Range.Type);
    }
    addStep({For->getRangeInit()}, {Hidden.Range});
    Hidden.Begin = addHidden(For->getBeginStmt() ? cast<VarDecl>(For->getBeginStmt()->getSingleDecl()) : nullptr,
                             "begin of the for loop");
    Hidden.End = addHidden(For->getEndStmt() ? cast<VarDecl>(For->getEndStmt()->getSingleDecl()) : nullptr,
                           "end of the for loop");
    addStep({}, {Hidden.Begin, Hidden.End});
    M.RangeFors[For] = Hidden;
    addStep({For->getCond()});
    walkLoopBody(For, For->getBody(), For->getLoopVariable());
    addStep({For->getInc()});
    B.ScopeObjects[For] = Scopes.back();
    Scopes.pop_back();
  }

  // --- await statements ----------------------------------------------

  /// If S is a statement-level await, creates its suspension point (with its
  /// steps) and returns its index.
  std::optional<unsigned> classifyAwait(const Stmt *S) {
    SuspensionPoint P;
    P.Statement = S;
    if (const auto *Decls = dyn_cast<DeclStmt>(S)) {
      if (!Decls->isSingleDecl())
        return std::nullopt;
      const auto *Var = dyn_cast<VarDecl>(Decls->getSingleDecl());
      if (!Var || !Var->hasLocalStorage() ||
          !(P.Await = awaitIn(Var->getInit(), P)))
        return std::nullopt;
      P.Form = AwaitForm::InitVar;
      P.InitVar = Var;
    } else if (const auto *Return = dyn_cast<CoreturnStmt>(S)) {
      if (!(P.Await = awaitIn(Return->getOperand(), P)))
        return std::nullopt;
      P.Form = AwaitForm::Return;
    } else if (const auto *E = dyn_cast<Expr>(S)) {
      if (!classifyExpression(E, P)) {
        if (!(P.Await = awaitIn(E, P)))
          return std::nullopt;
        P.Form = AwaitForm::Expression;
      }
    } else {
      return std::nullopt;
    }
    if (rejectAwaitIn(awaitOperand(P.Await), "the operand of another co_await") ||
        (P.Target && rejectAwaitIn(P.Target, "the target of an assignment")))
      return std::nullopt;
    return addPoint(std::move(P));
  }

  /// The await of \p Root: all of it (`co_await e`, with the wrappers
  /// awaitUnder sees through), or the only await inside it when the rewrite
  /// may evaluate that await before the rest (see awaitInside). Null, after
  /// an error for an await it cannot rewrite, otherwise.
  const Expr *awaitIn(const Expr *Root, SuspensionPoint &P) {
    if (const Expr *Await = awaitUnder(Root))
      return Await;
    return awaitInside(Root, P);
  }

  /// An await inside a larger expression: once rewritten, the await runs
  /// first and the expression is evaluated after it, with the await's value
  /// in its place. That is the program's own order when everything the
  /// expression could evaluate first has no effect the await could see or
  /// change: no side effects, and no variable the awaited future may reach
  /// (named in its operand, or whose address escapes). Those parts are
  /// recorded in P.EvaluatedAfter for liveness. An await that is evaluated
  /// only conditionally (after &&, ||, ?) is not rewritten.
  const Expr *awaitInside(const Expr *Root, SuspensionPoint &P) {
    std::vector<const Stmt *> Awaits = nodesWhere(Root, isAwait);
    if (Awaits.empty())
      return nullptr;
    auto Reject = [&](const Stmt *At, const std::string &Why) -> const Expr * {
      fail(At->getBeginLoc(), "co_await inside a larger expression is not "
                              "supported here: " + Why);
      return nullptr;
    };
    if (Awaits.size() > 1)
      return Reject(Awaits[1], "this is the second co_await of the statement; "
                               "await into a variable first");
    const auto *Await = cast<Expr>(Awaits.front());
    if (Await->getType()->isVoidType())
      return Reject(Await, "its future produces no value");
    VariableReferences Reached = referencesUnder(awaitOperand(Await));
    const Stmt *Child = Await;
    while (Child != Root) {
      DynTypedNodeList Parents = Ctx.getParents(*Child);
      const Stmt *Parent = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
      if (!Parent)
        return Reject(Await, "unawait cannot follow the expression around it");
      if (const char *Condition = conditionalOperand(Parent, Child))
        return Reject(Await, std::string("it is evaluated only if ") + Condition);
      // An assignment's target is evaluated after its value (C++17), which
      // the CFG's order does not show.
      if (const Stmt *Target = assignedBy(Parent, Child))
        P.EvaluatedAfter.push_back(Target);
      for (const Stmt *Sibling : evaluatedBefore(Parent, Child)) {
        if (std::string Why = unsafeToDelay(Sibling, Reached); !Why.empty())
          return Reject(Sibling, Why + ", and the rewrite would evaluate it "
                                       "after the co_await; await into a "
                                       "variable first");
        P.EvaluatedAfter.push_back(Sibling);
      }
      Child = Parent;
    }
    return Await;
  }

  /// Why the await under \p Child is evaluated only conditionally inside
  /// \p Parent, or null.
  static const char *conditionalOperand(const Stmt *Parent, const Stmt *Child) {
    if (const auto *Binary = dyn_cast<BinaryOperator>(Parent);
        Binary && Binary->isLogicalOp() && Binary->getRHS() == Child)
      return Binary->getOpcode() == BO_LAnd ? "the left side of && is true"
                                            : "the left side of || is false";
    if (const auto *Conditional = dyn_cast<AbstractConditionalOperator>(Parent);
        Conditional && Conditional->getCond() != Child)
      return "the condition of ?: selects it";
    return nullptr;
  }

  /// The target, if \p Parent assigns \p Child to it.
  static const Expr *assignedBy(const Stmt *Parent, const Stmt *Child) {
    if (const auto *Binary = dyn_cast<BinaryOperator>(Parent);
        Binary && Binary->isAssignmentOp() && Binary->getRHS() == Child)
      return Binary->getLHS();
    if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(Parent);
        Call && Call->isAssignmentOp() && Call->getNumArgs() == 2 &&
        Call->getArg(1) == Child)
      return Call->getArg(0);
    return nullptr;
  }

  /// The operands of \p Parent that C++ may evaluate before \p Child: all
  /// the others, except an assignment's target when Child is its value.
  static std::vector<const Stmt *> evaluatedBefore(const Stmt *Parent,
                                                   const Stmt *Child) {
    if (assignedBy(Parent, Child))
      return {};
    std::vector<const Stmt *> Others;
    for (const Stmt *Operand : Parent->children())
      if (Operand && Operand != Child)
        Others.push_back(Operand);
    return Others;
  }

  /// Why evaluating \p Part after an await could change what the program
  /// does, or "".
  std::string unsafeToDelay(const Stmt *Part, const VariableReferences &Reached) {
    const auto *E = dyn_cast<Expr>(Part);
    if (!E || E->HasSideEffects(Ctx))
      return "this has side effects";
    const Stmt *Body = cast<CoroutineBodyStmt>(M.Function.Definition->getBody())->getBody();
    for (auto &[Var, Uses] : referencesUnder(Part).Of) {
      if (Reached.Of.count(Var))
        return "'" + Var->getName().str() + "' is also given to the awaited future";
      if (Var->hasLocalStorage() && firstEscape(Var, Body, Ctx).isValid())
        return "the address of '" + Var->getName().str() + "' escapes";
      if (!Var->hasLocalStorage() && !Var->getType().isConstQualified())
        return "'" + Var->getName().str() + "' is not a local variable";
    }
    return "";
  }

  bool classifyExpression(const Expr *E, SuspensionPoint &P) {
    if ((P.Await = awaitUnder(E))) {
      P.Form = AwaitForm::Discard;
      return true;
    }
    E = E->IgnoreImplicit();
    if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
      if (!Binary->isAssignmentOp() || !(P.Await = awaitUnder(Binary->getRHS())))
        return false;
      P.Target = Binary->getLHS();
      P.EvaluatedAfter.push_back(P.Target);
      P.AssignOperator = Binary->getOpcodeStr().str();
    } else if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (!Call->isAssignmentOp() || Call->getNumArgs() != 2 ||
          !(P.Await = awaitUnder(Call->getArg(1))))
        return false;
      P.Target = Call->getArg(0);
      P.EvaluatedAfter.push_back(P.Target);
      P.AssignOperator = getOperatorSpelling(Call->getOperator());
    } else {
      return false;
    }
    P.Form = P.AssignOperator == "=" ? AwaitForm::Assign : AwaitForm::CompoundAssign;
    return true;
  }

  /// The condition of an if or a loop: a step, or, when it awaits
  /// (`if (... co_await e ...)`), a suspension point whose value decides
  /// the branch. That condition is evaluated after the resume and kept in a
  /// bool of the frame until the branch is taken (so that no resume jump
  /// into a branch crosses an initialisation). \p Statement is the if (its
  /// await is emitted in the enclosing block) or the loop's condition
  /// (emitted inside the loop). Returns false after an error.
  bool walkCondition(const Stmt *Statement, const Expr *Condition) {
    if (!containsAwait(Condition)) {
      addStep({Condition});
      return true;
    }
    SuspensionPoint P;
    P.Statement = Statement;
    P.Form = AwaitForm::Condition;
    if (!(P.Await = awaitIn(Condition, P)))
      return false;
    P.EvaluatedAfter.push_back(Condition);
    addPoint(std::move(P));
    return !Failed;
  }

  /// The bool holding an awaiting condition's value: needed only from the
  /// resume to the branch, so it shares storage with everything else.
  ObjectId addConditionValue(SuspensionPoint &P) {
    FrameObject Value;
    Value.Kind = ObjectKind::Temporary;
    Value.SourceName = "condition value";
    Value.Loc = P.Statement->getBeginLoc();
    Value.Type = Ctx.BoolTy;
    ObjectId Id = addObject(std::move(Value));
    B.AlwaysKept[Id] = true;
    P.ConditionValue = Id;
    return Id;
  }

  unsigned addPoint(SuspensionPoint P) {
    P.Index = M.Points.size();
    P.StateName = "Suspend" + std::to_string(P.Index);
    P.Operand = awaitOperand(P.Await);
    // In a template, an await of a dependent future has a dependent type:
    // whether it produces a value is known per instantiation only.
    P.ProducesValue = !P.Await->getType()->isVoidType();
    P.Line = SM.getExpansionLineNumber(P.Await->getBeginLoc());
    P.AwaitText = Lexer::getSourceText(
                      CharSourceRange::getTokenRange(P.Await->getSourceRange()),
                      SM, Ctx.getLangOpts())
                      .str();
    M.Suspending.insert(P.Statement);
    M.PointOfStatement[P.Statement] = P.Index;
    unsigned Index = P.Index;
    M.Points.push_back(std::move(P));
    std::vector<ObjectId> Declared;
    if (auto Awaitee = chooseAwaitee(M.Points[Index]))
      Declared.push_back(*Awaitee);
    addStep({M.Points[Index].Operand}, Declared);
    addStep({}, {}, Index);
    if (M.Points[Index].Form == AwaitForm::Condition) {
      Scopes.emplace_back(); // the condition's value lives for this step only
      ObjectId Value = addConditionValue(M.Points[Index]);
      Scopes.back().push_back(Value);
      addStep(M.Points[Index].EvaluatedAfter, {Value});
      Scopes.pop_back();
    } else {
      addStep(M.Points[Index].EvaluatedAfter);
    }
    for (size_t Last = B.Steps.size(), I = Last - 3; I < Last; ++I)
      B.Steps[I].Awaitee = M.Points[Index].Awaitee;
    B.Steps[B.Steps.size() - 3].OperandOf = Index;
    return Index;
  }

  /// Decides how the operand is polled; returns a new awaitee object, if any.
  std::optional<ObjectId> chooseAwaitee(SuspensionPoint &P) {
    const Expr *Operand = P.Operand->IgnoreParens();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Operand)) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      auto Known = Var ? M.ObjectOfVar.find(Var) : M.ObjectOfVar.end();
      if (Known != M.ObjectOfVar.end()) {
        P.Mode = AwaiteeMode::InPlace;
        P.Awaitee = Known->second;
        B.AlwaysKept[P.Awaitee] = true;
        return std::nullopt;
      }
    }
    FrameObject Awaitee;
    Awaitee.Kind = ObjectKind::Awaitee;
    Awaitee.AwaitOf = P.Index;
    Awaitee.SourceName = P.AwaitText;
    Awaitee.Loc = P.Await->getBeginLoc();
    if (P.Operand->isGLValue()) {
      P.Mode = AwaiteeMode::Pointer;
      Awaitee.Type = Ctx.getLValueReferenceType(P.Operand->getType());
      Awaitee.StoredAsPointer = true;
    } else {
      P.Mode = AwaiteeMode::Temporary;
      Awaitee.Type = P.Operand->getType();
      if (Awaitee.Type->isDependentType()) {
        fail(P.Operand->getBeginLoc(),
             "co_await of a temporary whose type depends on template "
             "arguments is not supported yet; await a variable");
        return std::nullopt;
      }
      if (!generatedCallee(P.Operand, Awaitee.Generated))
        return std::nullopt;
      // A generated class has a destructor only when its frame has
      // something to destroy; clang sees the unrewritten Async<T>.
      Awaitee.HasDestructor = Awaitee.Generated
                                  ? Awaitee.Generated->needsDestructor()
                                  : hasDestructor(Awaitee.Type);
    }
    ObjectId Id = addObject(std::move(Awaitee));
    B.AlwaysKept[Id] = true;
    B.Crossed[Id] = true;
    P.Awaitee = Id;
    return Id;
  }

  /// Sets \p Generated to the model of the class \p Operand builds when it
  /// calls an annotated function (the awaitee nests that class inline).
  /// Returns false after reporting an error. A function awaiting itself
  /// cannot hold itself inline: that awaitee stays the boxed Async<T> clang
  /// sees (one allocation per level, like Box::pin in Rust).
  bool generatedCallee(const Expr *Operand, const AsyncFunctionModel *&Generated) {
    const auto *Call = dyn_cast<CallExpr>(Operand->IgnoreImplicit()->IgnoreParens());
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (Callee && Callee->getCanonicalDecl() ==
                      M.Function.Definition->getCanonicalDecl())
      return true;
    std::optional<const AsyncFunctionModel *> Model =
        generatedModelOf(Operand, Callees, Ctx, Diags);
    if (!Model)
      return Failed = true, false;
    Generated = *Model;
    return true;
  }

  bool fail(SourceLocation Loc, const std::string &Message) {
    if (!Failed)
      Diags.error(Loc, Message);
    Failed = true;
    return false;
  }

  struct JumpTarget {
    const Stmt *Statement;
    bool IsLoop;
    size_t Depth;
  };

  AsyncFunctionModel &M;
  BodyStructure &B;
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticReporter &Diags;
  ModelRegistry &Callees;
  std::vector<std::vector<ObjectId>> Scopes;
  std::vector<JumpTarget> Targets;
  bool Failed = false;
};

} // namespace

bool containsAwait(const Stmt *S) { return firstAwait(S) != nullptr; }

const Stmt *withoutCaseLabels(const Stmt *S) {
  while (const auto *Case = dyn_cast<SwitchCase>(S))
    S = Case->getSubStmt();
  return S;
}

std::vector<Stmt *> blockChildren(const Stmt *S) {
  if (const auto *Compound = dyn_cast<CompoundStmt>(S))
    return {Compound->body_begin(), Compound->body_end()};
  return {const_cast<Stmt *>(S)};
}

bool walkBody(AsyncFunctionModel &Model, BodyStructure &Structure,
              ASTContext &Context, DiagnosticReporter &Diags,
              ModelRegistry &Callees) {
  return BodyWalker(Model, Structure, Context, Diags, Callees).run();
}

} // namespace unawait
