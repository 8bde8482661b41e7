// The lowering of small async functions: the lowered body (its dump), the
// suspension points and the frame objects the analysis decided.
#include "Analysis/AsyncFunctionModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

namespace unawait {
namespace {

using namespace clang;

/// Parses an annotated program against the runtime and analyses it.
class Analysed {
public:
  explicit Analysed(const std::string &Code)
      : Unit(tooling::buildASTFromCodeWithArgs(
            "#include <unawait/unawait.hpp>\n" + Code,
            {"-std=c++20", "-I" UNAWAIT_RUNTIME_INCLUDE})),
        Diags(Unit->getDiagnostics()) {
    Ok = analyzeTranslationUnit(Unit->getASTContext(), Diags, Models);
  }
  const AsyncFunctionModel &model(llvm::StringRef Name) const {
    for (const AsyncFunctionModel &Model : Models.models())
      if (Model.Name == Name)
        return Model;
    ADD_FAILURE() << "no model of " << Name.str();
    return Models.models().front();
  }
  bool Ok = false;

private:
  std::unique_ptr<ASTUnit> Unit;
  DiagnosticReporter Diags;
  ModelRegistry Models;
};

const char *Future = R"(
  struct Once {
    using output_type = int;
    int value;
    unawait::Poll<int> poll(unawait::Context &) { return unawait::ready(value); }
  };
  struct Guard { ~Guard(); };
)";

TEST(Lowering, StatementsAwaitsAndScopeEnds) {
  Analysed A(std::string(Future) + R"(
    UNAWAIT_ASYNC unawait::Async<int> f(int n) {
      Guard g;
      int a = co_await Once{n};
      co_return a;
    })");
  ASSERT_TRUE(A.Ok);
  const AsyncFunctionModel &M = A.model("f");
  std::string Dump = dumpLoweredBody(M.Body);
  // declare g; await (awaitee built, ended at once: trivial); declare a; return.
  EXPECT_NE(Dump.find("declare $1"), std::string::npos) << Dump;
  EXPECT_NE(Dump.find("await @0"), std::string::npos) << Dump;
  EXPECT_NE(Dump.find("return"), std::string::npos) << Dump;
  ASSERT_EQ(M.Points.size(), 1u);
  EXPECT_TRUE(M.object(1).Kept); // g: a destructor, crossed by the resume
  EXPECT_FALSE(M.object(M.ObjectOfVar.begin()->second).Scratch);
}

TEST(Lowering, AnAwaitingConditionIsTestedThroughAScratchValue) {
  Analysed A(std::string(Future) + R"(
    UNAWAIT_ASYNC unawait::Async<int> f() {
      if (co_await Once{1}) {
        co_await Once{2};
      }
      co_return 0;
    })");
  ASSERT_TRUE(A.Ok);
  const AsyncFunctionModel &M = A.model("f");
  bool Scratch = false;
  for (const FrameObject &Object : M.Objects)
    Scratch = Scratch || (Object.Scratch && !Object.Kept);
  EXPECT_TRUE(Scratch);
  EXPECT_NE(dumpLoweredBody(M.Body).find("spill"), std::string::npos);
}

TEST(Lowering, WhatIsEvaluatedBeforeAnAwaitIsSpilled) {
  Analysed A(std::string(Future) + R"(
    int global;
    int f2(int, int);
    UNAWAIT_ASYNC unawait::Async<int> f() {
      co_return f2(global, co_await Once{1});
    })");
  ASSERT_TRUE(A.Ok);
  const AsyncFunctionModel &M = A.model("f");
  bool Spilled = false;
  for (const FrameObject &Object : M.Objects)
    Spilled = Spilled || (Object.Kind == ObjectKind::Temporary && Object.TemporaryOf);
  EXPECT_TRUE(Spilled) << dumpLoweredBody(M.Body);
}

TEST(Lowering, AStableLocalIsReadAfterTheAwait) {
  Analysed A(std::string(Future) + R"(
    UNAWAIT_ASYNC unawait::Async<int> f(int x) {
      co_return x + co_await Once{1};
    })");
  ASSERT_TRUE(A.Ok);
  for (const FrameObject &Object : A.model("f").Objects)
    EXPECT_FALSE(Object.TemporaryOf) << Object.SourceName;
}

TEST(Lowering, ATryBlockIsABarrier) {
  Analysed A(std::string(Future) + R"(
    UNAWAIT_ASYNC unawait::Async<int> f() {
      try {
        co_await Once{1};
      } catch (...) {
      }
      co_return 0;
    })");
  ASSERT_TRUE(A.Ok);
  const AsyncFunctionModel &M = A.model("f");
  EXPECT_TRUE(M.Body.HasBarriers);
  std::string Dump = dumpLoweredBody(M.Body);
  EXPECT_NE(Dump.find("try entry enter_try_1"), std::string::npos) << Dump;
  EXPECT_NE(Dump.find("body barrier"), std::string::npos) << Dump;
}

TEST(Lowering, AJumpLeavingAKeptObjectKeepsTheOrdinaryOnesItLeaves) {
  Analysed A(std::string(Future) + R"(
    UNAWAIT_ASYNC unawait::Async<int> f() {
      while (true) {
        Guard kept;
        co_await Once{1};
        Guard ordinary;
        break;
      }
      co_return 0;
    })");
  ASSERT_TRUE(A.Ok);
  for (const FrameObject &Object : A.model("f").Objects) {
    if (Object.SourceName == "ordinary") {
      EXPECT_TRUE(Object.Kept);
    }
  }
}

TEST(Lowering, GeneratedNamesAvoidWhatTheFunctionSpells) {
  Analysed A(std::string(Future) + R"(
    struct Live {};
    UNAWAIT_ASYNC unawait::Async<int> f(int cx) {
      Live state_;
      co_await Once{cx};
      co_return 0;
    })");
  ASSERT_TRUE(A.Ok);
  const AsyncFunctionModel &M = A.model("f");
  EXPECT_NE(M.Names.Live, "Live");
  EXPECT_NE(M.Names.Context, "cx");
  EXPECT_NE(M.Names.StateMember, "state_");
}

} // namespace
} // namespace unawait
