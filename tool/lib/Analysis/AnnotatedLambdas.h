//===- AnnotatedLambdas.h - what an annotated lambda's rewrite needs ------===//
//
// An *annotated lambda* is a lambda whose call operator carries
// UNAWAIT_ASYNC. Its generated class cannot be nested in the closure type
// (which has no name), so it goes where the *enclosing function*'s would (at
// namespace scope before it, or in its class for a member function), or,
// outside a function, before the variable or data member whose initializer
// holds it (AsyncFunction::Enclosing); it is named
// `<enclosing>_lambda_future`, and the lambda's body becomes
// `return <class>(captures..., parameters...);`.
//
// A *capture* is a frame object like a reference parameter: the future holds
// a pointer to what the lambda's body names (the closure's copy, const
// unless the lambda is mutable, or the captured variable itself), exactly as
// a coroutine lambda reads its captures through the closure. A captured
// structured binding is too; C++17 cannot capture one, so the rewrite spells
// the capture as an init-capture (bindingCaptureName). A captured `this` is the
// frame's `this` object, as in a member function; a captured `*this` is too,
// pointing at the closure's copy.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include "Analysis/Unsupported.h"
#include "Frontend/AsyncFunctionFinder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unawait {

/// Reports why \p Lambda cannot be rewritten, if it cannot: where its class
/// would go, a generic call operator, a capture the frame cannot hold, or a
/// name of the enclosing function the generated class could not see.
bool supportedLambda(const AsyncFunction &Lambda, DiagnosticReporter &Diags);

/// The edits that spell the lambda in C++17 (each replaces a token range):
/// a capture of a structured binding becomes an init-capture
/// (`[b]` -> `[b_capture = b]`, `[&b]` -> `[&b_capture = b]`, `[=]` ->
/// `[=, b_capture = b]`);
/// a template parameter list (`[]<class T>(const T &x)`, which
/// AnnotatedLambdas accepts only when every parameter is deduced as a
/// parameter's whole type) is removed and each of its parameters written
/// `auto` (`[](const auto &x)`). The generated class template keeps the
/// names, so its body reads as written.
std::vector<std::pair<clang::SourceRange, std::string>>
cxx17Spelling(const AsyncFunction &Lambda, const clang::ASTContext &Context);

/// The name of the init-capture that spells \p Lambda's capture of \p
/// Binding: "b_capture" (or "b_capture2"... if the enclosing function spells
/// that), not the binding's own name, which the init-capture would shadow
/// (clang's -Wshadow: generated code is clean under it).
std::string bindingCaptureName(const AsyncFunction &Lambda, const clang::BindingDecl *Binding,
                               const clang::ASTContext &Context);

/// The type of the frame object for \p Capture of \p Call's lambda: an
/// lvalue reference to what the body names.
clang::QualType captureReferenceType(const clang::LambdaCapture &Capture,
                                     const clang::CXXMethodDecl *Call,
                                     clang::ASTContext &Context);

/// The type of `this` in \p Call's body, the frame's `this` object, for a
/// capture of `this` (the enclosing member function's, or a default member
/// initializer's) or of `*this` (a pointer to the closure's copy, const
/// unless the lambda is mutable).
clang::QualType capturedThisType(const clang::LambdaCapture &Capture,
                                 const clang::CXXMethodDecl *Call,
                                 const clang::DeclaratorDecl *Enclosing,
                                 clang::ASTContext &Context);

/// The template parameters of the function template around \p Lambda (a
/// lambda that is not generic, inside a function template or member
/// template): its generated class is a class template over them, declared
/// as the template declares them, so that its members name them as the
/// lambda does. Null elsewhere.
const clang::TemplateParameterList *templateParametersAround(const AsyncFunction &Lambda);

/// The function around the lambda of \p Call, through lambdas around it
/// (in an instance of a template, that instance).
const clang::FunctionDecl *functionAround(const clang::CXXMethodDecl *Call);

/// What the lambda's body builds: its class, with the arguments of the
/// template around it ("run_lambda_future<T, Ns...>"); for a generic
/// lambda the class template, deduced (CTAD).
std::string lambdaClassType(const AsyncFunctionModel &Lambda);

/// What the rewritten lambda returns: its class, or for a generic lambda,
/// which cannot name the class template's invented parameters, `auto`
/// (the class is built through a deduction guide). (The emitter qualifies
/// the class like the declaration around the lambda; inside an annotated
/// function, poll() names it as it is.)
std::string lambdaReturnType(const AsyncFunctionModel &Lambda);

/// True if the future of a call to \p Call (an annotated lambda's call
/// operator) reads the closure: a capture by copy, or of `*this`, is the
/// closure's copy, so the call lets the closure's address escape. (A
/// capture by reference, or of `this`, points past the closure.)
bool futureReadsClosure(const clang::CXXMethodDecl *Call);

/// The lambda \p Var is initialised with (`auto f = [...] {...};`), if it
/// is: a closure, also in a template's pattern, where clang leaves the
/// variable's type undeduced.
const clang::LambdaExpr *closureInitializer(const clang::VarDecl *Var);

/// True if a closure of \p Lambda must be destroyed: a copy it captures
/// (or an init-capture) has a destructor, or a type that depends on
/// template arguments.
bool closureHasDestructor(const clang::LambdaExpr &Lambda);

/// The type of each member a closure of \p Lambda holds, one per capture
/// (lambdaCaptures): the copy's type for a capture by copy (a reference's
/// referent), a pointer for a capture by reference or of `this`. Nothing
/// for a capture of a pack, of `*this`, of a structured binding or of a
/// variable-length array, whose member this version does not spell.
std::optional<std::vector<clang::QualType>> closureMemberTypes(const clang::LambdaExpr &Lambda);

/// The call operator of the annotated lambda (not generic) that \p Call
/// calls through the local closure it initialises (`f(1)` after `auto f =
/// [...] UNAWAIT_ASYNC (int n) ...`): in a template's pattern, clang's
/// call names no callee.
const clang::CXXMethodDecl *annotatedLambdaCalled(const clang::CallExpr &Call);

/// `<enclosing function>::(lambda at line N)`, the name in the report.
std::string lambdaName(const AsyncFunction &Lambda, const clang::SourceManager &SM);

/// `(lambda at line N)`, the last part of lambdaName.
std::string lambdaLocation(const AsyncFunction &Lambda, const clang::SourceManager &SM);

} // namespace unawait
