//===- AsyncFunctionFinder.h - find annotated async functions ------------===//
//
// An *annotated async function* carries UNAWAIT_ASYNC (which the runtime
// defines as [[clang::annotate("unawait.async")]] under clang), returns
// unawait::Async<T> and is a coroutine. Coroutines without the annotation are
// left alone. An annotated function that is not an Async<T> coroutine is an
// error at its location.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Frontend/Diagnostics.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
}

namespace unawait {

/// The annotation string UNAWAIT_ASYNC expands to.
inline constexpr llvm::StringLiteral AsyncAnnotation = "unawait.async";

/// An annotated async function defined in the main file.
struct AsyncFunction {
  const clang::FunctionDecl *Definition = nullptr;
  /// T in unawait::Async<T>.
  clang::QualType OutputType;
  /// The rewrite keeps the boxed unawait::Async<T> signature: the function
  /// is declared before its definition, so other translation units may call
  /// it through that declaration, or it is virtual, so overrides return
  /// the same type.
  bool BoxedSignature = false;
  /// A member function defined outside its class (or holding an annotated
  /// lambda): the generated class is declared in the class, before \c
  /// InClassDeclaration, and defined before the definition.
  const clang::CXXMethodDecl *InClassDeclaration = nullptr;
  /// For an annotated lambda, the declaration around it (through any
  /// lambdas around it): the function whose body holds it, or, outside a
  /// function, the variable, static data member or data member whose
  /// initializer does; null elsewhere (a default argument). The generated
  /// class goes where that function's would (before the declaration, in its
  /// class for a member), and is named for it.
  const clang::DeclaratorDecl *Enclosing = nullptr;
  /// For an annotated lambda inside the body of an annotated function (or
  /// of another annotated lambda): the innermost of them. Its rewrite
  /// prints the lambda, the lambda's annotation, return type and body
  /// filled in from the lambda's own rewrite (the lambda is analysed
  /// first: the function's awaits nest its class).
  const clang::FunctionDecl *AsyncAround = nullptr;
  const clang::FunctionDecl *enclosingFunction() const {
    return llvm::dyn_cast_or_null<clang::FunctionDecl>(Enclosing);
  }
  /// The declaration the generated class goes before: the function, or
  /// the declaration around an annotated lambda.
  const clang::DeclaratorDecl *placedBefore() const {
    return Enclosing ? Enclosing : Definition;
  }
  /// Defined in a header, not in the main file: the header's own rewrite
  /// emits its class, and callers in the main file nest that class inline
  /// instead of boxing the call. Only a function the header's rewrite gives
  /// the same class name is external (see isExternalCandidate).
  bool External = false;
  bool isLambda() const {
    const auto *Method = llvm::dyn_cast<clang::CXXMethodDecl>(Definition);
    return Method && Method->getParent()->isLambda();
  }
};

/// True if \p D carries UNAWAIT_ASYNC.
bool isAnnotatedAsync(const clang::Decl *D);

/// T if \p Type is unawait::Async<T>, nothing otherwise.
std::optional<clang::QualType> asyncOutputType(clang::QualType Type);

/// True if \p Type is unawait::Async<T>, also with a dependent T (in a
/// template, through an alias template that forwards it).
bool isAsyncType(clang::QualType Type);

/// True for an annotated async function defined in a header (not a system
/// header) that the header's own rewrite turns into a class callers can
/// name: a namespace-scope function or function template, or a member defined
/// in a named class or class template at namespace scope and not virtual (in a
/// class template, not a member template); without an earlier declaration.
/// Also a namespace-scope function (not a template) declared before its
/// definition: its header's rewrite keeps the unawait::Async<T> signature
/// (BoxedSignature), so that callers box it, but its frame is measured, and
/// their reports give the boxed frame's size.
bool isExternalCandidate(const clang::FunctionDecl *FD,
                         const clang::SourceManager &SM);

/// Calls \p Visit with every annotated async function defined in the main
/// file, and with the external ones its traversal scope holds (marked
/// External; never reported), in source order, except that the annotated
/// lambdas inside an annotated function come before it (innermost first):
/// its awaits of them nest their classes. Annotated functions that are not
/// Async<T> coroutines are reported as errors, in the same order, and
/// skipped: so the errors of the whole analysis come out in source order
/// (those of such lambdas before their function's).
void forEachAsyncFunction(clang::ASTContext &Context, DiagnosticReporter &Diags,
                          llvm::function_ref<void(const AsyncFunction &)> Visit);

} // namespace unawait
