//===- ParenListInit.h - C++20's Agg(a, b) spelled in C++17 ----------------===//
//
// C++20's parenthesized aggregate initialization `Agg(a, b)` has no C++17
// spelling but a braced list `Agg{a, b}`, which initialises the same
// elements in the same order ([dcl.init.general]/16.6.2.2). Two things
// differ, and the rewrite handles both: a braced list rejects narrowing
// conversions (they are written as casts), and it extends the lifetime of a
// temporary bound to a reference member, which parentheses do not (such an
// element is passed through unawait::detail::unextended, whose parameter
// the temporary is bound to instead, so that it ends with the
// full-expression again).
//
// In a template's pattern Sema has not decided yet: `T x(a, b)` and
// `Agg(a, b)` with dependent arguments are a ParenListExpr or a
// CXXUnresolvedConstructExpr, a constructor call in one instance and an
// aggregate's initialization in another. The rewrite emits the pattern
// once, so it decides from the instances clang made: braces where every
// instance initialises an aggregate, as written where none does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/Unsupported.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace unawait {

/// What the C++17 spelling of an initialization `(e0, e1, ...)` changes.
struct BracedSpelling {
  /// The element index and the type its cast converts to.
  std::vector<std::pair<unsigned, std::string>> Casts;
  /// The element index and the reference member's type, for the elements
  /// that bind a reference member to a temporary (or to part of one): C++20
  /// ends such a temporary with the full-expression ([class.temporary]/6),
  /// a braced list would extend it unless the element goes through
  /// `unawait::detail::unextended<Type>(...)`.
  std::vector<std::pair<unsigned, std::string>> Unextended;
};

/// The paren-list initializations of a template's instances, found by the
/// closing parenthesis their pattern shares with them.
class InstanceParenLists {
public:
  explicit InstanceParenLists(llvm::ArrayRef<const clang::FunctionDecl *> Instances);

  /// How the pattern's `Agg(e0, e1, ...)` closing at \p RParen is written in
  /// C++17: nothing if no instance initialises an aggregate there (a
  /// constructor call, written as is); braces, with the casts, if every
  /// instance does; an error otherwise. \p Aggregate spells the type the
  /// pattern writes (for the casts of a dependent one); \p Elements is the
  /// number of elements written.
  struct Decision {
    bool Braced = false;
    BracedSpelling Spelling;
    std::optional<Unsupported> Rejected;
    clang::SourceLocation RejectedAt;
  };
  Decision decide(clang::SourceLocation RParen, clang::QualType Aggregate,
                  const std::string &AggregateSpelling, unsigned Elements,
                  const clang::ASTContext &Context) const;

private:
  unsigned Count = 0;
  llvm::DenseMap<clang::SourceLocation, std::vector<const clang::CXXParenListInitExpr *>>
      ByRParen;
};

/// What a braced list needs for \p List's elements to mean what they mean
/// in parentheses: a cast for each scalar element converted from another
/// type (narrowing in a braced list, allowed in parentheses), to its
/// element's type; unextended<> for each temporary bound to a reference.
BracedSpelling bracedSpelling(const clang::CXXParenListInitExpr *List,
                       const clang::ASTContext &Context);

} // namespace unawait
