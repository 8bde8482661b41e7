#include "Analysis/InPlaceCombinators.h"

#include "Analysis/BodyLowering.h"
#include "Analysis/Naming.h"
#include "Analysis/NodeSearch.h"
#include "Analysis/TemplateInstances.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace unawait {

using namespace clang;

/// Adds \p Root and every node under it to \p Nodes.
static void addSubtree(llvm::DenseSet<const Stmt *> &Nodes, const Stmt *Root) {
  for (const Stmt *Node : nodesWhere(Root, [](const Stmt *) { return true; }))
    Nodes.insert(Node);
}

/// The nodes under \p Arg that the full-expression evaluates before the
/// combinator is built, as for any call: its awaits, and the temporaries
/// made before the last of them in the source (`len(co_await name())` binds
/// one after its await; C++17 evaluates a call's arguments in an order this
/// version fixes left to right), kept in the frame as any temporary made
/// before an await.
static llvm::DenseSet<const Stmt *> evaluatedBeforeMaker(const Expr *Arg) {
  llvm::DenseSet<const Stmt *> Before;
  SourceLocation LastEnd;
  for (const Stmt *Await : nodesWhere(Arg, isAwait)) {
    addSubtree(Before, Await);
    if (LastEnd.isInvalid() || LastEnd < Await->getEndLoc())
      LastEnd = Await->getEndLoc();
  }
  if (LastEnd.isValid())
    for (const MaterializeTemporaryExpr *Temp : nodesUnder<MaterializeTemporaryExpr>(Arg))
      if (Temp->getBeginLoc() < LastEnd)
        addSubtree(Before, Temp);
  return Before;
}

/// The nodes under \p S that C++ may skip: the operands after the first of
/// `&&`, `||` and `?:`.
static llvm::DenseSet<const Stmt *> skippable(const Stmt *S) {
  llvm::DenseSet<const Stmt *> Skippable;
  for (const Stmt *Node : nodesWhere(S, [](const Stmt *) { return true; })) {
    if (const auto *Choice = dyn_cast<AbstractConditionalOperator>(Node)) {
      addSubtree(Skippable, Choice->getTrueExpr());
      addSubtree(Skippable, Choice->getFalseExpr());
    } else if (const auto *Logical = dyn_cast<BinaryOperator>(Node);
               Logical && Logical->isLogicalOp()) {
      addSubtree(Skippable, Logical->getRHS());
    }
  }
  return Skippable;
}

std::vector<const MaterializeTemporaryExpr *> makerTemporaries(const Expr *Arg) {
  llvm::DenseSet<const Stmt *> Before = evaluatedBeforeMaker(Arg);
  std::vector<const MaterializeTemporaryExpr *> Made;
  for (const MaterializeTemporaryExpr *Temp : nodesUnder<MaterializeTemporaryExpr>(Arg))
    if (!Before.contains(Temp))
      Made.push_back(Temp);
  return Made;
}

namespace {

enum class Combinator { Join, Select };

/// unawait::join or unawait::select, as the runtime declares them.
std::optional<Combinator> runtimeCombinator(const FunctionDecl &Callee) {
  if (!Callee.getPrimaryTemplate())
    return std::nullopt;
  std::string Name = Callee.getQualifiedNameAsString();
  if (Name == "unawait::join")
    return Combinator::Join;
  if (Name == "unawait::select")
    return Combinator::Select;
  return std::nullopt;
}

/// Whether \p E behaves as written when a maker lambda evaluates it inside
/// the combinator's constructor (in its place among the arguments, since
/// the children are built in argument order): it suspends nowhere, and
/// makes no temporary, which would end when the maker returns instead of at
/// the end of the full-expression (after the await), except, with
/// \p ScalarsMayEnd, a scalar one (`60` bound to the `const int &` of
/// `std::chrono::seconds(60)`) that nothing can refer to later.
bool evaluableInMaker(const Expr *E, bool ScalarsMayEnd = false) {
  auto Lasting = [&](const MaterializeTemporaryExpr *Temp) {
    return !ScalarsMayEnd || !Temp->getType()->isScalarType();
  };
  return !containsAwait(E) && llvm::none_of(nodesUnder<MaterializeTemporaryExpr>(E), Lasting) &&
         nodesUnder<CXXBindTemporaryExpr>(E).empty();
}

/// The temporaries of \p Arg, an argument of an annotated call built by a
/// maker (but those made \p Before the maker runs), which the frame keeps
/// until the full-expression ends (the callee's frame may refer to them:
/// `len(std::string("hello"))` with a `const std::string &` parameter):
/// each is built in the frame by the maker, where C++ builds it
/// (InPlaceCombinator::Kept). None if one cannot
/// be kept: lifetime-extended, an array (an initializer_list's), of a type
/// that depends on template arguments or has no name outside the function,
/// or a class prvalue with a destructor that is not such a temporary (a
/// by-value parameter of a call inside the argument, which ends when that
/// call's implementation decides).
std::optional<std::vector<const MaterializeTemporaryExpr *>>
keptTemporaries(const Expr *Arg, const DeclContext *LocalScope,
                const llvm::DenseSet<const Stmt *> &Before) {
  std::vector<const MaterializeTemporaryExpr *> Kept;
  llvm::DenseSet<const CXXBindTemporaryExpr *> Materialized;
  for (const MaterializeTemporaryExpr *Temp : nodesUnder<MaterializeTemporaryExpr>(Arg)) {
    if (Before.contains(Temp))
      continue;
    QualType Type = Temp->getType();
    // (Two of one range would be two holes of one text.)
    bool SameRange = llvm::any_of(Kept, [&](const MaterializeTemporaryExpr *Other) {
      return Other->getSourceRange() == Temp->getSourceRange();
    });
    if (Temp->getExtendingDecl() || Type->isArrayType() || SameRange ||
        Temp->getBeginLoc().isMacroID() || Type->isInstantiationDependentType() ||
        !unnameableReason(Type, LocalScope).empty())
      return std::nullopt;
    const Expr *Init = Temp->getSubExpr();
    while (isa<CastExpr, ParenExpr>(Init))
      Init = isa<ParenExpr>(Init) ? cast<ParenExpr>(Init)->getSubExpr()
                                  : cast<CastExpr>(Init)->getSubExpr();
    if (const auto *Bound = dyn_cast<CXXBindTemporaryExpr>(Init))
      Materialized.insert(Bound);
    Kept.push_back(Temp);
  }
  for (const CXXBindTemporaryExpr *Bound : nodesUnder<CXXBindTemporaryExpr>(Arg))
    if (!Materialized.contains(Bound) && !Before.contains(Bound))
      return std::nullopt;
  return Kept;
}

/// Whether \p Call can be built by a maker, adding to \p Kept the
/// temporaries its arguments make (keptTemporaries). A by-value parameter
/// with a destructor is fine: the callee's frame takes it by one move, as
/// the coroutine's does, and the moved-from parameter ends when the factory
/// returns, as for a call awaited directly (docs/design.md, "Moved-from
/// arguments"). With \p AwaitsFirst (nothing the combinator's arguments
/// evaluate before Call can be observed), its arguments may await: the
/// full-expression awaits first, keeping what C++ evaluates before each
/// await, and the maker reads the values.
bool buildableInPlace(const CallExpr &Call, const DeclContext *LocalScope, bool AwaitsFirst,
                      std::vector<const MaterializeTemporaryExpr *> &Kept) {
  if (!AwaitsFirst && containsAwait(&Call))
    return false;
  llvm::DenseSet<const Stmt *> Before = evaluatedBeforeMaker(&Call);
  std::vector<const MaterializeTemporaryExpr *> Found;
  for (const Expr *Arg : Call.arguments()) {
    // The parameter object itself, destroyed by the caller (under the
    // casts that initialise it: `Token(1)`), is no temporary.
    const Expr *Parameter = Arg;
    while (isa<ParenExpr, CastExpr>(Parameter))
      Parameter = isa<ParenExpr>(Parameter) ? cast<ParenExpr>(Parameter)->getSubExpr()
                                            : cast<CastExpr>(Parameter)->getSubExpr();
    if (const auto *Bound = dyn_cast<CXXBindTemporaryExpr>(Parameter))
      Arg = Bound->getSubExpr();
    std::optional<std::vector<const MaterializeTemporaryExpr *>> Temps =
        keptTemporaries(Arg, LocalScope, Before);
    if (!Temps)
      return false;
    Found.insert(Found.end(), Temps->begin(), Temps->end());
  }
  Kept.insert(Kept.end(), Found.begin(), Found.end());
  return true;
}

/// Whether \p Type is one of the runtime's (declared in namespace unawait).
bool isRuntimeType(QualType Type) {
  const auto *Record = Type->getAsCXXRecordDecl();
  for (const DeclContext *Outer = Record ? Record->getDeclContext() : nullptr; Outer;
       Outer = Outer->getParent())
    if (const auto *Namespace = dyn_cast<NamespaceDecl>(Outer);
        Namespace && Namespace->getParent()->isTranslationUnit())
      return Namespace->getName() == "unawait";
  return false;
}

/// An argument of a runtime call that a maker may evaluate in its place:
/// it builds a future whose move, which the maker saves (it builds the
/// child where the combinator keeps it), is unobservable (a trivially
/// copyable or runtime future), is evaluableInMaker (a runtime future keeps
/// no reference to a scalar temporary), and calls no rewritten function
/// (that would be boxed, inside the maker).
bool deferrable(const Expr *Arg, QualType Future, const ModelRegistry &Models,
                ASTContext &Ctx) {
  const Expr *Inner = Arg->IgnoreImplicit();
  bool CallsRewritten = llvm::any_of(nodesUnder<CallExpr>(Inner), [&](const CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    return Callee && Models.find(Callee);
  });
  bool Runtime = isRuntimeType(Future);
  return !CallsRewritten && (Runtime || Future.isTriviallyCopyableType(Ctx)) &&
         evaluableInMaker(Inner, /*ScalarsMayEnd=*/Runtime);
}

/// An argument whose evaluation before the children are built is
/// unobservable: no side effect, no temporary (which the full-expression
/// would spill before the await, and the calls before it with it), no
/// await.
bool doesNothing(const Expr *Arg, ASTContext &Ctx) {
  return !containsAwait(Arg) && !Arg->HasSideEffects(Ctx) &&
         nodesUnder<MaterializeTemporaryExpr>(Arg).empty();
}

/// Whether \p E, once its awaits are done, evaluates nothing observable:
/// around its awaits, only built-in arithmetic, comparisons and casts;
/// elsewhere, no side effect and no temporary. (An await's operand is
/// evaluated with its await, in order.)
bool pureAroundAwaits(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParens();
  if (isAwait(E))
    return true;
  if (!containsAwait(E))
    return !E->HasSideEffects(Ctx) && nodesUnder<MaterializeTemporaryExpr>(E).empty();
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    return !Binary->isAssignmentOp() && !Binary->isLogicalOp() && !Binary->isCommaOp() &&
           pureAroundAwaits(Binary->getLHS(), Ctx) && pureAroundAwaits(Binary->getRHS(), Ctx);
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return !Unary->isIncrementDecrementOp() && pureAroundAwaits(Unary->getSubExpr(), Ctx);
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return E->getType()->isScalarType() && Cast->getSubExpr()->getType()->isScalarType() &&
           pureAroundAwaits(Cast->getSubExpr(), Ctx);
  return false;
}

/// Whether a maker may build \p Call, an annotated call built in place
/// whose awaits come first, after the awaits of later arguments without a
/// difference to observe: its arguments are pureAroundAwaits, and each of
/// its parameters is a reference or trivially copyable (the future's
/// constructor only keeps them; no body runs before the first poll).
bool unobservableAfterItsAwaits(const CallExpr &Call, ASTContext &Ctx) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || Callee->getNumParams() != Call.getNumArgs())
    return false;
  for (unsigned I = 0; I < Call.getNumArgs(); ++I) {
    QualType Param = Callee->getParamDecl(I)->getType();
    if (!Param->isReferenceType() && !Param.isTriviallyCopyableType(Ctx))
      return false;
    if (!pureAroundAwaits(Call.getArg(I), Ctx))
      return false;
  }
  return true;
}

/// One child of the combinator as the rewritten program builds it.
struct Child {
  std::string Spelling;
  uint64_t Size = 0, Align = 1;
};

/// The layout children.hpp fixes for one child with future \p F and
/// stored output \p Output (join) or none (select).
std::pair<uint64_t, uint64_t> childLayout(Combinator Kind, const Child &F,
                                          std::pair<uint64_t, uint64_t> Output) {
  uint64_t Union = F.Size, Align = F.Align;
  if (Kind == Combinator::Join) {
    Union = std::max(Union, Output.first);
    Align = std::max(Align, Output.second);
  }
  // The union, then a one-byte state (join) or engaged flag (select).
  return {llvm::alignTo(llvm::alignTo(Union, Align) + 1, Align), Align};
}

/// The stored output types (std::monostate for void) of a Join's
/// children: the elements of its output_type, a std::tuple.
std::optional<std::vector<QualType>> joinOutputs(const ClassTemplateSpecializationDecl &Join,
                                                 ASTContext &Ctx) {
  auto Found = Join.lookup(&Ctx.Idents.get("output_type"));
  const auto *Alias = Found.empty() ? nullptr : dyn_cast<TypedefNameDecl>(Found.front());
  if (!Alias)
    return std::nullopt;
  const auto *Tuple = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Alias->getUnderlyingType()->getAsCXXRecordDecl());
  if (!Tuple || Tuple->getTemplateArgs().size() != 1 ||
      Tuple->getTemplateArgs()[0].getKind() != TemplateArgument::Pack)
    return std::nullopt;
  std::vector<QualType> Outputs;
  for (const TemplateArgument &Element : Tuple->getTemplateArgs()[0].pack_elements())
    Outputs.push_back(Element.getAsType());
  return Outputs;
}

} // namespace

namespace {

/// findInPlaceCombinator for \p Call, a call of unawait::join or
/// unawait::select. \p Nested: Call is itself an argument built in place,
/// inside a maker, where every argument must be built by a maker (a
/// temporary would end when the maker returns).
bool findIn(const CallExpr &Call, Combinator Kind, bool Nested, ModelRegistry &Models,
            ASTContext &Ctx, DiagnosticReporter &Diags, const DeclContext *LocalScope,
            std::optional<InPlaceCombinator> &Result) {
  if (Call.getType()->isDependentType())
    return true;
  const auto *Class = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Call.getType()->getAsCXXRecordDecl());
  if (!Class || Class->getTemplateArgs().size() != 1 ||
      Class->getTemplateArgs()[0].getKind() != TemplateArgument::Pack ||
      Class->getTemplateArgs()[0].pack_size() != Call.getNumArgs())
    return true;
  llvm::ArrayRef<TemplateArgument> Futures = Class->getTemplateArgs()[0].pack_elements();
  std::optional<std::vector<QualType>> Outputs;
  if (Kind == Combinator::Join && !(Outputs = joinOutputs(*Class, Ctx)))
    return true;
  InPlaceCombinator Found;
  std::vector<std::pair<uint64_t, uint64_t>> Layouts;
  bool Nameable = true, BuiltInPlace = false;
  // From the first argument built in place on, every argument is built by
  // a maker, in argument order (or does nothing), so that the arguments
  // are evaluated in C++'s order.
  bool MakersOnly = Nested;
  // Whether an argument before this one does something observable: then
  // this one's awaits cannot come first.
  bool EffectsBefore = false;
  for (unsigned I = 0; I < Call.getNumArgs(); ++I) {
    const Expr *Arg = Call.getArg(I);
    const Expr *Inner = Arg->IgnoreImplicit()->IgnoreParens();
    std::optional<const AsyncFunctionModel *> Generated =
        generatedModelOf(Arg, Models, Ctx, Diags);
    if (!Generated)
      return false;
    std::optional<InPlaceCombinator> Combined;
    if (!*Generated && !findInPlaceCombinator(Inner, Models, Ctx, Diags, LocalScope, Combined,
                                              /*Nested=*/true))
      return false;
    Child C;
    bool Deferrable = false;
    if (*Generated && buildableInPlace(*cast<CallExpr>(Inner), LocalScope,
                                       /*AwaitsFirst=*/!Nested && !EffectsBefore, Found.Kept)) {
      Deferrable = unobservableAfterItsAwaits(*cast<CallExpr>(Inner), Ctx);
      C = {(*Generated)->qualifiedClassName(), (*Generated)->Layout.Size,
           (*Generated)->Layout.Align};
      Nameable = Nameable && (*Generated)->NameableClass;
      Found.InPlace.push_back(Inner);
      llvm::DenseSet<const Stmt *> Skippable = skippable(Inner);
      for (const MaterializeTemporaryExpr *Temp : Found.Kept)
        if (Skippable.contains(Temp))
          Found.MaybeKept.insert(Temp);
      BuiltInPlace = MakersOnly = true;
    } else if (Combined) {
      C = {Combined->Spelling, Combined->Size, Combined->Align};
      Found.InPlace.push_back(Inner);
      Found.InPlace.insert(Found.InPlace.end(), Combined->InPlace.begin(),
                           Combined->InPlace.end());
      Found.Kept.insert(Found.Kept.end(), Combined->Kept.begin(), Combined->Kept.end());
      Found.MaybeKept.insert(Combined->MaybeKept.begin(), Combined->MaybeKept.end());
      BuiltInPlace = MakersOnly = true;
    } else {
      QualType Type = Futures[I].getAsType();
      if (Type->isDependentType() || Type->isIncompleteType())
        return true;
      TypeInfoChars Info = Ctx.getTypeInfoInChars(Type);
      C = {spellType(Type, Ctx), static_cast<uint64_t>(Info.Width.getQuantity()),
           static_cast<uint64_t>(Info.Align.getQuantity())};
      Nameable = Nameable && unnameableReason(Type, LocalScope).empty();
      if (MakersOnly) {
        if (deferrable(Arg, Type, Models, Ctx))
          Found.InPlace.push_back(Inner);
        else if (Nested || !doesNothing(Arg, Ctx))
          return true;
      }
    }
    std::pair<uint64_t, uint64_t> Output{0, 1};
    if (Outputs) {
      TypeInfoChars Info = Ctx.getTypeInfoInChars((*Outputs)[I]);
      Output = {Info.Width.getQuantity(), Info.Align.getQuantity()};
    }
    // (What the maker of an annotated call does after its awaits may come
    // after a later argument's awaits when nothing of it can be observed.)
    EffectsBefore = EffectsBefore || !(doesNothing(Arg, Ctx) || Deferrable);
    Layouts.push_back(childLayout(Kind, C, Output));
    Found.Spelling += (I ? ", " : "") + C.Spelling;
  }
  if (!BuiltInPlace || !Nameable)
    return true;
  Found.Spelling = std::string(Kind == Combinator::Join ? "unawait::Join<" : "unawait::Select<") +
                   Found.Spelling + ">";
  // The children's pack, then the `finished_` flag.
  auto [Size, Align] = packLayout(Layouts);
  Found.Size = llvm::alignTo(Size + 1, Align);
  Found.Align = Align;
  Result = std::move(Found);
  return true;
}

} // namespace

bool findInPlaceCombinator(const Expr *Operand, ModelRegistry &Models, ASTContext &Ctx,
                           DiagnosticReporter &Diags, const DeclContext *LocalScope,
                           std::optional<InPlaceCombinator> &Result, bool Nested) {
  const auto *Call = dyn_cast<CallExpr>(Operand->IgnoreImplicit()->IgnoreParens());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  std::optional<Combinator> Kind = Callee ? runtimeCombinator(*Callee) : std::nullopt;
  if (!Kind)
    return true;
  return findIn(*Call, *Kind, Nested, Models, Ctx, Diags, LocalScope, Result);
}

bool buildableByMaker(const CallExpr &Call, const DeclContext *LocalScope) {
  std::vector<const MaterializeTemporaryExpr *> Kept;
  return buildableInPlace(Call, LocalScope, /*AwaitsFirst=*/true, Kept) && Kept.empty();
}

/// The outermost node under \p Root written at \p Range, without the
/// implicit nodes and parentheses around it (as InPlaceCombinator::InPlace
/// holds an argument).
static const Expr *writtenAt(const Expr *Root, SourceRange Range) {
  for (const Stmt *Node : nodesWhere(Root, [](const Stmt *) { return true; }))
    if (const auto *E = dyn_cast<Expr>(Node); E && E->getSourceRange() == Range)
      return E->IgnoreImplicit()->IgnoreParens();
  return nullptr;
}

bool findDependentInPlaceCombinator(const Expr *Operand, const AsyncFunctionModel &Template,
                                    ModelRegistry &Models, ASTContext &Ctx,
                                    DiagnosticReporter &Diags,
                                    std::optional<InPlaceCombinator> &Result) {
  const auto *Call = dyn_cast<CallExpr>(Operand->IgnoreImplicit()->IgnoreParens());
  if (!Call || !Call->isTypeDependent())
    return true;
  std::vector<const Expr *> Instances = clangInstancesOf(Template, Call);
  std::optional<std::vector<SourceRange>> Shape;
  for (const Expr *Instance : Instances) {
    std::optional<InPlaceCombinator> Found;
    if (!findInPlaceCombinator(Instance, Models, Ctx, Diags, Template.localScope(), Found))
      return false;
    if (!Found || !Found->Kept.empty())
      return true;
    std::vector<SourceRange> Ranges;
    llvm::DenseSet<const Expr *> Children(Found->InPlace.begin(), Found->InPlace.end());
    for (const Expr *Arg : Found->InPlace) {
      Ranges.push_back(Arg->getSourceRange());
      for (const MaterializeTemporaryExpr *Temp : makerTemporaries(Arg))
        if (!Children.contains(Temp->getSubExpr()->IgnoreImplicit()->IgnoreParens()))
          return true;
    }
    if (Shape && *Shape != Ranges)
      return true;
    Shape = std::move(Ranges);
  }
  if (!Shape)
    return true;
  InPlaceCombinator Found;
  Found.Dependent = true;
  for (SourceRange Range : *Shape) {
    const Expr *Arg = writtenAt(Call, Range);
    if (!Arg)
      return true;
    Found.InPlace.push_back(Arg);
  }
  Result = std::move(Found);
  return true;
}

} // namespace unawait
