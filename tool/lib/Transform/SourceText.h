//===- SourceText.h - print the lowered body's code -----------------------===//
//
// Most of a generated poll() is the user's own source text with the holes
// the lowering decided (LoweredBody.h) filled in: a kept object's member, an
// await's value, a jump that destroys what it leaves, and so on. This class
// prints a Code or any range of the main file that way: the outermost hole
// inside the range wins where holes nest, so that an await's operand prints
// with its references renamed while the statement around it prints the
// await's value. clang::Rewriter cannot answer for such nested sub-ranges:
// its getRewrittenText() cuts replacements that end where the range ends.
//
// It decides nothing: how a frame object is named comes from the layout and
// naming of the model, everything else from the lowered body.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"

namespace unawait {

class SourceText {
public:
  SourceText(const AsyncFunctionModel &Model, clang::ASTContext &Context);

  /// The printed form of \p C.
  std::string print(const Code &C) const { return print(C, {}); }

  /// How poll() names frame object \p Id: its member (read through the
  /// pointer when stored as one), a scratch local, or its source name.
  std::string name(ObjectId Id) const;

  /// "live_ &= ~Live::x; unawait::detail::destroy(x); " for a kept object
  /// with a destructor (checking the live bit first when it may not have
  /// been constructed), "" otherwise.
  std::string destroy(ObjectId Id) const;

  /// break / continue / goto, after what it destroys; in braces when it
  /// replaces a statement in the user's text (\p Braced).
  std::string jump(const JumpNode &Jump, bool Braced = true) const;

  /// co_return: the value into the result, then to the end of poll().
  std::string returnStatement(const ReturnNode &Return, bool Braced = true) const;

  /// The value of a completed await.
  std::string awaitValue(unsigned Point) const;

  /// The main file's offsets of a token range.
  TextRange fileRange(clang::SourceRange Range) const;

  /// The main file's text of a range, holes filled in.
  std::string range(TextRange Range) const { return range(Range, {}); }

  /// The type of frame object \p Id as the generated class declares it:
  /// its spelling, or for one whose type depends on template arguments
  /// (FrameObject::SpelledAs), decltype of its expression printed
  /// unevaluated: the frame objects it reads as std::declval of their
  /// types, since the class cannot name poll()'s locals.
  /// The type a placement new-expression names to build object \p Id: its
  /// typeOf, except for the array kept for a braced list in a template,
  /// `E[N]` (clang 19 does not build an array through the alias template
  /// unawait::detail::c_array<E, N> when E is dependent).
  std::string newType(ObjectId Id) const;
  std::string typeOf(ObjectId Id) const;

  /// What the alias FrameObject::TypeAlias of object \p Id stands for:
  /// decltype((initializer)). The objects whose aliases it names are added
  /// to \p Uses (the class declares theirs first).
  std::string typeAliasDefinition(ObjectId Id, std::vector<ObjectId> &Uses) const;

private:
  /// Holes not filled in: those whose own replacement is being printed
  /// (it prints the text underneath).
  using Excluded = llvm::SmallVector<int, 4>;
  std::string print(const Code &C, const Excluded &Except) const;
  std::string range(TextRange Range, const Excluded &Except) const;
  std::string fill(const Hole &H, int Index, const Excluded &Except) const;
  /// In an unevaluated operand (typeOf): std::declval for what a hole names.
  std::string fillUnevaluated(const Hole &H, const Excluded &Inner) const;
  /// std::declval of what names frame object \p Id, unevaluated.
  std::string unevaluatedObject(ObjectId Id, bool AsXvalue) const;
  /// For an object spelled as its expression: that expression's type.
  std::string expressionType(ObjectId Id) const;
  /// For a variable whose type only the instance knows
  /// (FrameObject::DeducedFrom): decltype of it, and its member's type.
  std::string declaredType(ObjectId Id) const;
  /// Deduced::Declared with decltype((initializer)) for its "$".
  std::string declaredElementType(ObjectId Id) const;
  /// decltype((initializer)) of such a variable: its alias when the class
  /// declares one.
  std::string initializerType(ObjectId Id) const;
  /// decltype((initializer)), spelled out.
  std::string initializerDecltype(ObjectId Id) const;
  std::string storedDeducedType(ObjectId Id) const;

  const AsyncFunctionModel &Model;
  clang::ASTContext &Context;
  llvm::StringRef Source;
  /// Hole indices by start, then the outermost (longest, then the latest
  /// added) first.
  std::vector<unsigned> Order;
  /// Set while typeOf prints an unevaluated operand.
  mutable bool Unevaluated = false;
  /// Set while typeAliasDefinition prints: where the aliases it names go.
  mutable std::vector<ObjectId> *AliasUses = nullptr;
};

} // namespace unawait
