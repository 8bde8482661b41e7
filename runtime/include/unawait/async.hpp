// unawait/async.hpp: Async<T>, the boxed future and the coroutine type.
//
// Async<T> is a move-only future of T with two faces:
//
// 1. A type-erased box for any future whose output converts to T:
//        unawait::Async<int> boxed = SomeFuture{...};            // moves the future to the heap
//        unawait::Async<int> built(std::in_place_type<F>, args); // builds F on the heap, no move
//        unawait::Async<int> made(detail::in_place([&] { return f(); }));  // f()'s prvalue, no move
//    When the boxed future is ready, its output is moved once into the
//    returned Poll<T> and the box is destroyed before poll() returns.
//
// 2. Under C++20, the return type of coroutines (the unrewritten form of an
//    UNAWAIT_ASYNC function):
//        unawait::Async<int> twice(int n) {
//          co_await unawait::yield_now();  // any future can be awaited
//          co_return 2 * n;
//        }
//
// Coroutine behaviour, which rewritten state machines reproduce:
//   * Lazy: the body starts at the first poll.
//   * `co_await f` polls f with the Context of the current Async::poll; while
//     f is pending, Async::poll returns pending, and each later Async::poll
//     polls f again first, resuming the body only when f is ready (or threw).
//     If f is ready on its first poll, the body does not suspend at all.
//   * The awaited future is held by reference, never copied or moved: an
//     lvalue is polled in place, and a temporary lives until the end of the
//     full-expression that contains the co_await, which spans the suspension,
//     so it is polled in place too (in the coroutine frame).
//   * The awaited output is moved once, out of the Poll<U> the future
//     returned, into the value of the co_await expression. That Poll (with the
//     moved-from U inside) is destroyed at the end of the full-expression.
//   * An exception thrown by f.poll() is rethrown at the co_await, inside the
//     body, so a try/catch around the co_await catches it.
//   * `co_return e;` constructs the result T directly from e (a local named in
//     e is treated as an rvalue, C++20's implicit move; `co_return {a, b};`
//     works). When the body finishes, poll() moves the result once into the
//     returned Poll<T>, then destroys the frame (the promise with the
//     moved-from result, then the parameter copies), then returns. So every
//     parameter copy is gone before poll() returns ready.
//   * An exception escaping the body is rethrown from poll(), after the frame
//     has been destroyed. The Async is then finished.
//   * Destroying an Async that is suspended destroys its frame: the objects
//     alive at the suspension point are destroyed (cancellation).
//   * Polling a finished (or moved-from) Async is a contract violation.
#pragma once

#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "detail/in_place.hpp"
#include "future.hpp"

#if defined(__cpp_impl_coroutine) && __has_include(<coroutine>)
#include <coroutine>
#define UNAWAIT_HAS_COROUTINES 1
#else
#define UNAWAIT_HAS_COROUTINES 0
#endif

namespace unawait {

template <class T>
class Async;

namespace detail {
template <class T>
class AsyncPromise;
template <class R>
class AsyncReferencePromise;

// Runs `finish(object)` and clears `object` on scope exit, unless dismissed.
// Used so that a result is fully built (returned) before the frame or box it
// came from is destroyed.
class FinishGuard {
 public:
  FinishGuard(void*& object, void (*finish)(void*)) noexcept : object_(object), finish_(finish) {}
  FinishGuard(const FinishGuard&) = delete;
  FinishGuard& operator=(const FinishGuard&) = delete;
  ~FinishGuard() {
    if (finish_ != nullptr) finish_(std::exchange(object_, nullptr));
  }
  void dismiss() noexcept { finish_ = nullptr; }

 private:
  void*& object_;
  void (*finish_)(void*);
};

template <class U, class T>
inline constexpr bool output_converts_v = std::is_same_v<U, T> || (!std::is_void_v<T> && std::is_convertible_v<U, T>);

}  // namespace detail

template <class T>
class [[nodiscard]] Async {
 public:
  using output_type = T;

  template <class F, std::enable_if_t<!std::is_same_v<std::decay_t<F>, Async> && is_future_v<std::decay_t<F>> &&
                                          detail::output_converts_v<output_t<std::decay_t<F>>, T>,
                                      int> = 0>
  Async(F&& future)  // NOLINT: implicit, like std::function from a callable
      : Async(std::in_place_type<std::decay_t<F>>, std::forward<F>(future)) {}

  /// Boxes the future make() returns, built on the heap from its prvalue
  /// (no move: detail/in_place.hpp). The rewrite boxes an annotated call
  /// this way where its type must stay Async<T>.
  template <class Make, class F = detail::made_t<Make>,
            std::enable_if_t<is_future_v<F> && detail::output_converts_v<output_t<F>, T>, int> = 0>
  Async(detail::InPlace<Make> maker)  // NOLINT: implicit, as from the future itself
      : object_(new F(maker.make())), ops_(&box_ops<F>) {}

  template <class F, class... Args>
  explicit Async(std::in_place_type_t<F>, Args&&... args)
      : object_(new F(std::forward<Args>(args)...)), ops_(&box_ops<F>) {
    static_assert(is_future_v<F>, "Async<T> boxes futures only");
    static_assert(detail::output_converts_v<output_t<F>, T>, "the boxed future's output does not convert to T");
  }

  Async(Async&& other) noexcept : object_(std::exchange(other.object_, nullptr)), ops_(other.ops_) {}
  Async& operator=(Async&& other) noexcept {
    if (this != &other) {
      reset();
      object_ = std::exchange(other.object_, nullptr);
      ops_ = other.ops_;
    }
    return *this;
  }
  Async(const Async&) = delete;
  Async& operator=(const Async&) = delete;
  ~Async() { reset(); }

  Poll<T> poll(Context& cx) {
    UNAWAIT_CONTRACT(object_ != nullptr, "Async polled after it completed (or after it was moved from)");
    return ops_->poll(object_, cx);
  }

  // True once the output was returned (or an exception thrown), or after a move.
  bool finished() const noexcept { return object_ == nullptr; }

#if UNAWAIT_HAS_COROUTINES
  using promise_type = detail::AsyncPromise<T>;
#endif

 private:
#if UNAWAIT_HAS_COROUTINES
  friend class detail::AsyncPromise<T>;
  template <class R>
  friend class detail::AsyncReferencePromise;
  static Poll<T> poll_coroutine(void*& frame, Context& cx);
  static void destroy_coroutine(void* frame);
  static Async from_coroutine(void* frame) noexcept { return Async(frame, &coroutine_ops); }
#endif

  // How to drive and destroy what object_ points at. poll() finishes the
  // object itself (destroys it and clears the pointer) when it completes.
  struct Ops {
    Poll<T> (*poll)(void*& object, Context& cx);
    void (*destroy)(void* object);
  };

  template <class F>
  static void destroy_box(void* object) {
    delete static_cast<F*>(object);
  }

  template <class F>
  static Poll<T> poll_box(void*& object, Context& cx) {
    detail::FinishGuard finish(object, &destroy_box<F>);  // also on an exception
    Poll<output_t<F>> result = static_cast<F*>(object)->poll(cx);
    if (result.is_pending()) {
      finish.dismiss();
      return pending;
    }
    return Poll<T>(std::move(result));  // one move of the output; then the box dies
  }

  template <class F>
  static constexpr Ops box_ops{&poll_box<F>, &destroy_box<F>};
#if UNAWAIT_HAS_COROUTINES
  static constexpr Ops coroutine_ops{&poll_coroutine, &destroy_coroutine};
#endif

  Async(void* object, const Ops* ops) noexcept : object_(object), ops_(ops) {}

  void reset() noexcept {
    if (object_ != nullptr) ops_->destroy(std::exchange(object_, nullptr));
  }

  void* object_ = nullptr;  // the boxed future or coroutine frame; null once finished or moved from
  const Ops* ops_ = nullptr;
};

#if UNAWAIT_HAS_COROUTINES

namespace detail {

// What the promise knows about the co_await it is suspended at.
class Awaiting {
 public:
  // Polls the awaited future again; true when the body may resume (ready, or
  // the poll threw: the exception is kept for await_resume).
  virtual bool poll_again(Context& cx) noexcept = 0;

 protected:
  ~Awaiting() = default;
};

// The part of every Async promise that does not depend on T.
class AsyncPromiseBase {
 public:
  std::suspend_always initial_suspend() const noexcept { return {}; }  // lazy start
  // Stay suspended at the end: Async::poll takes the result out, then destroys the frame.
  std::suspend_always final_suspend() const noexcept { return {}; }
  void unhandled_exception() noexcept { error_ = std::current_exception(); }

  template <class F>
  auto await_transform(F&& future) noexcept;

  // Polls the pending awaited future, if any; true when the body can run.
  bool ready_to_resume(Context& cx) noexcept {
    if (awaiting_ != nullptr && !awaiting_->poll_again(cx)) return false;
    awaiting_ = nullptr;
    return true;
  }

  // Resumes the body with `cx` as the current Context.
  void resume(std::coroutine_handle<> body, Context& cx) noexcept {
    cx_ = &cx;
    body.resume();  // cannot throw: unhandled_exception keeps the exception
    cx_ = nullptr;
  }

  void rethrow_if_failed() const {
    if (error_) std::rethrow_exception(error_);
  }

  Context& current_context() const noexcept { return *cx_; }
  void suspend_on(Awaiting& awaiting) noexcept { awaiting_ = &awaiting; }

 private:
  Context* cx_ = nullptr;          // non-null only while the body runs inside Async::poll
  Awaiting* awaiting_ = nullptr;   // the co_await the body is suspended at; null when running or not yet started
  std::exception_ptr error_;       // set when an exception escaped the body
};

// The awaiter of `co_await future`: polls `future` in place.
template <class F>
class FutureAwaiter final : private Awaiting {
  using U = output_t<F>;

 public:
  FutureAwaiter(F& future, AsyncPromiseBase& promise) noexcept : future_(future), promise_(promise) {}
  FutureAwaiter(const FutureAwaiter&) = delete;
  FutureAwaiter& operator=(const FutureAwaiter&) = delete;
  ~FutureAwaiter() {
    if (has_result_) result().~Poll<U>();
  }

  // The first poll runs inside the body, so an exception simply propagates there.
  bool await_ready() { return poll_once(promise_.current_context()); }
  void await_suspend(std::coroutine_handle<>) noexcept { promise_.suspend_on(*this); }
  U await_resume() {
    if (error_) std::rethrow_exception(error_);
    return std::move(result()).value();
  }

 private:
  bool poll_again(Context& cx) noexcept override {
    UNAWAIT_TRY { return poll_once(cx); }
    UNAWAIT_CATCH_ALL {
      error_ = std::current_exception();
      return true;
    }
  }

  bool poll_once(Context& cx) {
    // Placement-new from the prvalue: the Poll is built in place, no move.
    ::new (static_cast<void*>(&storage_)) Poll<U>(future_.poll(cx));
    if (result().is_ready()) return has_result_ = true;
    result().~Poll<U>();
    return false;
  }

  Poll<U>& result() noexcept { return *std::launder(reinterpret_cast<Poll<U>*>(&storage_)); }

  F& future_;                    // the co_await operand; outlives this awaiter
  AsyncPromiseBase& promise_;
  alignas(Poll<U>) unsigned char storage_[sizeof(Poll<U>)];  // holds a Poll exactly when has_result_
  bool has_result_ = false;      // storage_ holds the ready Poll; set at most once
  std::exception_ptr error_;     // thrown by a poll made outside the body; rethrown by await_resume
};

template <class F>
auto AsyncPromiseBase::await_transform(F&& future) noexcept {
  using Fut = std::remove_reference_t<F>;
  static_assert(is_future_v<Fut>,
                "co_await in an unawait::Async coroutine needs a future: a non-const type with "
                "`using output_type = T;` and `unawait::Poll<T> poll(unawait::Context&)`");
  return FutureAwaiter<Fut>(future, *this);
}

// The promise of an Async<T> coroutine: adds the result to the shared base.
template <class T>
class AsyncPromise : public AsyncPromiseBase {
 public:
  Async<T> get_return_object() noexcept {
    return Async<T>::from_coroutine(std::coroutine_handle<AsyncPromise>::from_promise(*this).address());
  }

  template <class U = T, std::enable_if_t<std::is_convertible_v<U&&, T>, int> = 0>
  void return_value(U&& value) {
    result_.emplace(std::forward<U>(value));
  }

  Poll<T> take_result() { return Poll<T>(std::in_place, std::move(*result_)); }

 private:
  std::optional<T> result_;  // engaged by co_return
};

// The promise of an Async<T&> or Async<T&&> coroutine: `co_return x;` binds
// the result to x (its address is kept), and awaiting it yields x itself.
template <class R>
class AsyncReferencePromise : public AsyncPromiseBase {
 public:
  Async<R> get_return_object() noexcept {
    return Async<R>::from_coroutine(std::coroutine_handle<AsyncPromise<R>>::from_promise(
                                        static_cast<AsyncPromise<R>&>(*this))
                                        .address());
  }

  void return_value(R referent) noexcept { result_ = std::addressof(referent); }

  Poll<R> take_result() noexcept { return Poll<R>(std::in_place, static_cast<R>(*result_)); }

 private:
  std::remove_reference_t<R>* result_ = nullptr;  // set by co_return
};

template <class T>
class AsyncPromise<T&> : public AsyncReferencePromise<T&> {};

template <class T>
class AsyncPromise<T&&> : public AsyncReferencePromise<T&&> {};

template <>
class AsyncPromise<void> : public AsyncPromiseBase {
 public:
  Async<void> get_return_object() noexcept {
    return Async<void>::from_coroutine(std::coroutine_handle<AsyncPromise>::from_promise(*this).address());
  }
  void return_void() const noexcept {}
  Poll<void> take_result() const noexcept { return ready(); }
};

}  // namespace detail

template <class T>
void Async<T>::destroy_coroutine(void* frame) {
  std::coroutine_handle<promise_type>::from_address(frame).destroy();
}

template <class T>
Poll<T> Async<T>::poll_coroutine(void*& frame, Context& cx) {
  auto body = std::coroutine_handle<promise_type>::from_address(frame);
  promise_type& promise = body.promise();
  if (!promise.ready_to_resume(cx)) return pending;
  promise.resume(body, cx);
  if (!body.done()) return pending;
  detail::FinishGuard finish(frame, &destroy_coroutine);  // runs after the result is built, or while the exception leaves
  promise.rethrow_if_failed();
  return promise.take_result();
}

#endif  // UNAWAIT_HAS_COROUTINES

}  // namespace unawait
