#include "Analysis/LoweredBody.h"
#include "llvm/ADT/DenseSet.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace unawait {

Code &Code::literal(std::string Text) {
  Piece P;
  P.PieceKind = Piece::Kind::Literal;
  P.Text = std::move(Text);
  Pieces.push_back(std::move(P));
  return *this;
}

Code &Code::source(TextRange Range, int Except) {
  Piece P;
  P.PieceKind = Piece::Kind::Source;
  P.Range = Range;
  P.Except = Except;
  Pieces.push_back(std::move(P));
  return *this;
}

Code &Code::objectPiece(Piece::Kind Kind, ObjectId Id) {
  Piece P;
  P.PieceKind = Kind;
  P.Object = Id;
  Pieces.push_back(std::move(P));
  return *this;
}

Code &Code::object(ObjectId Id) { return objectPiece(Piece::Kind::Object, Id); }

Code &Code::awaitValue(unsigned Point) {
  Piece P;
  P.PieceKind = Piece::Kind::AwaitValue;
  P.Point = Point;
  Pieces.push_back(std::move(P));
  return *this;
}

Code &Code::declaredType(ObjectId Id) { return objectPiece(Piece::Kind::DeclaredType, Id); }

Code &Code::initializerType(ObjectId Id) { return objectPiece(Piece::Kind::InitializerType, Id); }

Code &Code::liveMark(ObjectId Id) { return objectPiece(Piece::Kind::LiveMark, Id); }

Code &Code::append(const Code &Other) {
  Pieces.insert(Pieces.end(), Other.Pieces.begin(), Other.Pieces.end());
  return *this;
}

Code Code::parenthesized() const {
  Code C;
  C.literal("(").append(*this).literal(")");
  return C;
}

std::string resumeLabel(llvm::StringRef StateName) {
  return "resume_" + StateName.str();
}

namespace {

/// Calls \p Visit with each direct child node of \p N (the blocks of a
/// region, the children of a block).
template <class Visitor> void forEachChild(const Node &N, Visitor &&Visit) {
  if (const auto *Block = llvm::dyn_cast<BlockNode>(&N)) {
    for (const auto &Child : Block->Children)
      Visit(*Child);
    return;
  }
  forEachBlockOf(N, [&](const BlockNode &Block) { Visit(Block); });
}

bool isRegion(const Node &N) {
  return llvm::isa<BlockNode, IfNode, LoopNode, SwitchNode, TryNode>(N);
}

} // namespace

bool containsResume(const Node &N) {
  if (llvm::isa<AwaitNode>(N))
    return true;
  bool Found = false;
  forEachChild(N, [&](const Node &Child) { Found = Found || containsResume(Child); });
  return Found;
}

bool containsEntry(const Node &N) {
  if (const auto *Label = llvm::dyn_cast<LabelNode>(&N); Label && Label->GotoTarget)
    return true;
  if (llvm::isa<AwaitNode>(N))
    return true;
  bool Found = false;
  forEachChild(N, [&](const Node &Child) { Found = Found || containsEntry(Child); });
  return Found;
}

std::vector<Chunk> chunksOf(const BlockNode &Block) {
  std::vector<Chunk> Chunks(1);
  auto startChunk = [&] {
    if (!Chunks.back().Nodes.empty() || Chunks.back().ResumesAt)
      Chunks.emplace_back();
  };
  for (const auto &Child : Block.Children) {
    const Node &N = *Child;
    if (const auto *Await = llvm::dyn_cast<AwaitNode>(&N)) {
      // Its state assignment ends this chunk; its resume label starts the
      // next one.
      Chunks.back().Nodes.push_back(Await);
      Chunks.emplace_back();
      Chunks.back().ResumesAt = Await;
      continue;
    }
    bool Alone = (isRegion(N) && containsEntry(N));
    if (const auto *Statement = llvm::dyn_cast<StatementNode>(&N))
      Alone = Statement->DeclaresName;
    if (const auto *Destroy = llvm::dyn_cast<DestroyNode>(&N))
      Alone = Destroy->EndsScope;
    if (llvm::isa<LabelNode>(N) || Alone)
      startChunk();
    Chunks.back().Nodes.push_back(&N);
    if (Alone) {
      Chunks.back().Suspending = isRegion(N);
      Chunks.emplace_back();
    }
  }
  if (Chunks.size() > 1 && Chunks.back().Nodes.empty() && !Chunks.back().ResumesAt)
    Chunks.pop_back();
  return Chunks;
}

bool chunkNeedsBraces(const Chunk &C,
                      llvm::function_ref<bool(const Node &)> DeclaresLocal,
                      llvm::function_ref<bool(unsigned)> ValueUsed) {
  if (C.ResumesAt && ValueUsed(C.ResumesAt->Point))
    return true;
  return llvm::any_of(C.Nodes, [&](const Node *N) { return DeclaresLocal(*N); });
}

namespace {

/// The entry label of a region node whose blocks are barriers, or "".
const std::string *entryLabelOf(const Node &N) {
  if (const auto *If = llvm::dyn_cast<IfNode>(&N))
    return If->EntryLabel.empty() ? nullptr : &If->EntryLabel;
  if (const auto *Try = llvm::dyn_cast<TryNode>(&N))
    return Try->EntryLabel.empty() ? nullptr : &Try->EntryLabel;
  return nullptr;
}

void collectPoints(const Node &N, std::vector<unsigned> &Points) {
  if (const auto *Await = llvm::dyn_cast<AwaitNode>(&N))
    Points.push_back(Await->Point);
  forEachChild(N, [&](const Node &Child) { collectPoints(Child, Points); });
}

void collectDispatch(const Node &N, llvm::ArrayRef<std::string> StateNames,
                     std::vector<DispatchEntry> &Entries) {
  if (const auto *Await = llvm::dyn_cast<AwaitNode>(&N)) {
    Entries.push_back({Await->Point, resumeLabel(StateNames[Await->Point])});
    return;
  }
  if (const std::string *Entry = entryLabelOf(N)) {
    // Every state under the barrier goes to its entry; the barrier
    // dispatches again.
    std::vector<unsigned> Points;
    collectPoints(N, Points);
    for (unsigned Point : Points)
      Entries.push_back({Point, *Entry});
    return;
  }
  forEachChild(N, [&](const Node &Child) {
    collectDispatch(Child, StateNames, Entries);
  });
}

} // namespace

std::vector<DispatchEntry> dispatchOf(const BlockNode &Region,
                                      llvm::ArrayRef<std::string> StateNames) {
  std::vector<DispatchEntry> Entries;
  for (const auto &Child : Region.Children)
    collectDispatch(*Child, StateNames, Entries);
  llvm::sort(Entries, [](const DispatchEntry &A, const DispatchEntry &B) {
    return A.Point < B.Point;
  });
  return Entries;
}

namespace {

/// Walks the lowered body in program order, keeping track of what is in
/// scope.
class StepWalker {
public:
  StepWalker(const std::vector<ObjectId> &Entry,
             const std::function<std::optional<ObjectId>(unsigned)> &AwaiteeOf,
             const std::function<void(const Step &)> &Visit)
      : AwaiteeOf(AwaiteeOf), Visit(Visit), InScope(Entry) {}

  void block(const BlockNode &Block) {
    size_t Depth = InScope.size();
    for (const auto &Child : Block.Children)
      node(*Child);
    // The block's own objects end with it. Spilled values of
    // full-expressions end at their Destroy nodes, which may come after the
    // block: the value of `c ? co_await a : b` is spilled in a branch, used
    // after the if.
    std::vector<ObjectId> Left(InScope.begin(),
                               InScope.begin() + std::min(Depth, InScope.size()));
    for (size_t I = Depth; I < InScope.size(); ++I)
      if (Temporaries.count(InScope[I]))
        Left.push_back(InScope[I]);
    InScope = std::move(Left);
  }

private:
  void emit(const Node &From, llvm::ArrayRef<const clang::Stmt *> Roots,
            std::vector<ObjectId> Declared = {},
            std::optional<unsigned> Point = std::nullopt) {
    Step S;
    for (const clang::Stmt *Root : Roots)
      if (Root)
        S.Roots.push_back(Root);
    S.InScope = InScope;
    S.Declared = std::move(Declared);
    S.Point = Point;
    S.Handlers = Handlers;
    S.From = &From;
    Visit(S);
    InScope.insert(InScope.end(), S.Declared.begin(), S.Declared.end());
  }

  void node(const Node &N) {
    switch (N.kind()) {
    case Node::DeclareKind:
      emit(N, N.Evaluates, {llvm::cast<DeclareNode>(N).Object});
      return;
    case Node::SpillKind: {
      ObjectId Id = llvm::cast<SpillNode>(N).Object;
      bool Again = llvm::is_contained(InScope, Id); // assigned again
      Temporaries.insert(Id);
      emit(N, N.Evaluates, Again ? std::vector<ObjectId>{} : std::vector<ObjectId>{Id});
      return;
    }
    case Node::AwaitKind: {
      const auto &Await = llvm::cast<AwaitNode>(N);
      // The temporaries its operand builds, then the awaitee: all end at
      // Destroy nodes (an awaitee with a destructor that is not a generated
      // class ends with its full-expression, which may end after the block:
      // `c && f(co_await unawait::select(...))`).
      std::vector<ObjectId> Built = Await.Builds;
      if (std::optional<ObjectId> Id = AwaiteeOf(Await.Point))
        Built.push_back(*Id);
      Temporaries.insert(Built.begin(), Built.end());
      emit(N, N.Evaluates, Built);
      emit(N, {}, {}, Await.Point);
      return;
    }
    case Node::DestroyKind:
      emit(N, {});
      for (ObjectId Id : llvm::cast<DestroyNode>(N).Objects)
        llvm::erase(InScope, Id);
      return;
    case Node::BlockKind:
      block(llvm::cast<BlockNode>(N));
      return;
    case Node::IfKind: {
      const auto &If = llvm::cast<IfNode>(N);
      emit(N, N.Evaluates);
      std::vector<ObjectId> Before = InScope;
      block(*If.Then);
      if (If.Else) {
        // What the then-branch built does not exist on the else path;
        // after the if, what either built may.
        std::vector<ObjectId> AfterThen = std::exchange(InScope, Before);
        block(*If.Else);
        for (ObjectId Id : AfterThen)
          if (!llvm::is_contained(InScope, Id))
            InScope.push_back(Id);
      }
      return;
    }
    case Node::LoopKind: {
      const auto &Loop = llvm::cast<LoopNode>(N);
      emit(N, N.Evaluates);
      block(*Loop.Body);
      return;
    }
    case Node::SwitchKind:
      emit(N, N.Evaluates);
      block(*llvm::cast<SwitchNode>(N).Body);
      return;
    case Node::TryKind: {
      const auto &Try = llvm::cast<TryNode>(N);
      size_t Outer = Handlers.size();
      for (const TryNode::Handler &Handler : Try.Handlers)
        if (Handler.Body->Origin)
          Handlers.push_back(Handler.Body->Origin);
      block(*Try.Body);
      Handlers.resize(Outer);
      for (const TryNode::Handler &Handler : Try.Handlers)
        block(*Handler.Body);
      return;
    }
    case Node::StatementKind:
    case Node::JumpKind:
    case Node::ReturnKind:
    case Node::LabelKind:
      emit(N, N.Evaluates);
      return;
    }
  }

  const std::function<std::optional<ObjectId>(unsigned)> &AwaiteeOf;
  const std::function<void(const Step &)> &Visit;
  std::vector<ObjectId> InScope;
  /// The handlers of the try blocks being walked.
  llvm::SmallVector<const clang::Stmt *, 2> Handlers;
  /// Spilled values and awaitees: they end at Destroy nodes, not with the
  /// block that builds them.
  llvm::DenseSet<ObjectId> Temporaries;
};

} // namespace

void forEachStep(const LoweredBody &Body,
                 const std::function<std::optional<ObjectId>(unsigned)> &AwaiteeOf,
                 const std::function<void(const Step &)> &Visit) {
  StepWalker(Body.Entry, AwaiteeOf, Visit).block(*Body.Root);
}

namespace {

std::string dumpCode(const Code &C) {
  std::string S;
  for (const Code::Piece &P : C.Pieces) {
    switch (P.PieceKind) {
    case Code::Piece::Kind::Literal:
      S += P.Text;
      break;
    case Code::Piece::Kind::Source:
      S += "<" + std::to_string(P.Range.Begin) + "," + std::to_string(P.Range.End) + ">";
      break;
    case Code::Piece::Kind::Object:
      S += "$" + std::to_string(P.Object);
      break;
    case Code::Piece::Kind::AwaitValue:
      S += "@" + std::to_string(P.Point);
      break;
    case Code::Piece::Kind::DeclaredType:
      S += "decltype($" + std::to_string(P.Object) + ")";
      break;
    case Code::Piece::Kind::InitializerType:
      S += "decltype(init $" + std::to_string(P.Object) + ")";
      break;
    case Code::Piece::Kind::LiveMark:
      S += ", live $" + std::to_string(P.Object);
      break;
    }
  }
  return S;
}

void dumpNode(const Node &N, unsigned Indent, std::string &Out);

void dumpBlock(llvm::StringRef Name, const BlockNode &Block, unsigned Indent,
               std::string &Out) {
  Out += std::string(Indent, ' ') + Name.str() + (Block.Barrier ? " barrier" : "");
  if (!Block.Declared.empty()) {
    Out += " declares";
    for (ObjectId Id : Block.Declared)
      Out += " $" + std::to_string(Id);
  }
  Out += "\n";
  for (const auto &Child : Block.Children)
    dumpNode(*Child, Indent + 2, Out);
}

std::string objects(const std::vector<ObjectId> &Ids) {
  std::string S;
  for (ObjectId Id : Ids)
    S += " $" + std::to_string(Id);
  return S;
}

void dumpNode(const Node &N, unsigned Indent, std::string &Out) {
  std::string Pad(Indent, ' ');
  switch (N.kind()) {
  case Node::StatementKind:
    Out += Pad + "statement " + dumpCode(llvm::cast<StatementNode>(N).Text) + "\n";
    return;
  case Node::DeclareKind: {
    const auto &Declare = llvm::cast<DeclareNode>(N);
    Out += Pad + "declare $" + std::to_string(Declare.Object) + " " +
           dumpCode(Declare.Init) + "\n";
    return;
  }
  case Node::SpillKind: {
    const auto &Spill = llvm::cast<SpillNode>(N);
    const char *Mode[] = {"construct", "address", "assign", "elements"};
    Out += Pad + "spill $" + std::to_string(Spill.Object) + " " +
           Mode[Spill.SpillMode] + " " + dumpCode(Spill.Value) + "\n";
    return;
  }
  case Node::AwaitKind: {
    const auto &Await = llvm::cast<AwaitNode>(N);
    Out += Pad + "await @" + std::to_string(Await.Point) + " " +
           dumpCode(Await.Operand) + "\n";
    return;
  }
  case Node::DestroyKind:
    Out += Pad + "destroy" + objects(llvm::cast<DestroyNode>(N).Objects) + "\n";
    return;
  case Node::JumpKind: {
    const auto &Jump = llvm::cast<JumpNode>(N);
    const char *Target[] = {"break", "continue", "goto"};
    Out += Pad + Target[Jump.JumpTarget] +
           (Jump.Label.empty() ? "" : " " + Jump.Label) + objects(Jump.Destroy) + "\n";
    return;
  }
  case Node::ReturnKind:
    Out += Pad + "return " + dumpCode(llvm::cast<ReturnNode>(N).Value) + "\n";
    return;
  case Node::LabelKind:
    Out += Pad + "label " + dumpCode(llvm::cast<LabelNode>(N).Text) + "\n";
    return;
  case Node::BlockKind:
    dumpBlock("block", llvm::cast<BlockNode>(N), Indent, Out);
    return;
  case Node::IfKind: {
    const auto &If = llvm::cast<IfNode>(N);
    Out += Pad + (If.Constexpr ? "if constexpr " : "if ") + dumpCode(If.Cond) +
           (If.EntryLabel.empty() ? "" : " entry " + If.EntryLabel) + "\n";
    dumpBlock("then", *If.Then, Indent + 2, Out);
    if (If.Else)
      dumpBlock("else", *If.Else, Indent + 2, Out);
    return;
  }
  case Node::LoopKind: {
    const auto &Loop = llvm::cast<LoopNode>(N);
    const char *Shape[] = {"for", "while", "do", "forever"};
    Out += Pad + "loop " + Shape[Loop.LoopShape] + " " + dumpCode(Loop.Cond) +
           (Loop.Inc.empty() ? "" : " ; " + dumpCode(Loop.Inc)) + "\n";
    dumpBlock("body", *Loop.Body, Indent + 2, Out);
    return;
  }
  case Node::SwitchKind: {
    const auto &Switch = llvm::cast<SwitchNode>(N);
    Out += Pad + "switch " + dumpCode(Switch.Cond) + "\n";
    dumpBlock("body", *Switch.Body, Indent + 2, Out);
    return;
  }
  case Node::TryKind: {
    const auto &Try = llvm::cast<TryNode>(N);
    Out += Pad + "try" + (Try.EntryLabel.empty() ? "" : " entry " + Try.EntryLabel) + "\n";
    dumpBlock("body", *Try.Body, Indent + 2, Out);
    for (const TryNode::Handler &Handler : Try.Handlers)
      dumpBlock("handler " + dumpCode(Handler.Header) + " destroys first" +
                    objects(Handler.DestroyFirst),
                *Handler.Body, Indent + 2, Out);
    return;
  }
  }
}

} // namespace

std::string dumpLoweredBody(const LoweredBody &Body) {
  std::string Out;
  dumpBlock("body", *Body.Root, 0, Out);
  return Out;
}

} // namespace unawait
