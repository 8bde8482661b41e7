#include "Analysis/KeptObjects.h"

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

namespace unawait {

using namespace clang;

namespace {

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
  Liveness(const FunctionDecl *Function, ASTContext &Context)
      : Manager(Context) {
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
    auto &Set = After[S];
    for (const VarDecl *Var : Values.liveDecls)
      Set.insert(Var);
    auto Kept = KeptForHandlers.find(Block);
    if (Kept != KeptForHandlers.end())
      Set.insert(Kept->second.begin(), Kept->second.end());
    // A live structured binding keeps its decomposition live.
    for (const BindingDecl *Binding : Values.liveBindings)
      if (const auto *Whole = dyn_cast_or_null<VarDecl>(Binding->getDecomposedDecl()))
        Set.insert(Whole);
  }

  /// False if clang could not build the CFG: then every variable is treated
  /// as used after every point.
  bool available() const { return Live != nullptr; }

  bool liveAfter(const Stmt *S, const VarDecl *Var) const {
    if (!available())
      return true;
    auto Found = After.find(S);
    return Found != After.end() && Found->second.count(Var);
  }

  /// Adds every variable live after any statement under Root.
  void collectUnder(const Stmt *Root, llvm::DenseSet<const VarDecl *> &Into) const {
    if (!Root)
      return;
    auto Found = After.find(Root);
    if (Found != After.end())
      Into.insert(Found->second.begin(), Found->second.end());
    for (const Stmt *Child : Root->children())
      collectUnder(Child, Into);
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
    llvm::SmallVector<const VarDecl *, 8> Needed;
    for (auto &[Var, Locs] : Named.Of)
      if (Live->isLive(&Dispatch, Var))
        Needed.push_back(Var);
    if (Needed.empty())
      return;
    for (const CFGBlock *Block : blocksReaching(blocksUnder(Try->getTryBlock(), BlockOf)))
      KeptForHandlers[Block].insert(Needed.begin(), Needed.end());
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

  AnalysisDeclContextManager Manager;
  std::unique_ptr<LiveVariables> Live;
  llvm::DenseMap<const Stmt *, llvm::DenseSet<const VarDecl *>> After;
  llvm::DenseMap<const CFGBlock *, llvm::DenseSet<const VarDecl *>> KeptForHandlers;
};

/// Where each frame object is declared among the chunks of its block, and
/// whether a resume point crosses it or a later chunk names it (see
/// chunksOf in LoweredBody.h).
class ChunkFacts {
public:
  explicit ChunkFacts(const AsyncFunctionModel &Model)
      : Crossed(Model.Objects.size()), ReferencedAcross(Model.Objects.size()),
        M(Model) {
    block(*Model.Body.Root);
  }
  std::vector<bool> Crossed;
  std::vector<clang::SourceLocation> ReferencedAcross;

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
    for (size_t C = 0; C < Chunks.size(); ++C)
      for (const Node *N : Chunks[C].Nodes) {
        VariableReferences Named;
        collect(*N, Named);
        for (auto &[Var, Locs] : Named.Of) {
          auto Object = M.ObjectOfVar.find(Var);
          if (Object == M.ObjectOfVar.end())
            continue;
          auto Declared = DeclaredIn.find(Object->second);
          if (Declared != DeclaredIn.end() && Declared->second != C &&
              ReferencedAcross[Object->second].isInvalid())
            ReferencedAcross[Object->second] = Locs.front();
        }
      }
    for (const auto &Child : Block.Children)
      forEachBlockOf(*Child, [&](const BlockNode &Inner) { block(Inner); });
  }

  /// The variables the AST under \p N (descendants included) names.
  static void collect(const Node &N, VariableReferences &Named) {
    forEachNode(N, [&](const Node &Each) {
      for (const clang::Stmt *S : Each.Evaluates)
        Named.add(S);
    });
  }

  const AsyncFunctionModel &M;
};

class KeptAnalysis {
public:
  KeptAnalysis(AsyncFunctionModel &Model, ASTContext &Context,
               DiagnosticReporter &Diags, const NodeParents &Parents)
      : M(Model), Ctx(Context), SM(Context.getSourceManager()), Diags(Diags),
        Parents(Parents), Live(Model.Function.Definition, Context) {
    Body = cast<CoroutineBodyStmt>(M.Function.Definition->getBody())->getBody();
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
      else
        Object.Kept = Facts.Crossed[Id] &&
                      (Object.HasDestructor || Object.EscapeLoc.isValid() ||
                       Facts.ReferencedAcross[Id].isValid());
    }
    keepWhatJumpsLeave();
    for (FrameObject &Object : M.Objects)
      if (Object.BoundTo)
        Object.Kept = M.Objects[*Object.BoundTo].Kept;
    llvm::erase_if(M.Boxes, [&](const BoxedFrame &Box) {
      return Box.OnlyIfHolderKept && !M.Objects[*Box.Holder].Kept;
    });
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

  bool checkKeptTypes() {
    for (const FrameObject &Object : M.Objects) {
      if (!Object.Kept)
        continue;
      std::string What = Object.Kind == ObjectKind::Awaitee
                             ? "the awaited future"
                             : "'" + Object.SourceName + "'";
      if (std::string Why = unnameableReason(Object.Type, M.localScope());
          !Why.empty() && !Object.RawStorage && !Object.Erased)
        return fail(Object.Loc, Unsupported::KeptUnnameable, What + ": " + Why);
      if (Object.Type->isVariablyModifiedType())
        return fail(Object.Loc, Unsupported::KeptVLA, What);
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
      return referencesUnder(Part).Of.count(Object.Var) > 0;
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
          P.Held.push_back({Id, HoldReason::Destructor, {}});
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
    llvm::DenseSet<const VarDecl *> LiveVars, Named;
    for (const Stmt *Root : St.Roots) {
      Live.collectUnder(Root, LiveVars);
      for (auto &[Var, Locs] : referencesUnder(Root).Of)
        Named.insert(Var);
    }
    // A throw at this step may reach a handler: what it reads is needed.
    for (const Stmt *Handler : St.Handlers)
      for (auto &[Var, Locs] : referencesUnder(Handler).Of)
        Named.insert(Var);
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
          (Object.Var && (LiveVars.count(Object.Var) || Named.count(Object.Var))))
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
  Liveness Live;
  const Stmt *Body = nullptr;
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
