// What a lambda captures, in a template's pattern too (LambdaCaptures.h).
#include "Analysis/LambdaCaptures.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

namespace unawait {
namespace {

using namespace clang;

/// Parses \p Code and describes the captures of the lambda initialising
/// the variable `probe` in the first function (a template's pattern when
/// the function is a template): "=name" by copy, "&name" by reference,
/// "this".
std::vector<std::string> capturesOfProbe(const std::string &Code) {
  std::unique_ptr<ASTUnit> Unit = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++20"});
  struct Finder : RecursiveASTVisitor<Finder> {
    bool VisitVarDecl(VarDecl *Var) {
      if (Var->getName() == "probe" && !Found)
        Found = cast<LambdaExpr>(Var->getInit()->IgnoreImplicit());
      return true;
    }
    const LambdaExpr *Found = nullptr;
  } Search;
  Search.TraverseDecl(Unit->getASTContext().getTranslationUnitDecl());
  std::vector<std::string> Described;
  for (const LambdaCapture &Capture : lambdaCaptures(*Search.Found))
    Described.push_back(Capture.capturesThis() ? "this"
                        : (Capture.getCaptureKind() == LCK_ByRef ? "&" : "=") +
                              Capture.getCapturedVar()->getName().str());
  return Described;
}

using Texts = std::vector<std::string>;

TEST(LambdaCaptures, OutsideTemplatesAreClangs) {
  EXPECT_EQ(capturesOfProbe("int f(int a, int b) { auto probe = [=] { return b + a; }; "
                            "return probe(); }"),
            (Texts{"=b", "=a"}));
}

TEST(LambdaCaptures, ATemplatesCopiesAreCompletedInTheOrderOfFirstUse) {
  EXPECT_EQ(capturesOfProbe("template <class T> int f(T a, int n) { T b = a; int c = n;"
                            "  auto probe = [=] { return b + c + a + b; }; return probe(); }"
                            "int g() { return f(1, 2); }"),
            (Texts{"=b", "=c", "=a"}));
}

TEST(LambdaCaptures, ATemplatesReferencesFollowTheDefault) {
  EXPECT_EQ(capturesOfProbe("template <class T> int f(T a) { int c = 1;"
                            "  auto probe = [&] { c += a; return c; }; return probe(); }"),
            (Texts{"&c", "&a"}));
}

TEST(LambdaCaptures, ExplicitCapturesComeFirstAndAreNotRepeated) {
  EXPECT_EQ(capturesOfProbe("template <class T> int f(T a, T b) {"
                            "  auto probe = [=, &b] { return a + b; }; return probe(); }"),
            (Texts{"&b", "=a"}));
}

TEST(LambdaCaptures, UnevaluatedOperandsCaptureNothing) {
  EXPECT_EQ(capturesOfProbe("template <class T> int f(T a, T b) {"
                            "  auto probe = [=] { decltype(b) c = a; return sizeof(b) + c; };"
                            "  return probe(); }"),
            (Texts{"=a"}));
}

TEST(LambdaCaptures, ANonDependentConstantIsReadInPlace) {
  EXPECT_EQ(capturesOfProbe("template <class T> int f(T a) { const int k = 4; const T t = a;"
                            "  auto probe = [=] { return k + t; }; return probe(); }"),
            (Texts{"=t"}));
}

TEST(LambdaCaptures, ANestedLambdasNamesAreCapturedToo) {
  EXPECT_EQ(capturesOfProbe("template <class T> int f(T a) {"
                            "  auto probe = [=] { return [a] { return a; }(); }; return probe(); }"),
            (Texts{"=a"}));
}

TEST(LambdaCaptures, TheLambdasOwnLocalsAreNotCaptures) {
  EXPECT_EQ(capturesOfProbe("template <class T> int f(T a) {"
                            "  auto probe = [&] { T own = a; return [&] { return own; }(); };"
                            "  return probe(); }"),
            (Texts{"&a"}));
}

TEST(LambdaCaptures, ThisComesFromClang) {
  EXPECT_EQ(capturesOfProbe("template <class T> struct S { T m; int f(int a) {"
                            "  auto probe = [&] { return m + a; }; return probe(); } };"),
            (Texts{"this", "&a"}));
}

} // namespace
} // namespace unawait
