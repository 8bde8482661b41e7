#include "Analysis/KeptObjects.h"

#include "Analysis/AnnotatedLambdas.h"
#include "Analysis/Escapes.h"
#include "Analysis/Naming.h"
#include "Analysis/References.h"
#include "Analysis/Unsupported.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/LiveVariables.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/CFGStmtMap.h"
#include "llvm/ADT/SmallBitVector.h"

namespace unawait {

using namespace clang;

namespace {

/// The variables of the frame objects, numbered: what the analysis keeps
/// per statement are sets of them, as bit vectors (sets of every live
/// variable, unioned over subtrees at every step, were most of its time).
class TrackedVars {
public:
  explicit TrackedVars(const AsyncFunctionModel &Model) {
    for (const FrameObject &Object : Model.Objects)
      if (Object.Var && !Index.count(Object.Var)) {
        unsigned Next = Index.size();
        Index[Object.Var] = Next;
      }
  }
  llvm::SmallBitVector none() const { return llvm::SmallBitVector(Index.size()); }
  /// Adds \p Var to \p Set, if it is tracked.
  void add(const VarDecl *Var, llvm::SmallBitVector &Set) const {
    if (auto Found = Index.find(Var); Found != Index.end())
      Set.set(Found->second);
  }
  bool in(const VarDecl *Var, const llvm::SmallBitVector &Set) const {
    auto Found = Index.find(Var);
    return Found != Index.end() && Set.test(Found->second);
  }

private:
  llvm::DenseMap<const VarDecl *, unsigned> Index;
};

/// Value liveness after every statement of the body, from LiveVariables,
/// with what a handler needs added wherever its try block may still run.
///
/// clang's CFG reaches a handler only from the calls of the try block
/// (AddEHEdges): a constructor, a `new` or a conversion that throws has no
/// edge, so a variable only a handler reads looked dead before the try block.
/// The simplification: a block from which the try block can be reached keeps
/// everything the handlers need (what is live where they begin), even where
/// an assignment on the way would have made it dead.
class Liveness : public LiveVariables::Observer {
public:
  Liveness(const FunctionDecl *Function, const TrackedVars &Vars, ASTContext &Context)
      : Vars(Vars), Manager(Context) {
    Manager.getCFGBuildOptions().setAllAlwaysAdd();
    Manager.getCFGBuildOptions().AddEHEdges = true;
    AnalysisDeclContext *Analysis = Manager.getContext(Function);
    // killAtAssign: a variable assigned before its next read is dead.
    Live = LiveVariables::computeLiveness(*Analysis, /*killAtAssign=*/true);
    if (!Live)
      return;
    if (const CFG *Graph = Analysis->getCFG()) {
      VariableReferences Named = referencesUnder(Function->getBody());
      for (const CFGBlock *Dispatch : Graph->try_blocks())
        keepForHandlers(*Dispatch, Named, *Analysis->getCFGStmtMap());
    }
    Live->runOnAllBlocks(*this);
  }

  void observeStmt(const Stmt *S, const CFGBlock *Block,
                   const LiveVariables::LivenessValues &Values) override {
    llvm::SmallBitVector &Set = After.try_emplace(S, Vars.none()).first->second;
    for (const VarDecl *Var : Values.liveDecls)
      Vars.add(Var, Set);
    auto Kept = KeptForHandlers.find(Block);
    if (Kept != KeptForHandlers.end())
      Set |= Kept->second;
    // A live structured binding keeps its decomposition live.
    for (const BindingDecl *Binding : Values.liveBindings)
      if (const auto *Whole = dyn_cast_or_null<VarDecl>(Binding->getDecomposedDecl()))
        Vars.add(Whole, Set);
  }

  /// False if clang could not build the CFG: then every variable is treated
  /// as used after every point.
  bool available() const { return Live != nullptr; }

  /// Whether \p Var, a frame object's, is live after \p S.
  bool liveAfter(const Stmt *S, const VarDecl *Var) const {
    if (!available())
      return true;
    auto Found = After.find(S);
    return Found != After.end() && Vars.in(Var, Found->second);
  }

  /// The frame objects' variables live after some statement under \p Root
  /// (itself included).
  llvm::SmallBitVector liveUnder(const Stmt *Root) const {
    if (!Root)
      return Vars.none();
    if (auto Known = Under.find(Root); Known != Under.end())
      return Known->second;
    llvm::SmallBitVector Set = Vars.none();
    if (auto Found = After.find(Root); Found != After.end())
      Set |= Found->second;
    for (const Stmt *Child : Root->children())
      Set |= liveUnder(Child);
    Under.try_emplace(Root, Set);
    return Set;
  }

private:
  /// Adds what the handlers of \p Dispatch's try statement need (of the
  /// variables \p Named) to every block that can reach a statement of its
  /// try block.
  void keepForHandlers(const CFGBlock &Dispatch, const VariableReferences &Named,
                       const CFGStmtMap &BlockOf) {
    const auto *Try = dyn_cast_or_null<CXXTryStmt>(Dispatch.getTerminatorStmt());
    if (!Try)
      return;
    llvm::SmallBitVector Needed = Vars.none();
    for (auto &[Var, Locs] : Named.Of)
      if (Live->isLive(&Dispatch, Var))
        Vars.add(Var, Needed);
    if (Needed.none())
      return;
    for (const CFGBlock *Block : blocksReaching(blocksUnder(Try->getTryBlock(), BlockOf)))
      KeptForHandlers.try_emplace(Block, Vars.none()).first->second |= Needed;
  }

  /// The blocks holding a statement under \p Root.
  static llvm::SmallVector<const CFGBlock *, 16> blocksUnder(const Stmt *Root,
                                                            const CFGStmtMap &BlockOf) {
    llvm::SmallVector<const CFGBlock *, 16> Blocks;
    llvm::SmallVector<const Stmt *, 16> Work{Root};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (!S)
        continue;
      if (const CFGBlock *Block = BlockOf.getBlock(S))
        Blocks.push_back(Block);
      Work.append(S->child_begin(), S->child_end());
    }
    return Blocks;
  }

  /// \p Blocks and every block from which one of them can be reached.
  static llvm::DenseSet<const CFGBlock *>
  blocksReaching(llvm::SmallVector<const CFGBlock *, 16> Work) {
    llvm::DenseSet<const CFGBlock *> Reaching;
    while (!Work.empty()) {
      const CFGBlock *Block = Work.pop_back_val();
      if (!Reaching.insert(Block).second)
        continue;
      for (const CFGBlock *Pred : Block->preds())
        if (Pred)
          Work.push_back(Pred);
    }
    return Reaching;
  }

  const TrackedVars &Vars;
  AnalysisDeclContextManager Manager;
  std::unique_ptr<LiveVariables> Live;
  llvm::DenseMap<const Stmt *, llvm::SmallBitVector> After;
  mutable llvm::DenseMap<const Stmt *, llvm::SmallBitVector> Under;
  llvm::DenseMap<const CFGBlock *, llvm::SmallBitVector> KeptForHandlers;
};

/// The frame objects' variables each statement of the body names, its
/// subtree included (what referencesUnder finds), from one walk: the steps
/// ask for every statement they evaluate.
class NamedVariables : public RecursiveASTVisitor<NamedVariables> {
public:
  NamedVariables(const Stmt *Body, const TrackedVars &Vars) : Vars(Vars) {
    TraverseStmt(const_cast<Stmt *>(Body));
  }

  llvm::SmallBitVector under(const Stmt *S) const {
    if (!S)
      return Vars.none();
    if (auto Found = Under.find(S); Found != Under.end())
      return Found->second;
    llvm::SmallBitVector Set = Vars.none(); // (not reached from the body)
    for (auto &[Var, Locs] : referencesUnder(S).Of)
      Vars.add(Var, Set);
    return Set;
  }

  // As VariableReferences: implicit code included, a binding names its
  // decomposition.
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      Vars.add(Var, Stack.back());
    if (const auto *Binding = dyn_cast<BindingDecl>(Ref->getDecl()))
      if (const auto *Whole = dyn_cast_or_null<VarDecl>(Binding->getDecomposedDecl()))
        Vars.add(Whole, Stack.back());
    return true;
  }
  // A statement's set is complete when the walk leaves it.
  bool dataTraverseStmtPre(Stmt *) {
    Stack.push_back(Vars.none());
    return true;
  }
  bool dataTraverseStmtPost(Stmt *S) {
    llvm::SmallBitVector Set = Stack.pop_back_val();
    if (!Stack.empty())
      Stack.back() |= Set;
    Under.try_emplace(S, Vars.none()).first->second |= Set;
    return true;
  }

private:
  const TrackedVars &Vars;
  llvm::SmallVector<llvm::SmallBitVector, 16> Stack;
  llvm::DenseMap<const Stmt *, llvm::SmallBitVector> Under;
};

/// The variables the printed text of a node names: what it evaluates but
/// the operands of its awaits, which their await nodes evaluate before the
/// suspension (the node prints the await's value instead).
class PrintedReferences : public RecursiveASTVisitor<PrintedReferences> {
public:
  bool shouldVisitImplicitCode() const { return true; }
  bool TraverseCoawaitExpr(CoawaitExpr *) { return true; }
  bool TraverseDependentCoawaitExpr(DependentCoawaitExpr *) { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      Of.try_emplace(Var, Ref->getLocation());
    return true;
  }
  llvm::DenseMap<const VarDecl *, SourceLocation> Of;
};

/// Where each frame object is declared among the chunks of its block, and
/// whether a resume point crosses it or a later chunk names it (see
/// chunksOf in LoweredBody.h).
class ChunkFacts {
public:
  explicit ChunkFacts(const AsyncFunctionModel &Model)
      : Crossed(Model.Objects.size()), ReferencedAcross(Model.Objects.size()),
        PrintedAcross(Model.Objects.size()), M(Model) {
    block(*Model.Body.Root);
  }
  std::vector<bool> Crossed;
  /// The first reference in the AST a later chunk's nodes evaluate
  /// (conservative: an await's operand counts where its value is used).
  std::vector<clang::SourceLocation> ReferencedAcross;
  /// The first one a later chunk prints: none means that every use is
  /// printed where the object is declared, in one chunk of poll().
  std::vector<clang::SourceLocation> PrintedAcross;

private:
  void block(const BlockNode &Block) {
    std::vector<Chunk> Chunks = chunksOf(Block);
    llvm::DenseMap<ObjectId, size_t> DeclaredIn;
    for (size_t C = 0; C < Chunks.size(); ++C)
      for (const Node *N : Chunks[C].Nodes)
        if (const auto *Declare = dyn_cast<DeclareNode>(N))
          DeclaredIn[Declare->Object] = C;
    for (auto [Id, C] : DeclaredIn)
      if (C + 1 < Chunks.size())
        Crossed[Id] = true;
    // The first reference of an object declared in another chunk.
    auto Note = [&](const VarDecl *Var, SourceLocation Loc, size_t C,
                    std::vector<SourceLocation> &First) {
      auto Object = M.ObjectOfVar.find(Var);
      if (Object == M.ObjectOfVar.end())
        return;
      auto Declared = DeclaredIn.find(Object->second);
      if (Declared != DeclaredIn.end() && Declared->second != C &&
          First[Object->second].isInvalid())
        First[Object->second] = Loc;
    };
    for (size_t C = 0; C < Chunks.size(); ++C)
      for (const Node *N : Chunks[C].Nodes) {
        VariableReferences Named;
        PrintedReferences Printed;
        collect(*N, Named, Printed);
        for (auto &[Var, Locs] : Named.Of)
          Note(Var, Locs.front(), C, ReferencedAcross);
        for (auto [Var, Loc] : Printed.Of)
          Note(Var, Loc, C, PrintedAcross);
      }
    for (const auto &Child : Block.Children)
      forEachBlockOf(*Child, [&](const BlockNode &Inner) { block(Inner); });
  }

  /// The variables the AST under \p N (descendants included) names, and
  /// those its text prints.
  static void collect(const Node &N, VariableReferences &Named, PrintedReferences &Printed) {
    forEachNode(N, [&](const Node &Each) {
      for (const clang::Stmt *S : Each.Evaluates) {
        Named.add(S);
        Printed.TraverseStmt(const_cast<Stmt *>(S));
      }
    });
  }

  const AsyncFunctionModel &M;
};

class KeptAnalysis {
public:
  KeptAnalysis(AsyncFunctionModel &Model, ASTContext &Context,
               DiagnosticReporter &Diags, const NodeParents &Parents)
      : M(Model), Ctx(Context), SM(Context.getSourceManager()), Diags(Diags),
        Parents(Parents), Vars(Model),
        Live(Model.Function.Definition, Vars, Context),
        Body(cast<CoroutineBodyStmt>(M.Function.Definition->getBody())->getBody()),
        Named(Body, Vars) {
    Refs.add(Body);
  }

  std::optional<KeptObjects> run() {
    findEscapes();
    decideKept();
    if (!checkKeptTypes())
      return std::nullopt;
    assignLiveBits();
    computeHeld();
    chooseRelocations();
    return conflicts();
  }

private:
  void findEscapes() {
    Escapes Search(Body, Parents);
    for (FrameObject &Object : M.Objects)
      if (Object.Var && !Object.StoredAsPointer && !Object.HasDestructor &&
          Object.Kind != ObjectKind::Temporary)
        Object.EscapeLoc = Search.firstEscape(Object.Var);
    // A future polled through a pointer refers into the objects its operand
    // names: they must stay where they are while it is awaited.
    for (const SuspensionPoint &P : M.Points) {
      if (P.Mode != AwaiteeMode::Pointer)
        continue;
      for (auto &[Var, Locs] : referencesUnder(P.Operand).Of) {
        auto Found = M.ObjectOfVar.find(Var);
        if (Found != M.ObjectOfVar.end() &&
            M.Objects[Found->second].EscapeLoc.isInvalid())
          M.Objects[Found->second].EscapeLoc = P.Await->getBeginLoc();
      }
    }
  }

  /// Parameters, `this`, awaitees and temporaries are always kept (scratch
  /// values never); a local when a resume point crosses it and the program
  /// can observe it afterwards.
  void decideKept() {
    ChunkFacts Facts(M);
    for (ObjectId Id = 0; Id < M.Objects.size(); ++Id) {
      FrameObject &Object = M.Objects[Id];
      if (Object.Scratch)
        Object.Kept = false;
      else if (Object.Kind != ObjectKind::Local || Object.AwaitedInPlace)
        Object.Kept = true;
      else if (isClosure(Object) && Facts.PrintedAcross[Id].isInvalid())
        Object.Kept = Facts.Crossed[Id] &&
                      (Object.HasDestructor || Object.EscapeLoc.isValid());
      else
        Object.Kept = Facts.Crossed[Id] &&
                      (Object.HasDestructor || Object.EscapeLoc.isValid() ||
                       Facts.ReferencedAcross[Id].isValid());
    }
    keepWhatJumpsLeave();
    for (FrameObject &Object : M.Objects)
      if (Object.BoundTo)
        Object.Kept = M.Objects[*Object.BoundTo].Kept;
    for (ObjectId Id = 0; Id < M.Objects.size(); ++Id)
      M.Objects[Id].RawStorage |= M.Objects[Id].Kept && isClosure(M.Objects[Id]) &&
                                  Facts.PrintedAcross[Id].isInvalid();
    llvm::erase_if(M.Boxes, [&](const BoxedFrame &Box) {
      return Box.OnlyIfHolderKept && !M.Objects[*Box.Holder].Kept;
    });
  }

  /// A local closure. Its type has no name outside the chunk of poll()
  /// that declares it, so it can be kept only when every use is printed
  /// there: in raw storage (FrameObject::RawStorage) that poll() reads
  /// through a reference declared in that chunk, kept when a resume point
  /// crosses it and it is observable afterwards (its destructor, its
  /// address: an annotated lambda's future reads the closure's copies).
  /// A use in an await's operand is printed before the suspension. (Other
  /// objects count every reference in the AST a later chunk evaluates.)
  /// One named in a later chunk is kept as any local and reported by
  /// checkKeptTypes.
  static bool isClosure(const FrameObject &Object) {
    const CXXRecordDecl *Record = Object.Type->getAsCXXRecordDecl();
    return Object.Var && ((Record && Record->isLambda()) || closureInTemplate(Object));
  }

  /// A closure in a template's pattern, of a type only instances have.
  static bool closureInTemplate(const FrameObject &Object) {
    const auto *Var = dyn_cast_or_null<VarDecl>(Object.Var);
    return Var && closureInitializer(Var) && Object.Type->isDependentType();
  }

  /// A jump destroys the kept objects it leaves by hand, before C++
  /// destroys the ordinary locals it leaves: when it destroys a kept object,
  /// every object with a destructor it leaves is kept too, so that all are
  /// destroyed youngest first.
  void keepWhatJumpsLeave() {
    std::vector<const JumpNode *> Jumps;
    forEachNode(*M.Body.Root, [&](const Node &N) {
      if (const auto *Jump = dyn_cast<JumpNode>(&N))
        Jumps.push_back(Jump);
    });
    for (const auto &Inline : M.Body.InlineNodes)
      if (const auto *Jump = dyn_cast<JumpNode>(Inline.get()))
        Jumps.push_back(Jump);
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const JumpNode *Jump : Jumps) {
        bool DestroysKept = llvm::any_of(Jump->Destroy, [&](ObjectId Id) {
          return M.Objects[Id].Kept && M.Objects[Id].HasDestructor;
        });
        if (!DestroysKept)
          continue;
        for (ObjectId Id : Jump->Destroy)
          if (M.Objects[Id].HasDestructor && !M.Objects[Id].Kept)
            M.Objects[Id].Kept = Changed = true;
      }
    }
  }

  /// How the frame bounds the size of \p Object, a closure in a template
  /// (FrameObject::SizedPerInstance): `unawait::detail::closure_bound<...>`
  /// over the types of its members. Empty, with \p Why set, when a member's
  /// type cannot be spelled outside the function.
  std::string closureBound(const FrameObject &Object, std::string &Why) const {
    std::optional<std::vector<QualType>> Members =
        closureMemberTypes(*closureInitializer(cast<VarDecl>(Object.Var)));
    if (!Members) {
      Why = "it captures a pack, '*this' or a structured binding";
      return "";
    }
    std::string Spelled;
    for (QualType Member : *Members) {
      if (undeducedPlaceholder(Member) || !unnameableReason(Member, M.localScope()).empty()) {
        Why = "it copies a '" + Member.getAsString() + "', a type not named outside the function";
        return "";
      }
      Spelled += (Spelled.empty() ? "" : ", ") + spellType(Member, Ctx);
    }
    return "unawait::detail::closure_bound<" + Spelled + ">";
  }

  bool checkKeptTypes() {
    for (FrameObject &Object : M.Objects) {
      if (!Object.Kept)
        continue;
      std::string What = Object.Kind == ObjectKind::Awaitee
                             ? "the awaited future"
                             : "'" + Object.SourceName + "'";
      // (Named after the suspension, a closure is unnameable anywhere.)
      if (closureInTemplate(Object) && Object.RawStorage) {
        std::string Why;
        Object.ClosureBound = closureBound(Object, Why);
        if (Object.ClosureBound.empty())
          return fail(Object.Loc, Unsupported::KeptClosureInTemplate, What + ": " + Why);
        Object.SizedPerInstance = true;
        continue;
      }
      if (closureInTemplate(Object))
        return fail(Object.Loc, Unsupported::KeptUnnameable, What + ": a lambda's closure");
      if (std::string Why = unnameableReason(Object.Type, M.localScope());
          !Why.empty() && !Object.RawStorage && !Object.Erased)
        return fail(Object.Loc, Unsupported::KeptUnnameable, What + ": " + Why);
      if (Object.Type->isVariablyModifiedType())
        return fail(Object.Loc, Unsupported::KeptVLA, What);
      if (Object.Var && !Object.DeducedFrom && undeducedPlaceholder(Object.Var->getType()))
        return fail(Object.Loc, Unsupported::KeptUndeducedPlaceholder,
                    What + " is declared '" + Object.Var->getType().getAsString() + "'");
    }
    for (auto [Loc, Id] : M.MacroUses)
      if (M.Objects[Id].Kept)
        return fail(Loc, Unsupported::KeptUseInMacro,
                    "'" + M.Objects[Id].SourceName + "'");
    return true;
  }

  void assignLiveBits() {
    int Next = 0;
    for (FrameObject &Object : M.Objects)
      if (Object.Kept && Object.HasDestructor && Object.Kind != ObjectKind::Param)
        Object.LiveBit = Next++;
  }

  /// The first reference to Var after Loc in the source, or the first one
  /// at all (the next use is reached through a loop's back edge).
  SourceLocation nextUse(const VarDecl *Var, SourceLocation Loc) const {
    auto Found = Refs.Of.find(Var);
    if (Found == Refs.Of.end() || Found->second.empty())
      return {};
    for (SourceLocation Use : Found->second)
      if (SM.isBeforeInTranslationUnit(Loc, Use))
        return Use;
    return Found->second.front();
  }

  bool usedAfter(const SuspensionPoint &P, const FrameObject &Object) const {
    if (!Object.declaration())
      return false;
    // Assigning through a reference reads the reference, which value
    // liveness does not see: a kept reference is used while in scope.
    if (Object.StoredAsPointer)
      return true;
    if (Live.liveAfter(P.Await, Object.Var))
      return true;
    // What the rewrite evaluates after the await, although the CFG may
    // order it first (see EvaluationOrder.h).
    return llvm::any_of(P.EvaluatedAfter, [&](const Stmt *Part) {
      return Vars.in(Object.Var, Named.under(Part));
    });
  }

  std::optional<ObjectId> awaiteeOf(unsigned Point) const {
    const SuspensionPoint &P = M.Points[Point];
    if (P.Mode == AwaiteeMode::InPlace)
      return std::nullopt;
    return P.Awaitee;
  }

  template <class Visitor> void forEachStepOf(Visitor &&Visit) const {
    forEachStep(
        M.Body, [&](unsigned Point) { return awaiteeOf(Point); },
        [&](const Step &St) { Visit(St); });
  }

  static bool destructorDependsOnInstance(const FrameObject &Object) {
    return Object.Type->isDependentType() ||
           (Object.Var && Object.Var->getType()->isDependentType());
  }

  void computeHeld() {
    forEachStepOf([&](const Step &St) {
      if (!St.Point)
        return;
      SuspensionPoint &P = M.Points[*St.Point];
      for (ObjectId Id : St.InScope) {
        const FrameObject &Object = M.Objects[Id];
        if (!Object.Kept)
          continue;
        // The most telling reason first: a use after the await says more
        // than a destructor or an escape.
        if (P.Awaitee == Id)
          P.Held.push_back({Id, HoldReason::Awaited, P.Await->getBeginLoc()});
        else if (Object.TemporaryOf)
          P.Held.push_back({Id, HoldReason::Temporary, Object.TemporaryOf->getBeginLoc()});
        else if (usedAfter(P, Object))
          P.Held.push_back({Id, HoldReason::UsedAfter,
                            nextUse(Object.Var, P.Await->getEndLoc())});
        else if (Object.HasDestructor)
          P.Held.push_back({Id, destructorDependsOnInstance(Object)
                                    ? HoldReason::DependentDestructor
                                    : HoldReason::Destructor,
                            {}});
        else if (Object.EscapeLoc.isValid())
          P.Held.push_back({Id, HoldReason::AddressEscapes, Object.EscapeLoc});
        else if (Object.Kind == ObjectKind::Temporary)
          P.Held.push_back({Id, HoldReason::UsedAfter, {}});
        else if (Object.Kind == ObjectKind::This)
          P.Held.push_back({Id, HoldReason::Receiver, {}});
      }
    });
  }

  /// A future whose move is unobservable: trivially copyable, a boxed
  /// unawait::Async, or a generated class whose parameters are trivially
  /// copyable (moving an unstarted one moves its parameters).
  bool movesUnobservably(const FrameObject &Future) const {
    if (const AsyncFunctionModel *Callee = Future.Generated) {
      for (const FrameObject &Param : Callee->Objects)
        if (Param.Kind == ObjectKind::Param && !Param.StoredAsPointer &&
            !Param.Type.isTriviallyCopyableType(Ctx))
          return false;
      return true;
    }
    return Future.Type.isTriviallyCopyableType(Ctx) ||
           asyncOutputType(Future.Type).has_value();
  }

  /// Relocating costs a move and some reading; it is worth it when the
  /// operand's dead objects are at least this large (a cache line).
  static constexpr uint64_t RelocationThreshold = 64;

  /// Relocates an awaitee when that lets it take the storage of the objects
  /// its operand reads and that are not held while suspended.
  void chooseRelocations() {
    for (SuspensionPoint &P : M.Points) {
      if (P.Mode != AwaiteeMode::Temporary ||
          !movesUnobservably(M.Objects[P.Awaitee]))
        continue;
      uint64_t Dying = 0;
      for (auto &[Var, Locs] : referencesUnder(P.Operand).Of) {
        const FrameObject *Object = M.keptObjectOf(Var);
        if (!Object || Object->StoredAsPointer || !hasKnownSize(Object->Type))
          continue;
        bool Held = llvm::any_of(P.Held, [&](const HeldObject &H) {
          return &M.Objects[H.Object] == Object;
        });
        if (!Held)
          Dying += Ctx.getTypeSizeInChars(Object->Type).getQuantity();
      }
      P.Relocated = Dying >= RelocationThreshold;
    }
  }


  /// The kept objects whose storage a step needs.
  std::vector<ObjectId> storageNeeded(const Step &St) const {
    llvm::SmallBitVector LiveVars = Vars.none(), Read = Vars.none();
    for (const Stmt *Root : St.Roots) {
      LiveVars |= Live.liveUnder(Root);
      Read |= Named.under(Root);
    }
    // A throw at this step may reach a handler: what it reads is needed.
    for (const Stmt *Handler : St.Handlers)
      Read |= Named.under(Handler);
    std::vector<ObjectId> Needed;
    for (ObjectId Id : St.InScope) {
      const FrameObject &Object = M.Objects[Id];
      if (!Object.Kept)
        continue;
      // Assigning through a reference reads the reference, which value
      // liveness does not see (as in usedAfter).
      if (Object.HasDestructor || Object.EscapeLoc.isValid() ||
          (Object.declaration() && Object.StoredAsPointer) ||
          !Live.available() || Object.Kind == ObjectKind::Temporary ||
          Object.Kind == ObjectKind::This ||
          (Object.Var && (Vars.in(Object.Var, LiveVars) || Vars.in(Object.Var, Read))))
        Needed.push_back(Id);
    }
    // A relocated awaitee is moved into the frame after its operand is
    // evaluated: it does not need storage while the operand's objects do.
    const auto *Await = dyn_cast_or_null<AwaitNode>(St.From);
    bool Relocated = Await && !St.Point && M.Points[Await->Point].Relocated;
    for (ObjectId Id : St.Declared)
      if (M.Objects[Id].Kept && !Relocated)
        Needed.push_back(Id);
    if (St.Point)
      for (const HeldObject &Held : M.Points[*St.Point].Held)
        Needed.push_back(Held.Object);
    return Needed;
  }

  std::optional<KeptObjects> conflicts() {
    KeptObjects Result;
    std::vector<int> Index(M.Objects.size(), -1);
    for (ObjectId Id = 0; Id < M.Objects.size(); ++Id)
      if (M.Objects[Id].Kept) {
        Index[Id] = Result.Kept.size();
        Result.Kept.push_back(Id);
      }
    Result.Conflicts.assign(Result.Kept.size(), llvm::BitVector(Result.Kept.size()));
    auto together = [&](const std::vector<ObjectId> &Set) {
      for (ObjectId A : Set)
        for (ObjectId B : Set)
          if (A != B && Index[A] >= 0 && Index[B] >= 0)
            Result.Conflicts[Index[A]].set(Index[B]);
    };
    // Before the first poll, the frame holds every parameter (and `this`).
    std::vector<ObjectId> Params;
    for (ObjectId Id = 0; Id < M.Objects.size(); ++Id)
      if (M.Objects[Id].Kind == ObjectKind::Param ||
          M.Objects[Id].Kind == ObjectKind::This)
        Params.push_back(Id);
    together(Params);
    forEachStepOf([&](const Step &St) { together(storageNeeded(St)); });
    return Result;
  }

  bool fail(SourceLocation Loc, Unsupported What, llvm::StringRef Context) {
    reportUnsupported(Diags, Loc, What, Context);
    return false;
  }

  AsyncFunctionModel &M;
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticReporter &Diags;
  const NodeParents &Parents;
  TrackedVars Vars;
  Liveness Live;
  const Stmt *Body;
  NamedVariables Named;
  VariableReferences Refs;
};

} // namespace

std::optional<KeptObjects> computeKeptObjects(AsyncFunctionModel &Model,
                                              ASTContext &Context,
                                              DiagnosticReporter &Diags,
                                              const NodeParents &Parents) {
  return KeptAnalysis(Model, Context, Diags, Parents).run();
}

} // namespace unawait
