// unawait/state_machine.hpp: the small support the generated state machines use.
//
// `unawait rewrite` turns every annotated async function into a class whose
// poll() runs the body as a state machine (see docs/design.md). Its kept
// objects live in anonymous unions inside the class, constructed with
// placement new where the source declares them and destroyed by hand where
// their scope ends; these helpers keep that code short and readable. Nothing
// here is meant for hand-written code.
//
//     ::new (unawait::detail::address_of(buf)) Buffer(4096);
//     ...
//     unawait::detail::destroy(buf);
#pragma once

#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <exception>
#include <iterator>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "context.hpp"
#include "detail/new_allocation.hpp"
#include "detail/pack.hpp"
#include "detail/structured_binding.hpp"
#include "poll.hpp"

namespace unawait::detail {

// The storage of a frame member, for placement new.
template <class T>
void* address_of(T& member) noexcept {
  return const_cast<void*>(static_cast<const volatile void*>(std::addressof(member)));
}

// The address of any glvalue, an xvalue included (std::addressof takes
// lvalues only): how a frame keeps a reference, or an awaited future that is
// not its own, as a pointer.
template <class T>
std::remove_reference_t<T>* pointer_to(T&& object) noexcept {
  return std::addressof(object);
}

// A reference variable of a template, `R r = e;`, whose binding only an
// instance decides (E is decltype((e))): R binds e itself when e is a glvalue
// of a compatible type, and the frame keeps the reference; otherwise R binds
// a temporary that C++ extends to r's lifetime, and the frame keeps that
// temporary. Built with braces, `bound<R, E>{e}`, so that a prvalue
// initialises the temporary in place (no copy, no move); poll() reads r as
// get(), an lvalue as a named reference is.
template <class R, class E>
inline constexpr bool binds_directly =
    std::is_reference_v<E> && (std::is_lvalue_reference_v<R> || std::is_rvalue_reference_v<E>) &&
    std::is_convertible_v<std::remove_reference_t<E>*, std::remove_reference_t<R>*>;

// The temporary `R r = e;` extends when it does not bind e itself: e's own
// object for a prvalue of a compatible class (derived or the same), else a
// copy of e converted to R's referent ([dcl.init.ref]/5).
template <class R, class E>
using bound_temporary = std::conditional_t<
    !std::is_reference_v<E> && std::is_class_v<E> &&
        std::is_convertible_v<std::remove_cv_t<std::remove_reference_t<E>>*, std::remove_reference_t<R>*>,
    std::remove_cv_t<std::remove_reference_t<E>>, std::remove_cv_t<std::remove_reference_t<R>>>;

template <class R, class E, bool Direct = binds_directly<R, E>>
struct bound {
  R reference;  // e itself
  std::remove_reference_t<R>& get() noexcept { return reference; }
};

template <class R, class E>
struct bound<R, E, false> {
  bound_temporary<R, E> temporary;  // what r binds, extended
  std::remove_reference_t<R>& get() noexcept { return temporary; }
};

// A value of a template's expression e that C++ evaluates before a co_await
// of the same full-expression and uses after it, kept in bound<E&&, E> (E is
// decltype((e))), read where e was with e's value category. The rewrite
// never moves an object: a prvalue read from the frame is an xvalue here,
// which is the prvalue C++ would pass on only for a type whose copy or move
// cannot be observed.
template <class E, class Kept>
constexpr E&& pass_on(Kept& kept) noexcept {
  static_assert(std::is_reference_v<E> || !std::is_class_v<E> || std::is_trivially_copyable_v<E>,
                "unawait: a value of class type computed before a co_await of the same "
                "expression and passed on by value would be moved across the await, which "
                "the rewrite never does; declare it as a variable first");
  return static_cast<E&&>(kept);
}

// The same for a prvalue e that every function the call may find binds to a
// reference parameter (`sum(co_await join(...))` with `sum(const
// std::tuple<Ts...> &)`): the xvalue binds the kept object, as C++ binds the
// temporary it materialises, so any class may be kept.
template <class E, class Kept>
constexpr E&& pass_bound(Kept& kept) noexcept {
  return static_cast<E&&>(kept);
}

// What a by-copy capture of a variable not declared const copies, where the
// frame reaches it through a const path (the copy an enclosing lambda that
// is not mutable captured): C++ copies the variable, so the new capture is
// not const. Only read (copied) through; the object itself is not const.
template <class T>
constexpr T& as_captured(const T& object) noexcept {
  return const_cast<T&>(object);
}

// The kept value of an await (or of an operand) that is the left operand of
// a comma, `(co_await a, co_await b)`, handed on as it is: a frame member
// alone there would be an expression without effect (-Wunused-value).
template <class T>
constexpr T&& discarded(T&& value) noexcept {
  return static_cast<T&&>(value);
}

// A value of type T in an unevaluated operand (decltype), with the value
// category of a call returning T: a prvalue for a non-reference T, where
// std::declval<T>() is an xvalue. The rewrite spells a co_await's value so
// in the types it writes: `decltype((a, unevaluated<int>()))` is int, as
// C++'s `decltype((a, co_await f()))` is. Declared only: never called.
template <class T>
T unevaluated() noexcept;

// An array whose element type is spelled from an expression, for a frame
// member (`c_array<std::decay_t<decltype((a))>, 2> elements;`, a range-for's
// braced list in a template): a declarator cannot follow `decltype(...)[2]`.
// The placement new that builds it names `E[2]` instead: clang 19 does not
// build an array through this alias when E depends on template arguments.
template <class T, std::size_t N>
using c_array = T[N];

// The begin and end of a range-for over a range whose type depends on
// template arguments, as [stmt.ranged]/1 chooses them for `range`, an
// lvalue: an array's bounds; else the members begin() and end() when the
// class has them; else begin(range) and end(range) found by
// argument-dependent lookup only (the deleted declarations below hide every
// other `begin` from ordinary lookup, as the standard's expansion does).
// Simplification: a class with a member named begin or end that cannot be
// called with no arguments (ill-formed in a range-for) falls to lookup.
namespace range_lookup {
void begin() = delete;
void end() = delete;

template <class R, class = void>
struct has_members : std::false_type {};
template <class R>
struct has_members<R, std::void_t<decltype(std::declval<R&>().begin()),
                                  decltype(std::declval<R&>().end())>> : std::true_type {};

template <class R>
constexpr auto range_begin(R& range) {
  if constexpr (std::is_array_v<R>)
    return range + 0;
  else if constexpr (has_members<R>::value)
    return range.begin();
  else
    return begin(range);
}

template <class R>
constexpr auto range_end(R& range) {
  if constexpr (std::is_array_v<R>)
    return range + std::extent_v<R>;
  else if constexpr (has_members<R>::value)
    return range.end();
  else
    return end(range);
}
}  // namespace range_lookup

using range_lookup::range_begin;
using range_lookup::range_end;

// C++20's `Agg(Temp(), ...)` binding a reference member `R` to a temporary
// ends the temporary with the full-expression; the braced list the rewrite
// writes instead, `Agg{unextended<R>(Temp()), ...}`, would extend it to the
// aggregate's lifetime without this call. The temporary is bound to the
// call's parameter, so it lives until the end of the full-expression
// ([class.temporary]/6.9), and the member is bound to the call's result,
// which is no temporary, so no lifetime is extended.
template <class R>
R unextended(R&& bound) noexcept {
  return static_cast<R&&>(bound);
}

// A std::initializer_list over an array the frame keeps: the elements of a
// braced list given to an awaited call must live until the await completes,
// longer than C++ lets a list's own array live outside a declaration.
// std::initializer_list has no public constructor from an array; libstdc++
// and libc++ both hold a pointer to the first element and the count, in
// that order (checked by test/unit/runtime/state_machine_test.cpp).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
// The array is the frame's, not the list's: returning the list is the point.
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
template <class E, std::size_t N>
std::initializer_list<E> initializer_list_over(const E (&elements)[N]) noexcept {
  struct Representation {
    const E* begin;
    std::size_t size;
  };
  static_assert(sizeof(Representation) == sizeof(std::initializer_list<E>),
                "unawait: unknown std::initializer_list layout");
  const Representation representation{elements, N};
  std::initializer_list<E> list;
  std::memcpy(static_cast<void*>(&list), &representation, sizeof list);
  return list;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

// Starts the lifetime of a kept std::initializer_list member as a copy of
// `list` (a list over an array the frame keeps too). A placement new or an
// assignment would do the same, but g++ warns at both (-Winit-list-lifetime),
// seeing no array the new list could keep alive.
template <class E>
void start_list(void* member, std::initializer_list<E> list) noexcept {
  std::memcpy(member, static_cast<const void*>(&list), sizeof list);
}

// A temporary that an argument of an annotated call built inside a join or
// select makes (`len(std::string("hello"))`, a `const std::string &`
// parameter): C++ ends it with the full-expression, after the await, so the
// maker builds it in the frame's member, where C++ builds it,
//
//     unawait::detail::keep_temporary(
//         ::new (unawait::detail::address_of(temporary0)) const std::string(std::string("hello")),
//         live_, Live::temporary0)
//
// from the prvalue (no copy, no move), then marks it live (`live |= bit`),
// so that an exception in a later maker, or a cancellation, destroys it.
// The call reads the member as the temporary. (Without a destructor, it has
// no live bit.)
template <class T>
T& keep_temporary(T* built) noexcept {
  return *built;
}

template <class T, class Word, class Bit>
T& keep_temporary(T* built, Word& live, Bit bit) noexcept {
  live |= bit;
  return *built;
}

// Ends the lifetime of a frame member (arrays element by element, last first).
template <class T>
void destroy(T& member) noexcept {
  if constexpr (std::is_array_v<T>) {
    for (auto i = std::extent_v<T>; i > 0; --i) destroy(member[i - 1]);
  } else {
    member.~T();
  }
}

// Builds a kept multidimensional array one innermost row at a time, each
// row with a placement new of its own: g++ 12 cannot build `T[2][2]{...}`
// with one when T has no default constructor. If a row's construction
// throws, the rows built before it are destroyed, last first, as the
// array's own initialisation destroys the elements it built.
//
//     unawait::detail::RowsUnderConstruction<Named[2]> built_rows(unawait::detail::address_of(grid));
//     ::new (built_rows.next()) Named[2]{Named(1), Named(2)};
//     ::new (built_rows.next()) Named[2]{Named(3), Named(4)};
//     built_rows.done();
template <class Row>
class RowsUnderConstruction {
 public:
  explicit RowsUnderConstruction(void* array) noexcept : rows_(static_cast<Row*>(array)) {}
  RowsUnderConstruction(const RowsUnderConstruction&) = delete;
  RowsUnderConstruction& operator=(const RowsUnderConstruction&) = delete;
  ~RowsUnderConstruction() {
    for (std::size_t built = started_ > 0 ? started_ - 1 : 0; built > 0; --built) destroy(rows_[built - 1]);
  }
  // The storage of the next row: the rows before it are built.
  void* next() noexcept { return address_of(rows_[started_++]); }
  // Every row is built: the array is the frame's to destroy now.
  void done() noexcept { started_ = 0; }

 private:
  Row* rows_;
  std::size_t started_ = 0;
};

// A future whose type generated code cannot name (a template specialised for
// a lambda's closure type, say): built in raw storage of the size the tool
// measured, then polled and destroyed through two function pointers set where
// it is built, from the type the building expression has there.
//
//     future0.emplace([&] { return run(closure); });
template <class T, std::size_t Size, std::size_t Align>
class [[nodiscard]] UnnamedFuture {
 public:
  using output_type = T;
  UnnamedFuture() noexcept {}
  UnnamedFuture(const UnnamedFuture&) = delete;
  UnnamedFuture& operator=(const UnnamedFuture&) = delete;
  ~UnnamedFuture() {
    if (destroy_ != nullptr) destroy_(bytes_);
  }

  // Builds the future `make()` returns in place (no move).
  template <class Make>
  void emplace(Make&& make) {
    using F = decltype(make());
    static_assert(sizeof(F) <= Size && alignof(F) <= Align,
                  "unawait: the frame keeps too few bytes for this future");
    ::new (static_cast<void*>(bytes_)) F(make());
    poll_ = [](void* future, Context& cx) -> Poll<T> { return static_cast<F*>(future)->poll(cx); };
    destroy_ = [](void* future) { static_cast<F*>(future)->~F(); };
  }

  Poll<T> poll(Context& cx) { return poll_(bytes_, cx); }

 private:
  alignas(Align) unsigned char bytes_[Size];
  Poll<T> (*poll_)(void*, Context&) = nullptr;  // set by emplace
  void (*destroy_)(void*) = nullptr;            // set by emplace
};

// A kept object whose type generated code cannot name (a lambda's closure)
// and that has a destructor: built in raw storage of the size the tool
// measured, where poll() names its type (the chunk that declares it), and
// destroyed through a function pointer that own() sets from that type.
//
//     ::new (unawait::detail::address_of(f)) unawait::detail::UnnamedObject<16, 8>();
//     auto &f_ref = f.own(*::new (f.storage()) auto([t] { ... }));
template <std::size_t Size, std::size_t Align>
class UnnamedObject {
 public:
  UnnamedObject() noexcept {}
  UnnamedObject(const UnnamedObject&) = delete;
  UnnamedObject& operator=(const UnnamedObject&) = delete;
  ~UnnamedObject() {
    if (destroy_ != nullptr) destroy_(bytes_);
  }

  void* storage() noexcept { return bytes_; }

  // `object`, just built at storage(), is now destroyed with this.
  template <class T>
  T& own(T& object) noexcept {
    static_assert(sizeof(T) <= Size && alignof(T) <= Align,
                  "unawait: the frame keeps too few bytes for a lambda");
    destroy_ = [](void* built) { static_cast<T*>(built)->~T(); };
    return object;
  }

 private:
  alignas(Align) unsigned char bytes_[Size];
  void (*destroy_)(void*) = nullptr;  // set by own
};

// The bytes a frame keeps for a closure in a template, whose size only each
// instance knows: a closure whose members have the types `Members...` (a
// pointer for each capture by reference, and for `this`) is no larger than
// the members' sizes, each padded to the largest alignment, summed; that
// bounds any order a compiler lays them out in. The UnnamedObject or the
// static_assert that holds the closure checks that it fits.
//
//     unawait::detail::UnnamedObject<unawait::detail::closure_bound<T, void *>::size,
//                                    unawait::detail::closure_bound<T, void *>::align> l;
constexpr std::size_t largest_alignment(std::initializer_list<std::size_t> alignments) {
  std::size_t largest = 1;
  for (std::size_t a : alignments)
    if (a > largest) largest = a;
  return largest;
}

template <class... Members>
struct closure_bound {
  static constexpr std::size_t align = largest_alignment({alignof(Members)...});
  static constexpr std::size_t padded = (std::size_t{0} + ... + ((sizeof(Members) + align - 1) / align * align));
  static constexpr std::size_t size = padded > 0 ? padded : 1;  // an empty closure's size is 1
};

// Finishes a state machine whose poll() an exception leaves: declared at the
// top of a generated poll() that has something to destroy on unwind, and
// disarmed on every normal exit (Pending returned at a suspension point, or
// the body done), so that its destructor runs `finish` only while an
// exception unwinds through poll(). Like a coroutine's locals, the frame's
// objects are then destroyed during unwinding, before the caller's handler
// runs.
//
//     unawait::detail::FinishOnUnwind on_unwind([this] { finish(); });
//     ...
//     on_unwind.disarm();
//     return unawait::pending;
//
// It is a cleanup, not a handler (no catch (...) and rethrow): the compiler
// keeps the flag in a register and folds it away on the normal exits, and
// the unwind path is a landing pad that calls `finish`. Always inlined, so
// that the landing pad reads `this` from a register rather than a guard
// object on the stack. Nothing here depends on exceptions: with
// -fno-exceptions it is a flag the compiler removes.
template <class Finish>
class FinishOnUnwind {
 public:
  explicit FinishOnUnwind(Finish finish) noexcept : finish_(finish) {}
  FinishOnUnwind(const FinishOnUnwind&) = delete;
  FinishOnUnwind& operator=(const FinishOnUnwind&) = delete;
  [[gnu::always_inline]] ~FinishOnUnwind() {
    if (armed_) finish_();
  }
  void disarm() noexcept { armed_ = false; }

 private:
  Finish finish_;
  bool armed_ = true;
};

// Polling a finished state machine: always a bug in the caller, and always
// stopped. With the contract checks on (config.hpp) it says so and aborts;
// without, it traps: no call is left in poll(), whose inlining into its
// caller a call would count against (each nested future's poll() has one;
// bench/poll nest16, issue 10).
[[noreturn]] inline void polled_after_ready([[maybe_unused]] const char* function) noexcept {
#if UNAWAIT_CHECKS_ENABLED
  std::fprintf(stderr, "unawait: contract violation: %s polled after it returned Ready\n", function);
  std::fflush(stderr);
  std::abort();
#else
  __builtin_trap();
#endif
}

// Where the co_return'ed reference of an async function returning `T&` or
// `T&&` waits for poll() to return it: the referent's address (the referent
// is bound, never copied). Generated code declares it where a function
// returning a value declares a std::optional.
template <class R>
class ReferenceResult {
 public:
  void emplace(R referent) noexcept { referent_ = std::addressof(referent); }
  bool has_value() const noexcept { return referent_ != nullptr; }
  R operator*() const noexcept { return static_cast<R>(*referent_); }

 private:
  std::remove_reference_t<R>* referent_ = nullptr;
};

template <class R, class Finish>
Poll<R> take_result(ReferenceResult<R>& result, Finish&& finish) {
  UNAWAIT_CONTRACT(result.has_value(), "an async function flowed off its end without co_return");
  struct Ends {
    Finish& finish;
    ~Ends() { finish(); }
  } ends{finish};
  return Poll<R>(std::in_place, *result);
}

// The ready Poll for a co_return'ed value, built in place as poll()'s return
// value; then the moved-from value is destroyed and `finish` ends the frame
// (the parameters), in the order a coroutine destroys its promise and then
// its parameter copies, after its result was taken.
template <class T, class Finish>
Poll<T> take_result(std::optional<T>& result, Finish&& finish) {
  UNAWAIT_CONTRACT(result.has_value(), "an async function flowed off its end without co_return");
  struct Ends {
    std::optional<T>& result;
    Finish& finish;
    ~Ends() {
      result.reset();
      finish();
    }
  } ends{result, finish};
  return Poll<T>(std::in_place, std::move(*result));
}

}  // namespace unawait::detail
