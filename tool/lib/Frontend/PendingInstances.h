//===- PendingInstances.h - instances of annotated templates clang left out -===//
//
// Clang instantiates a function template's definition only where it is
// odr-used outside templates. A call written inside another template (a
// template's body that is never instantiated, say) names the instance, but
// clang leaves its body out. The rewrite still needs that body: the frame of
// the template that awaits it holds the instance's generated future, whose
// size comes from the instance. So, after the parse, every instance of an
// annotated async function that has no body is instantiated, as clang would
// at the end of the translation unit, until none is left.
//
// A call clang left unresolved in a template, because an argument is a
// co_await whose type depends on the template around it, names no instance
// at all; but in the rewritten template the awaited value has a known type,
// and the call names one. When the call spells all its template arguments,
// that instance is declared first, so that it is instantiated too. (One
// that needs deduction from the arguments is not: see
// ClosureInUnmeasuredInstance.)
//
//===----------------------------------------------------------------------===//
#pragma once

namespace clang {
class Sema;
}

namespace unawait {

/// Instantiates the body of every implicit instance of an annotated
/// function template (or member of a class template) that has none, and of
/// those that unresolved calls in templates name with all their arguments.
void instantiatePendingInstances(clang::Sema &S);

} // namespace unawait
