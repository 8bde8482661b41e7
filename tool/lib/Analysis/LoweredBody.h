//===- LoweredBody.h - the body of an async function, lowered ------------===//
//
// The analysis turns the body of an annotated async function into a
// *lowered body* once; the size report, the kept-object analysis and the
// emitter all read it, and the emitter only prints it. The words:
//
// node
//   One element of the lowered body. Leaves are the user's statements
//   without suspension points (Statement), local declarations (Declare),
//   values evaluated into frame temporaries (Spill), suspension points
//   (Await), ends of lifetimes (Destroy), jumps (Jump, Return) and labels
//   (Label). Regions hold other nodes: Block (a C++ scope), If, Loop,
//   Switch and Try.
//
// code
//   What a node prints: pieces of literal text, of the user's source, and
//   references to frame objects and await values. The user's source is
//   printed with the function's *holes* filled in.
//
// hole
//   A place in the user's source that the rewrite prints differently: a
//   use of a kept object (its member), an await (its value), an expression
//   spilled earlier (its temporary), `this`, a jump that must destroy kept
//   objects first, a co_return, a nested async call that is boxed, a name
//   the generated class would otherwise capture. The lowering decides the
//   holes; where a hole stands for a kept object, the emitter prints the
//   member once the frame is laid out.
//
// chunk
//   A run of a block's nodes between resume points. poll() resumes at the
//   start of a chunk (a resume label, a case label, a named label) or
//   enters a region that contains one; an ordinary local of poll() is
//   visible only inside its chunk, which gets braces so that no resume
//   jump crosses its initialisation. chunksOf() is the only place that
//   cuts blocks into chunks.
//
// barrier
//   A block C++ forbids jumping into from outside: a try block, a branch
//   of `if constexpr`. A resume point inside one is reached through the
//   barrier's entry label; the barrier dispatches on the state again at its
//   top. dispatchOf() computes, for the function body and each barrier,
//   where each state jumps.
//
// step
//   A point of the program at node granularity, with the frame objects in
//   scope there: the unit on which kept objects' storage conflicts are
//   computed. forEachStep() is the only place that derives them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Casting.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class VarDecl;
}

namespace unawait {

using ObjectId = unsigned;

/// [Begin, End) offsets in the main file.
struct TextRange {
  unsigned Begin = 0;
  unsigned End = 0;
  bool operator==(const TextRange &Other) const {
    return Begin == Other.Begin && End == Other.End;
  }
};

struct JumpNode;
struct ReturnNode;
struct CodeBuilder;

/// Something the emitter prints: literal text, the user's source (holes
/// filled in), frame objects and await values.
struct Code {
  struct Piece {
    enum class Kind {
      Literal,
      /// The user's source in Range, holes filled in, except hole number
      /// Except (the spill of this very range, when printing its value).
      Source,
      /// How poll() names a frame object (its member, read through the
      /// pointer for one stored as a pointer).
      Object,
      /// The value of a completed await.
      AwaitValue,
      /// The declared type of frame object Object, whose type only the
      /// instance knows (FrameObject::Deduced): `std::decay_t<decltype((e))>`.
      DeclaredType,
      /// decltype((e)) of the initializer e of that frame object.
      InitializerType,
      /// `, live_, Live::temporary0`: the live word and bit of frame object
      /// Object, after the arguments of a runtime call that marks it live
      /// (nothing when it has no live bit).
      LiveMark,
    } PieceKind = Kind::Literal;
    std::string Text;
    TextRange Range;
    int Except = -1;
    ObjectId Object = 0;
    unsigned Point = 0;
  };
  std::vector<Piece> Pieces;

  bool empty() const { return Pieces.empty(); }
  Code &literal(std::string Text);
  Code &source(TextRange Range, int Except = -1);
  Code &object(ObjectId Id);
  Code &awaitValue(unsigned Point);
  Code &declaredType(ObjectId Id);
  Code &initializerType(ObjectId Id);
  Code &liveMark(ObjectId Id);
  Code &append(const Code &Other);
  /// "(...)" around this code.
  Code parenthesized() const;

private:
  /// A piece naming frame object \p Id (Object, DeclaredType...).
  Code &objectPiece(Piece::Kind Kind, ObjectId Id);
};

/// A replacement in the user's source (see the file comment).
struct Hole {
  enum class Kind {
    /// A use of frame object Object: its member when kept, the source text
    /// otherwise. AsXvalue: the source was an xvalue (a spilled temporary),
    /// so the member is printed as std::move(member).
    Object,
    /// A structured binding of the kept decomposition Object: Replacement.
    Binding,
    /// The await of Point: its value.
    AwaitValue,
    /// Explicit `this` in a member function: the kept pointer Object.
    This,
    /// Implicit `this`: Object's pointer and `->` inserted (empty range).
    ImplicitThis,
    /// A break or continue that leaves kept objects: Jump.
    Jump,
    /// A co_return: Return.
    Return,
    /// Any other replacement decided by the lowering: Replacement (a boxed
    /// nested async call, a qualifier before a name the class would hide).
    Text,
  } HoleKind = Kind::Text;
  TextRange Range;
  ObjectId Object = 0;
  unsigned Point = 0;
  bool AsXvalue = false;
  /// For Object: the left operand of a comma, whose value C++ discards. A
  /// kept object's member is printed as unawait::detail::discarded(member):
  /// a member alone there is an expression without effect (-Wunused-value),
  /// where the source had an await.
  bool Discarded = false;
  /// A use of a variable as written (the innermost hole where several
  /// cover the same range: a spill of that use wraps it).
  bool Reference = false;
  /// For Text: what a type spelled from the expression (decltype) prints
  /// instead of Replacement, when Replacement may not stand in an
  /// unevaluated operand: an in_place maker is a lambda, which no C++17
  /// decltype may hold (the argument as written has the type the maker
  /// builds; a box built by a maker is the box of the call).
  std::shared_ptr<Code> Unevaluated;
  const JumpNode *Jump = nullptr;
  const ReturnNode *Return = nullptr;
  /// For Text and Binding. Printed as code, so it may name frame objects.
  std::shared_ptr<Code> Replacement;
};

/// The base of the lowered body's nodes (LLVM-style RTTI: isa/dyn_cast).
struct Node {
  enum Kind {
    StatementKind,
    DeclareKind,
    SpillKind,
    AwaitKind,
    DestroyKind,
    JumpKind,
    ReturnKind,
    LabelKind,
    BlockKind,
    IfKind,
    LoopKind,
    SwitchKind,
    TryKind,
  };
  explicit Node(Kind K) : NodeKind(K) {}
  virtual ~Node() = default;
  Kind kind() const { return NodeKind; }
  /// The source statement or expression the node comes from (diagnostics,
  /// #line, comments); may be null for code the source does not contain.
  const clang::Stmt *Origin = nullptr;
  /// The AST the node evaluates: what liveness looks at for its step.
  llvm::SmallVector<const clang::Stmt *, 2> Evaluates;
  /// Comments written before the statement, kept in front of it.
  std::string LeadingComments;

private:
  Kind NodeKind;
};

/// A user statement without suspension points, printed as written (holes
/// filled in).
struct StatementNode : Node {
  StatementNode() : Node(StatementKind) {}
  static bool classof(const Node *N) { return N->kind() == StatementKind; }
  Code Text;
  /// The statement declares a name that later statements may use (a
  /// typedef, a static local, a local class): it is never in chunk braces.
  bool DeclaresName = false;
};

/// A local variable's declaration: an ordinary local of poll(), or the
/// construction of a kept object in its member.
struct DeclareNode : Node {
  DeclareNode() : Node(DeclareKind) {}
  static bool classof(const Node *N) { return N->kind() == DeclareKind; }
  ObjectId Object = 0;
  /// As written after the name: "", "(...)", "{...}" or "= ..." (the last
  /// only for ordinary locals; a kept object is direct-initialised).
  Code Init;
  /// The declaration as written, for an ordinary local.
  Code AsWritten;
  /// For a multidimensional array of a class without a default constructor
  /// built from a braced list: each innermost row's braced list, in order.
  /// g++ 12 cannot build such an array with one placement new, so a kept
  /// one is built row by row.
  std::vector<Code> Rows;
};

/// A frame temporary takes a value: an expression evaluated early
/// (spilled), a condition's bool, the hidden objects of a range-for.
struct SpillNode : Node {
  SpillNode() : Node(SpillKind) {}
  static bool classof(const Node *N) { return N->kind() == SpillKind; }
  ObjectId Object = 0;
  enum Mode {
    /// Constructed from Value ("(...)" form, direct-initialisation).
    Construct,
    /// A pointer to the glvalue Value.
    Address,
    /// Assigned Value (a trivial object constructed earlier).
    Assign,
    /// An array constructed element by element from Elements.
    ConstructElements,
  } SpillMode = Construct;
  Code Value;
  std::vector<Code> Elements;
};

/// A suspension point: builds the awaitee (unless it is polled in place),
/// stores the state, and, after the resume label, polls and returns
/// Pending while it is pending. Its value is available until its chunk ends.
struct AwaitNode : Node {
  AwaitNode() : Node(AwaitKind) {}
  static bool classof(const Node *N) { return N->kind() == AwaitKind; }
  unsigned Point = 0;
  /// How the awaitee is built from the operand (Temporary: the
  /// initialiser after the type; Pointer: the glvalue).
  Code Operand;
  /// The frame temporaries the operand builds before the awaitee, in
  /// order (InPlaceCombinator::Kept): they end with the full-expression.
  std::vector<ObjectId> Builds;
};

/// Ends the lifetime of kept objects with destructors, youngest first: at
/// the end of a scope or of a full-expression.
struct DestroyNode : Node {
  DestroyNode() : Node(DestroyKind) {}
  static bool classof(const Node *N) { return N->kind() == DestroyKind; }
  std::vector<ObjectId> Objects;
  /// The end of its block's scope: after the ordinary locals of the last
  /// chunk are gone, so it is a chunk of its own.
  bool EndsScope = false;
};

/// break, continue, or a goto to a label of the lowering, after destroying
/// the kept objects of the scopes it leaves (youngest first).
struct JumpNode : Node {
  JumpNode() : Node(JumpKind) {}
  static bool classof(const Node *N) { return N->kind() == JumpKind; }
  enum Target { Break, Continue, Goto } JumpTarget = Break;
  std::string Label;
  std::vector<ObjectId> Destroy;
};

/// co_return: the value into the result, then to the end of poll(), where
/// everything still alive is destroyed.
struct ReturnNode : Node {
  ReturnNode() : Node(ReturnKind) {}
  static bool classof(const Node *N) { return N->kind() == ReturnKind; }
  /// The returned value; empty for `co_return;`.
  Code Value;
  /// The operand has type void: evaluated, then nothing is stored.
  bool VoidOperand = false;
};

/// `case ...:`, `default:`, or a label the lowering introduces. Starts a
/// chunk.
struct LabelNode : Node {
  LabelNode() : Node(LabelKind) {}
  static bool classof(const Node *N) { return N->kind() == LabelKind; }
  /// "case 1:" as printed, or the label's name (printed with a colon).
  Code Text;
  /// A label of the user's, which a goto may jump to from anywhere: every
  /// region around it is a chunk of its own.
  bool GotoTarget = false;
};

/// A C++ scope: `{ ... }`.
struct BlockNode : Node {
  BlockNode() : Node(BlockKind) {}
  static bool classof(const Node *N) { return N->kind() == BlockKind; }
  std::vector<std::unique_ptr<Node>> Children;
  /// The frame objects declared directly in this scope, in order.
  std::vector<ObjectId> Declared;
  /// A barrier (see the file comment): dispatches again at its top.
  bool Barrier = false;
  template <class T, class... Args> T &add(Args &&...A) {
    Children.push_back(std::make_unique<T>(std::forward<Args>(A)...));
    return static_cast<T &>(*Children.back());
  }
};

/// if / if constexpr. Cond is empty for `if constexpr`, whose condition
/// is printed as written (in Text).
struct IfNode : Node {
  IfNode() : Node(IfKind) {}
  static bool classof(const Node *N) { return N->kind() == IfKind; }
  Code Cond;
  bool Constexpr = false;
  std::unique_ptr<BlockNode> Then;
  std::unique_ptr<BlockNode> Else;
  /// Set when a branch is a barrier: the label before the if, where the
  /// dispatch of the enclosing region sends the branches' states.
  std::string EntryLabel;
};

/// A loop, printed in one of four shapes.
struct LoopNode : Node {
  LoopNode() : Node(LoopKind) {}
  static bool classof(const Node *N) { return N->kind() == LoopKind; }
  enum Shape {
    /// for (; Cond; Inc) Body: the init is declared before, in the block
    /// that holds the loop.
    For,
    /// while (Cond) Body
    While,
    /// do Body while (Cond);
    Do,
    /// while (true) Body: the condition is tested inside the body.
    Forever,
  } LoopShape = While;
  Code Cond;
  Code Inc;
  std::unique_ptr<BlockNode> Body;
};

/// switch (Cond) Body; the case labels are LabelNodes in the body.
struct SwitchNode : Node {
  SwitchNode() : Node(SwitchKind) {}
  static bool classof(const Node *N) { return N->kind() == SwitchKind; }
  Code Cond;
  std::unique_ptr<BlockNode> Body;
};

/// try Body catch (...) Handler...; the try block is a barrier.
struct TryNode : Node {
  TryNode() : Node(TryKind) {}
  static bool classof(const Node *N) { return N->kind() == TryKind; }
  std::unique_ptr<BlockNode> Body;
  struct Handler {
    /// "catch (const E &e)" as written.
    Code Header;
    std::unique_ptr<BlockNode> Body;
    /// Kept objects of the try block alive when the exception was thrown
    /// are destroyed first (their live bits tell), youngest first.
    std::vector<ObjectId> DestroyFirst;
  };
  std::vector<Handler> Handlers;
  std::string EntryLabel;
};

/// The lowered body of one async function. Copies (the models of a
/// template's instances) share the nodes.
struct LoweredBody {
  std::shared_ptr<BlockNode> Root;
  /// The frame objects alive from the future's construction to its end:
  /// the parameters and `this`.
  std::vector<ObjectId> Entry;
  /// Every hole in the user's source, in the order the lowering added them
  /// (a Source piece's Except is an index here; where two holes cover the
  /// same range, the one added later wraps the other).
  std::vector<Hole> Holes;
  /// Jumps and returns written inside user statements (their holes point
  /// here).
  std::vector<std::shared_ptr<Node>> InlineNodes;
  /// Some block is a barrier: the state enum has Running, which a barrier
  /// entered from above stores (in the state, or in the local copy its
  /// dispatch reads) so that its dispatch does not jump.
  bool HasBarriers = false;
};

/// Calls \p Visit with each block of region \p N: the block itself, the
/// branches of an if, the body of a loop or switch, a try block and its
/// handlers. Nothing for a leaf.
template <class Visitor> void forEachBlockOf(const Node &N, Visitor &&Visit) {
  if (const auto *Block = llvm::dyn_cast<BlockNode>(&N)) {
    Visit(*Block);
  } else if (const auto *If = llvm::dyn_cast<IfNode>(&N)) {
    Visit(*If->Then);
    if (If->Else)
      Visit(*If->Else);
  } else if (const auto *Loop = llvm::dyn_cast<LoopNode>(&N)) {
    Visit(*Loop->Body);
  } else if (const auto *Switch = llvm::dyn_cast<SwitchNode>(&N)) {
    Visit(*Switch->Body);
  } else if (const auto *Try = llvm::dyn_cast<TryNode>(&N)) {
    Visit(*Try->Body);
    for (const TryNode::Handler &Handler : Try->Handlers)
      Visit(*Handler.Body);
  }
}

/// Calls \p Visit with every node under \p N, N included, in order.
template <class Visitor> void forEachNode(const Node &N, Visitor &&Visit) {
  Visit(N);
  forEachBlockOf(N, [&](const BlockNode &Block) {
    for (const auto &Child : Block.Children)
      forEachNode(*Child, Visit);
  });
}

/// The resume label of a suspension point's state.
std::string resumeLabel(llvm::StringRef StateName);

/// True if a resume point lies under \p N (an await, or a barrier's entry).
bool containsResume(const Node &N);

/// True if a resume point or a label a goto may target lies under \p N:
/// the region is entered other than from its top.
bool containsEntry(const Node &N);

/// A chunk of a block: nodes printed together, entered only from its first
/// node.
struct Chunk {
  std::vector<const Node *> Nodes;
  /// The chunk starts at the resume label of this await (which ends the
  /// previous chunk with its state assignment).
  const AwaitNode *ResumesAt = nullptr;
  /// The chunk is a region holding resume points, alone.
  bool Suspending = false;
};

/// Cuts a block into chunks (see the file comment).
std::vector<Chunk> chunksOf(const BlockNode &Block);

/// True if a chunk declares an ordinary local of poll() (a node for which
/// \p DeclaresLocal is true, or the polled value of its resume), which needs
/// braces so that no resume jump crosses its initialisation.
bool chunkNeedsBraces(const Chunk &C,
                      llvm::function_ref<bool(const Node &)> DeclaresLocal,
                      llvm::function_ref<bool(unsigned)> ValueUsed);

/// Where a dispatch sends one state.
struct DispatchEntry {
  unsigned Point = 0;
  /// The resume label, or the entry label of the barrier that holds it.
  std::string Label;
};

/// The dispatch table of \p Region (the root block or a barrier): every
/// resume point under it, not under a nested barrier, goes to its label;
/// one under a nested barrier goes to that barrier's entry.
std::vector<DispatchEntry> dispatchOf(const BlockNode &Region,
                                      llvm::ArrayRef<std::string> StateNames);

/// One step of the program (see the file comment).
struct Step {
  /// The AST evaluated at this step.
  llvm::SmallVector<const clang::Stmt *, 2> Roots;
  /// Frame objects in scope: constructed before the step, not yet ended.
  std::vector<ObjectId> InScope;
  /// Frame objects this step constructs.
  std::vector<ObjectId> Declared;
  /// Set for the suspension itself.
  std::optional<unsigned> Point;
  /// The handlers of the try blocks around the step: an exception thrown
  /// here continues there, so what they read must survive the step.
  llvm::SmallVector<const clang::Stmt *, 2> Handlers;
  /// The node the step comes from.
  const Node *From = nullptr;
};

/// Calls \p Visit with every step, in program order. \p AwaiteeOf gives
/// the awaitee a suspension point constructs (none for one polled in
/// place); \p EndsWith gives the objects a Destroy node ends.
void forEachStep(const LoweredBody &Body,
                 const std::function<std::optional<ObjectId>(unsigned)> &AwaiteeOf,
                 const std::function<void(const Step &)> &Visit);

/// A readable dump of the lowered body, one node a line, for unit tests and
/// `unawait lower` debugging.
std::string dumpLoweredBody(const LoweredBody &Body);

} // namespace unawait
