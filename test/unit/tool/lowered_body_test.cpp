// The structure derived from a lowered body: chunks, braces, dispatch
// tables, steps. Built by hand: no AST needed.
#include "Analysis/LoweredBody.h"

#include <gtest/gtest.h>

namespace unawait {
namespace {

std::vector<std::string> states(unsigned N) {
  std::vector<std::string> Names;
  for (unsigned I = 0; I < N; ++I)
    Names.push_back("Suspend" + std::to_string(I));
  return Names;
}

AwaitNode &await(BlockNode &Block, unsigned Point) {
  auto &Await = Block.add<AwaitNode>();
  Await.Point = Point;
  return Await;
}

DeclareNode &declare(BlockNode &Block, ObjectId Object) {
  auto &Declare = Block.add<DeclareNode>();
  Declare.Object = Object;
  Block.Declared.push_back(Object);
  return Declare;
}

TEST(Chunks, AnAwaitEndsAChunkAndItsResumeStartsTheNext) {
  BlockNode Block;
  declare(Block, 0);
  await(Block, 0);
  declare(Block, 1);
  std::vector<Chunk> Chunks = chunksOf(Block);
  ASSERT_EQ(Chunks.size(), 2u);
  EXPECT_EQ(Chunks[0].Nodes.size(), 2u); // the declaration and the await's state
  EXPECT_EQ(Chunks[0].ResumesAt, nullptr);
  EXPECT_EQ(Chunks[1].ResumesAt, Block.Children[1].get());
  EXPECT_EQ(Chunks[1].Nodes.size(), 1u);
}

TEST(Chunks, ARegionHoldingAResumeIsAChunkOfItsOwn) {
  BlockNode Block;
  declare(Block, 0);
  auto &If = Block.add<IfNode>();
  If.Then = std::make_unique<BlockNode>();
  await(*If.Then, 0);
  declare(Block, 1);
  std::vector<Chunk> Chunks = chunksOf(Block);
  ASSERT_EQ(Chunks.size(), 3u);
  EXPECT_FALSE(Chunks[0].Suspending);
  EXPECT_TRUE(Chunks[1].Suspending);
  EXPECT_EQ(Chunks[1].Nodes.front(), &If);
  EXPECT_EQ(Chunks[2].Nodes.size(), 1u);
}

TEST(Chunks, ARegionWithoutResumeStaysInItsChunk) {
  BlockNode Block;
  declare(Block, 0);
  auto &If = Block.add<IfNode>();
  If.Then = std::make_unique<BlockNode>();
  If.Then->add<StatementNode>();
  EXPECT_EQ(chunksOf(Block).size(), 1u);
}

TEST(Chunks, ALabelAndTheEndOfTheScopeStartChunks) {
  BlockNode Block;
  declare(Block, 0);
  Block.add<LabelNode>();
  declare(Block, 1);
  Block.add<DestroyNode>().EndsScope = true;
  std::vector<Chunk> Chunks = chunksOf(Block);
  ASSERT_EQ(Chunks.size(), 3u);
  EXPECT_TRUE(llvm::isa<LabelNode>(Chunks[1].Nodes.front()));
  EXPECT_TRUE(llvm::isa<DestroyNode>(Chunks[2].Nodes.front()));
}

TEST(Chunks, BracesForOrdinaryLocalsAndPolledValues) {
  BlockNode Block;
  declare(Block, 0);
  await(Block, 0);
  Block.add<StatementNode>();
  std::vector<Chunk> Chunks = chunksOf(Block);
  auto kept = [](ObjectId Id) { return [Id](const Node &N) {
    const auto *Declare = llvm::dyn_cast<DeclareNode>(&N);
    return Declare && Declare->Object != Id;
  }; };
  auto used = [](unsigned) { return true; };
  auto unused = [](unsigned) { return false; };
  EXPECT_TRUE(chunkNeedsBraces(Chunks[0], kept(1), unused)); // object 0 is not kept
  EXPECT_FALSE(chunkNeedsBraces(Chunks[0], kept(0), unused));
  EXPECT_TRUE(chunkNeedsBraces(Chunks[1], kept(0), used));   // `auto polled`
  EXPECT_FALSE(chunkNeedsBraces(Chunks[1], kept(0), unused));
}

TEST(Dispatch, TheRootJumpsToResumeLabelsAndToBarrierEntries) {
  BlockNode Root;
  await(Root, 0);
  auto &Try = Root.add<TryNode>();
  Try.EntryLabel = "enter_try_1";
  Try.Body = std::make_unique<BlockNode>();
  Try.Body->Barrier = true;
  await(*Try.Body, 1);
  await(*Try.Body, 2);
  std::vector<DispatchEntry> Root3 = dispatchOf(Root, states(3));
  ASSERT_EQ(Root3.size(), 3u);
  EXPECT_EQ(Root3[0].Label, "resume_Suspend0");
  EXPECT_EQ(Root3[1].Label, "enter_try_1");
  EXPECT_EQ(Root3[2].Label, "enter_try_1");
  std::vector<DispatchEntry> Inner = dispatchOf(*Try.Body, states(3));
  ASSERT_EQ(Inner.size(), 2u);
  EXPECT_EQ(Inner[0].Label, "resume_Suspend1");
  EXPECT_EQ(Inner[1].Point, 2u);
}

TEST(Dispatch, NestedBarriersDispatchOneLevelEach) {
  BlockNode Root;
  auto &If = Root.add<IfNode>();
  If.Constexpr = true;
  If.EntryLabel = "enter_if_1";
  If.Then = std::make_unique<BlockNode>();
  If.Then->Barrier = true;
  auto &Try = If.Then->add<TryNode>();
  Try.EntryLabel = "enter_try_2";
  Try.Body = std::make_unique<BlockNode>();
  Try.Body->Barrier = true;
  await(*Try.Body, 0);
  EXPECT_EQ(dispatchOf(Root, states(1))[0].Label, "enter_if_1");
  EXPECT_EQ(dispatchOf(*If.Then, states(1))[0].Label, "enter_try_2");
  EXPECT_EQ(dispatchOf(*Try.Body, states(1))[0].Label, "resume_Suspend0");
}

/// The steps of \p Body, every await's awaitee being \p Awaitee.
std::vector<Step> stepsOf(const LoweredBody &Body,
                          std::optional<ObjectId> Awaitee = std::nullopt) {
  std::vector<Step> Steps;
  forEachStep(
      Body, [&](unsigned) { return Awaitee; },
      [&](const Step &S) { Steps.push_back(S); });
  return Steps;
}

TEST(Steps, ObjectsAreInScopeFromTheirDeclarationToTheEndOfTheirBlock) {
  LoweredBody Body;
  Body.Root = std::make_shared<BlockNode>();
  Body.Entry = {0};
  declare(*Body.Root, 1);
  auto &Inner = Body.Root->add<BlockNode>();
  declare(Inner, 2);
  await(Inner, 0);
  Inner.add<DestroyNode>().Objects = {3}; // a generated or trivial awaitee ends at once
  Body.Root->add<StatementNode>();
  std::vector<Step> Steps = stepsOf(Body, 3);
  ASSERT_EQ(Steps.size(), 6u);
  EXPECT_EQ(Steps[0].InScope, (std::vector<ObjectId>{0}));
  EXPECT_EQ(Steps[0].Declared, (std::vector<ObjectId>{1}));
  EXPECT_EQ(Steps[2].Declared, (std::vector<ObjectId>{3})); // the awaitee
  ASSERT_TRUE(Steps[3].Point);
  EXPECT_EQ(Steps[3].InScope, (std::vector<ObjectId>{0, 1, 2, 3}));
  EXPECT_EQ(Steps[5].InScope, (std::vector<ObjectId>{0, 1})); // the block ended
}

TEST(Steps, AnAwaiteeEndingWithItsFullExpressionOutlivesTheBranch) {
  // `c && f(co_await unawait::select(...)) && co_await g()`: the select's
  // awaitee ends with the full-expression, after the branch that awaits it,
  // so it is in scope at the later await (fuzz seed 10000465).
  LoweredBody Body;
  Body.Root = std::make_shared<BlockNode>();
  auto &If = Body.Root->add<IfNode>();
  If.Then = std::make_unique<BlockNode>();
  await(*If.Then, 0);
  await(*Body.Root, 1);
  Body.Root->add<DestroyNode>().Objects = {6};
  Body.Root->add<StatementNode>();
  std::vector<Step> Steps;
  forEachStep(
      Body, [&](unsigned Point) { return Point == 0 ? std::optional<ObjectId>(6) : std::nullopt; },
      [&](const Step &S) { Steps.push_back(S); });
  ASSERT_EQ(Steps.size(), 7u);
  ASSERT_EQ(Steps[4].Point, 1u);
  EXPECT_EQ(Steps[4].InScope, (std::vector<ObjectId>{6}));
  EXPECT_TRUE(Steps[6].InScope.empty());
}

TEST(Steps, ADestroyNodeEndsATemporary) {
  LoweredBody Body;
  Body.Root = std::make_shared<BlockNode>();
  auto &Spill = Body.Root->add<SpillNode>();
  Spill.Object = 4;
  Body.Root->add<DestroyNode>().Objects = {4};
  Body.Root->add<StatementNode>();
  std::vector<Step> Steps = stepsOf(Body);
  ASSERT_EQ(Steps.size(), 3u);
  EXPECT_EQ(Steps[1].InScope, (std::vector<ObjectId>{4}));
  EXPECT_TRUE(Steps[2].InScope.empty());
}

TEST(Steps, AValueSpilledInABranchOutlivesTheBranch) {
  // c ? co_await a : b: each branch spills the value, used after the if.
  LoweredBody Body;
  Body.Root = std::make_shared<BlockNode>();
  auto &If = Body.Root->add<IfNode>();
  If.Then = std::make_unique<BlockNode>();
  If.Then->add<SpillNode>().Object = 5;
  If.Else = std::make_unique<BlockNode>();
  If.Else->add<SpillNode>().Object = 5;
  Body.Root->add<StatementNode>();
  Body.Root->add<DestroyNode>().Objects = {5};
  Body.Root->add<StatementNode>();
  std::vector<Step> Steps = stepsOf(Body);
  ASSERT_EQ(Steps.size(), 6u);
  EXPECT_TRUE(Steps[2].InScope.empty()); // the else path: not built yet
  EXPECT_EQ(Steps[2].Declared, (std::vector<ObjectId>{5}));
  EXPECT_EQ(Steps[3].InScope, (std::vector<ObjectId>{5})); // read after the if
  EXPECT_TRUE(Steps[5].InScope.empty());
}

TEST(Code, PiecesKeepTheirOrder) {
  Code C;
  C.literal("f(").object(2).literal(", ").awaitValue(1).literal(")");
  Code P = C.parenthesized();
  ASSERT_EQ(P.Pieces.size(), 7u);
  EXPECT_EQ(P.Pieces.front().Text, "(");
  EXPECT_EQ(P.Pieces[2].PieceKind, Code::Piece::Kind::Object);
  EXPECT_EQ(P.Pieces[4].Point, 1u);
}

} // namespace
} // namespace unawait
