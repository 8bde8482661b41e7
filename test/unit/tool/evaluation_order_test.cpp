// C++17's sequencing rules, as the rewrite uses them (EvaluationOrder.h).
#include "Analysis/EvaluationOrder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

namespace unawait {
namespace {

using namespace clang;

/// Parses \p Code and finds the initializer of the variable `probe`.
class Probe {
public:
  explicit Probe(const std::string &Code, const char *Std = "-std=c++17")
      : Unit(tooling::buildASTFromCodeWithArgs(Code, {Std})) {
    struct Finder : RecursiveASTVisitor<Finder> {
      bool VisitVarDecl(VarDecl *Var) {
        if (Var->getName() == "probe")
          Found = Var->getInit()->IgnoreImplicit()->IgnoreParens();
        return true;
      }
      const Expr *Found = nullptr;
    } Search;
    Search.TraverseDecl(Unit->getASTContext().getTranslationUnitDecl());
    Init = Search.Found;
  }
  /// The source text of each operand, in the rewrite's order.
  std::vector<std::string> order(EvaluationOrder::Kind *Kind = nullptr) const {
    EvaluationOrder Order = evaluationOrder(Init, marked, Unit->getASTContext());
    if (Kind)
      *Kind = Order.OrderKind;
    std::vector<std::string> Texts;
    const SourceManager &SM = Unit->getSourceManager();
    for (const OrderedOperand &Operand : Order.Operands) {
      SourceRange Range = Operand.E->getSourceRange();
      Texts.push_back(Lexer::getSourceText(CharSourceRange::getTokenRange(Range), SM,
                                           Unit->getLangOpts())
                          .str() +
                      (Operand.Conditional ? "?" : ""));
    }
    return Texts;
  }

private:
  /// Stands in for "contains a co_await": a call to `await`.
  static bool marked(const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        if (Callee->getName() == "await")
          return true;
    for (const Stmt *Child : S->children())
      if (Child && marked(Child))
        return true;
    return false;
  }

  std::unique_ptr<ASTUnit> Unit;
  const Expr *Init = nullptr;
};

const char *Prelude = R"(
  int await(int);
  int f(int, int);
  struct S { S(); S(const S &); ~S(); int m(int); };
  int take(S, int);
  int a, b;
  int *p;
)";

using Texts = std::vector<std::string>;

TEST(EvaluationOrder, AssignmentEvaluatesItsRightSideFirst) {
  Probe P(std::string(Prelude) + "int probe = (a = await(1));");
  EXPECT_EQ(P.order(), (Texts{"await(1)", "a"}));
}

TEST(EvaluationOrder, ShiftsCommasAndSubscriptsGoLeftToRight) {
  EXPECT_EQ(Probe(std::string(Prelude) + "int probe = a << await(1);").order(),
            (Texts{"a", "await(1)"}));
  EXPECT_EQ(Probe(std::string(Prelude) + "int probe = (a, await(1));").order(),
            (Texts{"a", "await(1)"}));
  EXPECT_EQ(Probe(std::string(Prelude) + "int probe = p[await(1)];").order(),
            (Texts{"p", "await(1)"}));
}

TEST(EvaluationOrder, ShortCircuitOperandsAreConditional) {
  EvaluationOrder::Kind Kind;
  EXPECT_EQ(Probe(std::string(Prelude) + "bool probe = a && await(1);").order(&Kind),
            (Texts{"a", "await(1)?"}));
  EXPECT_EQ(Kind, EvaluationOrder::And);
  EXPECT_EQ(Probe(std::string(Prelude) + "bool probe = a || await(1);").order(&Kind),
            (Texts{"a", "await(1)?"}));
  EXPECT_EQ(Kind, EvaluationOrder::Or);
  EXPECT_EQ(Probe(std::string(Prelude) + "int probe = a ? await(1) : b;").order(&Kind),
            (Texts{"a", "await(1)?", "b?"}));
  EXPECT_EQ(Kind, EvaluationOrder::Choice);
}

TEST(EvaluationOrder, UnsequencedOperandsGoLeftToRight) {
  EXPECT_EQ(Probe(std::string(Prelude) + "int probe = a + await(1);").order(),
            (Texts{"a", "await(1)"}));
  EXPECT_EQ(Probe(std::string(Prelude) + "int probe = f(a, await(1));").order(),
            (Texts{"f", "a", "await(1)"}));
}

TEST(EvaluationOrder, AClassValuePassedByValueWaitsForTheAwaits) {
  // S() initialises take's parameter in place: evaluated after the await
  // rather than moved across it.
  EXPECT_EQ(Probe(std::string(Prelude) + "int probe = take(S(), await(1));").order(),
            (Texts{"take", "await(1)", "S()"}));
}

TEST(EvaluationOrder, AClassValueADependentCallBindsToAReferenceKeepsItsPlace) {
  // In a template's pattern, `bind(S(), ...)` depends on `t`: S() is a
  // prvalue there whatever the parameter. Every bind takes it by reference
  // (it is a temporary bound, not a parameter built in place): left to
  // right. A candidate that takes it by value, or a call that may find
  // more candidates by argument-dependent lookup (unqualified), makes it
  // wait for the await.
  std::string Templates = std::string(Prelude) + R"(
    namespace lib {
    template <class... F> int bind(F &&...);
    template <class... F> int copy(F...);
    int copy(const S &, int, int);
    }
    using lib::bind;
  )";
  auto OrderIn = [&](const char *Call) {
    return Probe(Templates + "template <class T> void g(T t) { int probe = " + Call + "; }")
        .order();
  };
  EXPECT_EQ(OrderIn("lib::bind(S(), await(1), t)"),
            (Texts{"lib::bind", "S()", "await(1)", "t"}));
  EXPECT_EQ(OrderIn("lib::copy(S(), await(1), t)"),
            (Texts{"lib::copy", "await(1)", "t", "S()"}));
  EXPECT_EQ(OrderIn("bind(S(), await(1), t)"), (Texts{"bind", "await(1)", "t", "S()"}));
}

TEST(EvaluationOrder, AMemberCallEvaluatesItsObjectFirst) {
  EXPECT_EQ(Probe(std::string(Prelude) + "S s; int probe = s.m(await(1));").order(),
            (Texts{"s.m", "await(1)"}));
}

TEST(EvaluationOrder, BracedListsGoLeftToRight) {
  EXPECT_EQ(Probe(std::string(Prelude) + "int probe[] = {b, await(1)};").order(),
            (Texts{"b", "await(1)"}));
}

TEST(EvaluationOrder, ALambdaEvaluatesItsCapturesLeftToRightNotItsBody) {
  EvaluationOrder::Kind Kind;
  EXPECT_EQ(Probe(std::string(Prelude) + "auto probe = [x = await(1), y = a] { return x + y; };")
                .order(&Kind),
            (Texts{"await(1)", "a"}));
  EXPECT_EQ(Kind, EvaluationOrder::Sequence);
}

TEST(EvaluationOrder, ARewrittenComparisonIsTakenApartInTheOrderOfItsCall) {
  const std::string Types = std::string(Prelude) + R"(
    struct E { bool operator==(const E &) const; bool operator==(int) const; };
    E e(int);
  )";
  EXPECT_EQ(Probe(Types + "bool probe = e(a) != e(await(1));", "-std=c++20").order(),
            (Texts{"e(a)", "e(await(1))"}));
  // `await(1) == e(b)` is `e(b).operator==(await(1))`.
  EXPECT_EQ(Probe(Types + "bool probe = await(1) == e(b);", "-std=c++20").order(),
            (Texts{"e(b)", "await(1)"}));
}

TEST(EvaluationOrder, ANewExpressionAllocatesBeforeItsInitializer) {
  // `new T(init)`: the lowering allocates, then the initializer is the one
  // operand. An array's initializer (its cookie, its elements) and placement
  // arguments are not taken apart.
  EvaluationOrder::Kind Kind;
  EXPECT_EQ(Probe(std::string(Prelude) + "int *probe = new int(await(1));").order(&Kind),
            (Texts{"await(1)"}));
  EXPECT_EQ(Kind, EvaluationOrder::Sequence);
  Probe(std::string(Prelude) + "int *probe = new int[1]{await(1)};").order(&Kind);
  EXPECT_EQ(Kind, EvaluationOrder::Opaque);
  Probe(std::string(Prelude) + "#include <new>\nint *probe = new (p) int(await(1));").order(&Kind);
  EXPECT_EQ(Kind, EvaluationOrder::Opaque);
}

} // namespace
} // namespace unawait
