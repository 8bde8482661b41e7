//===- SourceText.h - the body's source text, adjusted for the frame -----===//
//
// Most of a generated poll() is the user's own source text. This class holds
// a set of replacements over the input in which:
//   - every reference to a kept object names its member ("buf" -> "g1.buf";
//     a kept reference, stored as a pointer, reads "(*r)");
//   - every co_await is replaced by the value its poll produced
//     ("std::move(polled).value()"), for the statements that use it;
//   - every co_return becomes "result.emplace(...); goto done;";
//   - every break or continue that leaves kept objects with destructors
//     destroys them first;
//   - a call to a rewritten async function nested inside an awaited
//     expression (`co_await join(f(), g())`) is boxed as unawait::Async<T>,
//     so that the expression keeps the type clang gave it, which the frame
//     member is declared with. Only a call awaited directly nests inline.
// The emitter asks for the rewritten text of any statement or expression:
// the original text with every replacement that lies inside it applied (the
// outermost one where they nest, so an await's operand reads with its
// references renamed while the statement around it reads with the await
// replaced). clang::Rewriter cannot answer for such nested sub-ranges: its
// getRewrittenText() cuts replacements that end where the range ends.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include <map>

namespace unawait {

class SourceText {
public:
  SourceText(const AsyncFunctionModel &Model, const ModelRegistry &Models,
             clang::ASTContext &Context, DiagnosticReporter &Diags);

  /// The rewritten text of an expression (or any node, without a trailing
  /// semicolon).
  std::string of(const clang::Stmt *S) const;

  /// The rewritten text of a source range.
  std::string range(clang::SourceRange Range) const;

  /// The rewritten text of a statement, with its semicolon.
  std::string statement(const clang::Stmt *S) const;

  /// The text that destroys a kept object and clears its live bit, or an
  /// empty string for an object without a destructor.
  std::string destroy(const FrameObject &Object) const;

  /// How poll() names a kept object: its access path, read through the
  /// pointer when it is stored as one.
  static std::string name(const FrameObject &Object);

  /// The comments written between \p From and the start of \p S, each on
  /// its own line: the emitter keeps them in front of the statement.
  std::string commentsBefore(const clang::Stmt *S, clang::SourceLocation From) const;

  /// Where a statement ends, its semicolon included.
  clang::SourceLocation endOf(const clang::Stmt *S) const;

  /// The poll result's value as an expression: "std::move(polled).value()".
  std::string polledValue() const;
  /// The label before the await in a do loop's condition: where its
  /// `continue` statements go.
  static std::string continueLabel(const SuspensionPoint &Condition);

  /// The initializer of a variable as written: "", "(...)" or "{...}", with
  /// the replacements applied.
  std::string initializer(const clang::VarDecl *Var) const;

  /// False if some reference could not be rewritten (reported).
  bool ok() const { return Ok; }

  /// True if any co_return was rewritten to jump to the end of poll().
  bool jumpsToDone() const { return JumpsToDone; }

private:
  /// [begin, end) file offsets of a statement or range.
  std::pair<unsigned, unsigned> offsets(clang::SourceRange Range) const;
  std::string render(std::pair<unsigned, unsigned> Range) const;
  clang::SourceRange withSemicolon(const clang::Stmt *S) const;
  void replace(clang::SourceRange Range, std::string Text);
  /// Inserts \p Text before the character at \p Loc.
  void insert(clang::SourceLocation Loc, std::string Text);
  void replaceReferences(const clang::Stmt *Body);
  void replaceAwaits();
  void boxNestedAsyncCalls();
  void replaceReturnsAndJumps(const clang::Stmt *Body);
  std::string returnText(const clang::CoreturnStmt *Return) const;

  const AsyncFunctionModel &Model;
  const ModelRegistry &Models;
  clang::ASTContext &Context;
  DiagnosticReporter &Diags;
  clang::SourceManager &SM;
  /// The main file's text.
  llvm::StringRef Source;
  /// Start offset -> (end offset, text); starts are unique (nested
  /// replacements start strictly inside their parent or end before it).
  std::multimap<unsigned, std::pair<unsigned, std::string>> Replacements;
  bool Ok = true;
  bool JumpsToDone = false;
};

} // namespace unawait
