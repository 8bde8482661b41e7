//===- StateMachineEmitter.h - the generated future class ----------------===//
//
// Turns the model of one annotated async function into C++17 source: a class
// `<name>_future` with `using output_type = T;`, a constructor taking the
// parameters, and `Poll<T> poll(Context &)`, and the function rewritten to
// build it. The shape of poll():
//
//   switch (state_) { case State::SuspendN: goto resume_SuspendN; ... }
//   { the body, with each co_await split into
//       before: construct the awaited future in the frame; state_ = SuspendN;
//       resume_SuspendN: poll it; return Pending if pending; use the value;
//                        destroy it }
//   done: destroy what the frame holds; return Ready(result);
//
// Statements between suspension points are the user's own text, with kept
// objects renamed to their members. Each block is cut into chunks at its
// resume points; a chunk that declares ordinary locals gets its own braces so
// that no resume jump crosses an initialisation.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"
#include <optional>
#include <string>

namespace unawait {

struct EmitOptions {
  /// Emit `#line` directives so that compiler errors and debuggers point at
  /// the original source.
  bool LineDirectives = false;
  /// Emit static_assert(sizeof(...) == N) after every generated class.
  bool SizeAsserts = false;
  /// The name `#line` gives the main file (its path as the command line
  /// spelled it); empty: the name clang opened it by (made absolute by
  /// clang's tools). A `#line` of the user's own is followed as written.
  std::string MainFileName;
  /// The threads formatting the generated code may use.
  unsigned FormatThreads = 1;
};

/// `#line N "file"` for \p Loc (its expansion), with \p Options' name for
/// the main file.
std::string lineDirective(clang::SourceLocation Loc, const clang::SourceManager &SM,
                          const EmitOptions &Options);

struct EmittedFunction {
  /// For a member function defined outside its class (or after it): the
  /// class's declaration, inserted in the class before the function's
  /// declaration.
  std::string ClassDeclaration;
  /// The class, inserted before the function.
  std::string ClassDefinition;
  /// Replaces the return type: the class, or the boxed unawait::Async<T>
  /// when the function is declared separately.
  std::string ReturnType;
  /// Replaces the body: builds the class.
  std::string FactoryBody;
  /// For a function whose class is defined after its class
  /// (AsyncFunctionModel::DefinedAfter): the function's definition there,
  /// after the class's; the body in the class becomes `;`.
  std::string DefinitionAfterClass;
};

/// `static_assert(sizeof(<class>) == N && alignof(<class>) == A, ...)`: the
/// report's size of \p Model, checked by the compiler in use.
std::string sizeAssertion(const AsyncFunctionModel &Model);

/// Emits one function (a template's class template; not an instance). Reports what cannot be emitted; returns nothing then.
std::optional<EmittedFunction> emitStateMachine(const AsyncFunctionModel &Model,
                                                const ModelRegistry &Models,
                                                clang::ASTContext &Context,
                                                DiagnosticReporter &Diags,
                                                const EmitOptions &Options);

} // namespace unawait
