//===- BodyLowering.cpp - from clang's AST to the lowered body -----------===//
//
// The walk keeps, while it descends, the scopes it is in (each a BlockNode
// and the frame objects declared in it so far) and the statements a break
// or continue may target. A statement is lowered into regions when it
// contains a co_await, or a break/continue that leaves frame objects with
// destructors (so that the objects declared on the way become frame objects
// too, and the jump destroys all of them in order); any other statement is
// a StatementNode printed as written, with holes.
//
// A full-expression that contains awaits is lowered by FullExpression (see
// EvaluationOrder.h for the order): every await and every temporary that
// C++ materialises before the last await of the full-expression is a
// *point*; what must be evaluated before a point is evaluated before it, into
// a frame temporary when its value is used after it, and everything else is
// left to the node that uses the full-expression's value.
//
//===----------------------------------------------------------------------===//
#include "Analysis/BodyLowering.h"

#include "Analysis/AnnotatedLambdas.h"
#include "Analysis/Escapes.h"
#include "Analysis/LambdaCaptures.h"
#include "Analysis/EvaluationOrder.h"
#include "Analysis/Naming.h"
#include "Analysis/NodeSearch.h"
#include "Analysis/ParenListInit.h"
#include "Analysis/References.h"
#include "Analysis/TemplateInstances.h"
#include "Analysis/InPlaceCombinators.h"
#include "Analysis/Unsupported.h"
#include "Frontend/AsyncFunctionFinder.h"
#include "Frontend/RawTokens.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include <limits>
#include <map>
#include <set>

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

bool containsAwait(const Stmt *S) { return !nodesWhere(S, isAwait).empty(); }

namespace {

/// Constructs unawait cannot rewrite anywhere in an async function.
class ForbiddenSearch : public RecursiveASTVisitor<ForbiddenSearch> {
public:
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitCoyieldExpr(CoyieldExpr *S) { return found(S, Unsupported::CoYield); }
  bool found(Stmt *S, Unsupported What) {
    Where = S->getBeginLoc();
    Construct = What;
    return false;
  }
  SourceLocation Where;
  std::optional<Unsupported> Construct;
};

/// The break, continue and goto statements under a statement that jump out
/// of it (not the breaks and continues that belong to a loop or switch
/// inside it; every goto, whose label is never inside a statement printed
/// as written).
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
    if (isa<GotoStmt>(S))
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

std::vector<const Stmt *> escapingJumps(const Stmt *S) {
  EscapingJumps Search;
  Search.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(Search.Found);
}

bool containsLabel(const Stmt *S) {
  return !nodesWhere(S, [](const Stmt *N) { return isa<LabelStmt>(N); }).empty();
}

/// The statements of a block: a compound statement's children, or the
/// statement itself when a loop body or branch is a single statement.
std::vector<const Stmt *> blockChildren(const Stmt *S) {
  if (const auto *Compound = dyn_cast<CompoundStmt>(S))
    return {Compound->body_begin(), Compound->body_end()};
  return {S};
}

/// The statement under its case labels and labels.
const Stmt *withoutLabels(const Stmt *S) {
  while (isa<SwitchCase, LabelStmt>(S))
    S = isa<LabelStmt>(S) ? cast<LabelStmt>(S)->getSubStmt()
                          : cast<SwitchCase>(S)->getSubStmt();
  return S;
}

/// True if `co_return E;` moves from E implicitly (C++20) in a template's
/// pattern, where Sema has not decided: E names a local variable or
/// parameter of object type.
bool isImplicitlyMovable(const Expr *E) {
  E = E->IgnoreImplicitAsWritten()->IgnoreParens();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() && !Var->getType()->isReferenceType() &&
         !Var->getType().isVolatileQualified();
}

/// `const T &r = make();`: the temporary the reference extends, if any.
const MaterializeTemporaryExpr *extendedTemporary(const VarDecl *Var) {
  if (!Var->getType()->isReferenceType() || !Var->getInit())
    return nullptr;
  const Expr *Init = Var->getInit();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr();
  const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(Init->IgnoreParens());
  return Temp && Temp->getExtendingDecl() == Var ? Temp : nullptr;
}

/// The array a std::initializer_list variable's braced list makes, which
/// the variable extends to its own lifetime ([dcl.init.list]/6), also when
/// a reference to a list is extended.
const MaterializeTemporaryExpr *extendedListArray(const VarDecl *Var) {
  const Expr *Init = Var->getInit();
  if (!Init)
    return nullptr;
  if (const MaterializeTemporaryExpr *Outer = extendedTemporary(Var))
    Init = Outer->getSubExpr();
  const auto *List = dyn_cast<CXXStdInitializerListExpr>(Init->IgnoreImplicit());
  const auto *Array =
      List ? dyn_cast<MaterializeTemporaryExpr>(List->getSubExpr()->IgnoreParens()) : nullptr;
  return Array && Array->getExtendingDecl() == Var ? Array : nullptr;
}

class Lowering;

/// Lowers one full-expression that contains awaits (see the file comment).
class FullExpression {
public:
  FullExpression(Lowering &L, const Expr *Root);
  /// Adds to \p Out what is evaluated up to the last point; the caller then
  /// adds the node that uses the value (source of Root, holes filled in).
  bool lower(BlockNode &Out);
  /// Adds the end of the full-expression: its temporaries destroyed.
  void finish(BlockNode &Out);
  /// An array a declaration copies element by element (`auto [a, b] = e;`)
  /// is read once per element in the frame's initializer: e's address is
  /// kept first, unless e names the same array whenever it is read.
  bool keepCopiedArray(const ArrayInitLoopExpr *Copy, BlockNode &Out) {
    return early(Copy->getCommonExpr()->getSourceExpr(), Out);
  }

private:
  void number(const Expr *E);
  bool containsPoint(const Expr *E);
  bool lowerExpr(const Expr *E, BlockNode &Out);
  bool lowerParts(const Expr *E, BlockNode &Out);
  bool lowerOperands(const EvaluationOrder &Order, BlockNode &Out);
  bool lowerAwait(const Expr *Await, BlockNode &Out);
  std::vector<ObjectId> keptByMakers(const Expr *Await);
  bool lowerTemporary(const MaterializeTemporaryExpr *Temp, BlockNode &Out);
  bool lowerNew(const CXXNewExpr *New, BlockNode &Out);
  std::string allocationArguments(const CXXNewExpr &New) const;
  bool lowerBackingArray(const MaterializeTemporaryExpr *Temp, BlockNode &Out);
  bool lowerChoice(const Expr *E, const EvaluationOrder &Order, BlockNode &Out);
  bool early(const Expr *E, BlockNode &Out);
  bool dependentValue(const Expr *E, BlockNode &Out);
  bool boundByEveryCandidate(const Expr *E) const;
  bool materializedByInstances(const Expr *E) const;
  /// Whether \p E, a glvalue of a template's pattern (a scalar, or of a type
  /// that depends on template arguments), is read as a value in every
  /// instance clang made (an operand of a dependent `a + co_await f()`: the
  /// pattern has no lvalue-to-rvalue conversion, the instances do). Then a
  /// copy of its value is kept, spelled from E's type. Simplification: an
  /// instance clang did not make is taken to read it so too.
  bool readAsValueByInstances(const Expr *E) const;
  static void spill(BlockNode &Into, const Expr *From, ObjectId Id, SpillNode::Mode Mode,
                    Code Value, const Expr *Evaluated = nullptr);
  bool evaluatedFirst(const Expr *E, BlockNode &Out);
  ObjectId temporary(const Expr *E, clang::QualType Type, llvm::StringRef What);
  bool stableValue(const Expr *E);
  bool stableIdentity(const Expr *E) const;
  bool stableMemberBase(const Expr *Base, bool Arrow) const;
  void evaluatedLater(const Expr *E) { Later.push_back({E, std::nullopt}); }

  Lowering &L;
  const Expr *Root;
  /// Awaits and the temporaries to spill, and the subtrees that hold them.
  llvm::DenseSet<const Expr *> Points;
  llvm::DenseMap<const Expr *, bool> HoldsPoint;
  /// Evaluation order positions (post-order) of awaits and temporaries.
  std::vector<std::pair<const Expr *, unsigned>> Positions;
  /// Arguments of calls that depend on template arguments, which clang's
  /// instances materialise as temporaries (materializedByInstances).
  llvm::DenseSet<const Expr *> DependentTemporaries;
  unsigned Counter = 0;
  /// What the variables of awaited operands are, for stability.
  VariableReferences AwaitedNames;
  /// The frame temporaries of this full-expression, in construction order.
  std::vector<ObjectId> Temporaries;
  /// Expressions whose value is in a frame temporary already.
  llvm::DenseSet<const Expr *> Spilled;
  /// Raw-storage temporaries built since the last await, and where they
  /// stand: the next await's operand must read them.
  std::vector<std::pair<ObjectId, TextRange>> Unnamed;
  /// The parts evaluated after points although clang's CFG may order them
  /// first: in the final node (after every point), or in an awaited
  /// operand (before that await, after the earlier points).
  struct LaterPart {
    const Stmt *Part;
    std::optional<unsigned> BeforePoint;
  };
  std::vector<LaterPart> Later;
  /// Depth of conditional evaluation (under && or ?:).
  unsigned ConditionalDepth = 0;

  friend class Lowering;
};

class Lowering {
public:
  Lowering(AsyncFunctionModel &Model, ASTContext &Context,
           DiagnosticReporter &Diags, ModelRegistry &Callees, const NodeParents &Parents)
      : M(Model), Ctx(Context), SM(Context.getSourceManager()), Diags(Diags),
        Callees(Callees), Parents(Parents),
        BodyFile(SM.getFileID(SM.getExpansionLoc(Model.Function.Definition->getLocation()))) {}

  bool run() {
    const FunctionDecl *F = M.Function.Definition;
    const auto *Coroutine = cast<CoroutineBodyStmt>(F->getBody());
    Body = Coroutine->getBody();
    ForbiddenSearch Forbidden;
    Forbidden.TraverseStmt(const_cast<Stmt *>(Body));
    if (Forbidden.Construct) {
      reportUnsupported(Diags, Forbidden.Where, *Forbidden.Construct);
      return false;
    }
    M.Body.Root = std::make_shared<BlockNode>();
    BlockNode &Root = *M.Body.Root;
    Root.Origin = Body;
    // The parameters and `this` live in the frame from its construction.
    BlockNode Entry;
    Scopes.push_back(&Entry);
    if (M.Function.isLambda())
      addCaptures(cast<CXXMethodDecl>(F));
    else if (const auto *Method = dyn_cast<CXXMethodDecl>(F); Method && Method->isInstance())
      addThis(Method->getLocation(), Method->getThisType());
    std::map<std::string, unsigned> Spelled = M.SpelledIdentifiers;
    auto FreshName = [&](llvm::StringRef Prefix, unsigned N) {
      std::string Name;
      do
        Name = Prefix.str() + std::to_string(N++);
      while (Spelled.count(Name));
      Spelled[Name] = 1;
      return Name;
    };
    for (const ParmVarDecl *Param : F->parameters()) {
      ObjectId Id = addVariable(Param, ObjectKind::Param);
      // The rewritten function passes every parameter to the class, so an
      // unnamed one gets a name.
      if (Param->getName().empty()) {
        M.Objects[Id].SourceName = FreshName("unnamed", Id);
        M.Objects[Id].NamedByRewrite = true;
      }
    }
    // And names every template argument of the class.
    if (const FunctionTemplateDecl *Template = M.functionTemplate())
      for (const NamedDecl *Param : *Template->getTemplateParameters())
        if (Param->getName().empty())
          M.NamedTemplateParams.emplace_back(Param, FreshName("UnnamedParam", 1));
    for (FrameObject &Object : M.Objects)
      if (Object.Pack)
        Object.PackLength = packLength(Object);
    Scopes.pop_back();
    M.Body.Entry = Entry.Declared;
    lowerScope(Root, blockChildren(Body), cast<CompoundStmt>(Body)->getLBracLoc());
    if (Failed)
      return false;
    recordStoredBoxes();
    addBodyHoles();
    return !Failed;
  }

  // --- source text -----------------------------------------------------

  TextRange rangeOf(SourceRange Range) const {
    CharSourceRange File = SM.getExpansionRange(Range);
    SourceLocation End = File.getEnd();
    if (File.isTokenRange())
      End = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
    return {SM.getFileOffset(File.getBegin()), SM.getFileOffset(End)};
  }

  TextRange rangeOf(const Stmt *S) const { return rangeOf(S->getSourceRange()); }

  /// A statement's range with its semicolon (and, for a declaration, the
  /// attributes written before it).
  TextRange statementRange(const Stmt *S) const {
    SourceRange Range = S->getSourceRange();
    if (const auto *Decls = dyn_cast<DeclStmt>(S))
      for (const Decl *D : Decls->decls())
        for (const Attr *A : D->attrs())
          if (A->getLocation().isValid() &&
              SM.isBeforeInTranslationUnit(A->getRange().getBegin(), Range.getBegin()))
            Range.setBegin(A->getRange().getBegin());
    std::optional<Token> Next = Lexer::findNextToken(
        SM.getExpansionLoc(Range.getEnd()), SM, Ctx.getLangOpts());
    if (Next && Next->is(tok::semi))
      Range.setEnd(Next->getLocation());
    TextRange Text = rangeOf(Range);
    // `[[maybe_unused]] int x`: an attribute's range starts at its name.
    llvm::StringRef Before = SM.getBufferData(BodyFile).take_front(Text.Begin);
    if (Before.rtrim().ends_with("[["))
      Text.Begin = Before.rtrim().size() - 2;
    return Text;
  }

  Code sourceOf(const Stmt *S) const { return Code().source(rangeOf(S)); }

  /// The statement as written, ending in a semicolon or a brace.
  Code statementText(const Stmt *S) const {
    Code C;
    C.source(statementRange(S));
    llvm::StringRef Text = sourceText(statementRange(S)).rtrim();
    if (!Text.ends_with(";") && !Text.ends_with("}"))
      C.literal(";");
    return C;
  }

  /// \p S as diagnostics, reports and comments quote it: on one line.
  std::string quoted(const Stmt *S) const {
    return oneLine(Lexer::getSourceText(CharSourceRange::getTokenRange(S->getSourceRange()),
                                        SM, Ctx.getLangOpts()));
  }

  llvm::StringRef sourceText(TextRange Range) const {
    return SM.getBufferData(BodyFile).slice(Range.Begin, Range.End);
  }

  /// The comments between \p From (the token before) and \p S.
  std::string commentsBefore(const Stmt *S, SourceLocation From) const {
    if (From.isInvalid())
      return "";
    unsigned Begin = SM.getFileOffset(SM.getExpansionLoc(From));
    unsigned End = SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
    Begin += Lexer::MeasureTokenLength(SM.getExpansionLoc(From), SM, Ctx.getLangOpts());
    if (Begin >= End)
      return "";
    std::string Comments;
    forEachRawToken(sourceText({Begin, End}), Ctx.getLangOpts(),
                    /*KeepComments=*/true,
                    [&](const Token &Tok, llvm::StringRef Spelling) {
                      if (Tok.is(tok::comment))
                        Comments += Spelling.rtrim().str() + "\n";
                    });
    return Comments;
  }

  SourceLocation endOf(const Stmt *S) const {
    return SM.getComposedLoc(BodyFile, statementRange(S).End - 1);
  }

  int addHole(Hole H) {
    M.Body.Holes.push_back(std::move(H));
    return static_cast<int>(M.Body.Holes.size()) - 1;
  }

  // --- frame objects ---------------------------------------------------

  ObjectId addObject(FrameObject Object) {
    Object.Order = M.Objects.size();
    M.Objects.push_back(std::move(Object));
    return M.Objects.size() - 1;
  }

  void addThis(SourceLocation Loc, QualType Type) {
    FrameObject This;
    This.Kind = ObjectKind::This;
    This.SourceName = "this";
    This.Loc = Loc;
    This.Type = Type;
    Scopes.back()->Declared.push_back(addObject(std::move(This)));
  }

  /// An annotated lambda's captures, first in the frame like parameters (see
  /// AnnotatedLambdas.h); a captured `this` is the enclosing member
  /// function's (or default member initializer's), a captured `*this` the
  /// closure's copy.
  void addCaptures(const CXXMethodDecl *Call) {
    for (const LambdaCapture &Capture : lambdaCaptures(Call->getParent())) {
      if (Capture.capturesThis()) {
        addThis(M.Function.Enclosing->getLocation(),
                capturedThisType(Capture, Call, M.Function.Enclosing, Ctx));
        continue;
      }
      const ValueDecl *Captured = Capture.getCapturedVar();
      FrameObject &Object = M.Objects[isa<VarDecl>(Captured)
                                          ? addVariable(cast<VarDecl>(Captured), ObjectKind::Param)
                                          : addCapturedBinding(cast<BindingDecl>(Captured))];
      Object.Type = captureReferenceType(Capture, Call, Ctx);
      Object.StoredAsPointer = true;
      Object.HasDestructor = false;
      Object.Capture = true;
    }
  }

  /// A structured binding's capture (the rewrite spells it as an
  /// init-capture, see cxx17Spelling): the body's uses of the binding name
  /// it.
  ObjectId addCapturedBinding(const BindingDecl *Binding) {
    FrameObject Object;
    Object.Kind = ObjectKind::Param;
    Object.CapturedBinding = Binding;
    Object.SourceName = Binding->getName().str();
    Object.Loc = Binding->getLocation();
    ObjectId Id = addObject(std::move(Object));
    M.ObjectOfVar[Binding] = Id;
    Scopes.back()->Declared.push_back(Id);
    return Id;
  }

  ObjectId addVariable(const VarDecl *Var, ObjectKind Kind) {
    FrameObject Object;
    Object.Kind = Kind;
    Object.Var = Var;
    Object.SourceName = Var->getName().str();
    if (const auto *Decomposition = dyn_cast<DecompositionDecl>(Var)) {
      Object.SourceName = "[";
      for (const BindingDecl *Binding : Decomposition->bindings())
        Object.SourceName += (Object.SourceName.size() > 1 ? ", " : "") +
                             Binding->getName().str();
      Object.SourceName += "]";
    }
    Object.Loc = Var->getLocation();
    Object.Type = Var->getType();
    if (extendedTemporary(Var)) // the object holds the temporary itself
      Object.Type = Var->getType().getNonReferenceType();
    Object.StoredAsPointer = Object.Type->isReferenceType();
    Object.HasDestructor = !Object.StoredAsPointer && hasDestructor(Object.Type);
    // A closure in a template: its type is never spelled (KeptObjects
    // keeps it only in raw storage), and its destructor is its copies'.
    if (const LambdaExpr *Lambda = closureInitializer(Var); Lambda && Object.Type->isDependentType())
      Object.HasDestructor = closureHasDestructor(*Lambda);
    else if (const Expr *Init = deducingInitializer(Var))
      deduceFromInitializer(Object, sourceOf(Init), Init->isTypeDependent());
    if (Var->isParameterPack()) {
      // The pack member holds references as references.
      Object.Pack = true;
      Object.StoredAsPointer = false;
      QualType Element = Object.Type->castAs<PackExpansionType>()->getPattern();
      Object.HasDestructor = !Element->isReferenceType() && hasDestructor(Element);
    }
    ObjectId Id = addObject(std::move(Object));
    M.ObjectOfVar[Var] = Id;
    Scopes.back()->Declared.push_back(Id);
    return Id;
  }

  /// The expression a local's `auto` deduces from: the initializer, or
  /// the one element of `auto v(e)` and `auto v{e}`; none for a list.
  static const Expr *deducingInitializer(const VarDecl *Var) {
    const Expr *Init = Var->getInit();
    if (!Init || isa<ParmVarDecl>(Var))
      return nullptr;
    if (const auto *Parens = dyn_cast<ParenListExpr>(Init))
      return Parens->getNumExprs() == 1 ? Parens->getExpr(0) : nullptr;
    if (const auto *List = dyn_cast<InitListExpr>(Init))
      return Var->getInitStyle() != VarDecl::CInit && List->getNumInits() == 1 ? List->getInit(0)
                                                                               : nullptr;
    return Init;
  }

  /// For a variable of a template whose type only its instances know (see
  /// FrameObject::Deduced), how the frame keeps it, spelled from \p From,
  /// its initializer. A placeholder form not handled here is left without,
  /// and KeptObjects rejects it if it is kept.
  void deduceFromInitializer(FrameObject &Object, Code From, bool DependentInit) const {
    using Storage = FrameObject::Deduced::Storage;
    QualType Type = Object.Var->getType();
    auto deduce = [&](std::string Declared, Storage Keep) {
      Object.DeducedFrom = FrameObject::Deduced{std::move(From), std::move(Declared), Keep};
      Object.StoredAsPointer = Keep == Storage::Pointer;
      // A reference kept in unawait::detail::bound may hold a temporary.
      Object.HasDestructor = Keep == Storage::Bound
                                 ? hasDestructor(Type.getNonReferenceType())
                                 : Keep == Storage::Value && hasDestructor(Type);
    };
    const DeducedType *Placeholder = Type->getContainedDeducedType();
    if (!Placeholder || !Placeholder->getDeducedType().isNull())
      Placeholder = nullptr;
    if (!Placeholder) {
      // `const T &r = make<T>()` binds a temporary in the instances where
      // the initializer is a prvalue; a non-const lvalue reference never.
      if (Type->isReferenceType() && DependentInit &&
          !(Type->isLValueReferenceType() && !Type.getNonReferenceType().isConstQualified()))
        deduce(spellType(Type, Ctx), Storage::Bound);
      return;
    }
    if (isa<AutoType>(Placeholder) && cast<AutoType>(Placeholder)->isDecltypeAuto()) {
      // `decltype(auto) v = e` declares decltype(e): decltype((e)) but for
      // a name or member access written without parentheses (its declared
      // type, which the frame cannot spell from e). Kept as `auto &&v = e`
      // is: the prvalue's object built in place, or the glvalue's address.
      const Expr *Init = deducingInitializer(Object.Var);
      if (Type.getTypePtr() == Placeholder && Init && !isa<DeclRefExpr, MemberExpr,
          DependentScopeDeclRefExpr, CXXDependentScopeMemberExpr, UnresolvedLookupExpr,
          UnresolvedMemberExpr>(Init->IgnoreImplicit()))
        deduce("$", Storage::Bound);
      return;
    }
    auto cv = [](QualType Q) { return Q.isConstQualified() ? std::string("const ") : ""; };
    if (isa<DeducedType>(Type.getTypePtr()))
      return deduce(cv(Type) + "std::decay_t<$>", Storage::Value);
    QualType Inner = Type->getPointeeType();
    if (Inner.isNull() || !isa<DeducedType>(Inner.getTypePtr()) || Inner.isVolatileQualified())
      return;
    if (Type->isPointerType())
      return deduce(cv(Inner) + "std::remove_pointer_t<std::decay_t<$>> *" +
                        (Type.isConstQualified() ? " const" : ""),
                    Storage::Value);
    if (Type->isLValueReferenceType())
      return Inner.isConstQualified()
                 ? deduce("const std::remove_reference_t<$> &", Storage::Bound)
                 : deduce("std::remove_reference_t<$> &", Storage::Pointer);
    if (Type->isRValueReferenceType() && !Inner.isConstQualified())
      deduce("$ &&", Storage::Bound);
  }

  /// The name of the template parameter pack a parameter pack's type
  /// expands (supportedFunction checked there is one).
  std::string packLength(const FrameObject &Pack) const {
    const NamedDecl *Length = expandedParameterPack(Pack.Type);
    for (const auto &[Unnamed, Given] : M.NamedTemplateParams)
      if (Unnamed == Length)
        return Given;
    return templateParameterName(Length); // a generic lambda's `auto...` too
  }

  /// A frame temporary: a spilled value, an awaitee, a range-for's hidden
  /// object.
  ObjectId addTemporary(QualType Type, std::string Description,
                        SourceLocation Loc, ObjectKind Kind = ObjectKind::Temporary) {
    FrameObject Object;
    Object.Kind = Kind;
    Object.SourceName = std::move(Description);
    Object.Loc = Loc;
    Object.Type = Type;
    Object.StoredAsPointer = Type->isReferenceType();
    Object.HasDestructor = !Object.StoredAsPointer && hasDestructor(Type);
    return addObject(std::move(Object));
  }

  /// A local of poll() declared at its top (see FrameObject::Scratch).
  ObjectId addScratch(QualType Type, std::string Description, SourceLocation Loc) {
    ObjectId Id = addTemporary(Type, std::move(Description), Loc);
    M.Objects[Id].Scratch = true;
    M.Objects[Id].HasDestructor = false;
    return Id;
  }

  // --- scopes and jumps ------------------------------------------------

  /// The frame objects declared in the scopes deeper than \p Depth,
  /// youngest first.
  std::vector<ObjectId> objectsLeft(size_t Depth) const {
    std::vector<ObjectId> Left;
    for (size_t I = Scopes.size(); I > Depth; --I)
      for (auto It = Scopes[I - 1]->Declared.rbegin();
           It != Scopes[I - 1]->Declared.rend(); ++It)
        Left.push_back(*It);
    return Left;
  }

  struct JumpTarget {
    const Stmt *Statement = nullptr;
    bool IsLoop = false;
    /// Scopes.size() where the loop's body (or the switch's) starts.
    size_t Depth = 0;
    /// For a loop whose continue goes to a label of the lowering.
    std::string ContinueLabel;
    bool ContinueUsed = false;
    /// Where a continue's destruction stops, when its label is in the
    /// body's block after objects that outlive it (a for loop's condition
    /// variable lives through the increment).
    std::optional<size_t> ContinueDepth;

    size_t depthLeftBy(bool IsBreak) const {
      return IsBreak ? Depth : ContinueDepth.value_or(Depth);
    }
  };

  /// True if the scope \p Block (the lowering's, around the current
  /// statement) holds \p Label: a scope the lowering adds has no origin,
  /// and holds a label only where a scope inside it does.
  bool scopeHolds(const BlockNode &Block, const LabelStmt *Label) const {
    if (!Block.Origin)
      return false;
    TextRange Scope = rangeOf(Block.Origin);
    unsigned At = rangeOf(Label).Begin;
    return Scope.Begin <= At && At < Scope.End;
  }

  /// What a goto leaves, youngest first, as C++ ends it: every object of
  /// the scopes around the goto that do not hold the label, then, in the
  /// innermost scope that does, the objects declared after the label (a
  /// jump backwards). Sema has rejected jumps into an object's scope.
  std::vector<ObjectId> objectsLeftByGoto(const GotoStmt *Goto) const {
    const LabelStmt *Label = Goto->getLabel()->getStmt();
    size_t Holder = Scopes.size() - 1;
    while (Holder > 0 && !scopeHolds(*Scopes[Holder], Label))
      --Holder;
    std::vector<ObjectId> Left = objectsLeft(Holder + 1);
    const std::vector<ObjectId> &Declared = Scopes[Holder]->Declared;
    for (auto It = Declared.rbegin(); It != Declared.rend(); ++It)
      if (SM.isBeforeInTranslationUnit(Label->getBeginLoc(), M.Objects[*It].Loc))
        Left.push_back(*It);
    return Left;
  }

  /// A label of the user's keeps its name in poll(), unless poll() has a
  /// label of that name or could have one (`done`, `resume_Suspend0`,
  /// `continue_1`, `enter_try_1`): then it gets a suffix.
  std::string labelName(const LabelDecl *Label) {
    auto [Known, Inserted] = LabelNames.try_emplace(Label);
    if (!Inserted)
      return Known->second;
    llvm::StringRef Name = Label->getName();
    std::string Given = Name.str();
    bool Generated = Name == "done" || Name.starts_with("resume_") ||
                     Name.starts_with("continue_") || Name.starts_with("enter_");
    auto Spelled = [&](llvm::StringRef Candidate) {
      return !nodesWhere(Body, [&](const Stmt *N) {
                const auto *L = dyn_cast<LabelStmt>(N);
                return L && L->getName() == Candidate;
              }).empty();
    };
    if (Generated)
      do
        Given += "_label";
      while (Spelled(Given));
    return Known->second = Given;
  }

  std::unique_ptr<JumpNode> gotoNode(const GotoStmt *Goto) {
    auto Node = std::make_unique<JumpNode>();
    Node->Origin = Goto;
    Node->JumpTarget = JumpNode::Goto;
    Node->Label = labelName(Goto->getLabel());
    Node->Destroy = objectsLeftByGoto(Goto);
    return Node;
  }

  /// The jump node of a break, continue or goto (null if it targets nothing
  /// known: then it is printed as written).
  std::unique_ptr<JumpNode> jumpFor(const Stmt *Jump) {
    if (const auto *Goto = dyn_cast<GotoStmt>(Jump))
      return gotoNode(Goto);
    bool IsBreak = isa<BreakStmt>(Jump);
    for (auto Target = Targets.rbegin(); Target != Targets.rend(); ++Target) {
      if (!IsBreak && !Target->IsLoop)
        continue;
      auto Node = std::make_unique<JumpNode>();
      Node->Origin = Jump;
      Node->Destroy = objectsLeft(Target->depthLeftBy(IsBreak));
      Node->JumpTarget = IsBreak ? JumpNode::Break : JumpNode::Continue;
      if (!IsBreak && !Target->ContinueLabel.empty()) {
        Node->JumpTarget = JumpNode::Goto;
        Node->Label = Target->ContinueLabel;
        Target->ContinueUsed = true;
      }
      return Node;
    }
    return nullptr;
  }

  /// True if a jump out of \p S leaves frame objects with destructors:
  /// then S is lowered, so that the objects it declares on the way are
  /// frame objects too and the jump destroys everything in order.
  bool hasDestroyingJump(const Stmt *S) const {
    for (const Stmt *Jump : escapingJumps(S)) {
      if (const auto *Goto = dyn_cast<GotoStmt>(Jump)) {
        if (llvm::any_of(objectsLeftByGoto(Goto),
                         [&](ObjectId Id) { return M.Objects[Id].HasDestructor; }))
          return true;
        continue;
      }
      bool IsBreak = isa<BreakStmt>(Jump);
      for (auto Target = Targets.rbegin(); Target != Targets.rend(); ++Target) {
        if (!IsBreak && !Target->IsLoop)
          continue;
        for (ObjectId Id : objectsLeft(Target->depthLeftBy(IsBreak)))
          if (M.Objects[Id].HasDestructor)
            return true;
        break;
      }
    }
    return false;
  }

  /// A statement holding a label, or a case label of the switch being
  /// lowered, is lowered too: the label then starts a chunk, and every
  /// region around it is a chunk of its own, so that no goto (or the
  /// switch's jump) crosses a local of poll() declared in a chunk's braces.
  bool needsLowering(const Stmt *S) const {
    return containsAwait(S) || hasDestroyingJump(S) || containsLabel(S) ||
           (SwitchBody && ownCaseLabel(S));
  }

  // --- statements ----------------------------------------------------

  /// Lowers the statements of a scope into \p Block.
  void lowerScope(BlockNode &Block, llvm::ArrayRef<const Stmt *> Children,
                  SourceLocation Open) {
    Scopes.push_back(&Block);
    SourceLocation Previous = Open;
    for (const Stmt *Child : Children) {
      if (Failed)
        break;
      size_t First = Block.Children.size();
      lowerStatement(Block, Child);
      if (Block.Children.size() > First)
        Block.Children[First]->LeadingComments = commentsBefore(Child, Previous);
      Previous = endOf(Child);
    }
    Scopes.pop_back();
    // After a jump, the end of the scope is not reached (the jump destroys
    // what it leaves): no dead destruction, and no fallthrough warning at
    // the next case label.
    bool EndsInJump = !Children.empty() &&
                      isa<BreakStmt, ContinueStmt, GotoStmt, CoreturnStmt>(
                          withoutLabels(Children.back()));
    if (EndsInJump)
      return;
    // `[[fallthrough]];` must stay last, after the destruction of the
    // scope's kept objects, to precede the next case label directly.
    std::unique_ptr<Node> Fallthrough;
    if (!Children.empty() && isFallthrough(withoutLabels(Children.back())) &&
        !Block.Children.empty() && isa<StatementNode>(*Block.Children.back())) {
      Fallthrough = std::move(Block.Children.back());
      Block.Children.pop_back();
    }
    endScope(Block);
    if (Fallthrough)
      Block.Children.push_back(std::move(Fallthrough));
  }

  /// A statement's attributes, but for [[fallthrough]], are hints to the
  /// optimiser (C++20's [[likely]] and [[unlikely]], clang's nomerge,
  /// noinline, loop hints...) that do not change what the statement does: a
  /// statement taken apart at its suspension points loses them, as its
  /// pieces are other statements. [[likely]] and [[unlikely]] go everywhere:
  /// C++17 cannot spell them.
  static const Stmt *withoutHints(const Stmt *S, bool TakenApart) {
    const auto *Attributed = dyn_cast<AttributedStmt>(S);
    if (!Attributed || isFallthrough(S))
      return S;
    bool Likelihood = llvm::all_of(Attributed->getAttrs(), [](const Attr *A) {
      return isa<LikelyAttr, UnlikelyAttr>(A);
    });
    return Likelihood || TakenApart ? Attributed->getSubStmt() : S;
  }

  static bool isFallthrough(const Stmt *S) {
    const auto *Attributed = dyn_cast<AttributedStmt>(S);
    return Attributed && llvm::any_of(Attributed->getAttrs(), [](const Attr *A) {
             return isa<FallThroughAttr>(A);
           });
  }

  void endScope(BlockNode &Block) {
    auto &Destroy = Block.add<DestroyNode>();
    Destroy.Objects.assign(Block.Declared.rbegin(), Block.Declared.rend());
    Destroy.EndsScope = true;
  }

  void lowerStatement(BlockNode &Out, const Stmt *S) {
    if (const Stmt *Bare = withoutHints(S, needsLowering(S)); Bare != S)
      return lowerStatement(Out, Bare);
    if (const auto *Case = dyn_cast<SwitchCase>(S)) {
      auto &Label = Out.add<LabelNode>();
      Label.Origin = S;
      Label.Text = caseLabel(Case);
      // Inside a statement of the switch's body (Duff's device), the
      // switch jumps into that statement, like a goto.
      Label.GotoTarget = &Out != SwitchBody;
      lowerStatement(Out, Case->getSubStmt());
      return;
    }
    if (const auto *Labeled = dyn_cast<LabelStmt>(S)) {
      auto &Label = Out.add<LabelNode>();
      Label.Origin = S;
      Label.Text.literal(labelName(Labeled->getDecl()) + ":");
      Label.GotoTarget = true;
      lowerStatement(Out, Labeled->getSubStmt());
      return;
    }
    if (!needsLowering(S) || isa<BreakStmt, ContinueStmt, GotoStmt>(S)) {
      lowerText(Out, S);
      return;
    }
    if (const auto *Compound = dyn_cast<CompoundStmt>(S)) {
      auto &Block = Out.add<BlockNode>();
      Block.Origin = S;
      lowerScope(Block, blockChildren(Compound), Compound->getLBracLoc());
    } else if (const auto *Decls = dyn_cast<DeclStmt>(S)) {
      lowerDeclaration(Out, Decls);
    } else if (const auto *E = dyn_cast<Expr>(S)) {
      lowerExpressionStatement(Out, E);
    } else if (const auto *Return = dyn_cast<CoreturnStmt>(S)) {
      lowerReturn(Out, Return);
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      lowerIf(Out, If);
    } else if (const auto *While = dyn_cast<WhileStmt>(S)) {
      lowerWhile(Out, While);
    } else if (const auto *Do = dyn_cast<DoStmt>(S)) {
      lowerDo(Out, Do);
    } else if (const auto *For = dyn_cast<ForStmt>(S)) {
      lowerFor(Out, For);
    } else if (const auto *Range = dyn_cast<CXXForRangeStmt>(S)) {
      lowerRangeFor(Out, Range);
    } else if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
      lowerSwitch(Out, Switch);
    } else if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
      lowerTry(Out, Try);
    } else {
      reportUnsupported(Diags, S->getBeginLoc(), Unsupported::NonStandardStatement,
                        S->getStmtClassName());
      Failed = true;
    }
  }

  /// A case label under \p S that belongs to the switch being lowered
  /// (not to a switch inside S).
  static const SwitchCase *ownCaseLabel(const Stmt *S) {
    if (isa<SwitchStmt>(S))
      return nullptr;
    if (const auto *Label = dyn_cast<SwitchCase>(S))
      return Label;
    for (const Stmt *Child : S->children())
      if (const SwitchCase *Label = Child ? ownCaseLabel(Child) : nullptr)
        return Label;
    return nullptr;
  }

  Code caseLabel(const SwitchCase *Label) const {
    Code C;
    const auto *Case = dyn_cast<CaseStmt>(Label);
    if (!Case)
      return C.literal("default:");
    C.literal("case ").append(sourceOf(Case->getLHS()));
    if (Case->getRHS())
      C.literal(" ... ").append(sourceOf(Case->getRHS()));
    return C.literal(":");
  }

  /// A statement without suspension points (and without jumps that must
  /// destroy frame objects): printed as written.
  void lowerText(BlockNode &Out, const Stmt *S) {
    if (const auto *Decls = dyn_cast<DeclStmt>(S)) {
      lowerDeclaration(Out, Decls);
      return;
    }
    if (isa<BreakStmt, ContinueStmt, GotoStmt>(S)) {
      if (std::unique_ptr<JumpNode> Jump = jumpFor(S)) {
        Out.Children.push_back(std::move(Jump));
        return;
      }
    }
    if (const auto *Return = dyn_cast<CoreturnStmt>(S)) {
      lowerReturn(Out, Return);
      return;
    }
    auto &Statement = Out.add<StatementNode>();
    Statement.Origin = S;
    Statement.Evaluates.push_back(S);
    Statement.Text = statementText(S);
    for (const Stmt *Jump : escapingJumps(S))
      if (std::unique_ptr<JumpNode> Node = jumpFor(Jump)) {
        Hole H;
        H.HoleKind = Hole::Kind::Jump;
        H.Range = statementRange(Jump);
        H.Jump = Node.get();
        addHole(std::move(H));
        M.Body.InlineNodes.push_back(std::move(Node));
      }
  }

  void lowerDeclaration(BlockNode &Out, const DeclStmt *Decls) {
    std::vector<const VarDecl *> Vars;
    for (const Decl *D : Decls->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D))
        Vars.push_back(Var);
    // `struct P { int x; } p{co_await f()};` defines a type and declares
    // variables of it.
    bool DefinesType = Vars.size() != static_cast<size_t>(llvm::size(Decls->decls()));
    bool Automatic = !Vars.empty() && llvm::all_of(Decls->decls(), [](const Decl *D) {
      const auto *Var = dyn_cast<VarDecl>(D);
      return Var ? Var->hasLocalStorage() : isa<TagDecl>(D);
    });
    if (!Automatic) {
      if (containsAwait(Decls)) {
        reportUnsupported(Diags, Decls->getBeginLoc(),
                          isa<VarDecl>(*Decls->decl_begin()) ? Unsupported::AwaitInStaticInit
                                                             : Unsupported::NonStandardStatement);
        Failed = true;
        return;
      }
      auto &Statement = Out.add<StatementNode>();
      Statement.Origin = Decls;
      Statement.Evaluates.push_back(Decls);
      Statement.Text = statementText(Decls);
      Statement.DeclaresName = true;
      return;
    }
    // Printed as written by its first variable's node, unless an await
    // between two variables takes it apart.
    bool AsOneDeclaration = Vars.size() == 1 || (DefinesType && !containsAwait(Decls));
    if (!AsOneDeclaration && DefinesType && !declareTypesApart(Out, Decls))
      return;
    for (const VarDecl *Var : Vars) {
      const Expr *Init = Var->getInit();
      const ArrayInitLoopExpr *Copy = copiedArray(Var);
      std::optional<FullExpression> Full;
      if (Init && (containsAwait(Init) || Copy)) {
        Full.emplace(*this, Init);
        if (!Full->lower(Out) || (Copy && !Full->keepCopiedArray(Copy, Out)))
          return;
      }
      const MaterializeTemporaryExpr *ListArray = extendedListArray(Var);
      std::optional<ObjectId> Elements;
      if (ListArray && !(Elements = declareListArray(Out, Var, ListArray)))
        return;
      auto &Declare = Out.add<DeclareNode>();
      Declare.Origin = Decls;
      if (Init)
        Declare.Evaluates.push_back(Init);
      Declare.Object = addVariable(Var, ObjectKind::Local);
      if (!nestAwaitedFuture(Var, Declare.Object))
        return;
      Declare.Init = initializer(Var);
      Declare.Rows = rowsBuiltApart(Var);
      if (Elements) {
        // Kept with the list: then a list whose end destroys elements is
        // kept across an await even when nothing reads it afterwards.
        M.Objects[*Elements].BoundTo = Declare.Object;
        M.Objects[Declare.Object].HasDestructor |= M.Objects[*Elements].HasDestructor;
        Declare.Init = Code()
                           .literal("(unawait::detail::initializer_list_over(")
                           .object(*Elements)
                           .literal("))");
      }
      if (!AsOneDeclaration)
        Declare.AsWritten = declarationOf(Var, Declare.Init);
      else if (Var == Vars.front())
        Declare.AsWritten = statementText(Decls);
      if (const auto *Decomposition = dyn_cast<DecompositionDecl>(Var))
        declareBindings(Out, Decomposition);
      if (Full)
        Full->finish(Out);
    }
  }

  /// `auto f = g();` (or `auto &&f = g();`, extending the future), g
  /// annotated, and `f` only awaited (`co_await f`, `co_await
  /// std::move(f)`): the frame keeps g's generated class, the type the
  /// rewritten declaration deduces, and not the unawait::Async<T> clang
  /// deduced, which would box it. Returns false after an error.
  bool nestAwaitedFuture(const VarDecl *Var, ObjectId Id) {
    QualType Type = Var->getType();
    const auto *Call = dyn_cast_or_null<CallExpr>(
        Var->getInit() ? Var->getInit()->IgnoreImplicit() : nullptr);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    bool ExtendsFuture = Type->isRValueReferenceType() && extendedTemporary(Var);
    if (!Callee || !Var->getTypeSourceInfo()->getType()->getContainedDeducedType() ||
        (Type->isReferenceType() && !ExtendsFuture) ||
        Type.getNonReferenceType().isConstQualified() ||
        Type->isInstantiationDependentType() || !Callees.find(Callee) ||
        boxedSignature(Callee) || !onlyAwaited(Var))
      return true;
    const AsyncFunctionModel *Generated = nullptr;
    if (!generatedCallee(Call, Generated))
      return false;
    if (!Generated ||
        (!Generated->NameableClass &&
         !(M.localScope() && Generated->localScope() == M.localScope())) ||
        (Generated->InstanceOf && readsUnnameable(Call)))
      return true;
    FrameObject &Object = M.Objects[Id];
    Object.Generated = Generated;
    Object.HasDestructor = Generated->needsDestructor();
    if (Generated->InstanceOf) // spelled as the call's type (see chooseAwaitee)
      Object.SpelledAs = rangeOf(Call);
    return true;
  }

  /// Whether \p E names a frame object whose type generated code cannot
  /// name (a closure): decltype of \p E cannot spell the type of what it
  /// builds (an instance of a generic lambda's class template, called on
  /// its closure), as it reads frame objects as std::declval of their types.
  bool readsUnnameable(const Expr *E) const {
    for (const auto &[Var, Locs] : referencesUnder(E).Of)
      if (M.ObjectOfVar.count(Var) && !unnameableReason(Var->getType(), M.localScope()).empty())
        return true;
    return false;
  }

  /// Whether every mention of \p Var in the body (lambdas included) is the
  /// operand of a co_await, alone or moved.
  bool onlyAwaited(const VarDecl *Var) const {
    size_t Awaited = 0;
    for (const Stmt *Await : nodesWhere(Body, isAwait))
      if (namedAwaitee(awaitOperand(cast<Expr>(Await))) == Var)
        ++Awaited;
    // (The implicit code of a co_await visits its operand again.)
    llvm::DenseSet<SourceLocation> Mentions;
    for (SourceLocation Loc : referencesUnder(Body).Of.lookup(Var))
      Mentions.insert(Loc);
    return Awaited > 0 && Awaited == Mentions.size();
  }

  /// The variable \p Operand names, as `f` or `std::move(f)`.
  static const VarDecl *namedAwaitee(const Expr *Operand) {
    Operand = Operand->IgnoreParens();
    if (const auto *Move = dyn_cast<CallExpr>(Operand);
        Move && Move->getNumArgs() == 1 && Move->getDirectCallee() &&
        Move->getDirectCallee()->getQualifiedNameAsString() == "std::move")
      Operand = Move->getArg(0)->IgnoreParens();
    const auto *Ref = dyn_cast<DeclRefExpr>(Operand);
    return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  }

  /// The elements of the array a kept std::initializer_list variable
  /// extends: a frame array of their own, built as one array just before
  /// the list and kept with it (a list in the frame does not keep the array
  /// of its initializer alive). When the list is an ordinary local, its
  /// declaration is written as it was and this array is not.
  std::optional<ObjectId> declareListArray(BlockNode &Out, const VarDecl *Var,
                                           const MaterializeTemporaryExpr *Array) {
    std::optional<BackingArray> Backing = backingArrayOf(Array);
    if (!Backing)
      return std::nullopt;
    ObjectId Elements = addTemporary(elementStorage(Backing->Type),
                                     "elements of " + Var->getName().str(), Var->getLocation());
    Scopes.back()->Declared.push_back(Elements);
    auto &Declare = Out.add<DeclareNode>();
    Declare.Origin = Array;
    Declare.Object = Elements;
    Declare.Init = sourceOf(Backing->List);
    return Elements;
  }

  /// The braced list and the array type of the array behind a
  /// std::initializer_list (C++ materialises it from the list).
  struct BackingArray {
    const InitListExpr *List;
    const ConstantArrayType *Type;
  };
  std::optional<BackingArray> backingArrayOf(const MaterializeTemporaryExpr *Array) {
    const auto *List = dyn_cast<InitListExpr>(Array->getSubExpr()->IgnoreImplicit());
    const auto *Type = Ctx.getAsConstantArrayType(Array->getType());
    if (List && Type)
      return BackingArray{List, Type};
    fail(Array->getBeginLoc(), "internal error: a std::initializer_list without its array");
    return std::nullopt;
  }

  /// The types a declaration of several variables defines, each as a
  /// statement of its own before the variables (declared one by one). An
  /// unnamed one cannot be named by the variables after the first.
  bool declareTypesApart(BlockNode &Out, const DeclStmt *Decls) {
    for (const Decl *D : Decls->decls()) {
      const auto *Tag = dyn_cast<TagDecl>(D);
      if (!Tag)
        continue;
      if (!Tag->getIdentifier()) {
        reportUnsupported(Diags, Tag->getLocation(), Unsupported::UnnamedTypeWithVariables);
        Failed = true;
        return false;
      }
      auto &Statement = Out.add<StatementNode>();
      Statement.Origin = Decls;
      Statement.Text = Code().source(rangeOf(Tag->getSourceRange())).literal(";");
      Statement.DeclaresName = true;
    }
    return true;
  }

  /// "T name = init;" for one variable of a declaration with several.
  Code declarationOf(const VarDecl *Var, const Code &Init) const {
    Code C;
    C.literal(declareName(Var->getType(), Var->getName(), Ctx));
    if (!Init.empty() && Init.Pieces.front().PieceKind == Code::Piece::Kind::Literal &&
        (Init.Pieces.front().Text == "(" || Init.Pieces.front().Text == "{"))
      C.append(Init);
    else if (!Init.empty())
      C.literal(" = ").append(Init);
    return C.literal(";");
  }

  /// The array copy that initialises \p Var (`auto [a, b] = array;`), if
  /// its elements are not arrays themselves.
  static const ArrayInitLoopExpr *copiedArray(const VarDecl *Var) {
    const Expr *Init = Var->getInit();
    if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(Init))
      Init = Cleanups->getSubExpr();
    const auto *Copy = dyn_cast_or_null<ArrayInitLoopExpr>(Init);
    return Copy && !Copy->getSubExpr()->getType()->isArrayType() ? Copy : nullptr;
  }

  /// "{(e)[0], (e)[1]}": an array copy as a placement new can spell it.
  Code elementCopies(const ArrayInitLoopExpr *Copy) const {
    const Expr *Source = Copy->getCommonExpr()->getSourceExpr();
    Code Array = sourceOf(Source);
    if (!isa<DeclRefExpr>(Source->IgnoreImplicit()))
      Array = Array.parenthesized();
    Code C;
    C.literal("{");
    for (uint64_t I = 0; I < Copy->getArraySize().getZExtValue(); ++I)
      C.literal(I ? ", " : "").append(Array).literal("[" + std::to_string(I) + "]");
    return C.literal("}");
  }

  /// The initializer of a variable as written, for a placement new or a
  /// declaration: "", "(...)" or "{...}".
  Code initializer(const VarDecl *Var) const {
    const Expr *Init = Var->getInit();
    if (!Init)
      return {};
    if (const ArrayInitLoopExpr *Copy = copiedArray(Var))
      return elementCopies(Copy);
    if (const MaterializeTemporaryExpr *Temp = extendedTemporary(Var))
      return sourceOf(Temp->getSubExpr()).parenthesized();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Init))
      Init = Cleanups->getSubExpr();
    const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
    if (Construct && Construct->getParenOrBraceRange().isValid())
      return Code().source(rangeOf(Construct->getParenOrBraceRange()));
    if (Construct && Construct->getNumArgs() == 0)
      return {}; // default-initialised: no initializer written
    if (isa<InitListExpr>(Init->IgnoreImplicit()) ||
        isa<ParenListExpr, CXXParenListInitExpr>(Init))
      return sourceOf(Init);
    if (Var->getType()->isArrayType() || Var->getInitStyle() == VarDecl::ListInit)
      return Code().literal("{").append(sourceOf(Init)).literal("}");
    return sourceOf(Init).parenthesized();
  }

  /// g++ 12 rejects `::new (p) T[2][2]{{T(1), T(2)}, ...}` (how a kept
  /// array is built) when T has no non-explicit default constructor: such
  /// an array's innermost rows, each a braced list of its elements, to be
  /// built one by one (nothing for any other declaration).
  std::vector<Code> rowsBuiltApart(const VarDecl *Var) const {
    const Expr *Init = Var->getInit();
    const auto *List = Init ? dyn_cast<InitListExpr>(Init->IgnoreImplicit()) : nullptr;
    const auto *Array = Var->getType()->getAsArrayTypeUnsafe();
    std::vector<Code> Rows;
    if (!List || !Array || !Array->getElementType()->isArrayType() ||
        !lacksDefaultConstructor(Var->getType()->getBaseElementTypeUnsafe()) ||
        !collectRows(List, Rows))
      return {};
    return Rows;
  }

  static bool lacksDefaultConstructor(const Type *Element) {
    const CXXRecordDecl *Record = Element->getAsCXXRecordDecl();
    if (!Record || !Record->hasDefinition() || Record->needsImplicitDefaultConstructor())
      return false;
    return llvm::none_of(Record->ctors(), [](const CXXConstructorDecl *Ctor) {
      return Ctor->isDefaultConstructor() && !Ctor->isDeleted() && !Ctor->isExplicit();
    });
  }

  /// Appends \p List's innermost rows to \p Rows, from its semantic form
  /// (brace elision undone); false if an element is not written.
  bool collectRows(const InitListExpr *List, std::vector<Code> &Rows) const {
    const auto *Array = Ctx.getAsConstantArrayType(List->getType());
    if (!Array || List->hasArrayFiller() || List->getNumInits() != Array->getSize())
      return false;
    if (Array->getElementType()->isArrayType())
      return llvm::all_of(List->inits(), [&](const Expr *Row) {
        const auto *Sub = dyn_cast<InitListExpr>(Row->IgnoreImplicit());
        return Sub && collectRows(Sub, Rows);
      });
    Code Row;
    for (const Expr *Element : List->inits())
      Row.literal(Row.empty() ? "{" : ", ").append(sourceOf(Element));
    Rows.push_back(Row.literal("}"));
    return true;
  }

  /// A kept decomposition's bindings are read through it: a field, an
  /// element, or the reference tuple-like bindings hold.
  void declareBindings(BlockNode &Out, const DecompositionDecl *Decomposition) {
    ObjectId Whole = M.ObjectOfVar[Decomposition];
    unsigned Index = 0;
    for (const BindingDecl *Binding : Decomposition->bindings()) {
      auto Replacement = std::make_shared<Code>();
      if (const VarDecl *Holding = Binding->getHoldingVar()) {
        // Tuple-like: `T &&a = get<I>(e)`, a reference the frame keeps.
        ObjectId Held = addVariable(Holding, ObjectKind::Local);
        M.Objects[Held].SourceName = Binding->getName().str();
        M.Objects[Held].Loc = Binding->getLocation();
        M.Objects[Held].BoundTo = Whole;
        auto &Declare = Out.add<DeclareNode>();
        Declare.Origin = Decomposition->getInit();
        Declare.Object = Held;
        Declare.Init = tupleElement(Holding, Whole).parenthesized();
        Replacement->object(Held);
      } else if (const auto *Member =
                     dyn_cast_or_null<MemberExpr>(Binding->getBinding())) {
        Replacement->object(Whole).literal(
            "." + Member->getMemberDecl()->getNameAsString());
      } else if (const auto *Element =
                     dyn_cast_or_null<ArraySubscriptExpr>(Binding->getBinding())) {
        Expr::EvalResult Index;
        if (!Element->getIdx()->EvaluateAsInt(Index, Ctx))
          return fail(Binding->getLocation(), "internal error: a structured "
                                              "binding's index is not constant");
        Replacement->object(Whole).literal(
            "[" + std::to_string(Index.Val.getInt().getExtValue()) + "]");
      } else if (const BindingDecl *Unnamed = perInstanceUnnameable(Decomposition)) {
        return reportUnsupported(Diags, Unnamed->getLocation(),
                                 Unsupported::DependentBinding),
               void(Failed = true);
      } else {
        // Only the instance knows what the name reads: the runtime decides
        // as [dcl.struct.bind] does (detail/structured_binding.hpp).
        Replacement->literal("unawait::detail::structured_binding<" + std::to_string(Index) +
                             ", " + std::to_string(Decomposition->bindings().size()) + ", ")
            .declaredType(Whole)
            .literal(">(")
            .object(Whole)
            .literal(")");
      }
      BindingCode[Binding] = {Whole, std::move(Replacement)};
      ++Index;
    }
  }

  /// For a decomposition whose type depends on template arguments, the
  /// first name unawait::detail::structured_binding cannot read: every one
  /// when the hidden variable's type is not deduced from its initializer
  /// (FrameObject::Deduced) or there are more than 16 names; else one that
  /// an instance clang made binds to a bit-field or to a temporary (a
  /// tuple-like get<I> returning a value), or one of an array decomposed by
  /// copy (its elements are copied one by one, which the hidden variable's
  /// type does not say). Instances only the rewritten program makes are
  /// checked by the runtime's static_assert or fail to compile.
  const BindingDecl *perInstanceUnnameable(const DecompositionDecl *Decomposition) const {
    const BindingDecl *First = Decomposition->bindings().front();
    if (!M.Objects[M.ObjectOfVar.at(Decomposition)].DeducedFrom ||
        Decomposition->bindings().size() > 16)
      return First;
    for (const FunctionDecl *Instance : clangInstances(M))
      for (const DeclStmt *Declaration : nodesUnder<DeclStmt>(Instance->getBody()))
        for (const Decl *D : Declaration->decls())
          if (const auto *Same = dyn_cast<DecompositionDecl>(D);
              Same && Same->getLocation() == Decomposition->getLocation())
            if (const BindingDecl *Unnamed = unnameableBinding(Same))
              return Unnamed;
    return nullptr;
  }

  static const BindingDecl *unnameableBinding(const DecompositionDecl *Instance) {
    if (Instance->getType()->isArrayType())
      return Instance->bindings().front();
    for (const BindingDecl *Binding : Instance->bindings()) {
      // (IgnoreImpCasts leaves the MaterializeTemporaryExpr.)
      if (const VarDecl *Holding = Binding->getHoldingVar();
          Holding && isa<MaterializeTemporaryExpr>(Holding->getInit()->IgnoreImpCasts()))
        return Binding;
      if (const auto *Member = dyn_cast_or_null<MemberExpr>(Binding->getBinding());
          Member && isa<FieldDecl>(Member->getMemberDecl()) &&
          cast<FieldDecl>(Member->getMemberDecl())->isBitField())
        return Binding;
    }
    return nullptr;
  }

  /// `::std::get<I>(std::move(e))` (or `e.get<I>()`): a tuple-like
  /// binding's element, as its holding variable's initializer does it.
  Code tupleElement(const VarDecl *Holding, ObjectId Whole) const {
    const Expr *Init = Holding->getInit()->IgnoreImplicit();
    const auto *Call = dyn_cast<CallExpr>(Init);
    const FunctionDecl *Get = Call ? Call->getDirectCallee() : nullptr;
    const TemplateArgumentList *Args = Get ? Get->getTemplateSpecializationArgs() : nullptr;
    std::string Index = "0";
    if (Args && Args->size() > 0 && Args->get(0).getKind() == TemplateArgument::Integral)
      Index = std::to_string(Args->get(0).getAsIntegral().getExtValue());
    bool Lvalue = M.Objects[Whole].Type->isLValueReferenceType();
    Code C;
    if (isa_and_nonnull<CXXMemberCallExpr>(Call))
      return C.object(Whole).literal(".template get<" + Index + ">()");
    std::string Name = Get ? "::" + Get->getQualifiedNameAsString() : "std::get";
    C.literal(Name + "<" + Index + ">(");
    if (Lvalue)
      C.object(Whole);
    else
      C.literal("std::move(").object(Whole).literal(")");
    return C.literal(")");
  }

  void lowerExpressionStatement(BlockNode &Out, const Expr *E) {
    FullExpression Full(*this, E);
    if (!Full.lower(Out))
      return;
    const Expr *Bare = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Bare);
        Cast && Cast->getType()->isVoidType())
      Bare = Cast->getSubExpr()->IgnoreImplicit()->IgnoreParens();
    if (isAwait(Bare)) { // an await alone: its value is dropped
      for (SuspensionPoint &P : M.Points)
        if (P.Await == Bare)
          P.ValueUsed = false;
    } else {
      auto &Statement = Out.add<StatementNode>();
      Statement.Origin = E;
      Statement.Evaluates.push_back(E);
      Statement.Text = statementText(E);
    }
    Full.finish(Out);
  }

  std::unique_ptr<ReturnNode> returnNode(const CoreturnStmt *Return) {
    auto Node = std::make_unique<ReturnNode>();
    Node->Origin = Return;
    const Expr *Operand = Return->getOperand();
    if (!Operand)
      return Node;
    Node->Evaluates.push_back(Operand);
    Node->VoidOperand = Operand->getType()->isVoidType();
    Node->Value = sourceOf(Operand);
    if (movesImplicitly(Return))
      Node->Value = Code().literal("std::move(").append(Node->Value).literal(")");
    return Node;
  }

  /// True if `co_return x;` moves from x (C++20's implicit move). Sema
  /// decided it where the promise is known: the operand is then an xvalue
  /// of the named lvalue (so a `T &&` parameter too, and never for an
  /// async function returning `T &`, which binds the lvalue). In a
  /// template's pattern, the rule for objects.
  bool movesImplicitly(const CoreturnStmt *Return) const {
    const Expr *Operand = Return->getOperand();
    if (!Return->getPromiseCall())
      return isImplicitlyMovable(Operand) &&
             !M.Function.OutputType->isLValueReferenceType();
    const auto *Cast = dyn_cast<ImplicitCastExpr>(Operand);
    return Cast && Cast->getCastKind() == CK_NoOp && Cast->isXValue() &&
           isa<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens()) &&
           Cast->getSubExpr()->isLValue();
  }

  void lowerReturn(BlockNode &Out, const CoreturnStmt *Return) {
    if (const Expr *Operand = Return->getOperand(); Operand && containsAwait(Operand)) {
      FullExpression Full(*this, Operand);
      if (!Full.lower(Out))
        return;
    }
    // The end of poll() destroys what is alive, the temporaries first.
    Out.Children.push_back(returnNode(Return));
    LoweredReturns.insert(Return);
  }

  /// A branch or loop body as a block of its own.
  std::unique_ptr<BlockNode> lowerBranch(const Stmt *S, bool Barrier = false) {
    auto Block = std::make_unique<BlockNode>();
    Block->Origin = S;
    const auto *Compound = dyn_cast<CompoundStmt>(S);
    lowerScope(*Block, blockChildren(S),
               Compound ? Compound->getLBracLoc() : SourceLocation());
    Block->Barrier = Barrier && containsResume(*Block);
    return Block;
  }

  /// The code of a condition. One that awaits is evaluated into a scratch
  /// value first, its full-expression ended, so that the branch (which may
  /// hold resume points) tests a value no jump crosses.
  std::optional<Code> lowerCondition(BlockNode &Out, const Expr *Cond,
                                     QualType ScratchType) {
    if (!containsAwait(Cond))
      return sourceOf(Cond);
    FullExpression Full(*this, Cond);
    if (!Full.lower(Out))
      return std::nullopt;
    ObjectId Value = addScratch(ScratchType, "condition", Cond->getBeginLoc());
    if (ScratchType->isInstantiationDependentType())
      M.Objects[Value].SpelledAs = rangeOf(Cond);
    auto &Spill = Out.add<SpillNode>();
    Spill.Origin = Cond;
    Spill.Evaluates.push_back(Cond);
    Spill.Object = Value;
    Spill.SpillMode = SpillNode::Assign;
    Spill.Value = ScratchType->isBooleanType()
                      ? Code().literal("static_cast<bool>").append(sourceOf(Cond).parenthesized())
                      : sourceOf(Cond);
    Full.finish(Out);
    return Code().object(Value);
  }

  /// `if (init; T x = e)` and `switch (init; T x = e)`: C++ gives the init
  /// and the condition's variable the statement's scope, so they are
  /// declared in a block around it, and the statement tests the variable.
  /// \p Lower gets that block (\p Out itself when there is neither).
  template <typename LowerStatement>
  void inHeaderScope(BlockNode &Out, const Stmt *Origin, const Stmt *Init,
                     const DeclStmt *CondDecl, LowerStatement Lower) {
    if (!Init && !CondDecl)
      return Lower(Out);
    auto &Scope = Out.add<BlockNode>();
    Scope.Origin = Origin;
    Scopes.push_back(&Scope);
    for (const Stmt *Header : {Init, static_cast<const Stmt *>(CondDecl)})
      if (Header && !Failed)
        lowerStatement(Scope, Header);
    if (!Failed)
      Lower(Scope);
    Scopes.pop_back();
    endScope(Scope);
  }

  /// The variable a condition declares, as the lowered statement tests it.
  Code conditionVariable(const DeclStmt *CondDecl) {
    return Code().object(M.ObjectOfVar[cast<VarDecl>(CondDecl->getSingleDecl())]);
  }

  void lowerIf(BlockNode &Out, const IfStmt *If) {
    inHeaderScope(Out, If, If->getInit(), If->getConditionVariableDeclStmt(),
                  [&](BlockNode &Scope) { lowerIfStatement(Scope, If); });
  }

  void lowerIfStatement(BlockNode &Out, const IfStmt *If) {
    std::optional<Code> Cond =
        If->getConditionVariableDeclStmt()
            ? std::optional<Code>(conditionVariable(If->getConditionVariableDeclStmt()))
        : If->isConstexpr() ? std::optional<Code>(sourceOf(If->getCond()))
                            : lowerCondition(Out, If->getCond(), Ctx.BoolTy);
    if (!Cond)
      return;
    auto Node = std::make_unique<IfNode>();
    Node->Origin = If;
    Node->Evaluates.push_back(If->getCond());
    Node->Cond = *Cond;
    Node->Constexpr = If->isConstexpr();
    // C++ forbids jumping into a branch of `if constexpr` from outside:
    // each branch dispatches again.
    Node->Then = lowerBranch(If->getThen(), Node->Constexpr);
    if (If->getElse())
      Node->Else = lowerBranch(If->getElse(), Node->Constexpr);
    if (Node->Then->Barrier || (Node->Else && Node->Else->Barrier)) {
      Node->EntryLabel = "enter_if_" + std::to_string(++Barriers);
      M.Body.HasBarriers = true;
    }
    Out.Children.push_back(std::move(Node));
  }

  /// `if (!condition) break;` at the top (or bottom) of a loop body; the
  /// break destroys the condition's variable, if any.
  void breakUnless(BlockNode &Out, const Code &Cond, const Stmt *Origin) {
    auto &If = Out.add<IfNode>();
    If.Origin = Origin;
    If.Cond = Code().literal("!").append(Cond);
    If.Then = std::make_unique<BlockNode>();
    auto &Jump = If.Then->add<JumpNode>();
    Jump.JumpTarget = JumpNode::Break;
    Jump.Destroy = objectsLeft(Targets.back().Depth);
  }

  void pushLoop(const Stmt *Loop, std::string ContinueLabel = "") {
    Targets.push_back({Loop, true, Scopes.size(), std::move(ContinueLabel), false, {}});
  }

  std::string continueLabel() { return "continue_" + std::to_string(++Labels); }

  void lowerWhile(BlockNode &Out, const WhileStmt *While) {
    auto Loop = std::make_unique<LoopNode>();
    Loop->Origin = While;
    pushLoop(While);
    if (const DeclStmt *CondDecl = While->getConditionVariableDeclStmt()) {
      // while (true) { T x = e; if (!x) break; body }: x lives for one
      // iteration, as C++ has it.
      Loop->LoopShape = LoopNode::Forever;
      Loop->Body = std::make_unique<BlockNode>();
      Scopes.push_back(Loop->Body.get());
      lowerStatement(*Loop->Body, CondDecl);
      breakUnless(*Loop->Body, conditionVariable(CondDecl), While->getCond());
      Loop->Body->Children.push_back(lowerBranch(While->getBody()));
      Scopes.pop_back();
      endScope(*Loop->Body);
    } else if (!containsAwait(While->getCond())) {
      Loop->LoopShape = LoopNode::While;
      Loop->Cond = sourceOf(While->getCond());
      Loop->Evaluates.push_back(While->getCond());
      Loop->Body = lowerBranch(While->getBody());
    } else {
      // while (true) { await; if (!condition) break; body }: a continue
      // goes back to the await.
      Loop->LoopShape = LoopNode::Forever;
      Loop->Body = std::make_unique<BlockNode>();
      Scopes.push_back(Loop->Body.get());
      if (std::optional<Code> Cond = lowerCondition(*Loop->Body, While->getCond(), Ctx.BoolTy))
        breakUnless(*Loop->Body, *Cond, While->getCond());
      Loop->Body->Children.push_back(lowerBranch(While->getBody()));
      Scopes.pop_back();
    }
    Targets.pop_back();
    Out.Children.push_back(std::move(Loop));
  }

  void lowerDo(BlockNode &Out, const DoStmt *Do) {
    auto Loop = std::make_unique<LoopNode>();
    Loop->Origin = Do;
    if (!containsAwait(Do->getCond())) {
      pushLoop(Do);
      Loop->LoopShape = LoopNode::Do;
      Loop->Cond = sourceOf(Do->getCond());
      Loop->Evaluates.push_back(Do->getCond());
      Loop->Body = lowerBranch(Do->getBody());
      Targets.pop_back();
      Out.Children.push_back(std::move(Loop));
      return;
    }
    // while (true) { body continue_N: await; if (!condition) break; }: a
    // continue in the body goes to the condition's await.
    pushLoop(Do, continueLabel());
    Loop->LoopShape = LoopNode::Forever;
    Loop->Body = std::make_unique<BlockNode>();
    Scopes.push_back(Loop->Body.get());
    Loop->Body->Children.push_back(lowerBranch(Do->getBody()));
    if (Targets.back().ContinueUsed) {
      auto &Label = Loop->Body->add<LabelNode>();
      Label.Text.literal(Targets.back().ContinueLabel + ":");
    }
    if (std::optional<Code> Cond = lowerCondition(*Loop->Body, Do->getCond(), Ctx.BoolTy))
      breakUnless(*Loop->Body, *Cond, Do->getCond());
    Scopes.pop_back();
    Targets.pop_back();
    Out.Children.push_back(std::move(Loop));
  }

  void lowerFor(BlockNode &Out, const ForStmt *For) {
    // The init's scope is the loop's: a block around both.
    auto &Scope = Out.add<BlockNode>();
    Scope.Origin = For;
    Scopes.push_back(&Scope);
    if (For->getInit())
      lowerStatement(Scope, For->getInit());
    auto Loop = std::make_unique<LoopNode>();
    Loop->Origin = For;
    Loop->LoopShape = LoopNode::For;
    // A condition's variable lives for one iteration, through the
    // increment: declared at the top of the body, the increment at its end.
    const DeclStmt *CondDecl = For->getConditionVariableDeclStmt();
    bool AwaitingCond = CondDecl || (For->getCond() && containsAwait(For->getCond()));
    bool AwaitingInc = For->getInc() && (CondDecl || containsAwait(For->getInc()));
    pushLoop(For, AwaitingInc ? continueLabel() : "");
    if (For->getCond() && !AwaitingCond) {
      Loop->Cond = sourceOf(For->getCond());
      Loop->Evaluates.push_back(For->getCond());
    }
    if (For->getInc() && !AwaitingInc) {
      Loop->Inc = sourceOf(For->getInc());
      Loop->Evaluates.push_back(For->getInc());
    }
    Loop->Body = std::make_unique<BlockNode>();
    Scopes.push_back(Loop->Body.get());
    if (CondDecl) {
      lowerStatement(*Loop->Body, CondDecl);
      breakUnless(*Loop->Body, conditionVariable(CondDecl), For->getCond());
      Targets.back().ContinueDepth = Scopes.size();
    } else if (AwaitingCond) {
      if (std::optional<Code> Cond = lowerCondition(*Loop->Body, For->getCond(), Ctx.BoolTy))
        breakUnless(*Loop->Body, *Cond, For->getCond());
    }
    Loop->Body->Children.push_back(lowerBranch(For->getBody()));
    if (AwaitingInc) {
      // The increment at the end of the body; a continue goes there.
      if (Targets.back().ContinueUsed) {
        auto &Label = Loop->Body->add<LabelNode>();
        Label.Text.literal(Targets.back().ContinueLabel + ":");
      }
      lowerExpressionStatement(*Loop->Body, For->getInc());
    }
    Scopes.pop_back();
    if (CondDecl)
      endScope(*Loop->Body);
    Targets.pop_back();
    Scope.Children.push_back(std::move(Loop));
    Scopes.pop_back();
    endScope(Scope);
  }

  void lowerRangeFor(BlockNode &Out, const CXXForRangeStmt *For) {
    auto &Scope = Out.add<BlockNode>();
    Scope.Origin = For;
    Scopes.push_back(&Scope);
    if (For->getInit())
      lowerStatement(Scope, For->getInit());
    // The hidden range, begin and end, as the standard spells the loop:
    // `auto &&range = init; auto begin = ...; auto end = ...;`.
    const auto *RangeVar = cast<VarDecl>(For->getRangeStmt()->getSingleDecl());
    const Expr *RangeInit = For->getRangeInit();
    std::optional<FullExpression> Full;
    if (containsAwait(RangeInit)) {
      Full.emplace(*this, RangeInit);
      if (!Full->lower(Scope))
        return;
    }
    std::optional<ObjectId> Range = declareRange(Scope, For, RangeVar, RangeInit);
    if (!Range)
      return;
    if (Full)
      Full->finish(Scope);
    auto [BeginText, EndText] = beginAndEnd(For, *Range);
    ObjectId Begin = declareIterator(Scope, For, FrameObject::RangeForPart::Begin, BeginText);
    ObjectId End = declareIterator(Scope, For, FrameObject::RangeForPart::End, EndText);
    auto Loop = std::make_unique<LoopNode>();
    Loop->Origin = For;
    Loop->LoopShape = LoopNode::For;
    Loop->Cond = Code().object(Begin).literal(" != ").object(End);
    Loop->Inc = Code().literal("++").object(Begin);
    pushLoop(For);
    Loop->Body = std::make_unique<BlockNode>();
    Scopes.push_back(Loop->Body.get());
    // The loop variable, declared at the top of the body: `T x = *begin;`.
    const VarDecl *LoopVar = For->getLoopVariable();
    auto &Declare = Loop->Body->add<DeclareNode>();
    Declare.Origin = For;
    Declare.Object = addVariable(LoopVar, ObjectKind::Local);
    if (dependentRange(For))
      deduceFromInitializer(M.Objects[Declare.Object], Code().literal("*").object(Begin),
                            /*DependentInit=*/true);
    Declare.Init = Code().literal("(*").object(Begin).literal(")");
    Declare.AsWritten = Code()
                            .source(rangeOf(LoopVar->getSourceRange()))
                            .literal(" = *")
                            .object(Begin)
                            .literal(";");
    Loop->Body->Children.push_back(lowerBranch(For->getBody()));
    Scopes.pop_back();
    endScope(*Loop->Body);
    Targets.pop_back();
    Scope.Children.push_back(std::move(Loop));
    Scopes.pop_back();
    endScope(Scope);
  }

  /// The hidden `auto &&range = init;` of a range-for: the object the
  /// reference binds (its address), or the temporary it extends. For a
  /// braced list, the list's array itself: a std::initializer_list in the
  /// frame would not keep its array alive, and begin and end are the same
  /// pointers into the array.
  std::optional<ObjectId> declareRange(BlockNode &Scope, const CXXForRangeStmt *For,
                                       const VarDecl *RangeVar, const Expr *RangeInit) {
    if (dependentRange(For))
      if (const InitListExpr *List = dependentList(For)) {
        for (const Expr *Element : llvm::drop_begin(List->inits()))
          if (containsAwait(Element)) {
            reportUnsupported(Diags, Element->getBeginLoc(), Unsupported::DependentBracedRange);
            Failed = true;
            return std::nullopt;
          }
        return declareDependentList(Scope, For, RangeVar, List);
      }
    const Expr *Extended = RangeVar->getInit();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Extended))
      Extended = Cleanups->getSubExpr();
    bool Temporary = isa<MaterializeTemporaryExpr>(Extended);
    const auto *StdList = dyn_cast<CXXStdInitializerListExpr>(RangeInit->IgnoreImplicit());
    const auto *Backing =
        StdList ? dyn_cast<MaterializeTemporaryExpr>(StdList->getSubExpr()) : nullptr;
    const auto *List =
        Backing ? dyn_cast<InitListExpr>(Backing->getSubExpr()->IgnoreImplicit()) : nullptr;
    const auto *Array = Backing ? Ctx.getAsConstantArrayType(Backing->getType()) : nullptr;
    if (StdList && !(List && Array)) {
      fail(RangeInit->getBeginLoc(), "internal error: a braced range without its array");
      return std::nullopt;
    }
    QualType Type = Array       ? elementStorage(Array)
                    : Temporary ? RangeInit->getType()
                                : RangeVar->getType();
    ObjectId Range = addTemporary(Type, Array ? "elements of the for loop's range"
                                              : "range of the for loop",
                                  For->getBeginLoc());
    M.ObjectOfVar[RangeVar] = Range;
    M.Objects[Range].HiddenOf = For;
    M.Objects[Range].Hidden = FrameObject::RangeForPart::Range;
    Scope.Declared.push_back(Range);
    if (Array && hasDestructor(Array->getElementType())) {
      buildListArray(Scope, Range, RangeInit, List);
      return Range;
    }
    auto &RangeSpill = Scope.add<SpillNode>();
    RangeSpill.Origin = RangeInit;
    RangeSpill.Evaluates.push_back(RangeInit);
    RangeSpill.Object = Range;
    if (List) {
      RangeSpill.SpillMode = SpillNode::ConstructElements;
      for (const Expr *Element : List->inits())
        RangeSpill.Elements.push_back(sourceOf(Element));
      return Range;
    }
    RangeSpill.SpillMode = Temporary ? SpillNode::Construct : SpillNode::Address;
    RangeSpill.Value = sourceOf(RangeInit);
    if (dependentRange(For)) {
      // `auto &&range = init;` binds a temporary in the instances where the
      // range is a prvalue: kept like any such reference.
      FrameObject &Object = M.Objects[Range];
      Object.DeducedFrom = FrameObject::Deduced{sourceOf(RangeInit), "$ &&",
                                                FrameObject::Deduced::Storage::Bound};
      Object.StoredAsPointer = false;
      Object.HasDestructor = true;
      RangeSpill.SpillMode = SpillNode::Construct;
    }
    return Range;
  }

  /// The hidden range of a range-for over a braced list whose elements'
  /// type depends on template arguments (`for (auto x : {a, b})`): the
  /// list's array, of the type `auto` deduces from each element
  /// (std::decay_t of the first's), built as one array in the frame once
  /// the first element's awaits are done (an await in a later one would
  /// come after the elements before it, which are then already built in
  /// C++: DependentBracedRange).
  ObjectId declareDependentList(BlockNode &Scope, const CXXForRangeStmt *For,
                                const VarDecl *RangeVar, const InitListExpr *List) {
    ObjectId Range = addTemporary(Ctx.DependentTy, "elements of the for loop's range",
                                  For->getBeginLoc());
    FrameObject &Object = M.Objects[Range];
    M.ObjectOfVar[RangeVar] = Range;
    Object.HiddenOf = For;
    Object.Hidden = FrameObject::RangeForPart::Range;
    Object.DeducedFrom = FrameObject::Deduced{sourceOf(List->getInit(0)), "std::decay_t<$>",
                                              FrameObject::Deduced::Storage::Value};
    Object.DeducedFrom->Extent = List->getNumInits();
    Scope.Declared.push_back(Range);
    buildListArray(Scope, Range, List, List);
    return Range;
  }

  /// Builds \p Range, a range-for's frame array for braced list \p List, as
  /// one array, which destroys the elements built so far when one throws;
  /// it ends with the loop's scope, last element first.
  void buildListArray(BlockNode &Scope, ObjectId Range, const Expr *Origin,
                      const InitListExpr *List) {
    auto &Declare = Scope.add<DeclareNode>();
    Declare.Origin = Origin;
    Declare.Evaluates.push_back(Origin);
    Declare.Object = Range;
    Declare.Init = sourceOf(List);
  }

  /// The braced list a range-for over a dependent range iterates over, if
  /// it does (under the cleanups of a temporary an await in it makes).
  static const InitListExpr *dependentList(const CXXForRangeStmt *For) {
    return dyn_cast<InitListExpr>(For->getRangeInit()->IgnoreImplicit()->IgnoreParens());
  }

  /// A range-for in a template whose range's type depends on template
  /// arguments: clang's pattern has no begin and end yet.
  static bool dependentRange(const CXXForRangeStmt *For) { return !For->getBeginStmt(); }

  QualType elementStorage(const ConstantArrayType *Array) const {
    return listElementStorage(*Array, Ctx);
  }

  /// The hidden `auto begin = ...;` or `auto end = ...;` of a range-for,
  /// \p Value being what it calls.
  ObjectId declareIterator(BlockNode &Scope, const CXXForRangeStmt *For,
                           FrameObject::RangeForPart Part, Code Value) {
    bool IsBegin = Part == FrameObject::RangeForPart::Begin;
    const Stmt *Declared = IsBegin ? For->getBeginStmt() : For->getEndStmt();
    const auto *Var = Declared ? cast<VarDecl>(cast<DeclStmt>(Declared)->getSingleDecl()) : nullptr;
    ObjectId Id = addTemporary(Var ? Var->getType() : Ctx.DependentTy,
                               IsBegin ? "begin of the for loop" : "end of the for loop",
                               For->getBeginLoc());
    FrameObject &Object = M.Objects[Id];
    Object.HiddenOf = For;
    Object.Hidden = Part;
    if (Var)
      M.ObjectOfVar[Var] = Id;
    else
      Object.DeducedFrom = FrameObject::Deduced{Value, "std::decay_t<$>",
                                                FrameObject::Deduced::Storage::Value};
    Scope.Declared.push_back(Id);
    auto &Spill = Scope.add<SpillNode>();
    Spill.Origin = For;
    Spill.Object = Id;
    Spill.Value = std::move(Value);
    return Id;
  }

  /// How the standard's expansion of a range-for calls begin and end.
  std::pair<Code, Code> beginAndEnd(const CXXForRangeStmt *For, ObjectId Range) const {
    if (dependentRange(For)) { // chosen per instance, as the standard chooses
      // A braced list's elements are const, as a std::initializer_list's.
      bool List = dependentList(For);
      auto call = [&](const char *Function) {
        Code Call = Code().literal(std::string("unawait::detail::") + Function + "(");
        if (List)
          return Call.literal("std::as_const(").object(Range).literal("))");
        return Call.object(Range).literal(")");
      };
      return {call("range_begin"), call("range_end")};
    }
    const FrameObject &R = M.Objects[Range];
    const Expr *BeginInit =
        cast<VarDecl>(For->getBeginStmt()->getSingleDecl())->getInit()->IgnoreImplicit();
    QualType RangeType = R.Type.getNonReferenceType();
    if (const auto *Array = Ctx.getAsConstantArrayType(RangeType)) {
      std::string Size = std::to_string(Array->getSize().getZExtValue());
      return {Code().object(Range), Code().object(Range).literal(" + " + Size)};
    }
    if (isa<CXXMemberCallExpr>(BeginInit))
      return {Code().object(Range).literal(".begin()"),
              Code().object(Range).literal(".end()")};
    return {Code().literal("begin(").object(Range).literal(")"),
            Code().literal("end(").object(Range).literal(")")};
  }

  void lowerSwitch(BlockNode &Out, const SwitchStmt *Switch) {
    inHeaderScope(Out, Switch, Switch->getInit(), Switch->getConditionVariableDeclStmt(),
                  [&](BlockNode &Scope) { lowerSwitchStatement(Scope, Switch); });
  }

  void lowerSwitchStatement(BlockNode &Out, const SwitchStmt *Switch) {
    // A body that is a single statement (`switch (n) case 0: ...;`) is
    // lowered as a block of that one statement.
    const Stmt *Body = Switch->getBody();
    const auto *Compound = dyn_cast<CompoundStmt>(Body);
    std::optional<Code> Cond =
        Switch->getConditionVariableDeclStmt()
            ? std::optional<Code>(conditionVariable(Switch->getConditionVariableDeclStmt()))
            : lowerCondition(Out, Switch->getCond(), Switch->getCond()->getType());
    if (!Cond)
      return;
    auto Node = std::make_unique<SwitchNode>();
    Node->Origin = Switch;
    Node->Evaluates.push_back(Switch->getCond());
    Node->Cond = *Cond;
    Node->Body = std::make_unique<BlockNode>();
    Node->Body->Origin = Body;
    Targets.push_back({Switch, false, Scopes.size(), "", false, {}});
    const BlockNode *Outer = SwitchBody;
    SwitchBody = Node->Body.get();
    lowerScope(*Node->Body, blockChildren(Body),
               Compound ? Compound->getLBracLoc() : SourceLocation());
    SwitchBody = Outer;
    Targets.pop_back();
    Out.Children.push_back(std::move(Node));
  }

  void lowerTry(BlockNode &Out, const CXXTryStmt *Try) {
    auto Node = std::make_unique<TryNode>();
    Node->Origin = Try;
    size_t FirstObject = M.Objects.size();
    Node->Body = lowerBranch(Try->getTryBlock(), /*Barrier=*/true);
    // What the try block constructs in the frame, if still alive when an
    // exception leaves it, is destroyed before a handler runs.
    std::vector<ObjectId> Alive;
    for (ObjectId Id = M.Objects.size(); Id > FirstObject; --Id)
      if (!M.Objects[Id - 1].Scratch)
        Alive.push_back(Id - 1);
    for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
      const CXXCatchStmt *Catch = Try->getHandler(I);
      const auto *Block = cast<CompoundStmt>(Catch->getHandlerBlock());
      TryNode::Handler &Handler = Node->Handlers.emplace_back();
      Handler.Header.source({SM.getFileOffset(SM.getExpansionLoc(Catch->getCatchLoc())),
                             SM.getFileOffset(SM.getExpansionLoc(Block->getLBracLoc()))});
      Handler.DestroyFirst = Alive;
      Handler.Body = lowerBranch(Block);
    }
    if (Node->Body->Barrier) {
      Node->EntryLabel = "enter_try_" + std::to_string(++Barriers);
      M.Body.HasBarriers = true;
    }
    Out.Children.push_back(std::move(Node));
  }

  // --- awaits ----------------------------------------------------------

  /// Creates the suspension point of \p Await and its awaitee.
  std::optional<unsigned> addPoint(const Expr *Await, const Expr *FullExpression) {
    SuspensionPoint P;
    P.Index = M.Points.size();
    P.StateName = "Suspend" + std::to_string(P.Index);
    P.Await = Await;
    P.FullExpression = FullExpression;
    P.Operand = awaitOperand(Await);
    P.ProducesValue = !Await->getType()->isVoidType();
    P.ValueUsed = P.ProducesValue;
    P.Line = SM.getExpansionLineNumber(Await->getBeginLoc());
    P.AwaitText = quoted(Await);
    M.Points.push_back(std::move(P));
    if (!chooseAwaitee(M.Points.back()))
      return std::nullopt;
    return M.Points.size() - 1;
  }

  /// Whether \p Operand names a variable that keeps a generated class
  /// (nestAwaitedFuture): its type is not the one clang gave it.
  bool nestedFuture(const Expr *Operand) const {
    auto Known = M.ObjectOfVar.find(namedAwaitee(Operand));
    return Known != M.ObjectOfVar.end() && M.Objects[Known->second].Generated;
  }

  /// Whether \p E, an expression of a template that clang's pattern takes
  /// for a prvalue, may be a glvalue in an instance: a type-dependent call
  /// unless every candidate returns a class or a type that is not dependent,
  /// by value (not `T`, `auto` or `decltype(...)`, which may be a reference),
  /// or any other type-dependent expression that does not build a new object.
  static bool categoryDependsOnInstance(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (!E->isTypeDependent() || E->isGLValue() ||
        isa<CXXUnresolvedConstructExpr, CXXTemporaryObjectExpr, CXXConstructExpr, InitListExpr,
            CXXFunctionalCastExpr, LambdaExpr>(E))
      return false;
    const auto *Call = dyn_cast<CallExpr>(E);
    if (!Call)
      return true;
    auto returnsObject = [](const NamedDecl *D) {
      const auto *F = dyn_cast<FunctionDecl>(D->getUnderlyingDecl());
      if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl()))
        F = Template->getTemplatedDecl();
      if (!F)
        return false;
      QualType Result = F->getReturnType();
      if (Result->isReferenceType() || Result->getContainedDeducedType())
        return false;
      return !Result->isDependentType() || Result->getAs<TemplateSpecializationType>() ||
             isAsyncType(Result);
    };
    const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
    if (const auto *Lookup = dyn_cast<OverloadExpr>(Callee)) // a name or a member
      return Lookup->getNumDecls() == 0 || !llvm::all_of(Lookup->decls(), returnsObject);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
      return !returnsObject(Ref->getDecl());
    if (const auto *Member = dyn_cast<MemberExpr>(Callee))
      return !returnsObject(Member->getMemberDecl());
    return true;
  }

  /// Decides how the operand is polled, creating the awaitee object.
  bool chooseAwaitee(SuspensionPoint &P) {
    const Expr *Operand = P.Operand->IgnoreParens();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Operand)) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      auto Known = Var ? M.ObjectOfVar.find(Var) : M.ObjectOfVar.end();
      if (Known != M.ObjectOfVar.end()) {
        P.Mode = AwaiteeMode::InPlace;
        P.Awaitee = Known->second;
        M.Objects[P.Awaitee].AwaitedInPlace = true;
        return true;
      }
    }
    QualType Type = P.Operand->getType();
    if (P.Operand->isGLValue()) {
      P.Mode = AwaiteeMode::Pointer;
      Type = Ctx.getLValueReferenceType(Type);
    }
    ObjectId Id = addTemporary(Type, P.AwaitText, P.Await->getBeginLoc(),
                               ObjectKind::Awaitee);
    FrameObject &Awaitee = M.Objects[Id];
    Awaitee.AwaitOf = P.Index;
    if (Type->isInstantiationDependentType() || nestedFuture(P.Operand))
      Awaitee.SpelledAs = rangeOf(P.Operand);
    if (P.Mode == AwaiteeMode::Temporary) {
      const InPlaceCombinator *Combinator = nullptr;
      if (!inPlaceCombinator(P.Await, Combinator))
        return false;
      if (Combinator) {
        nestInPlace(Awaitee, *Combinator);
        P.AwaiteeTypeSpelling = Combinator->Spelling; // (empty when dependent)
        P.Awaitee = Id;
        return true;
      }
      if (!generatedCallee(P.Operand, Awaitee.Generated))
        return false;
      // An annotated lambda's class template, named over the parameters of
      // the template around both (not the dependent call's type).
      if (Awaitee.Generated && !Awaitee.Generated->hasRealSizes())
        Awaitee.SpelledAs.reset();
      if (!Awaitee.Generated && categoryDependsOnInstance(P.Operand)) {
        // `co_await get<T>()`: polled where it is in the instances where it
        // is a glvalue, built in the frame where it is a prvalue.
        Awaitee.DeducedFrom = FrameObject::Deduced{sourceOf(P.Operand), "$ &&",
                                                   FrameObject::Deduced::Storage::Bound};
        Awaitee.HasDestructor = true;
        P.Awaitee = Id;
        return true;
      }
      if (!Awaitee.Generated)
        recordDirectBox(P);
      // A generated class has a destructor only when its frame has
      // something to destroy; clang sees the unrewritten Async<T>.
      if (Awaitee.Generated)
        Awaitee.HasDestructor = Awaitee.Generated->needsDestructor();
      // An instance's arguments as this standard library spells them
      // (std::chrono::milliseconds is duration<long> here, duration<long
      // long> in libc++): the class declares the type the call returns.
      if (Awaitee.Generated && Awaitee.Generated->InstanceOf)
        Awaitee.SpelledAs = rangeOf(P.Operand);
      Awaitee.Erased = Awaitee.Generated
                           ? (!Awaitee.Generated->NameableClass &&
                              !(M.localScope() && Awaitee.Generated->localScope() == M.localScope())) ||
                                 (Awaitee.SpelledAs && readsUnnameable(P.Operand))
                           : !unnameableReason(Type, M.localScope()).empty();
      if (Awaitee.Erased)
        Awaitee.HasDestructor = true;
    }
    P.Awaitee = Id;
    return true;
  }

  /// Sets \p Found to the join/select \p Await's operand builds with
  /// annotated calls in place (decided once per await, before its
  /// full-expression spills anything: those calls are not temporaries of
  /// it). Returns false after reporting an error.
  bool inPlaceCombinator(const Expr *Await, const InPlaceCombinator *&Found) {
    auto [It, New] = Combinators.try_emplace(Await);
    if (New) {
      if (!findInPlaceCombinator(awaitOperand(Await), Callees, Ctx, Diags, M.localScope(),
                                 It->second) ||
          (!It->second && !M.hasRealSizes() &&
           !findDependentInPlaceCombinator(awaitOperand(Await), M, Callees, Ctx, Diags,
                                           It->second)))
        return Failed = true, false;
      if (It->second)
        for (const Expr *Arg : It->second->InPlace) {
          InPlaceArgs.insert(Arg);
          // (A maker's own temporaries end with it: not the full-expression's.)
          for (const MaterializeTemporaryExpr *Temp : makerTemporaries(Arg))
            InMakers.insert(Temp);
        }
    }
    Found = It->second ? &*It->second : nullptr;
    return true;
  }

  /// Whether \p Temp materialises an argument built in place, or is made
  /// inside one.
  bool builtInPlace(const MaterializeTemporaryExpr *Temp) const {
    return InPlaceArgs.contains(Temp->getSubExpr()->IgnoreImplicit()->IgnoreParens()) ||
           InMakers.contains(Temp);
  }

  /// The awaitee is a join/select holding generated classes: each argument
  /// built in place becomes `unawait::detail::in_place([&] { return arg; })`,
  /// which the runtime builds inside the combinator (no box, no move).
  void nestInPlace(FrameObject &Awaitee, const InPlaceCombinator &Combinator) {
    Awaitee.InPlaceCombinator = true;
    // Spelled as the combinator's class where it is known; a dependent one
    // from the operand as written (a type spelled from an expression skips
    // the makers: Hole::Unevaluated), and measured per instance.
    if (!Combinator.Dependent) {
      Awaitee.SpelledAs.reset();
      Awaitee.StoredTypeSpelling = Combinator.Spelling;
      Awaitee.Size = Combinator.Size;
      Awaitee.Align = Combinator.Align;
    }
    Awaitee.HasDestructor = true;
    for (const Expr *Arg : Combinator.InPlace) {
      Hole H;
      H.HoleKind = Hole::Kind::Text;
      H.Range = rangeOf(Arg);
      int Index = static_cast<int>(M.Body.Holes.size());
      H.Unevaluated = std::make_shared<Code>(Code().source(H.Range, Index));
      H.Replacement = std::make_shared<Code>();
      H.Replacement->literal("unawait::detail::in_place([&] { return ")
          .source(H.Range, Index)
          .literal("; })");
      addHole(std::move(H));
    }
  }

  /// Sets \p Generated to the model of the class \p Operand builds when it
  /// calls an annotated function (the awaitee nests that class inline). A
  /// function awaiting itself cannot hold itself inline: that awaitee stays
  /// the boxed Async<T> clang sees (one allocation per level, like Box::pin
  /// in Rust).
  bool generatedCallee(const Expr *Operand, const AsyncFunctionModel *&Generated) {
    const auto *Call = dyn_cast<CallExpr>(Operand->IgnoreImplicit()->IgnoreParens());
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (Callee && Callee->getCanonicalDecl() ==
                      M.Function.Definition->getCanonicalDecl())
      return true;
    // In a template, a call of an annotated lambda through its closure
    // builds its class template's instance over the same parameters.
    if (const CXXMethodDecl *Lambda = Call && !Callee ? annotatedLambdaCalled(*Call) : nullptr) {
      Generated = Callees.find(Lambda);
      return true;
    }
    std::optional<const AsyncFunctionModel *> Model =
        generatedModelOf(Operand, Callees, Ctx, Diags);
    if (!Model)
      return Failed = true, false;
    Generated = *Model;
    return true;
  }

  /// Records the box when \p P awaits a call whose frame the rewrite keeps
  /// in unawait::Async<T>: a call of the function itself, or of an
  /// annotated function that keeps the boxed signature or is only declared
  /// here.
  void recordDirectBox(const SuspensionPoint &P) {
    const auto *Call = dyn_cast<CallExpr>(P.Operand->IgnoreImplicit()->IgnoreParens());
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return;
    std::optional<BoxReason> Reason =
        Callee->getCanonicalDecl() == M.Function.Definition->getCanonicalDecl()
            ? BoxReason::Recursion
            : boxedSignature(Callee);
    if (Reason)
      addBox(P.Await, Call, Callee, *Reason, /*InsideAwaitee=*/false);
  }

  /// Why a call of \p Callee returns the unawait::Async<T> it declares (a
  /// box) instead of a generated class, if it does.
  std::optional<BoxReason> boxedSignature(const FunctionDecl *Callee) const {
    const AsyncFunctionModel *Known = Callees.find(Callee);
    if (Known && Known->Function.BoxedSignature)
      return isVirtualMethod(Callee) ? BoxReason::Virtual : BoxReason::SeparateDeclaration;
    if (Known || !isAnnotatedDeclaration(Callee))
      return std::nullopt;
    if (isVirtualMethod(Callee))
      return BoxReason::Virtual;
    const FunctionDecl *Definition = Callee->getDefinition();
    if (!Definition)
      return BoxReason::DefinedElsewhere;
    if (Callee->isTemplateInstantiation() &&
        !Ctx.getSourceManager().isInMainFile(Definition->getLocation()))
      return BoxReason::HeaderTemplate;
    // Defined later in this file: not analysed yet, but its own definition
    // keeps the signature of this declaration.
    return BoxReason::SeparateDeclaration;
  }

  static bool isVirtualMethod(const FunctionDecl *F) {
    const auto *Method = dyn_cast<CXXMethodDecl>(F);
    return Method && Method->isVirtual();
  }

  /// An annotated function without a definition here (defined in another
  /// translation unit): its callers get the Async<T> it declares.
  static bool isAnnotatedDeclaration(const FunctionDecl *F) {
    for (const FunctionDecl *D : F->redecls())
      for (const auto *Attr : D->specific_attrs<AnnotateAttr>())
        if (Attr->getAnnotation() == AsyncAnnotation)
          return true;
    return false;
  }

  static bool insideAny(const TextRange &At, const std::vector<TextRange> &Ranges) {
    return llvm::any_of(Ranges, [&](const TextRange &R) {
      return R.Begin <= At.Begin && At.End <= R.End;
    });
  }

  /// Records the box of each annotated call outside the awaited
  /// expressions (recordDirectBox and addBoxedCallHoles record those) that
  /// makes one: a callee that keeps its boxed signature, or a generated
  /// future converted into the unawait::Async<T> where its value goes.
  void recordStoredBoxes() {
    std::vector<TextRange> Awaited;
    for (const SuspensionPoint &P : M.Points)
      Awaited.push_back(rangeOf(P.Operand));
    for (const CallExpr *Call : nodesUnder<CallExpr>(Body)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee || !inThisBody(Call) || insideAny(rangeOf(Call), Awaited))
        continue;
      std::optional<BoxReason> Reason = boxedSignature(Callee);
      std::optional<ObjectId> Holder;
      bool Deduced = false;
      if (!Reason && Callees.find(Callee) && keptAsAsync(Call, Holder, Deduced))
        Reason = BoxReason::Stored;
      if (!Reason)
        continue;
      addBox(nullptr, Call, Callee, *Reason, /*InsideAwaitee=*/false, Holder);
      if (M.Boxes.back().Call == Call)
        M.Boxes.back().OnlyIfHolderKept = Deduced && Holder;
    }
  }

  /// Whether \p E is the left operand of a comma (under parentheses and
  /// implicit nodes), whose value C++ discards unless an instance finds an
  /// overloaded comma: a template's pattern has an operator call where
  /// lookup finds some operator, candidate.
  bool leftOfComma(const Expr *E) const {
    const Stmt *Child = E;
    for (DynTypedNode Node = Parents.parentOf(*E); const auto *Parent = Node.get<Stmt>();
         Node = Parents.parentOf(Node)) {
      if (const auto *Comma = dyn_cast<BinaryOperator>(Parent))
        return Comma->getOpcode() == BO_Comma && Comma->getLHS() == Child;
      if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(Parent))
        return Call->getOperator() == OO_Comma && Call->getArg(0) == Child;
      if (!isa<ParenExpr, ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr>(
              Parent))
        return false;
      Child = Parent;
    }
    return false;
  }

  /// Whether \p S is evaluated by this function, not by a member function
  /// of a local class defined in it (nodesUnder does not enter lambdas).
  bool inThisBody(const Stmt *S) const {
    for (DynTypedNode Node = Parents.parentOf(*S); !Node.getNodeKind().isNone();
         Node = Parents.parentOf(Node)) {
      if (Node.get<Stmt>() == Body)
        return true;
      if (Node.get<FunctionDecl>() || Node.get<CXXRecordDecl>())
        return false;
    }
    return false;
  }

  /// Whether the value of \p Call, a generated future in the rewrite, goes
  /// where C++ keeps the unawait::Async<T> clang gave it, so that the
  /// rewrite converts it into one (a box): a variable (then \p Holder, and
  /// \p Deduced when its declaration deduces its type: written as it was,
  /// an ordinary local keeps the generated type),
  /// an element of a braced list, a `co_return`, or an argument whose
  /// parameter type is not deduced from it. Simplification: a parameter of a
  /// function template that depends on its own template parameters counts
  /// as deduced, even when the template converts the value on (the
  /// constructor of std::optional<unawait::Async<T>>).
  bool keptAsAsync(const CallExpr *Call, std::optional<ObjectId> &Holder,
                   bool &Deduced) const {
    const Stmt *Value = Call;
    for (DynTypedNode Node = Parents.parentOf(*Call); !Node.getNodeKind().isNone();
         Node = Parents.parentOf(Node)) {
      if (const auto *Var = Node.get<VarDecl>()) {
        // An init-capture deduces the generated type in the rewrite too.
        if (Var->isInitCapture())
          return false;
        if (auto Found = M.ObjectOfVar.find(Var); Found != M.ObjectOfVar.end())
          Holder = Found->second;
        if (Holder && M.Objects[*Holder].Generated) // nestAwaitedFuture's
          return false;
        Deduced = Var->getType()->getContainedDeducedType() ||
                  Var->getTypeSourceInfo()->getType()->getContainedDeducedType();
        return !Deduced || Holder; // a local never in the frame is written as it was
      }
      const auto *Parent = Node.get<Stmt>();
      if (!Parent)
        return false;
      if (isa<ExprWithCleanups, CXXBindTemporaryExpr, MaterializeTemporaryExpr, ParenExpr,
              ImplicitCastExpr>(Parent)) {
        Value = Parent;
        continue;
      }
      if (isa<InitListExpr, CoreturnStmt, CXXFunctionalCastExpr>(Parent))
        return true;
      if (const auto *Outer = dyn_cast<CallExpr>(Parent))
        return Outer->getCallee() != Value && convertedArgument(Outer, Value);
      if (const auto *Construct = dyn_cast<CXXConstructExpr>(Parent))
        return !deducedParameter(Construct->getConstructor(),
                                 argumentIndex(Construct->arguments(), Value));
      return false;
    }
    return false;
  }

  bool convertedArgument(const CallExpr *Outer, const Stmt *Value) const {
    const FunctionDecl *Callee = Outer->getDirectCallee();
    if (!Callee)
      return true;
    std::optional<unsigned> Index = argumentIndex(Outer->arguments(), Value);
    // A member operator's first argument is its object.
    if (Index && isa<CXXOperatorCallExpr>(Outer) && isa<CXXMethodDecl>(Callee)) {
      if (*Index == 0)
        return false;
      --*Index;
    }
    return !deducedParameter(Callee, Index);
  }

  /// Where \p Value stands among \p Arguments (a call's or a constructor's).
  template <class Range>
  static std::optional<unsigned> argumentIndex(Range Arguments, const Stmt *Value) {
    unsigned I = 0;
    for (const Expr *Arg : Arguments) {
      if (Arg == Value)
        return I;
      ++I;
    }
    return std::nullopt;
  }

  /// Whether parameter \p Index of \p Callee has a type its function
  /// template deduces (in the template's pattern, a type that depends on
  /// template parameters).
  static bool deducedParameter(const FunctionDecl *Callee, std::optional<unsigned> Index) {
    const FunctionTemplateDecl *Template = Callee ? Callee->getPrimaryTemplate() : nullptr;
    if (!Template || !Index)
      return false;
    const FunctionDecl *Pattern = Template->getTemplatedDecl();
    if (*Index >= Pattern->getNumParams())
      return Pattern->getNumParams() > 0 &&
             Pattern->getParamDecl(Pattern->getNumParams() - 1)->isParameterPack();
    return Pattern->getParamDecl(*Index)->getType()->isDependentType();
  }

  /// Records the box of \p Call, of \p Type (the call's, or where it
  /// depends on template arguments the one every instance has).
  void addBox(const Expr *Await, const CallExpr *Call, const FunctionDecl *Callee,
              BoxReason Reason, bool InsideAwaitee,
              std::optional<ObjectId> Holder = std::nullopt, QualType Type = QualType()) {
    if (Type.isNull())
      Type = Call->getType();
    for (const BoxedFrame &Known : M.Boxes)
      if (Known.Call == Call)
        return;
    BoxedFrame Box;
    Box.Await = Await;
    Box.Holder = Holder;
    Box.Call = Call;
    Box.Callee = Callee;
    Box.Reason = Reason;
    Box.InsideAwaitee = InsideAwaitee;
    Box.CallText = quoted(Call);
    Box.TypeSpelling = Type.getAsString(Ctx.getPrintingPolicy());
    if (!Type->isDependentType() && !Type->isIncompleteType())
      Box.BoxBytes = Ctx.getTypeSizeInChars(Type).getQuantity();
    M.Boxes.push_back(std::move(Box));
  }

  /// In `co_await join(f(), g())` the calls to rewritten functions are
  /// boxed into Async<T>, so that the expression keeps the type clang gave
  /// it (the awaitee is declared with that type). Only a call awaited
  /// directly (and the arguments a template deduces from) nests inline.
  void addBoxedCallHoles(const Expr *Await) {
    const InPlaceCombinator *Combinator = nullptr;
    if (!inPlaceCombinator(Await, Combinator))
      return;
    const Expr *Operand = awaitOperand(Await);
    std::vector<const CallExpr *> AsWritten = generatingCalls(Operand, Callees);
    // An await inside the operand (co_await wrap(co_await f())) decides
    // for its own operand.
    std::vector<TextRange> Inner;
    for (const Stmt *S : nodesUnder<Expr>(Operand))
      if (isAwait(S))
        Inner.push_back(rangeOf(S));
    for (const CallExpr *Call : nodesUnder<CallExpr>(Operand)) {
      if (insideAny(rangeOf(Call), Inner))
        continue;
      const FunctionDecl *Callee = Call->getDirectCallee();
      QualType BoxType = Call->getType();
      std::vector<const CallExpr *> Instances{Call};
      if (!Callee && Call->isTypeDependent())
        Callee = calleeOfEveryInstance(Call, BoxType, Instances);
      bool Awaited = Call == Operand->IgnoreImplicit()->IgnoreParens(); // recordDirectBox's
      if (!Callee || Awaited || llvm::is_contained(AsWritten, Call) ||
          InPlaceArgs.contains(Call))
        continue;
      if (std::optional<BoxReason> Boxed = boxedSignature(Callee)) {
        addBox(Await, Call, Callee, *Boxed, /*InsideAwaitee=*/true, std::nullopt,
               BoxType); // boxed as declared
        continue;
      }
      if (!Callees.find(Callee))
        continue;
      Hole H;
      H.HoleKind = Hole::Kind::Text;
      H.Range = rangeOf(Call);
      int Index = static_cast<int>(M.Body.Holes.size());
      H.Replacement = std::make_shared<Code>();
      // The call's own type: for a function template's instance, its
      // arguments substituted (the model's output type spells T). Built
      // in the box by a maker where it can be: a generated class moves
      // its parameters with it, which the coroutine call never does.
      bool Maker = llvm::all_of(Instances, [&](const CallExpr *One) {
        return buildableByMaker(*One, M.localScope());
      });
      std::string Box = spellType(BoxType, Ctx);
      Code Argument = Maker ? Code()
                                  .literal("unawait::detail::in_place([&] { return ")
                                  .source(H.Range, Index)
                                  .literal("; })")
                            : Code().source(H.Range, Index);
      H.Replacement->literal(Box + "(").append(Argument).literal(")");
      H.Unevaluated =
          std::make_shared<Code>(Code().literal(Box + "(").source(H.Range, Index).literal(")"));
      addHole(std::move(H));
      addBox(Await, Call, Callee, BoxReason::Combinator, /*InsideAwaitee=*/true, std::nullopt,
             BoxType);
      BoxedCalls.try_emplace(Call, BoxedCall{Index, std::move(Argument)});
    }
  }

  /// The function every instance clang made of \p Call (a call of the
  /// template's pattern that depends on template arguments, whose callee
  /// only the instances know) calls, when it is the same function, or
  /// specializations of the same function template, with the same type in
  /// each: \p Type is set to it, and \p Instances to those calls. Null
  /// otherwise (no instance, or several functions).
  const FunctionDecl *calleeOfEveryInstance(const CallExpr *Call, QualType &Type,
                                            std::vector<const CallExpr *> &Instances) const {
    auto Origin = [](const FunctionDecl *F) -> const Decl * {
      if (const FunctionTemplateDecl *Template = F->getPrimaryTemplate())
        return Template->getCanonicalDecl();
      return F->getCanonicalDecl();
    };
    const FunctionDecl *Found = nullptr;
    std::vector<const CallExpr *> Calls;
    for (const Expr *Instance : clangInstancesOf(M, Call)) {
      const auto *One = dyn_cast<CallExpr>(Instance->IgnoreImplicit()->IgnoreParens());
      const FunctionDecl *Callee = One ? One->getDirectCallee() : nullptr;
      if (!Callee ||
          (Found && (Origin(Found) != Origin(Callee) || !Ctx.hasSameType(Type, One->getType()))))
        return nullptr;
      Found = Callee;
      Type = One->getType();
      Calls.push_back(One);
    }
    Instances = std::move(Calls);
    return Found;
  }

  /// Whether the address of \p Var escapes in the body.
  bool escapes(const VarDecl *Var) {
    if (!Escaping)
      Escaping.emplace(Body, Parents);
    return Escaping->firstEscape(Var).isValid();
  }

  /// Whether \p Var is an annotated lambda's capture that may change while
  /// the lambda is suspended: one by reference names the enclosing
  /// function's variable, and a mutable lambda's copy is reachable through
  /// its closure.
  bool capturedMutably(const ValueDecl *Var) const {
    if (!M.Function.isLambda())
      return false;
    const auto *Call = cast<CXXMethodDecl>(M.Function.Definition);
    for (const LambdaCapture &Capture : lambdaCaptures(Call->getParent()))
      if (Capture.capturesVariable() && Capture.getCapturedVar() == Var)
        return Capture.getCaptureKind() == LCK_ByRef || !Call->isConst();
    return false;
  }

  // --- holes over the whole body -----------------------------------------

  void addBodyHoles();

  void fail(SourceLocation Loc, const std::string &Message) {
    if (!Failed)
      Diags.error(Loc, Message);
    Failed = true;
  }

  AsyncFunctionModel &M;
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticReporter &Diags;
  ModelRegistry &Callees;
  const NodeParents &Parents;
  /// The file the body is written in: the main file, or for an external
  /// function its header. Text offsets are into it.
  FileID BodyFile;
  const Stmt *Body = nullptr;
  std::vector<BlockNode *> Scopes;
  std::vector<JumpTarget> Targets;
  /// The block whose statements may carry the case labels of the switch
  /// being lowered.
  const BlockNode *SwitchBody = nullptr;
  llvm::DenseMap<const LabelDecl *, std::string> LabelNames;
  /// Per await, the join/select it builds in place (inPlaceCombinator).
  std::map<const Expr *, std::optional<InPlaceCombinator>> Combinators;
  /// Arguments built in place inside a join/select (nestInPlace).
  llvm::DenseSet<const Expr *> InPlaceArgs;
  /// An annotated call boxed into unawait::Async<T> inside an awaited
  /// expression (addBoxedCallHoles): the rewritten program holds that type,
  /// as clang's does. Its hole spells `Async<T>(Argument)`.
  struct BoxedCall {
    int Hole;
    Code Argument;
  };
  llvm::DenseMap<const Expr *, BoxedCall> BoxedCalls;

  /// Where \p Init, a boxed call, initialises a frame object of the box's
  /// own type, that object's construction spells the box: its hole is left
  /// with the box's argument (`::new (...) Async<int>(in_place(...))`, not
  /// `Async<int>(Async<int>(in_place(...)))`).
  void constructBoxInPlace(const Expr *Init, QualType Type) {
    auto Boxed = BoxedCalls.find(Init->IgnoreImplicit()->IgnoreParens());
    if (Boxed == BoxedCalls.end() || !Ctx.hasSameUnqualifiedType(Type, Init->getType()))
      return;
    M.Body.Holes[Boxed->second.Hole].Replacement = std::make_shared<Code>(Boxed->second.Argument);
  }
  /// The temporaries made inside those (builtInPlace).
  llvm::DenseSet<const MaterializeTemporaryExpr *> InMakers;
  /// co_returns lowered as ReturnNodes (the others are holes).
  llvm::DenseSet<const Stmt *> LoweredReturns;
  /// A kept decomposition's bindings: the object and how to read each.
  llvm::DenseMap<const BindingDecl *, std::pair<ObjectId, std::shared_ptr<Code>>> BindingCode;
  std::optional<Escapes> Escaping; // made on first use
  unsigned Barriers = 0;
  unsigned Labels = 0;
  bool Failed = false;

  friend class FullExpression;
  friend class BodyHoles;
};

// --- full-expressions ------------------------------------------------------

FullExpression::FullExpression(Lowering &L, const Expr *Root) : L(L), Root(Root) {}

/// Numbers the awaits and temporaries of the full-expression in the order
/// the rewrite evaluates them (post-order: a node after its operands).
void FullExpression::number(const Expr *E) {
  if (!E)
    return;
  if (isAwait(E)) {
    const InPlaceCombinator *Combinator = nullptr;
    if (!L.inPlaceCombinator(E, Combinator))
      return;
    number(awaitOperand(E));
    AwaitedNames.add(awaitOperand(E));
    Positions.push_back({E, Counter++});
    return;
  }
  for (const OrderedOperand &Operand : evaluationOrder(E, containsAwait, L.Ctx).Operands)
    number(Operand.E);
  // (An annotated call built inside a join/select is no temporary of the
  // full-expression: the combinator holds it.)
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E);
      Temp && !Temp->getExtendingDecl() && !L.builtInPlace(Temp))
    Positions.push_back({E, Counter++});
  else if (materializedByInstances(E) &&
           !L.InPlaceArgs.contains(E->IgnoreImplicit()->IgnoreParens())) {
    DependentTemporaries.insert(E);
    Positions.push_back({E, Counter++});
  }
}

/// Whether \p E, an argument of a call that depends on template arguments
/// (`g(a + 1)`, `g(+co_await f())`, `g(+11, a)`), is a temporary in some instance of
/// the template clang made (bound to a reference parameter, `const T &`):
/// clang's pattern has no MaterializeTemporaryExpr for it, yet the callee's
/// frame may keep a reference to it until the full-expression ends.
bool FullExpression::materializedByInstances(const Expr *E) const {
  if (isAwait(E))
    return false;
  const auto *Call = L.Parents.parentOf(*E).get<CallExpr>();
  if (!Call || !Call->isTypeDependent() || Call->getCallee() == E)
    return false;
  return llvm::any_of(clangInstancesOf(L.M, E), [](const Expr *Instance) {
    const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(Instance);
    return Temp && !Temp->getExtendingDecl();
  });
}

bool FullExpression::readAsValueByInstances(const Expr *E) const {
  if (!E->getType()->isDependentType() && !E->getType()->isScalarType())
    return false;
  std::vector<const Expr *> Instances = clangInstancesOf(L.M, E);
  return !Instances.empty() && llvm::all_of(Instances, [](const Expr *Instance) {
    const auto *Cast = dyn_cast<ImplicitCastExpr>(Instance);
    return Cast && Cast->getCastKind() == CK_LValueToRValue;
  });
}

bool FullExpression::containsPoint(const Expr *E) {
  if (!E)
    return false;
  auto Known = HoldsPoint.find(E);
  if (Known != HoldsPoint.end())
    return Known->second;
  bool Holds = Points.count(E) > 0;
  EvaluationOrder Order = evaluationOrder(E, containsAwait, L.Ctx);
  // An await under an expression of unknown order is a point too: lowering
  // it reports the expression.
  if (Order.OrderKind == EvaluationOrder::Opaque)
    Holds = Holds || containsAwait(E);
  if (!Holds)
    for (const OrderedOperand &Operand : Order.Operands)
      Holds = Holds || containsPoint(Operand.E);
  HoldsPoint[E] = Holds;
  return Holds;
}

bool FullExpression::lower(BlockNode &Out) {
  // First, so that the holes of temporaries and spills wrap them.
  for (const Stmt *Await : nodesWhere(Root, isAwait))
    L.addBoxedCallHoles(cast<Expr>(Await));
  number(Root);
  // The points: every await, and every temporary materialised before the
  // last one (it must live in the frame until the full-expression ends).
  unsigned LastAwait = 0;
  for (auto [E, Position] : Positions)
    if (isAwait(E))
      LastAwait = Position;
  for (auto [E, Position] : Positions)
    if (isAwait(E) || Position < LastAwait)
      Points.insert(E);
  size_t FirstPoint = L.M.Points.size();
  if (!lowerExpr(Root, Out))
    return false;
  for (size_t I = FirstPoint; I < L.M.Points.size(); ++I)
    for (const LaterPart &Part : Later)
      if (!Part.BeforePoint || I < *Part.BeforePoint)
        L.M.Points[I].EvaluatedAfter.push_back(Part.Part);
  return true;
}

void FullExpression::finish(BlockNode &Out) {
  if (Temporaries.empty())
    return;
  auto &Destroy = Out.add<DestroyNode>();
  Destroy.Origin = Root;
  Destroy.Objects.assign(Temporaries.rbegin(), Temporaries.rend());
}

/// Emits the points under \p E; E's own evaluation is left to whoever uses
/// its value.
bool FullExpression::lowerExpr(const Expr *E, BlockNode &Out) {
  if (isAwait(E))
    return lowerAwait(E, Out);
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E); Temp && Points.count(E))
    return lowerTemporary(Temp, Out);
  // Its own points first, then the value, into the frame.
  if (DependentTemporaries.count(E) && Points.count(E))
    return lowerParts(E, Out) && dependentValue(E, Out);
  return lowerParts(E, Out);
}

/// The points under \p E, an expression that is no point itself, in the
/// order of its operands.
bool FullExpression::lowerParts(const Expr *E, BlockNode &Out) {
  EvaluationOrder Order = evaluationOrder(E, containsAwait, L.Ctx);
  if (Order.OrderKind == EvaluationOrder::Opaque) {
    reportUnsupported(L.Diags, E->getBeginLoc(), Order.Rejected,
                      Order.Rejected == Unsupported::NonStandardExpression
                          ? E->getStmtClassName()
                          : "");
    L.Failed = true;
    return false;
  }
  if (Order.AllocatesFirst)
    return lowerNew(cast<CXXNewExpr>(E), Out);
  if (llvm::any_of(Order.Operands, [&](const OrderedOperand &Operand) {
        return Operand.Conditional && containsPoint(Operand.E);
      }))
    return lowerChoice(E, Order, Out);
  return lowerOperands(Order, Out);
}

/// Everything up to the last operand that holds a point is evaluated now
/// (before the points that follow it, into a temporary when needed); the
/// last such operand's value and the operands after it are left to the
/// node that uses the value.
bool FullExpression::lowerOperands(const EvaluationOrder &Order, BlockNode &Out) {
  int Last = -1;
  for (int I = 0; I < static_cast<int>(Order.Operands.size()); ++I)
    if (containsPoint(Order.Operands[I].E))
      Last = I;
  for (int I = 0; I < static_cast<int>(Order.Operands.size()); ++I) {
    const Expr *Operand = Order.Operands[I].E;
    if (I > Last || Order.Operands[I].Conditional) {
      evaluatedLater(Operand);
      continue;
    }
    if (containsPoint(Operand) && !lowerExpr(Operand, Out))
      return false;
    if (I < Last && !early(Operand, Out))
      return false;
  }
  return true;
}

/// The awaitee is built from the operand once the operand's own points are
/// done.
bool FullExpression::lowerAwait(const Expr *Await, BlockNode &Out) {
  const Expr *Operand = awaitOperand(Await);
  size_t Mark = Later.size();
  if (!lowerExpr(Operand, Out))
    return false;
  // (Before the awaitee, which ends first.)
  std::vector<ObjectId> Builds = keptByMakers(Await);
  std::optional<unsigned> Index = L.addPoint(Await, Root);
  if (!Index)
    return false;
  // What the operand leaves is evaluated when the awaitee is built.
  for (size_t I = Mark; I < Later.size(); ++I)
    if (!Later[I].BeforePoint)
      Later[I].BeforePoint = *Index;
  SuspensionPoint &P = L.M.Points[*Index];
  TextRange Operated = L.rangeOf(Operand);
  for (auto [Id, Range] : Unnamed)
    if (Range.Begin < Operated.Begin || Range.End > Operated.End) {
      reportUnsupported(L.Diags, L.M.Objects[Id].Loc,
                        Unsupported::TemporaryOfUnnameableType,
                        "it is used after a later co_await");
      L.Failed = true;
      return false;
    }
  Unnamed.clear();
  auto &Node = Out.add<AwaitNode>();
  Node.Origin = Await;
  Node.Point = *Index;
  Node.Evaluates.push_back(Operand);
  Node.Operand = L.sourceOf(Operand);
  Node.Builds = std::move(Builds);
  if (P.Mode != AwaiteeMode::InPlace) {
    FrameObject &Awaitee = L.M.Objects[P.Awaitee];
    Awaitee.Conditional = ConditionalDepth > 0;
    // A finished generated future, a trivial one, and a pointer have
    // nothing left to destroy: they end at once, and their storage serves
    // the next await. Others end with the full-expression, as in C++.
    if (Awaitee.Generated || !Awaitee.HasDestructor) {
      auto &Destroy = Out.add<DestroyNode>();
      Destroy.Origin = Await;
      Destroy.Objects.push_back(P.Awaitee);
    } else {
      Temporaries.push_back(P.Awaitee);
    }
  }
  Hole H;
  H.HoleKind = Hole::Kind::AwaitValue;
  H.Range = L.rangeOf(Await);
  H.Point = *Index;
  L.addHole(std::move(H));
  return true;
}

/// Whether the initializer of \p Temp, as written, is no prvalue of its
/// class yet (`"xy"` for a std::string, a braced list): C++ converts it by
/// copy-initialisation, which `T(init)` would not do.
static bool convertedWhenMaterialized(const MaterializeTemporaryExpr *Temp) {
  if (!Temp->getType()->isRecordType())
    return false;
  const Expr *Init = Temp->getSubExpr();
  for (;;) {
    if (const auto *Bound = dyn_cast<CXXBindTemporaryExpr>(Init))
      Init = Bound->getSubExpr();
    else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Init);
             Cast && Cast->getCastKind() == CK_NoOp)
      Init = Cast->getSubExpr();
    else if (const auto *Parens = dyn_cast<ParenExpr>(Init))
      Init = Parens->getSubExpr();
    else
      break;
  }
  return isa<ImplicitCastExpr, InitListExpr>(Init) ||
         (isa<CXXConstructExpr>(Init) && !isa<CXXTemporaryObjectExpr>(Init));
}

/// The temporaries the annotated calls \p Await's join or select builds in
/// place make in their arguments (InPlaceCombinator::Kept), as frame
/// temporaries: each maker builds its own where C++ builds it, through
/// unawait::detail::keep_temporary (which marks it live, so that an
/// exception in a later maker or a cancellation destroys it), and they end
/// with the full-expression, after the await.
std::vector<ObjectId> FullExpression::keptByMakers(const Expr *Await) {
  std::vector<ObjectId> Built;
  const InPlaceCombinator *Combinator = nullptr;
  // (Decided when the full-expression was numbered.)
  if (!L.inPlaceCombinator(Await, Combinator) || !Combinator)
    return Built;
  for (const MaterializeTemporaryExpr *Temp : Combinator->Kept) {
    QualType Type = Temp->getType();
    ObjectId Id = temporary(Temp, Type, "temporary");
    L.M.Objects[Id].Conditional |= Combinator->MaybeKept.contains(Temp);
    Hole H;
    H.HoleKind = Hole::Kind::Text;
    H.Range = L.rangeOf(Temp);
    int Index = static_cast<int>(L.M.Body.Holes.size());
    bool Xvalue = !Temp->isBoundToLvalueReference();
    // `T(init)` initialises T directly; where the written initializer is
    // not a T yet, C++ copy-initialises (`return init;` does).
    Code Init = Code().source(H.Range, Index);
    if (convertedWhenMaterialized(Temp))
      Init = Code()
                 .literal("[&]() -> " + spellType(Type.getUnqualifiedType(), L.Ctx) +
                          " { return ")
                 .append(Init)
                 .literal("; }()");
    H.Replacement = std::make_shared<Code>();
    H.Replacement->literal(Xvalue ? "std::move(" : "")
        .literal("unawait::detail::keep_temporary(::new (unawait::detail::address_of(")
        .object(Id)
        .literal(")) " + spellType(Type, L.Ctx) + "(")
        .append(Init)
        .literal(")")
        .liveMark(Id)
        .literal(Xvalue ? "))" : ")");
    L.addHole(std::move(H));
    Built.push_back(Id);
  }
  return Built;
}

/// A temporary materialised before the last await: constructed in the frame
/// from its initializer, read (as the xvalue it was) where it stood.
bool FullExpression::lowerTemporary(const MaterializeTemporaryExpr *Temp,
                                    BlockNode &Out) {
  const Expr *Init = Temp->getSubExpr();
  if (!lowerExpr(Init, Out))
    return false;
  QualType Type = Temp->getType().getNonReferenceType();
  if (Type->isArrayType()) // the backing array of an initializer_list
    return lowerBackingArray(Temp, Out);
  bool Unnameable = !unnameableReason(Type, L.M.localScope()).empty();
  if (Unnameable && hasDestructor(Type)) {
    reportUnsupported(L.Diags, Temp->getBeginLoc(),
                      Unsupported::TemporaryOfUnnameableType);
    L.Failed = true;
    return false;
  }
  ObjectId Id = temporary(Temp, Type, "temporary");
  if (Unnameable) { // read in the chunk that builds it: by the next await
    L.M.Objects[Id].RawStorage = true;
    Unnamed.push_back({Id, L.rangeOf(Temp)});
  }
  Hole H;
  H.HoleKind = Hole::Kind::Object;
  H.Range = L.rangeOf(Temp);
  H.Object = Id;
  H.AsXvalue = !Temp->isBoundToLvalueReference();
  int Index = L.addHole(std::move(H));
  L.constructBoxInPlace(Init, Type);
  spill(Out, Temp, Id, SpillNode::Construct, Code().source(L.rangeOf(Init), Index), Init);
  Spilled.insert(Temp);
  return true;
}

/// `new T(init)` whose initializer awaits: C++ calls the allocation
/// function first, so the memory is allocated into the frame
/// (unawait::detail::new_allocation, which frees it if the future is dropped
/// or an exception leaves before the object is built), then the
/// initializer's points run, and where the expression stood the object is
/// built in that memory: `allocation0.built(::new (allocation0.memory()) T(init))`.
bool FullExpression::lowerNew(const CXXNewExpr *New, BlockNode &Out) {
  // (Two pointers, as new_allocation holds: its size on every target.)
  QualType TwoPointers = L.Ctx.getConstantArrayType(L.Ctx.VoidPtrTy, llvm::APInt(32, 2), nullptr,
                                                    ArraySizeModifier::Normal, 0);
  ObjectId Id = temporary(New, TwoPointers, "allocation of");
  L.M.Objects[Id].Allocation = true;
  L.M.Objects[Id].HasDestructor = true;
  spill(Out, New, Id, SpillNode::Construct, Code().literal(allocationArguments(*New)));
  if (!lowerExpr(New->getInitializer(), Out))
    return false;
  // From the type on (`new (T)(init)` keeps its parentheses).
  SourceLocation TypeBegin = New->getTypeIdParens().isValid()
                                 ? New->getTypeIdParens().getBegin()
                                 : New->getAllocatedTypeSourceInfo()->getTypeLoc().getBeginLoc();
  Hole H;
  H.HoleKind = Hole::Kind::Text;
  H.Range = L.rangeOf(New);
  TextRange Built{L.rangeOf(SourceRange(TypeBegin, TypeBegin)).Begin, H.Range.End};
  H.Replacement = std::make_shared<Code>();
  H.Replacement->object(Id)
      .literal(".built(::new (")
      .object(Id)
      .literal(".memory()) ")
      .source(Built)
      .literal(")");
  L.addHole(std::move(H));
  return true;
}

/// The arguments of unawait::detail::new_allocation for \p New: the call of
/// its allocation function, and a function that calls its deallocation
/// function with the arguments C++ would give it.
std::string FullExpression::allocationArguments(const CXXNewExpr &New) const {
  std::string Type = spellType(New.getAllocatedType(), L.Ctx);
  std::string Size = "sizeof(" + Type + ")";
  std::string Alignment = "std::align_val_t(alignof(" + Type + "))";
  auto Named = [&](const FunctionDecl *F, const char *Name) {
    if (const auto *Method = dyn_cast<CXXMethodDecl>(F))
      return spellType(L.Ctx.getRecordType(Method->getParent()), L.Ctx) + "::" + Name;
    return std::string("::") + Name;
  };
  std::string Allocate = Named(New.getOperatorNew(), "operator new") + "(" + Size +
                         (New.passAlignment() ? ", " + Alignment : "") + ")";
  const FunctionDecl *Free = New.getOperatorDelete();
  std::string FreeArgs = "memory";
  for (unsigned I = 1; I < Free->getNumParams(); ++I)
    FreeArgs += ", " + (Free->getParamDecl(I)->getType()->isEnumeralType() ? Alignment : Size);
  return Allocate + ", [](void *memory) noexcept { " + Named(Free, "operator delete") + "(" +
         FreeArgs + "); }";
}

/// The array behind a std::initializer_list materialised before an await:
/// its elements are constructed one by one in a frame array, and the list is
/// made over that array (unawait::detail::initializer_list_over), where it
/// stood. Elements with destructors are not supported.
bool FullExpression::lowerBackingArray(const MaterializeTemporaryExpr *Temp,
                                       BlockNode &Out) {
  const auto *Whole = L.Parents.parentOf(*Temp).get<CXXStdInitializerListExpr>();
  if (!Whole)
    return L.fail(Temp->getBeginLoc(), "internal error: an array of no std::initializer_list"),
           false;
  auto Backing = L.backingArrayOf(Temp);
  if (!Backing)
    return false;
  const InitListExpr *List = Backing->List;
  const ConstantArrayType *Array = Backing->Type;
  ObjectId Id = temporary(Temp, L.elementStorage(Array), "elements of");
  Hole H;
  H.HoleKind = Hole::Kind::Text;
  H.Range = L.rangeOf(Whole);
  H.Replacement = std::make_shared<Code>();
  H.Replacement->literal("unawait::detail::initializer_list_over(").object(Id).literal(")");
  int Index = L.addHole(std::move(H));
  if (hasDestructor(Array->getElementType())) {
    // Built as one array, which destroys the elements built so far when one
    // throws; a temporary before the last await is always kept, and ends
    // with the full-expression (or a cancellation) last element first.
    auto &Declare = Out.add<DeclareNode>();
    Declare.Origin = Temp;
    Declare.Evaluates.push_back(List);
    Declare.Object = Id;
    Declare.Init = Code().source(L.rangeOf(List), Index);
  } else {
    auto &Spill = Out.add<SpillNode>();
    Spill.Origin = Temp;
    Spill.Evaluates.push_back(List);
    Spill.Object = Id;
    Spill.SpillMode = SpillNode::ConstructElements;
    for (const Expr *Element : List->inits())
      Spill.Elements.push_back(L.sourceOf(Element));
  }
  Spilled.insert(Temp);
  Spilled.insert(Whole);
  return true;
}

/// A new frame temporary of this full-expression for \p E.
ObjectId FullExpression::temporary(const Expr *E, QualType Type,
                                   llvm::StringRef What) {
  std::string Text = oneLine(L.sourceText(L.rangeOf(E)));
  ObjectId Id = L.addTemporary(Type, What.str() + " `" + Text + "`", E->getBeginLoc());
  L.M.Objects[Id].Conditional = ConditionalDepth > 0;
  L.M.Objects[Id].TemporaryOf = E;
  if (Type->isInstantiationDependentType())
    L.M.Objects[Id].SpelledAs = L.rangeOf(E);
  Temporaries.push_back(Id);
  return Id;
}

/// Evaluates \p From (\p Evaluated, when another expression evaluates it)
/// into frame object \p Id.
void FullExpression::spill(BlockNode &Into, const Expr *From, ObjectId Id,
                           SpillNode::Mode Mode, Code Value, const Expr *Evaluated) {
  auto &Spill = Into.add<SpillNode>();
  Spill.Origin = From;
  Spill.Evaluates.push_back(Evaluated ? Evaluated : From);
  Spill.Object = Id;
  Spill.SpillMode = Mode;
  Spill.Value = std::move(Value);
}

/// `a && b`, `a || b`, `a ? b : c` with a point in an operand C++ may skip:
/// the operands in branches, the result in a frame temporary.
bool FullExpression::lowerChoice(const Expr *E, const EvaluationOrder &Order,
                                 BlockNode &Out) {
  const Expr *First = Order.Operands[0].E;
  if (containsPoint(First) && !lowerExpr(First, Out))
    return false;
  bool IsChoice = Order.OrderKind == EvaluationOrder::Choice;
  if (IsChoice && E->isPRValue() && E->getType()->isRecordType() &&
      !E->getType().isTriviallyCopyableType(L.Ctx)) {
    reportUnsupported(L.Diags, E->getBeginLoc(), Unsupported::MovedPrvalue);
    L.Failed = true;
    return false;
  }
  Code Tested = Code().literal("static_cast<bool>").append(L.sourceOf(First).parenthesized());
  ObjectId Result;
  Code Cond;
  if (IsChoice) {
    // The condition is tested right away: a local of poll() holds it.
    ObjectId Test = L.addScratch(L.Ctx.BoolTy, "condition", First->getBeginLoc());
    spill(Out, First, Test, SpillNode::Assign, Tested);
    Cond.object(Test);
    QualType Type = E->isGLValue() ? L.Ctx.getLValueReferenceType(E->getType())
                                   : E->getType();
    Result = temporary(E, Type, "value of");
  } else {
    // r = a; if (r) r = b;  (for ||: if (!r)). r lives across b's awaits.
    Result = temporary(E, L.Ctx.BoolTy, "value of");
    spill(Out, First, Result, SpillNode::Construct, Tested);
    Cond.literal(Order.OrderKind == EvaluationOrder::And ? "" : "!").object(Result);
  }
  auto branch = [&](const Expr *Operand) -> std::unique_ptr<BlockNode> {
    auto Block = std::make_unique<BlockNode>();
    Block->Origin = Operand;
    ++ConditionalDepth;
    bool Ok = !containsPoint(Operand) || lowerExpr(Operand, *Block);
    --ConditionalDepth;
    if (!Ok)
      return nullptr;
    if (!IsChoice)
      spill(*Block, Operand, Result, SpillNode::Assign,
            Code().literal("static_cast<bool>").append(L.sourceOf(Operand).parenthesized()));
    else
      spill(*Block, Operand, Result,
            E->isGLValue() ? SpillNode::Address : SpillNode::Construct,
            L.sourceOf(Operand));
    return Block;
  };
  auto If = std::make_unique<IfNode>();
  If->Origin = E;
  If->Cond = Cond;
  If->Then = branch(Order.Operands[1].E);
  if (!If->Then)
    return false;
  if (IsChoice && !(If->Else = branch(Order.Operands[2].E)))
    return false;
  Out.Children.push_back(std::move(If));
  Hole H;
  H.HoleKind = Hole::Kind::Object;
  H.Range = L.rangeOf(E);
  H.Object = Result;
  H.AsXvalue = E->isXValue();
  H.Discarded = L.leftOfComma(E);
  L.addHole(std::move(H));
  Spilled.insert(E);
  return true;
}

/// An operand that C++ evaluates before a later point, its own points done:
/// left for later when that cannot be observed, otherwise into a frame
/// temporary (a pointer for a glvalue).
bool FullExpression::early(const Expr *E, BlockNode &Out) {
  // An annotated call built in place is called by its maker, after the
  // full-expression's awaits (InPlaceCombinators.h): what C++ evaluates of
  // it before a later point is its arguments.
  if (const auto *Call = dyn_cast<CallExpr>(E->IgnoreImplicit()->IgnoreParens());
      Call && L.InPlaceArgs.contains(Call)) {
    for (const Expr *Arg : Call->arguments())
      if (!early(Arg, Out))
        return false;
    evaluatedLater(E);
    return true;
  }
  // `obj.f` / `p->f` as a callee: the function is fixed when the call is
  // made; what C++ evaluates first is the object (or the pointer).
  if (const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParens());
      Member && Member->getType()->isSpecificPlaceholderType(BuiltinType::BoundMember))
    return early(Member->getBase(), Out);
  bool ReadAsValue = E->isGLValue() && readAsValueByInstances(E);
  if (Spilled.count(E) ||
      (E->isGLValue() && !ReadAsValue ? stableIdentity(E) : stableValue(E))) {
    evaluatedLater(E);
    return true;
  }
  QualType Type = E->getType();
  if (Type->isVoidType())
    return evaluatedFirst(E, Out);
  bool Address = E->isGLValue() && !ReadAsValue;
  // An await's value is handed on as a value between polls, in the frame;
  // any other object of class type would be moved by the rewrite.
  bool AwaitValue = isAwait(E->IgnoreImplicit()->IgnoreParens()->IgnoreImplicit());
  // A type that depends on template arguments may be such a class: only
  // the instances say (see dependentValue). So does an argument of a
  // dependent call that binds it to a reference (kept, not moved).
  if (!Address && !AwaitValue && !ReadAsValue &&
      (Type->isDependentType() || boundByEveryCandidate(E)))
    return dependentValue(E, Out);
  if (!Address && !AwaitValue && Type->isRecordType() &&
      !Type.isTriviallyCopyableType(L.Ctx)) {
    reportUnsupported(L.Diags, E->getBeginLoc(), Unsupported::MovedPrvalue);
    L.Failed = true;
    return false;
  }
  if (Address)
    Type = L.Ctx.getLValueReferenceType(Type);
  ObjectId Id = temporary(E, Type, "value of");
  Hole H;
  H.HoleKind = Hole::Kind::Object;
  H.Range = L.rangeOf(E);
  H.Object = Id;
  H.AsXvalue = E->isXValue() || (!Address && Type->isRecordType());
  H.Discarded = L.leftOfComma(E);
  int Index = L.addHole(std::move(H));
  spill(Out, E, Id, Address ? SpillNode::Address : SpillNode::Construct,
        Code().source(L.rangeOf(E), Index));
  Spilled.insert(E);
  return true;
}

/// Whether \p E is an argument of a call of the template's pattern that
/// every instance binds to a reference (the free boundByEveryCandidate).
bool FullExpression::boundByEveryCandidate(const Expr *E) const {
  clang::DynTypedNode Parent = L.Parents.parentOf(*E);
  while (Parent.get<ParenExpr>() || Parent.get<ImplicitCastExpr>())
    Parent = L.Parents.parentOf(Parent);
  const auto *Call = Parent.get<CallExpr>();
  if (!Call)
    return false;
  auto Position = llvm::find_if(Call->arguments(), [&](const Expr *Arg) {
    return Arg->IgnoreParenImpCasts() == E->IgnoreParenImpCasts();
  });
  return Position != Call->arg_end() &&
         unawait::boundByEveryCandidate(*Call, static_cast<unsigned>(Position - Call->arg_begin()));
}

/// An operand of a template C++ evaluates before a later point, whose type
/// (and value category) only the instance knows: kept in
/// unawait::detail::bound like `auto &&v = e;` (a pointer to a glvalue, a
/// prvalue built in the frame), and read where it was with its own value
/// category through unawait::detail::pass_on. A prvalue read from the frame
/// is passed on as an xvalue, which moves a class: only an instance whose
/// prvalue is trivially copyable (or not a class) is accepted, and the
/// runtime asserts it for the instances clang did not make.
bool FullExpression::dependentValue(const Expr *E, BlockNode &Out) {
  // Bound to a reference parameter in any instance: the xvalue passes on
  // the kept object itself, as C++ binds the temporary.
  bool Bound = boundByEveryCandidate(E);
  for (const Expr *Instance : clangInstancesOf(L.M, E)) {
    const Expr *Written = Instance->IgnoreImplicit();
    // (An Async<T> clang sees may be a generated class in the rewritten
    // program, which clang's instance cannot measure, unless the call is
    // boxed.)
    bool Unconverted = isa<MaterializeTemporaryExpr>(Instance) &&
                       L.Ctx.hasSameUnqualifiedType(Instance->getType(), Written->getType()) &&
                       (!asyncOutputType(Written->getType()) ||
                        L.BoxedCalls.contains(E->IgnoreImplicit()->IgnoreParens()));
    if (Written->isPRValue() && Written->getType()->isRecordType() &&
        !Written->getType().isTriviallyCopyableType(L.Ctx) && !(Bound && Unconverted)) {
      reportUnsupported(L.Diags, E->getBeginLoc(),
                        isa<MaterializeTemporaryExpr>(Instance)
                            ? Unsupported::DependentMaterializedClass
                            : Unsupported::MovedPrvalue);
      L.Failed = true;
      return false;
    }
  }
  ObjectId Id = temporary(E, E->getType(), "value of");
  L.M.Objects[Id].HasDestructor = true;
  Hole H;
  H.HoleKind = Hole::Kind::Binding; // the expression as written unless kept
  H.Range = L.rangeOf(E);
  H.Object = Id;
  H.Replacement = std::make_shared<Code>();
  H.Replacement->literal(Bound ? "unawait::detail::pass_bound<" : "unawait::detail::pass_on<")
      .initializerType(Id)
      .literal(">(")
      .object(Id)
      .literal(")");
  int Index = L.addHole(std::move(H));
  // (Its type is spelled from the expression without this very hole.)
  L.M.Objects[Id].DeducedFrom = FrameObject::Deduced{
      Code().source(L.rangeOf(E), Index), "$ &&", FrameObject::Deduced::Storage::Bound};
  spill(Out, E, Id, SpillNode::Construct, Code().source(L.rangeOf(E), Index));
  Spilled.insert(E);
  return true;
}

/// A void operand C++ evaluates before a later point (`(void)f(), co_await
/// g()`): a statement of its own there; where it stood, `void()`.
bool FullExpression::evaluatedFirst(const Expr *E, BlockNode &Out) {
  Hole H;
  H.HoleKind = Hole::Kind::Text;
  H.Range = L.rangeOf(E);
  H.Replacement = std::make_shared<Code>();
  H.Replacement->literal("void()");
  int Index = L.addHole(std::move(H));
  auto &Statement = Out.add<StatementNode>();
  Statement.Origin = E;
  Statement.Evaluates.push_back(E);
  Statement.Text = Code().source(L.rangeOf(E), Index).literal(";");
  Spilled.insert(E);
  return true;
}

/// A glvalue that names the same object whenever it is evaluated: a
/// variable, `this`, a field of such an object, a spilled temporary.
bool FullExpression::stableIdentity(const Expr *E) const {
  E = E->IgnoreParens();
  if (Spilled.count(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl, FunctionDecl, BindingDecl>(Ref->getDecl());
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(Member->getMemberDecl()) &&
           (Member->isArrow() ? isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts())
                              : stableIdentity(Member->getBase()));
  // In a template's pattern: names resolved at instantiation, and members
  // of a stable object.
  if (isa<UnresolvedLookupExpr, DependentScopeDeclRefExpr>(E))
    return true;
  if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(E))
    return Member->isImplicitAccess() || stableMemberBase(Member->getBase(), Member->isArrow());
  if (const auto *Member = dyn_cast<UnresolvedMemberExpr>(E))
    return Member->isImplicitAccess() || stableMemberBase(Member->getBase(), Member->isArrow());
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E))
    return (Cast->getCastKind() == CK_NoOp ||
            Cast->getCastKind() == CK_UncheckedDerivedToBase ||
            Cast->getCastKind() == CK_DerivedToBase) &&
           stableIdentity(Cast->getSubExpr());
  return false;
}

/// The base of a member access through `.` (or `->`) names the same
/// object whenever it is evaluated.
bool FullExpression::stableMemberBase(const Expr *Base, bool Arrow) const {
  if (Arrow)
    return isa<CXXThisExpr>(Base->IgnoreParenImpCasts());
  return stableIdentity(Base);
}

/// Whether \p E reads an object through a pointer (`*p`, `p->m`, `p[i]`):
/// whatever the pointer, another may reach that object.
static bool readsThroughPointer(const Expr *E) {
  return !nodesWhere(E, [](const Stmt *S) {
            if (const auto *Unary = dyn_cast<UnaryOperator>(S))
              return Unary->getOpcode() == UO_Deref;
            if (const auto *Member = dyn_cast<MemberExpr>(S))
              return Member->isArrow();
            if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(S))
              return Member->isArrow();
            if (const auto *Member = dyn_cast<UnresolvedMemberExpr>(S))
              return Member->isArrow();
            if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(S))
              return !Subscript->getBase()->IgnoreParenImpCasts()->getType()->isArrayType();
            return false;
          }).empty();
}

/// Whether a structured binding may name an object outside its
/// decomposition: a tuple-like binding (the reference get<I> returns, which
/// `std::tie` points elsewhere), a reference member, or one a template's
/// pattern does not resolve.
static bool bindsOutsideDecomposition(const BindingDecl *Binding) {
  const Expr *Bound = Binding->getBinding();
  if (!Bound || Binding->getHoldingVar())
    return true;
  if (const auto *Member = dyn_cast<MemberExpr>(Bound->IgnoreImplicit()))
    return Member->getMemberDecl()->getType()->isReferenceType();
  return false;
}

/// A prvalue whose value cannot change across the awaits of this
/// full-expression: no side effects, and it reads only constants and local
/// variables that nothing else can reach (their address does not escape,
/// no awaited operand names them, and they are not an annotated lambda's
/// captures by reference or a mutable lambda's copies), not through a
/// pointer or a structured binding that names another object.
bool FullExpression::stableValue(const Expr *E) {
  // (Fuzz seed 23000466 read `(*a1) + co_await yv(-3)`'s `*a1` after the
  // await, while another instance of the function changed it.)
  if (containsAwait(E) || E->HasSideEffects(L.Ctx) || readsThroughPointer(E) ||
      !nodesUnder<MaterializeTemporaryExpr>(E).empty())
    return false;
  for (const DeclRefExpr *Ref : nodesUnder<DeclRefExpr>(E))
    if (const auto *Binding = dyn_cast<BindingDecl>(Ref->getDecl());
        Binding && (bindsOutsideDecomposition(Binding) || L.capturedMutably(Binding)))
      return false;
  for (auto &[Var, Uses] : referencesUnder(E).Of) {
    if (AwaitedNames.Of.count(Var))
      return false;
    if (!Var->hasLocalStorage()) {
      if (!Var->getType().isConstQualified())
        return false;
      continue;
    }
    // (A reference's referent is another's object, which may change while
    // suspended: fuzz seed 13001653 read `a1 + co_await yv(a2)`'s `int &a1`
    // after the await.)
    if (Var->getType().isVolatileQualified() || Var->getType()->isReferenceType() ||
        L.escapes(Var) || L.capturedMutably(Var))
      return false;
  }
  // Members read through `this` may change while suspended.
  return nodesUnder<CXXThisExpr>(E).empty();
}

// --- holes over the whole body ---------------------------------------------

/// Every use of a frame object's variable, `this`, a lambda's captures of
/// them, and the co_returns inside statements printed as written.
class BodyHoles : public RecursiveASTVisitor<BodyHoles> {
public:
  explicit BodyHoles(Lowering &L) : L(L) {}

  /// C++20's `Agg(a, b)` is written `Agg{a, b}` (ParenListInit.h).
  bool VisitCXXParenListInitExpr(CXXParenListInitExpr *List) {
    std::vector<const Expr *> Elements(List->getUserSpecifiedInitExprs().begin(),
                                       List->getUserSpecifiedInitExprs().end());
    writeBraced(List->getBeginLoc(), List->getEndLoc(), Elements,
                bracedSpelling(List, L.Ctx));
    return true;
  }

  /// In a template's pattern, `T x(a, b)`: braces where clang's instances
  /// initialise an aggregate.
  bool VisitVarDecl(VarDecl *Var) {
    Expr *Init = Var->getInit();
    if (auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(Init))
      Init = Cleanups->getSubExpr();
    if (auto *List = dyn_cast_or_null<ParenListExpr>(Init))
      inInstances(List->getLParenLoc(), List->getRParenLoc(), Var->getType(),
                  {List->getExprs(), List->getNumExprs()});
    return true;
  }

  /// In a template's pattern, `T(a, b)`.
  bool VisitCXXUnresolvedConstructExpr(CXXUnresolvedConstructExpr *Construct) {
    if (!Construct->isListInitialization() && Construct->getLParenLoc().isValid())
      inInstances(Construct->getLParenLoc(), Construct->getRParenLoc(),
                  Construct->getTypeAsWritten(),
                  {Construct->arg_begin(), Construct->arg_end()});
    return true;
  }

  void inInstances(SourceLocation LParen, SourceLocation RParen, QualType Aggregate,
                   llvm::ArrayRef<Expr *> Elements) {
    if (!InstanceLists)
      InstanceLists.emplace(clangInstances(L.M));
    InstanceParenLists::Decision D = InstanceLists->decide(
        RParen, Aggregate, spellType(Aggregate, L.Ctx), Elements.size(), L.Ctx);
    if (D.Rejected) {
      reportUnsupported(L.Diags, D.RejectedAt, *D.Rejected);
      L.Failed = true;
    } else if (D.Braced) {
      writeBraced(LParen, RParen, {Elements.begin(), Elements.end()}, D.Spelling);
    }
  }

  void writeBraced(SourceLocation LParen, SourceLocation RParen,
                   const std::vector<const Expr *> &Elements, const BracedSpelling &Spelling) {
    // The parentheses and the commas between the elements, and what each
    // becomes. A cast and unextended<>( and ) go on the tokens around an
    // element, not in a hole over it: a spill of the element (a value or
    // temporary kept before an await) takes its value as written, of the
    // type the instances give it (fuzz seed 13001602: `Agg g((t.v ||
    // co_await a), Obj(co_await b ...))` kept the bool as
    // static_cast<int>(...), 4 bytes where the report measured 1).
    std::vector<SourceLocation> Between{LParen};
    for (size_t I = 0; I + 1 < Elements.size(); ++I)
      Between.push_back(tokenAfter(Elements[I]));
    Between.push_back(RParen);
    bool AroundTokens = llvm::all_of(Between, [](SourceLocation L) { return L.isValid(); });
    std::vector<std::string> Text(Between.size(), ",");
    Text.front() = "{";
    Text.back() = "}";
    for (const auto &[Index, Type] : Spelling.Casts) {
      if (!AroundTokens) {
        wrap(Elements[Index], "static_cast<" + Type + ">(", ")");
        continue;
      }
      Text[Index] += "static_cast<" + Type + ">(";
      Text[Index + 1].insert(0, ")");
    }
    for (const auto &[Index, Type] : Spelling.Unextended) {
      Text[Index] += "unawait::detail::unextended<" + Type + ">(";
      Text[Index + 1].insert(0, ")");
    }
    for (size_t I = 0; I < Between.size(); ++I)
      if (Text[I] != "," && Between[I].isValid())
        replaceToken(Between[I], Text[I]);
  }

  /// The token after \p E (the comma after an element).
  SourceLocation tokenAfter(const Expr *E) const {
    std::optional<Token> Next =
        Lexer::findNextToken(L.SM.getExpansionLoc(E->getEndLoc()), L.SM, L.Ctx.getLangOpts());
    return Next ? Next->getLocation() : SourceLocation();
  }

  void replaceToken(SourceLocation Loc, llvm::StringRef Text) {
    Hole H;
    H.HoleKind = Hole::Kind::Text;
    H.Range = L.rangeOf(SourceRange(Loc, Loc));
    H.Replacement = std::make_shared<Code>();
    H.Replacement->literal(Text.str());
    L.addHole(std::move(H));
  }

  void wrap(const Expr *E, const std::string &Before, llvm::StringRef After) {
    Hole H;
    H.HoleKind = Hole::Kind::Text;
    H.Range = L.rangeOf(E);
    int Index = static_cast<int>(L.M.Body.Holes.size());
    H.Replacement = std::make_shared<Code>();
    H.Replacement->literal(Before).source(H.Range, Index).literal(After.str());
    L.addHole(std::move(H));
  }

  /// An annotated lambda's body is not this function's: its own rewrite
  /// has turned it into a class, emitted before this function's, and the
  /// lambda here is its captures and parameters as written (captures of
  /// kept objects renamed like any lambda's), then holes filled from that
  /// rewrite (see rewriteAnnotatedLambda).
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    Lambdas.push_back(Lambda);
    const Stmt *OuterSkipped = Skipped;
    bool Annotated = isAnnotatedAsync(Lambda->getCallOperator());
    if (Annotated)
      Skipped = Lambda->getBody();
    bool Result = RecursiveASTVisitor::TraverseLambdaExpr(Lambda);
    if (Annotated)
      rewriteAnnotatedLambda(*Lambda);
    Skipped = OuterSkipped;
    Lambdas.pop_back();
    return Result;
  }

  bool TraverseStmt(Stmt *S) {
    return S == Skipped || RecursiveASTVisitor::TraverseStmt(S);
  }

  /// The annotated lambda's annotation goes, its return type becomes its
  /// class, and its body builds the class, as its own rewrite decided
  /// (AnnotatedLambdas.h), with the captures this function's frame holds
  /// named as poll() names them.
  void rewriteAnnotatedLambda(const LambdaExpr &Lambda) {
    const CXXMethodDecl *Call = Lambda.getCallOperator();
    const AsyncFunctionModel *Inner = L.Callees.find(Call);
    if (!Inner) { // its own analysis reported why
      L.Failed = true;
      return;
    }
    if (Lambda.getBeginLoc().isMacroID() || Lambda.getEndLoc().isMacroID()) {
      reportUnsupported(L.Diags, Lambda.getBeginLoc(), Unsupported::LambdaInAsyncMacro);
      L.Failed = true;
      return;
    }
    for (const auto *Annotation : Call->specific_attrs<AnnotateAttr>())
      if (Annotation->getAnnotation() == AsyncAnnotation)
        replaceText(withSpaceAfter(L.rangeOf(Annotation->getRange())), "");
    if (auto Proto = Call->getTypeSourceInfo()->getTypeLoc().IgnoreParens().getAs<FunctionTypeLoc>())
      replaceText(L.rangeOf(Proto.getReturnLoc().getSourceRange()), lambdaReturnType(*Inner));
    for (const auto &[Range, Text] : cxx17Spelling(Inner->Function, L.Ctx))
      replaceText(L.rangeOf(Range), Text);
    // (An unnamed parameter's location is where its name would be.)
    for (const FrameObject &Param : Inner->Objects)
      if (Param.NamedByRewrite)
        insertText(L.SM.getFileOffset(L.SM.getExpansionLoc(Param.Var->getLocation())),
                   " " + Param.SourceName);
    Hole Body;
    Body.HoleKind = Hole::Kind::Text;
    Body.Range = L.rangeOf(Lambda.getBody());
    Body.Replacement = std::make_shared<Code>(lambdaFactory(Lambda, *Inner));
    L.addHole(std::move(Body));
  }

  /// \p Range and the space after it (an attribute's).
  TextRange withSpaceAfter(TextRange Range) const {
    if (L.sourceText({Range.End, Range.End + 1}) == " ")
      ++Range.End;
    return Range;
  }

  /// `{ return <class>(captures..., parameters...); }`, as the lambda's own
  /// rewrite writes it, but with each capture and `this` as poll() names
  /// what the lambda's body names.
  Code lambdaFactory(const LambdaExpr &Lambda, const AsyncFunctionModel &Inner) {
    Code Factory;
    Factory.literal("{\nreturn " + lambdaClassType(Inner) + "(");
    bool First = true;
    for (const FrameObject &Param : Inner.Objects) {
      if ((Param.Kind != ObjectKind::Param && Param.Kind != ObjectKind::This) || !Param.Kept)
        continue;
      Factory.literal(First ? "" : ", ");
      First = false;
      if (Param.Kind == ObjectKind::This)
        Factory.append(capturedThis(Lambda));
      else if (std::optional<ObjectId> Id = referencedThroughDefault(Lambda, Param))
        Factory.object(*Id);
      else
        Factory.literal(forwardedArgument(Param, Param.SourceName, /*InLambda=*/true, L.Ctx) +
                        (Param.Pack ? "..." : ""));
    }
    Factory.literal(");\n}");
    return Factory;
  }

  /// The object a lambda's `this` points at: the copy of `*this` its own
  /// capture (or that of a lambda around it) made, or the frame's pointer.
  Code capturedThis(const LambdaExpr &Lambda) const {
    if (std::optional<std::string> Copy = copyNamedByThis(Lambda.getBody()->getBeginLoc()))
      return Code().literal("&" + *Copy);
    ObjectId Self = static_cast<ObjectId>(L.M.thisObject() - L.M.Objects.data());
    return Code().object(Self);
  }

  /// For a capture by reference through `[&]` of this function's frame
  /// object: that object, which poll() names through the frame (no capture
  /// names it). Other captures keep their names: the closure's copy, or an
  /// explicit capture by reference (renamed to an init-capture of the
  /// frame's member when it is kept).
  std::optional<ObjectId> referencedThroughDefault(const LambdaExpr &Lambda,
                                                   const FrameObject &Param) const {
    if (!Param.Capture || !Param.Var || !capturesFunctionVariable(Param.Var))
      return std::nullopt;
    for (const LambdaCapture &Capture : lambdaCaptures(Lambda))
      if (Capture.capturesVariable() && Capture.getCapturedVar() == Param.Var &&
          (Capture.isExplicit() || Capture.getCaptureKind() != LCK_ByRef))
        return std::nullopt;
    auto Found = L.M.ObjectOfVar.find(Param.Var);
    if (Found == L.M.ObjectOfVar.end())
      return std::nullopt;
    return Found->second;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (!Ref->hasQualifier())
      qualifyContractName(Ref->getDecl(), Ref->getLocation());
    // (A variable, or a structured binding an annotated lambda captures.)
    if (auto Found = L.M.ObjectOfVar.find(Ref->getDecl()); Found != L.M.ObjectOfVar.end()) {
      if (heldByCapture(Ref, Ref->getDecl()) || NamedThroughReference.count(Ref))
        return true; // the capture, or copyThroughReferences's reference, as written
      if (std::optional<SourceLocation> Loc = writtenAt(Ref->getLocation(), Found->second)) {
        Hole H;
        H.HoleKind = Hole::Kind::Object;
        H.Range = L.rangeOf(SourceRange(*Loc, *Loc));
        H.Object = Found->second;
        H.Reference = true;
        L.addHole(std::move(H));
      }
    } else if (const auto *Binding = dyn_cast<BindingDecl>(Ref->getDecl())) {
      auto Found = L.BindingCode.find(Binding);
      if (Found != L.BindingCode.end())
        if (std::optional<SourceLocation> Loc =
                writtenAt(Ref->getLocation(), Found->second.first)) {
          Hole H;
          H.HoleKind = Hole::Kind::Binding;
          H.Reference = true;
          H.Range = L.rangeOf(SourceRange(*Loc, *Loc));
          H.Object = Found->second.first;
          H.Replacement = Found->second.second;
          L.addHole(std::move(H));
        }
    }
    return true;
  }

  /// The generated class declares `poll` and `output_type` whatever the
  /// function spells (the future contract): an unqualified use of another
  /// entity with one of those names is qualified so that it is not
  /// captured.
  void qualifyContractName(const NamedDecl *D, SourceLocation Loc) {
    if (!D || !D->getIdentifier() ||
        (D->getName() != "poll" && D->getName() != "output_type") ||
        D->getDeclContext()->isRecord() || D->getDeclContext()->isFunctionOrMethod() ||
        Loc.isMacroID())
      return;
    unsigned At = L.SM.getFileOffset(Loc);
    if (L.sourceText({0, At}).rtrim().ends_with("::"))
      return; // qualified already
    std::string Qualifier = "::";
    for (const DeclContext *C = D->getDeclContext(); C && !C->isTranslationUnit();
         C = C->getParent())
      if (const auto *Namespace = dyn_cast<NamespaceDecl>(C); Namespace && !Namespace->isAnonymousNamespace())
        Qualifier = "::" + Namespace->getName().str() + Qualifier;
    Hole H;
    H.HoleKind = Hole::Kind::Text;
    H.Range = {At, At};
    H.Replacement = std::make_shared<Code>();
    H.Replacement->literal(Qualifier);
    L.addHole(std::move(H));
  }

  /// `sizeof...(args)` of the kept pack: its length is the template
  /// parameter pack's (`args` names a member, not a pack, in poll()).
  bool VisitSizeOfPackExpr(SizeOfPackExpr *E) {
    auto Found = L.M.ObjectOfVar.find(dyn_cast<VarDecl>(E->getPack()));
    if (Found != L.M.ObjectOfVar.end() && L.M.Objects[Found->second].Pack)
      replaceWritten(E->getSourceRange(), Found->second,
                     "sizeof...(" + L.M.Objects[Found->second].PackLength + ")");
    return true;
  }

  /// `decltype(args)` of the kept pack is the parameter's declared type
  /// (`Args &&` for a forwarding pack), not that of the element it reads.
  /// `decltype(x)` of a kept object a lambda captures is x's declared type,
  /// which an init-capture of the frame's member would change
  /// (`[&x = frame.x]` declares a reference): it is spelled out. So is
  /// `decltype(x)` of an annotated lambda's capture (of a variable or a
  /// structured binding), which the frame reads through a pointer.
  bool VisitDecltypeTypeLoc(DecltypeTypeLoc TL) {
    const auto *Ref = dyn_cast<DeclRefExpr>(TL.getUnderlyingExpr());
    auto Found = Ref ? L.M.ObjectOfVar.find(Ref->getDecl()) : L.M.ObjectOfVar.end();
    if (Found == L.M.ObjectOfVar.end())
      return true;
    const ValueDecl *Var = Ref->getDecl();
    if (L.M.Objects[Found->second].Pack)
      replaceWritten(TL.getSourceRange(), Found->second,
                     spellType(Var->getType()->castAs<PackExpansionType>()->getPattern(),
                               L.Ctx));
    else if (L.M.Objects[Found->second].Capture || heldByCapture(Ref, Var))
      if (std::optional<SourceLocation> Loc = writtenAt(TL.getBeginLoc(), Found->second)) {
        Hole H;
        H.HoleKind = Hole::Kind::Binding; // as written unless kept
        H.Object = Found->second;
        H.Range = L.rangeOf(TL.getSourceRange());
        H.Replacement = std::make_shared<Code>();
        H.Replacement->literal(spellType(Var->getType(), L.Ctx));
        L.addHole(std::move(H));
      }
    return true;
  }

  void replaceWritten(SourceRange Range, ObjectId Id, std::string Text) {
    if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID()) {
      L.M.MacroUses.push_back({Range.getBegin(), Id});
      return;
    }
    Hole H;
    H.HoleKind = Hole::Kind::Text;
    H.Range = L.rangeOf(Range);
    H.Replacement = std::make_shared<Code>();
    H.Replacement->literal(std::move(Text));
    L.addHole(std::move(H));
  }

  bool VisitTypeLoc(TypeLoc TL) {
    if (const auto *Typedef = TL.getAs<TypedefTypeLoc>().getTypePtr())
      qualifyContractName(Typedef->getDecl(), TL.getBeginLoc());
    else if (auto Tag = TL.getAs<TagTypeLoc>())
      qualifyContractName(Tag.getDecl(), TL.getBeginLoc());
    return true;
  }

  /// `Base::f()` with an implicit `this`: `self->` goes before the
  /// qualifier (clang puts the implicit `this` at the member's name).
  bool VisitMemberExpr(MemberExpr *Member) {
    const auto *This = dyn_cast<CXXThisExpr>(Member->getBase()->IgnoreImpCasts());
    if (This && This->isImplicit() && Member->hasQualifier())
      QualifiedAccess[This] = Member->getQualifierLoc().getBeginLoc();
    return true;
  }
  bool VisitUnresolvedMemberExpr(UnresolvedMemberExpr *Member) {
    const auto *This = Member->isImplicitAccess() || !Member->getBase()
                           ? nullptr
                           : dyn_cast<CXXThisExpr>(Member->getBase()->IgnoreImpCasts());
    if (This && This->isImplicit() && Member->getQualifier())
      QualifiedAccess[This] = Member->getQualifierLoc().getBeginLoc();
    return true;
  }

  /// `this`: the frame's pointer to the object, or in a lambda that
  /// copied `*this` the lambda's copy (`self_copy.`, `(&self_copy)`).
  bool VisitCXXThisExpr(CXXThisExpr *This) {
    if (!L.M.thisObject() || CaptureOfThis.count(This->getLocation()))
      return true;
    SourceLocation Written = This->getLocation();
    if (auto Qualified = QualifiedAccess.find(This); Qualified != QualifiedAccess.end())
      Written = Qualified->second;
    if (std::optional<std::string> Copy = copyNamedByThis(Written)) {
      ObjectId Self = static_cast<ObjectId>(L.M.thisObject() - L.M.Objects.data());
      if (std::optional<SourceLocation> Loc = writtenAt(Written, Self)) {
        if (This->isImplicit())
          insertText(L.SM.getFileOffset(*Loc), *Copy + ".");
        else
          replaceText(L.rangeOf(SourceRange(*Loc, *Loc)), "(&" + *Copy + ")");
      }
      return true;
    }
    addThisHole(Written, This->isImplicit());
    return true;
  }

  /// The frame's pointer to the object for a `this` written at \p Written.
  void addThisHole(SourceLocation Written, bool Implicit) {
    ObjectId Id = static_cast<ObjectId>(L.M.thisObject() - L.M.Objects.data());
    std::optional<SourceLocation> Loc = writtenAt(Written, Id);
    if (!Loc)
      return;
    Hole H;
    H.Object = Id;
    H.Reference = true;
    if (Implicit) {
      H.HoleKind = Hole::Kind::ImplicitThis;
      unsigned At = L.SM.getFileOffset(*Loc);
      H.Range = {At, At};
    } else {
      H.HoleKind = Hole::Kind::This;
      H.Range = L.rangeOf(SourceRange(*Loc, *Loc));
    }
    L.addHole(std::move(H));
  }

  bool VisitCoreturnStmt(CoreturnStmt *Return) {
    if (L.LoweredReturns.count(Return))
      return true;
    Hole H;
    H.HoleKind = Hole::Kind::Return;
    H.Range = L.statementRange(Return);
    std::unique_ptr<ReturnNode> Node = L.returnNode(Return);
    H.Return = Node.get();
    L.M.Body.InlineNodes.push_back(std::move(Node));
    L.addHole(std::move(H));
    return true;
  }

  /// Captures of frame objects. Implicitly by reference (`[&]`): the
  /// body's uses are rewritten like any other (the lambda captures `this`).
  /// Otherwise the capture becomes an init-capture of the object when it is
  /// kept, and the body's uses, which name the capture, stay as written:
  /// `[x]` becomes `[x = frame.x]` (a copy made where the lambda is), `[&x]`
  /// `[&x = frame.x]`, and `[=]` `[=, x = frame.x]` for each kept object it
  /// copies (C++ leaves the order of implicit copies unspecified). A capture
  /// of an enclosing lambda's capture stays as written. Where an
  /// init-capture would not copy exactly (an array, which it decays, or a
  /// const object copied into a mutable lambda, which it makes non-const),
  /// the lambda's captures go through references: see copyThroughReferences.
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    std::vector<CapturedObject> Captured;
    for (const LambdaCapture &Capture : lambdaCaptures(*Lambda)) {
      if (Capture.capturesThis())
        captureThis(Capture, Lambda);
      else if (std::optional<CapturedObject> Object = capturedObject(Capture))
        Captured.push_back(*Object);
    }
    if (llvm::any_of(Captured, [&](const CapturedObject &Object) {
          return !initCaptureCopiesExactly(*Object.Capture, Object.Var, Lambda);
        })) {
      copyThroughReferences(Lambda, Captured);
      return true;
    }
    for (const CapturedObject &Object : Captured)
      initCapture(Object, Lambda);
    return true;
  }

  struct CapturedObject {
    const LambdaCapture *Capture;
    const ValueDecl *Var;
    ObjectId Id;
  };

  /// The frame object \p Capture holds in a capture of the lambda's own,
  /// if it does: not through `[&]`, nor a capture of a lambda around it.
  std::optional<CapturedObject> capturedObject(const LambdaCapture &Capture) const {
    if (!Capture.capturesVariable() ||
        (Capture.isImplicit() && Capture.getCaptureKind() == LCK_ByRef))
      return std::nullopt;
    const ValueDecl *Var = Capture.getCapturedVar();
    auto Found = L.M.ObjectOfVar.find(Var);
    if (Found == L.M.ObjectOfVar.end() || !capturesFunctionVariable(Var))
      return std::nullopt;
    return CapturedObject{&Capture, Var, Found->second};
  }

  /// `[x]` -> `[x = frame.x]`, `[=]` -> `[=, x = frame.x]` if x is kept.
  void initCapture(const CapturedObject &Object, const LambdaExpr *Lambda) {
    const LambdaCapture &Capture = *Object.Capture;
    // Every implicit copy is added after the same `=`.
    std::optional<SourceLocation> Loc =
        Capture.isImplicit()
            ? writtenAt(Lambda->getCaptureDefaultLoc(), Object.Id, /*Once=*/false)
            : writtenAt(Capture.getLocation(), Object.Id);
    if (!Loc)
      return;
    Hole H;
    H.HoleKind = Hole::Kind::Binding; // the name as written unless kept
    H.Object = Object.Id;
    H.Replacement = std::make_shared<Code>();
    if (Capture.isImplicit()) { // after the `=`
      unsigned After = L.rangeOf(SourceRange(*Loc, *Loc)).End;
      H.Range = {After, After};
      H.Replacement->literal(", ");
    } else {
      H.Range = L.rangeOf(SourceRange(*Loc, *Loc));
    }
    H.Replacement->literal(Object.Var->getName().str() + " = ").object(Object.Id);
    L.addHole(std::move(H));
  }

  /// Builds \p Lambda inside a lambda that binds a reference to each of \p
  /// Copied, `[&, &x = frame.x] { return [x] { ... }; }()`: capturing a
  /// reference by copy copies what it names, an array element by element
  /// and a const object as const, as the source's capture of the variable
  /// does (a variable declared non-const through
  /// unawait::detail::as_captured, which removes the const of a copy
  /// captured by a lambda around, as C++ captures the variable itself), and the captures stay as written, in their order. The closure is
  /// the inner lambda's prvalue, built in place.
  void copyThroughReferences(const LambdaExpr *Lambda,
                             llvm::ArrayRef<CapturedObject> Copied) {
    if (Lambda->getBeginLoc().isMacroID())
      return;
    Hole H;
    H.HoleKind = Hole::Kind::Text;
    H.Range = L.rangeOf(Lambda);
    int Index = static_cast<int>(L.M.Body.Holes.size());
    H.Replacement = std::make_shared<Code>();
    H.Replacement->literal("[&");
    for (const CapturedObject &Object : Copied) {
      // A variable not declared const is copied as non-const, also where
      // the frame reaches it as const (a copy captured by a lambda that is
      // not mutable): C++ copies the variable, not the access to it.
      bool Mutable = !Object.Var->getType().getNonReferenceType().isConstQualified() &&
                     L.M.Objects[Object.Id].Type.getNonReferenceType().isConstQualified();
      H.Replacement->literal(", &" + Object.Var->getName().str() + " = ")
          .literal(Mutable ? "unawait::detail::as_captured(" : "")
          .object(Object.Id)
          .literal(Mutable ? ")" : "");
    }
    H.Replacement->literal("] { return ").source(H.Range, Index).literal("; }()");
    L.addHole(std::move(H));
    // Inside, the captures name those references: as written, not the
    // frame's members. So do the initializers of init-captures, which are
    // evaluated there (`[x, &h = x]`).
    for (const CapturedObject &Object : Copied)
      if (Object.Capture->isExplicit() && !Object.Capture->getLocation().isMacroID())
        replaceText(L.rangeOf(SourceRange(Object.Capture->getLocation(),
                                          Object.Capture->getLocation())),
                    Object.Var->getName().str());
    for (const LambdaCapture &Capture : lambdaCaptures(*Lambda))
      if (Lambda->isInitCapture(&Capture))
        for (const DeclRefExpr *Ref :
             nodesUnder<DeclRefExpr>(cast<VarDecl>(Capture.getCapturedVar())->getInit()))
          if (llvm::any_of(Copied, [&](const CapturedObject &Object) {
                return Object.Var == Ref->getDecl();
              }))
            NamedThroughReference.insert(Ref);
  }

  /// A capture of `this` where `this` is not the object the frame points
  /// at. `[*this]` copies the object, `[self_copy = *self]`, and the
  /// lambda's body names the copy (see VisitCXXThisExpr). A lambda inside
  /// it capturing that `this` by copy (`[this]`, `[=]` using it) captures
  /// the copy by reference instead, which its `this` points at.
  void captureThis(const LambdaCapture &Capture, const LambdaExpr *Lambda) {
    // The capture's `this` (its initializer) is rewritten here, not as a
    // use: `[this]` in poll() captures the future, through which the body
    // reaches the frame's pointer.
    if (Capture.isExplicit())
      CaptureOfThis.insert(Capture.getLocation());
    if (!L.M.thisObject() || Capture.getLocation().isMacroID())
      return;
    std::optional<std::string> Outer = copyNamedByThis(Capture.getLocation(), /*Skip=*/1);
    if (Capture.getCaptureKind() == LCK_StarThis) {
      std::string Copy = starThisCopyName(Lambda);
      StarThisCopies[Lambda] = Copy;
      // `*this`: the name before the `*`, the object after it.
      unsigned Star = L.SM.getFileOffset(Capture.getLocation());
      insertText(Star, Copy + " = ");
      std::optional<Token> Word = Lexer::findNextToken(Capture.getLocation(), L.SM,
                                                       L.Ctx.getLangOpts());
      if (!Word)
        return;
      SourceLocation ThisLoc = Word->getLocation();
      if (Outer)
        replaceText(L.rangeOf(SourceRange(ThisLoc, ThisLoc)), "(&" + *Outer + ")");
      else
        addThisHole(ThisLoc, /*Implicit=*/false);
      return;
    }
    if (!Outer)
      return;
    if (!Capture.isImplicit())
      replaceText(L.rangeOf(SourceRange(Capture.getLocation(), Capture.getLocation())),
                  "&" + *Outer);
    else if (Lambda->getCaptureDefault() == LCD_ByCopy)
      insertText(L.rangeOf(SourceRange(Lambda->getCaptureDefaultLoc(),
                                       Lambda->getCaptureDefaultLoc()))
                     .End,
                 ", &" + *Outer);
  }

  /// "self_copy", or "self_copy_1"... if the lambda spells that name.
  std::string starThisCopyName(const LambdaExpr *Lambda) const {
    std::map<std::string, unsigned> Spelled = identifierCounts(Lambda->getSourceRange(), L.Ctx);
    std::string Name = "self_copy";
    for (unsigned Suffix = 1; Spelled.count(Name); ++Suffix)
      Name = "self_copy_" + std::to_string(Suffix);
    return Name;
  }

  /// The copy a `this` written at \p Loc points at, if it is a lambda's
  /// copy of `*this`: that of the innermost lambda around \p Loc's body
  /// capturing `this` (skipping the innermost \p Skip lambdas) when that
  /// lambda captures it by copy.
  std::optional<std::string> copyNamedByThis(SourceLocation Loc, unsigned Skip = 0) const {
    unsigned At = L.SM.getFileOffset(L.SM.getFileLoc(Loc));
    for (auto Lambda = Lambdas.rbegin() + std::min<size_t>(Skip, Lambdas.size());
         Lambda != Lambdas.rend(); ++Lambda) {
      TextRange Body = L.rangeOf((*Lambda)->getBody());
      if (At < Body.Begin || At >= Body.End)
        continue; // a capture's initializer: the scope around the lambda
      for (const LambdaCapture &Capture : lambdaCaptures(**Lambda))
        if (Capture.capturesThis() && Capture.getCaptureKind() == LCK_StarThis)
          return StarThisCopies.lookup(*Lambda);
    }
    return std::nullopt;
  }

  void insertText(unsigned At, std::string Text) { replaceText({At, At}, std::move(Text)); }

  void replaceText(TextRange Range, std::string Text) {
    Hole H;
    H.HoleKind = Hole::Kind::Text;
    H.Range = Range;
    H.Replacement = std::make_shared<Code>();
    H.Replacement->literal(std::move(Text));
    L.addHole(std::move(H));
  }

  /// True unless a lambda around the innermost one holds Var in a capture
  /// of its own (anything but `[&]`): then the innermost one captures that.
  bool capturesFunctionVariable(const ValueDecl *Var) const {
    for (auto Lambda = std::next(Lambdas.rbegin()); Lambda != Lambdas.rend(); ++Lambda)
      for (const LambdaCapture &Capture : lambdaCaptures(**Lambda))
        if (Capture.capturesVariable() && Capture.getCapturedVar() == Var &&
            (!Capture.isImplicit() || Capture.getCaptureKind() != LCK_ByRef))
          return false;
    return true;
  }

  /// False if an init-capture of the frame's member would not copy as \p
  /// Capture does: an array decays, a const object's copy is not const (in
  /// a lambda that is not mutable, every copy is read as const).
  static bool initCaptureCopiesExactly(const LambdaCapture &Capture, const ValueDecl *Var,
                                       const LambdaExpr *Lambda) {
    if (Capture.getCaptureKind() == LCK_ByRef)
      return true;
    QualType Copied = Var->getType().getNonReferenceType();
    return !Copied->isArrayType() && !(Copied.isConstQualified() && Lambda->isMutable());
  }

  /// True if \p Ref, in a lambda's body, names a capture the rewrite keeps
  /// as written (an explicit one, or any copy), not the enclosing variable.
  bool heldByCapture(const DeclRefExpr *Ref, const ValueDecl *Var) const {
    if (!Ref->refersToEnclosingVariableOrCapture())
      return false;
    for (auto Lambda = Lambdas.rbegin(); Lambda != Lambdas.rend(); ++Lambda) {
      if (!inBody(**Lambda, Ref->getLocation()))
        continue; // an init-capture's initializer: the scope around the lambda
      for (const LambdaCapture &Capture : lambdaCaptures(**Lambda))
        if (Capture.capturesVariable() && Capture.getCapturedVar() == Var) {
          if (!Capture.isImplicit() || Capture.getCaptureKind() != LCK_ByRef)
            return true;
          break; // through `[&]` to the lambda (or function) around
        }
    }
    return false;
  }

  /// Whether \p Loc is in \p Lambda's body (not its captures).
  bool inBody(const LambdaExpr &Lambda, SourceLocation Loc) const {
    unsigned At = L.SM.getFileOffset(L.SM.getFileLoc(Loc));
    TextRange Body = L.rangeOf(Lambda.getBody());
    return Body.Begin <= At && At < Body.End;
  }

  /// Where a use is written, if it can be rewritten there; a use spelled
  /// in a macro's body cannot (reported only if the object is kept).
  std::optional<SourceLocation> writtenAt(SourceLocation Loc, ObjectId Id, bool Once = true) {
    if (Loc.isMacroID()) {
      if (!L.SM.isMacroArgExpansion(Loc)) {
        L.M.MacroUses.push_back({Loc, Id});
        return std::nullopt;
      }
      Loc = L.SM.getSpellingLoc(Loc);
    }
    // Once per place, or once per object at a place several fill.
    ObjectId Key = Once ? std::numeric_limits<ObjectId>::max() : Id;
    if (!Done.insert({L.SM.getFileOffset(Loc), Key}).second)
      return std::nullopt; // a macro argument expanded twice
    return Loc;
  }


private:
  Lowering &L;
  /// The body of the annotated lambda being traversed: not this function's.
  const Stmt *Skipped = nullptr;
  std::set<std::pair<unsigned, ObjectId>> Done;
  /// The lambdas around the node visited, innermost last.
  std::vector<const LambdaExpr *> Lambdas;
  /// Where explicit captures of `this` and `*this` are written.
  llvm::DenseSet<SourceLocation> CaptureOfThis;
  /// A lambda capturing `*this` -> the name of its copy.
  llvm::DenseMap<const LambdaExpr *, std::string> StarThisCopies;
  /// Uses, in init-captures, of what copyThroughReferences binds.
  llvm::DenseSet<const DeclRefExpr *> NamedThroughReference;
  /// A template's instances' paren-list initializations, found on first use.
  std::optional<InstanceParenLists> InstanceLists;
  /// Implicit `this` of a qualified member access -> where it is written.
  llvm::DenseMap<const CXXThisExpr *, SourceLocation> QualifiedAccess;
};

void Lowering::addBodyHoles() {
  BodyHoles Holes(*this);
  Holes.TraverseStmt(const_cast<Stmt *>(Body));
}

} // namespace

bool lowerBody(AsyncFunctionModel &Model, ASTContext &Context,
               DiagnosticReporter &Diags, ModelRegistry &Callees,
               const NodeParents &Parents) {
  return Lowering(Model, Context, Diags, Callees, Parents).run();
}

} // namespace unawait
