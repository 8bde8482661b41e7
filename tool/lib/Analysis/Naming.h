//===- Naming.h - names and type spellings in generated code -------------===//
//
// Generated code is read by people, so kept objects keep their source names
// where they can. A member is renamed (name_1, name_2...) only when two kept
// objects share a name, or when the body also uses the name for something
// else that the member would hide inside poll(). The names the generated
// class declares for itself (its state enum, live bits, poll()'s locals)
// avoid every identifier the function spells, so that no user name is
// captured or hidden.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include "clang/AST/ASTContext.h"
#include <set>
#include <string>

namespace unawait {

/// The type with `auto` and class template argument deduction resolved, its
/// names fully qualified, so that generated code can spell it at namespace
/// scope.
clang::QualType spellableType(clang::QualType Type, const clang::ASTContext &Context);

/// True if \p Type contains a placeholder (`auto`, `decltype(auto)`) only a
/// template's instances deduce: generated code cannot spell it from the type.
bool undeducedPlaceholder(clang::QualType Type);

/// How generated code spells \p Type (a type-id).
std::string spellType(clang::QualType Type, const clang::ASTContext &Context);

/// The name generated code gives a template parameter: its own, or for one
/// a generic lambda invented for an `auto` parameter (which C++17 cannot
/// name, and clang calls "auto:1"), "auto_1".
std::string templateParameterName(const clang::NamedDecl *Param);

/// \p Text (source text quoted in a diagnostic, a report or a comment) on
/// one line: each run of whitespace, newlines included, one space.
std::string oneLine(llvm::StringRef Text);

/// A declaration of \p Name with \p Type: "int buf[16]", "int (*p)[4]".
std::string declareName(clang::QualType Type, llvm::StringRef Name,
                        const clang::ASTContext &Context);

/// Why generated code at namespace scope cannot name \p Type (a lambda, a
/// class local to a function), or an empty string when it can. Code
/// nested in a local class of \p Inside names the other local classes of
/// that function.
std::string unnameableReason(clang::QualType Type,
                             const clang::DeclContext *Inside = nullptr);

/// The identifiers spelled in the source text of \p Range, with counts.
std::map<std::string, unsigned> identifierCounts(clang::SourceRange Range,
                                                 const clang::ASTContext &Context);

/// The identifiers a function's definition spells (template header,
/// signature and body), or a variable's declaration (its initializer too).
std::map<std::string, unsigned> functionIdentifiers(const clang::DeclaratorDecl *D,
                                                    const clang::ASTContext &Context);

/// Gives every kept object a member name and an access path (after layout),
/// and picks names for poll()'s own locals that do not clash with the body.
void nameFrame(AsyncFunctionModel &Model, const clang::ASTContext &Context);

} // namespace unawait
