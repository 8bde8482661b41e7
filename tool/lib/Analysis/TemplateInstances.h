//===- TemplateInstances.h - what a call to an annotated function builds --===//
//
// In the rewritten program a call to an annotated function returns its
// generated class, and a call to an annotated function template returns an
// instance of the generated class template. The instance's arguments are
// those the rewritten program deduces: where an argument of the call is
// itself a call to an annotated function, its generated class, not the
// Async<T> clang deduced for the unrewritten program.
//
// The model of an instance is the template's model measured again with the
// arguments' sizes. The template's layout tree (the member order the class
// template declares) is kept; only sizes and offsets change, exactly as the
// compiler lays out the instantiated class.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include <optional>

namespace unawait {

/// The model of the class that \p E builds in the rewritten program, when E
/// is a call to an annotated function defined without a separate
/// declaration; nullptr otherwise. For a function template, the instance
/// model, added to \p Models the first time. Returns nothing after
/// reporting an instance that cannot be measured.
std::optional<const AsyncFunctionModel *>
generatedModelOf(const clang::Expr *E, ModelRegistry &Models,
                 clang::ASTContext &Context, DiagnosticReporter &Diags);

/// Adds the instances built outside annotated functions, so that a template
/// used only by unannotated code is reported too: those of the calls in the
/// main file (deduced as for an await), then those clang instantiated with
/// arguments that are the same in the rewritten program (none is an
/// unawait::Async<T>, which may stand for a generated class there). Returns
/// false after reporting an instance that cannot be measured.
bool addUnrewrittenInstances(ModelRegistry &Models, clang::ASTContext &Context,
                             DiagnosticReporter &Diags);

/// The instantiations clang made of a function template, or of a member
/// function of a class template (with their bodies).
std::vector<const clang::FunctionDecl *>
clangInstances(const AsyncFunctionModel &Template);

/// The expressions written where \p Pattern, an expression of the
/// template, is, in the instantiations clang made of it (the outermost one
/// at that source range).
std::vector<const clang::Expr *> clangInstancesOf(const AsyncFunctionModel &Template,
                                                  const clang::Expr *Pattern);

/// The size and alignment of unawait::detail::pack of elements of these
/// sizes and alignments (runtime/include/unawait/detail/pack.hpp fixes its
/// layout: each element's head, then a struct of the rest).
std::pair<uint64_t, uint64_t>
packLayout(llvm::ArrayRef<std::pair<uint64_t, uint64_t>> Elements);

/// The calls whose generated classes make up the class \p E builds: E
/// itself and, for a function template, its arguments that deduce a
/// generated class, recursively. The rewrite leaves them as written; other
/// calls to annotated functions nested in an awaited operand are boxed into
/// Async<T>, the type clang saw.
std::vector<const clang::CallExpr *>
generatingCalls(const clang::Expr *E, const ModelRegistry &Models);

} // namespace unawait
