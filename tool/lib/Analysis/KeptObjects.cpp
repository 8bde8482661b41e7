#include "Analysis/KeptObjects.h"

#include "Analysis/Escapes.h"
#include "Analysis/Naming.h"
#include "Analysis/References.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/LiveVariables.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"

namespace unawait {

using namespace clang;

namespace {

/// Value liveness after every statement of the body, from LiveVariables.
class Liveness : public LiveVariables::Observer {
public:
  Liveness(const FunctionDecl *Function, ASTContext &Context)
      : Manager(Context) {
    Manager.getCFGBuildOptions().setAllAlwaysAdd();
    AnalysisDeclContext *Analysis = Manager.getContext(Function);
    // killAtAssign: a variable assigned before its next read is dead.
    Live = LiveVariables::computeLiveness(*Analysis, /*killAtAssign=*/true);
    if (Live)
      Live->runOnAllBlocks(*this);
  }

  void observeStmt(const Stmt *S, const CFGBlock *,
                   const LiveVariables::LivenessValues &Values) override {
    auto &Set = After[S];
    for (const VarDecl *Var : Values.liveDecls)
      Set.insert(Var);
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
  AnalysisDeclContextManager Manager;
  std::unique_ptr<LiveVariables> Live;
  llvm::DenseMap<const Stmt *, llvm::DenseSet<const VarDecl *>> After;
};

class KeptAnalysis {
public:
  KeptAnalysis(AsyncFunctionModel &Model, const BodyStructure &Structure,
               ASTContext &Context, DiagnosticReporter &Diags)
      : M(Model), S(Structure), Ctx(Context), SM(Context.getSourceManager()),
        Diags(Diags), Live(Model.Function.Definition, Context) {
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
    recordScopes();
    return conflicts();
  }

private:
  void findEscapes() {
    for (FrameObject &Object : M.Objects)
      if (Object.Var && !Object.StoredAsPointer && !Object.HasDestructor &&
          Object.Kind != ObjectKind::Temporary)
        Object.EscapeLoc = firstEscape(Object.Var, Body, Ctx);
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

  /// A frame object is kept when it is always needed in the frame, or when
  /// a resume point crosses it and the program can observe it afterwards.
  void decideKept() {
    for (ObjectId Id = 0; Id < M.Objects.size(); ++Id) {
      FrameObject &Object = M.Objects[Id];
      Object.Kept = S.AlwaysKept[Id] ||
                    (S.Crossed[Id] &&
                     (Object.HasDestructor || Object.EscapeLoc.isValid() ||
                      S.ReferencedAcrossChunks[Id].isValid()));
    }
  }

  bool checkKeptTypes() {
    for (const FrameObject &Object : M.Objects) {
      if (!Object.Kept)
        continue;
      std::string What = Object.Kind == ObjectKind::Awaitee
                             ? "the awaited future"
                             : "'" + Object.SourceName + "'";
      std::string Why = unnameableReason(Object.Type);
      if (!Why.empty())
        return fail(Object.Loc, What + " is kept in the frame across a "
                                       "suspension point, but " + Why);
      if (Object.Var && isa<DecompositionDecl>(Object.Var))
        return fail(Object.Loc, "structured bindings kept across a suspension "
                                "point are not supported yet");
      if (Object.Type->isVariablyModifiedType())
        return fail(Object.Loc, "variable-length arrays cannot be kept in a "
                                "frame of fixed size");
      if (Object.StoredAsPointer && Object.Var && bindsTemporary(Object.Var))
        return fail(Object.Loc, "a reference bound to a temporary and kept "
                                "across a suspension point is not supported "
                                "yet; give the temporary a name");
      if (Object.Type->isArrayType() && Object.HasDestructor)
        return fail(Object.Loc, "arrays of objects with destructors kept "
                                "across a suspension point are not supported "
                                "yet");
    }
    return true;
  }

  /// `const T &r = make();`: the temporary is lifetime-extended by r.
  static bool bindsTemporary(const VarDecl *Var) {
    const Expr *Init = Var->getInit();
    if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(Init))
      Init = Cleanups->getSubExpr();
    return Init && isa<MaterializeTemporaryExpr>(Init->IgnoreParens());
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
    if (!Object.Var)
      return false;
    if (Live.liveAfter(P.Await, Object.Var))
      return true;
    // The target of `x op= co_await e` is evaluated after the await (C++17),
    // and so is `x` in `x + co_await e` once rewritten; the CFG's order does
    // not show it.
    return llvm::any_of(P.EvaluatedAfter, [&](const Stmt *Part) {
      return referencesUnder(Part).Of.count(Object.Var) > 0;
    });
  }

  void computeHeld() {
    for (const Step &St : S.Steps) {
      if (!St.Point)
        continue;
      SuspensionPoint &P = M.Points[*St.Point];
      std::vector<ObjectId> Candidates = St.InScope;
      if (St.Awaitee && M.Objects[*St.Awaitee].Kind == ObjectKind::Awaitee)
        Candidates.push_back(*St.Awaitee);
      for (ObjectId Id : Candidates) {
        const FrameObject &Object = M.Objects[Id];
        if (!Object.Kept)
          continue;
        // The most telling reason first: a use after the await says more
        // than a destructor or an escape.
        if (St.Awaitee == Id)
          P.Held.push_back({Id, HoldReason::Awaited, P.Await->getBeginLoc()});
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
    }
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

  void recordScopes() {
    for (auto &[Jump, Objects] : S.JumpScopes) {
      ScopeExit Exit;
      for (ObjectId Id : Objects)
        if (M.Objects[Id].LiveBit >= 0)
          Exit.Destroy.push_back(Id);
      Exit.Target = S.JumpTargets.lookup(Jump);
      M.Jumps[Jump] = std::move(Exit);
    }
    for (auto &[Scope, Objects] : S.ScopeObjects) {
      std::vector<ObjectId> Kept;
      for (ObjectId Id : Objects)
        if (M.Objects[Id].Kept)
          Kept.push_back(Id);
      M.ScopeObjects[Scope] = std::move(Kept);
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
    std::vector<ObjectId> Needed;
    auto consider = [&](ObjectId Id) {
      const FrameObject &Object = M.Objects[Id];
      if (!Object.Kept)
        return;
      bool Needs = Object.HasDestructor || Object.EscapeLoc.isValid() ||
                   !Live.available() || Object.Kind == ObjectKind::Temporary ||
                   Object.Kind == ObjectKind::This ||
                   (Object.Var && (LiveVars.count(Object.Var) || Named.count(Object.Var)));
      if (Needs)
        Needed.push_back(Id);
    };
    for (ObjectId Id : St.InScope)
      consider(Id);
    // A relocated awaitee is moved into the frame after its operand is
    // evaluated: it does not need storage while the operand's objects do.
    bool Relocated = St.OperandOf && M.Points[*St.OperandOf].Relocated;
    for (ObjectId Id : St.Declared)
      if (!(Relocated && St.Awaitee == Id))
        Needed.push_back(Id);
    if (St.Awaitee && !Relocated)
      Needed.push_back(*St.Awaitee);
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
    for (const Step &St : S.Steps)
      together(storageNeeded(St));
    return Result;
  }

  bool fail(SourceLocation Loc, const std::string &Message) {
    Diags.error(Loc, Message);
    return false;
  }

  AsyncFunctionModel &M;
  const BodyStructure &S;
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticReporter &Diags;
  Liveness Live;
  const Stmt *Body = nullptr;
  VariableReferences Refs;
};

} // namespace

std::optional<KeptObjects> computeKeptObjects(AsyncFunctionModel &Model,
                                              const BodyStructure &Structure,
                                              ASTContext &Context,
                                              DiagnosticReporter &Diags) {
  return KeptAnalysis(Model, Structure, Context, Diags).run();
}

} // namespace unawait
