// unawait/detail/task.hpp: spawned tasks, shared by Executor, CheckedExecutor
// and ThreadPool.
//
// A task is ONE heap block (after async-task and Tokio):
//
//     Task<F> : TaskCore<T> : TaskHeader
//       TaskHeader   the state word, the vtable, the scheduler, the queue link,
//                    the live-list links, the spawn number and name, and the
//                    JoinHandle's waker slot
//       TaskCore<T>  the outcome: the output (or the exception) once completed
//       Task<F>      the future, while it is not finished
//
// JoinHandle<T> points at the TaskCore<T> (it does not know F); there is no
// separate shared state. A task's waker is the RawWaker {task, &task_waker_vtable}:
// cloning it is one atomic increment of the state word, waking it queues the
// task at most once until it is polled again. A poll lends the waker (a
// LentWaker built on the stack): no reference count changes per poll.
//
// The state word (`TaskHeader::state`). Every flag and what it guarantees:
//
//   kScheduled  The task is queued, or about to be queued, or was woken while
//               running (then the poller queues it again when the poll
//               returns). While set, wakes do nothing more. The party that set
//               it on a task that was not running took one reference for the
//               queue entry (the "runnable reference"); the poller owns that
//               reference while it polls.
//   kRunning    A poller is inside the future's poll(); only it touches the
//               future. Set and cleared by the poller (never by a waker).
//   kCompleted  The future is gone and the outcome (value, exception, or
//               TaskCancelled) is stored. Never cleared; wakes are ignored.
//   kClosed     Only with kCompleted: the outcome has been taken or destroyed
//               (by the JoinHandle, or by the poller because there was no
//               handle). Nobody touches the outcome any more.
//   kHandle     The JoinHandle exists. Whoever clears it while kCompleted is
//               set and kClosed is not, or sets kCompleted while it is clear,
//               owns the outcome and must destroy it (sets kClosed).
//   kAwaiter    The JoinHandle registered a waker in `awaiter`: completion
//               must wake it. Set by the handle's poll, never cleared.
//   kFailed     Only with kCompleted: the outcome is an exception (the
//               future threw, or TaskCancelled), not a value. Set together
//               with kCompleted.
//   refcount    The bits from kReference up count the owners of the block:
//               the runnable reference (while queued or polled), every Waker
//               clone, the JoinHandle, and the scheduler's "live" reference
//               (held from spawn until the task completes or is cancelled;
//               it keeps an idle task alive for cancellation). The owner that
//               drops the count to zero frees the block.
//
// Ordering: a wake sets kScheduled with release, the poller takes kRunning
// with acquire (the poll sees what the waker's caller wrote); the poller
// clears kRunning with release; completion is published with release and read
// by the handle with acquire.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../atomic_waker.hpp"
#include "../config.hpp"
#include "../context.hpp"
#include "../future.hpp"
#include "../poll.hpp"
#include "../waker.hpp"
#include "parker.hpp"

namespace unawait {

// Thrown by a JoinHandle whose task was destroyed before it finished.
class TaskCancelled : public std::runtime_error {
 public:
  explicit TaskCancelled(const std::string& task)
      : std::runtime_error("unawait: task \"" + task + "\" was cancelled before it finished") {}
};

namespace detail {

inline constexpr std::uint64_t kScheduled = 1u << 0;
inline constexpr std::uint64_t kRunning = 1u << 1;
inline constexpr std::uint64_t kCompleted = 1u << 2;
inline constexpr std::uint64_t kClosed = 1u << 3;
inline constexpr std::uint64_t kHandle = 1u << 4;
inline constexpr std::uint64_t kAwaiter = 1u << 5;
inline constexpr std::uint64_t kFailed = 1u << 6;
inline constexpr std::uint64_t kReference = 1u << 7;  // one unit of the reference count
inline constexpr std::uint64_t kFlagMask = kReference - 1;

inline std::uint64_t refs_of(std::uint64_t state) noexcept { return state / kReference; }

struct TaskHeader;

// What a task needs from the executor that spawned it. It lives as long as
// any task of it does (the executor holds one reference, every task one), so
// a waker called after the executor is gone still finds it.
class Scheduler {
 public:
  Scheduler() = default;
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  // Queues `task`, adopting its runnable reference (dropping it if the
  // scheduler is shut down). Any thread; must not throw.
  virtual void schedule(TaskHeader* task) noexcept = 0;
  // The task is completing (or being cancelled): forget it. Called once per
  // task, by the thread that completes it, which still holds its references.
  virtual void task_done(TaskHeader* task) noexcept = 0;

  void ref() noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }
  void unref() noexcept {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

 protected:
  virtual ~Scheduler() = default;

 private:
  std::atomic<std::size_t> refs_{1};  // the executor's own, plus one per allocated task
};

enum class PollResult : unsigned char {
  pending,
  value,  // finished: the future is destroyed and its output stored
  error,  // finished: the future is destroyed and the exception it threw stored
};

struct TaskVTable {
  // Polls the future once with `cx`. Never throws.
  PollResult (*poll)(TaskHeader* task, Context& cx) noexcept;
  // Destroys the unfinished future and stores TaskCancelled as the outcome.
  void (*cancel)(TaskHeader* task) noexcept;
  // Destroys the stored outcome (an exception if `failed`).
  void (*drop_output)(TaskHeader* task, bool failed) noexcept;
  // Frees the block (future and outcome are already destroyed).
  void (*destroy)(TaskHeader* task) noexcept;
};

inline void unref_task(TaskHeader* task) noexcept;

struct TaskHeader {
  TaskHeader(const TaskVTable* vt, Scheduler* sched, std::uint64_t initial_state) noexcept
      : state(initial_state), vtable(vt), scheduler(sched) {}

  std::atomic<std::uint64_t> state;
  const TaskVTable* const vtable;
  Scheduler* const scheduler;  // one reference, released by destroy
  // Intrusive link of whichever run queue holds the runnable reference.
  TaskHeader* next_queued = nullptr;
  // Intrusive links of Executor's live list (its run thread only); null when not linked.
  TaskHeader* live_prev = nullptr;
  TaskHeader* live_next = nullptr;
  // The name: (number << 1) | 1 for "task #<number>" (formatted only when
  // asked), or the address of the given name's text, kept in the task's
  // own block after the task (so naming costs no allocation).
  std::uintptr_t name = 1;
  AtomicWaker awaiter;  // the JoinHandle's latest waker (kAwaiter)

  std::string display_name() const {
    if ((name & 1) != 0) return "task #" + std::to_string(name >> 1);
    return std::string(reinterpret_cast<const char*>(name));
  }

  // True when nothing can ever make this idle, unfinished task runnable
  // again: it is not scheduled and no clone of its waker is alive (the only
  // references left are the live one and the JoinHandle's). One load: a wake
  // sets kScheduled before it drops its clone, in the same word.
  bool unreachable() const noexcept {
    std::uint64_t s = state.load(std::memory_order_acquire);
    std::uint64_t structural = 1 + ((s & kHandle) != 0 ? 1 : 0);
    return (s & kScheduled) == 0 && refs_of(s) == structural;
  }
};

// --- the waker -------------------------------------------------------------

inline TaskHeader* task_of(const void* data) noexcept {
  return const_cast<TaskHeader*>(static_cast<const TaskHeader*>(data));
}

inline void unref_task(TaskHeader* task) noexcept {
  // acq_rel: whoever frees must see every other owner's writes.
  std::uint64_t prev = task->state.fetch_sub(kReference, std::memory_order_acq_rel);
  if (refs_of(prev) == 1) task->vtable->destroy(task);
}

// wake_by_ref: schedule without consuming a reference.
inline void schedule_task(TaskHeader* task) noexcept {
  std::uint64_t s = task->state.load(std::memory_order_relaxed);
  for (;;) {
    if ((s & (kCompleted | kScheduled)) != 0) return;
    std::uint64_t next = (s & kRunning) != 0 ? (s | kScheduled) : ((s | kScheduled) + kReference);
    // Release: what the caller wrote before waking is seen by the next poll.
    if (task->state.compare_exchange_weak(s, next, std::memory_order_acq_rel, std::memory_order_relaxed)) break;
  }
  if ((s & kRunning) == 0) task->scheduler->schedule(task);  // hands over the reference taken above
}

// wake: schedule, consuming the waker's reference (it becomes the runnable
// reference when the task was idle).
inline void wake_task(TaskHeader* task) noexcept {
  std::uint64_t s = task->state.load(std::memory_order_relaxed);
  for (;;) {
    if ((s & (kCompleted | kScheduled)) != 0) {
      unref_task(task);
      return;
    }
    std::uint64_t next = (s & kRunning) != 0 ? ((s | kScheduled) - kReference) : (s | kScheduled);
    if (task->state.compare_exchange_weak(s, next, std::memory_order_acq_rel, std::memory_order_relaxed)) break;
  }
  if ((s & kRunning) == 0) task->scheduler->schedule(task);
}

inline RawWaker task_waker_clone(const void* data) noexcept;
inline void task_waker_wake(const void* data) noexcept { wake_task(task_of(data)); }
inline void task_waker_wake_by_ref(const void* data) noexcept { schedule_task(task_of(data)); }
inline void task_waker_drop(const void* data) noexcept { unref_task(task_of(data)); }
inline constexpr RawWakerVTable task_waker_vtable{&task_waker_clone, &task_waker_wake, &task_waker_wake_by_ref,
                                                  &task_waker_drop};
inline RawWaker task_waker_clone(const void* data) noexcept {
  // Relaxed: a new reference is made from an existing one.
  task_of(data)->state.fetch_add(kReference, std::memory_order_relaxed);
  return RawWaker{data, &task_waker_vtable};
}

// --- running and completing --------------------------------------------------

enum class RunOutcome {
  finished,  // the future completed (or threw, or was cancelled before this poll)
  requeued,  // woken while it was being polled: queued again
  idle,      // pending, and nobody has woken it since
};

// Publishes the stored outcome of a task whose future is gone: the
// scheduler forgets it, kCompleted is set, the outcome is dropped at once if
// there is no JoinHandle (none can appear later), the handle's waker is
// woken if it registered one. Gives up the live reference and, with
// `drop_runnable` (the poller), the runnable one, in the same
// read-modify-write as the completion unless a waker must still be called.
inline void complete_task(TaskHeader* task, bool drop_runnable, bool failed) noexcept {
  task->scheduler->task_done(task);
  const std::uint64_t owned = (drop_runnable ? 2 : 1) * kReference;
  std::uint64_t s = task->state.load(std::memory_order_acquire);
  if ((s & kHandle) == 0) task->vtable->drop_output(task, failed);  // kHandle is never set again
  std::uint64_t next;
  do {
    next = (s & ~(kRunning | kScheduled)) | kCompleted | (failed ? kFailed : 0);
    if (!drop_runnable) next |= (s & kScheduled);  // a queue entry still owns its reference
    if ((s & kHandle) == 0) {
      next = (next | kClosed) - owned;
    } else if ((s & kAwaiter) != 0) {
      next -= owned - kReference;  // keep one reference to call the waker with
    } else {
      next -= owned;
    }
    // Release: the handle sees the outcome; acquire: see the handle's registration.
  } while (!task->state.compare_exchange_weak(s, next, std::memory_order_acq_rel, std::memory_order_acquire));
  if ((s & kHandle) != 0 && (s & kAwaiter) != 0) {
    task->awaiter.wake();
    unref_task(task);
  } else if (refs_of(next) == 0) {
    task->vtable->destroy(task);
  }
}

// Polls a task popped from a run queue; the caller hands over the runnable
// reference.
inline RunOutcome run_task(TaskHeader* task) {
  // kScheduled -> kRunning. Acquire: see what the waker's caller wrote.
  std::uint64_t s = task->state.load(std::memory_order_relaxed);
  for (;;) {
    if ((s & kCompleted) != 0) {  // cancelled while queued
      unref_task(task);
      return RunOutcome::finished;
    }
    if (task->state.compare_exchange_weak(s, (s & ~kScheduled) | kRunning, std::memory_order_acquire,
                                          std::memory_order_relaxed)) {
      break;
    }
  }
  PollResult result;
  {
    LentWaker waker(RawWaker{task, &task_waker_vtable});
    Context cx(waker.get());
    result = task->vtable->poll(task, cx);
  }
  if (result != PollResult::pending) {
    complete_task(task, true, result == PollResult::error);
    return RunOutcome::finished;
  }
  // kRunning -> idle (dropping the runnable reference), or -> queued again
  // if woken during the poll (keeping it). Release: the next poller, maybe
  // on another thread, sees this poll's writes.
  s = task->state.load(std::memory_order_relaxed);
  std::uint64_t next;
  do {
    next = s & ~kRunning;
    if ((s & kScheduled) == 0) next -= kReference;
  } while (!task->state.compare_exchange_weak(s, next, std::memory_order_acq_rel, std::memory_order_relaxed));
  if ((s & kScheduled) == 0) return RunOutcome::idle;  // the live reference keeps it alive
  task->scheduler->schedule(task);
  return RunOutcome::requeued;
}

// Cancels an unfinished task that is not running (its executor is being
// destroyed): destroys the future, stores TaskCancelled, completes it. A
// queue entry, if any, keeps its reference (whoever drains the queue drops it).
inline void cancel_task(TaskHeader* task) noexcept {
  if ((task->state.load(std::memory_order_acquire) & kCompleted) != 0) return;
  task->vtable->cancel(task);
  complete_task(task, false, true);
}

// --- the typed parts ----------------------------------------------------------

// The outcome of a task with output T: written once before kCompleted is
// set (kFailed says which member), then taken or destroyed once by the party
// the state word names.
template <class T>
struct TaskCore : TaskHeader {
  TaskCore(const TaskVTable* vt, Scheduler* sched, std::uint64_t initial_state) noexcept
      : TaskHeader(vt, sched, initial_state) {}
  ~TaskCore() {}

  void destroy_outcome(bool failed) noexcept {
    if (failed) {
      std::destroy_at(&error);
    } else {
      std::destroy_at(&value);
    }
  }

  union {
    stored_t<T> value;
    std::exception_ptr error;
  };
};

template <class F>
class Task final : public TaskCore<output_t<F>> {
  using T = output_t<F>;
  using Core = TaskCore<T>;

 public:
  Task(Scheduler* sched, std::uint64_t initial_state, F&& f) noexcept(std::is_nothrow_move_constructible_v<F>)
      : Core(&vtable, sched, initial_state) {
    ::new (static_cast<void*>(&future_)) F(std::move(f));
  }
  ~Task() {}

  static const TaskVTable vtable;

  // The block: the task, then the name's text if it has one.
  static void* allocate(std::size_t size) {
    if constexpr (alignof(Task) > __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
      return ::operator new(size, std::align_val_t(alignof(Task)));
    } else {
      return ::operator new(size);
    }
  }
  static void deallocate(void* block) noexcept {
    if constexpr (alignof(Task) > __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
      ::operator delete(block, std::align_val_t(alignof(Task)));
    } else {
      ::operator delete(block);
    }
  }

 private:
  static Task* self(TaskHeader* t) noexcept { return static_cast<Task*>(t); }

  static PollResult poll(TaskHeader* t, Context& cx) noexcept {
    Task* task = self(t);
    UNAWAIT_TRY {
      Poll<T> result = task->future_.poll(cx);
      if (result.is_pending()) return PollResult::pending;
      stored_t<T> value = take_output(std::move(result));
      task->future_.~F();  // the future's destructors run before the JoinHandle sees the value
      UNAWAIT_TRY {
        ::new (static_cast<void*>(&task->value)) stored_t<T>(std::move(value));
      }
      UNAWAIT_CATCH_ALL {
        ::new (static_cast<void*>(&task->error)) std::exception_ptr(std::current_exception());
        return PollResult::error;
      }
      return PollResult::value;
    }
    UNAWAIT_CATCH_ALL {
      task->future_.~F();
      ::new (static_cast<void*>(&task->error)) std::exception_ptr(std::current_exception());
      return PollResult::error;
    }
  }

  // The outcome is "failed" either way. Without exceptions it holds an empty
  // exception_ptr (nothing else can fail then) and the JoinHandle reports the
  // cancellation itself (join_handle.hpp).
  static void cancel(TaskHeader* t) noexcept {
    Task* task = self(t);
    task->future_.~F();
#if UNAWAIT_EXCEPTIONS
    ::new (static_cast<void*>(&task->error)) std::exception_ptr(std::make_exception_ptr(TaskCancelled(task->display_name())));
#else
    ::new (static_cast<void*>(&task->error)) std::exception_ptr();
#endif
  }

  static void drop_output(TaskHeader* t, bool failed) noexcept { self(t)->destroy_outcome(failed); }

  static void destroy(TaskHeader* t) noexcept {
    Scheduler* sched = t->scheduler;
    Task* task = self(t);
    task->~Task();
    deallocate(task);
    sched->unref();
  }

  union {
    F future_;  // alive until the task completes or is cancelled
  };
};

template <class F>
const TaskVTable Task<F>::vtable{&Task::poll, &Task::cancel, &Task::drop_output, &Task::destroy};

// The initial state of a spawned task: scheduled, with a JoinHandle, and
// three references (the runnable one, the handle's, the live one).
inline constexpr std::uint64_t kSpawnState = kScheduled | kHandle | 3 * kReference;

// Allocates a task for `future` on `sched` (which it references), not yet
// queued, named "task #<number>" or, if `name` is not null, by a copy of it.
// The caller queues it (handing over the runnable reference) and builds the
// JoinHandle (from the handle's reference).
template <class F>
Task<F>* new_task(Scheduler* sched, F&& future, std::uint64_t number, const std::string* name) {
  static_assert(is_future_v<F>, "spawn needs a future");
  using TaskF = Task<F>;
  static_assert(sizeof(TaskF) % 2 == 0, "the name's text must start at an even address");
  const std::size_t size = sizeof(TaskF) + (name != nullptr ? name->size() + 1 : 0);
  void* block = TaskF::allocate(size);
  TaskF* task;
  UNAWAIT_TRY {
    task = ::new (block) TaskF(sched, kSpawnState, std::move(future));
  }
  UNAWAIT_CATCH_ALL {
    TaskF::deallocate(block);
    UNAWAIT_RETHROW;
  }
  if (name != nullptr) {
    char* text = static_cast<char*>(block) + sizeof(TaskF);
    name->copy(text, name->size());
    text[name->size()] = '\0';
    task->name = reinterpret_cast<std::uintptr_t>(text);
  } else {
    task->name = (static_cast<std::uintptr_t>(number) << 1) | 1;
  }
  sched->ref();
  return task;
}

// The innermost scheduler running on this thread (set by Executor::run and
// pool workers): a task woken on its own scheduler's thread is queued
// without a lock.
inline Scheduler*& current_scheduler() noexcept {
  static thread_local Scheduler* current = nullptr;
  return current;
}

class CurrentSchedulerScope {
 public:
  explicit CurrentSchedulerScope(Scheduler* s) noexcept : saved_(std::exchange(current_scheduler(), s)) {}
  ~CurrentSchedulerScope() { current_scheduler() = saved_; }
  CurrentSchedulerScope(const CurrentSchedulerScope&) = delete;
  CurrentSchedulerScope& operator=(const CurrentSchedulerScope&) = delete;

 private:
  Scheduler* saved_;
};

// An intrusive FIFO of tasks through `next_queued`; not thread-safe.
class TaskList {
 public:
  bool empty() const noexcept { return head_ == nullptr; }
  void push_back(TaskHeader* task) noexcept {
    task->next_queued = nullptr;
    if (tail_ != nullptr) {
      tail_->next_queued = task;
    } else {
      head_ = task;
    }
    tail_ = task;
  }
  void push_front(TaskHeader* task) noexcept {
    task->next_queued = head_;
    head_ = task;
    if (tail_ == nullptr) tail_ = task;
  }
  TaskHeader* pop_front() noexcept {
    TaskHeader* task = head_;
    if (task != nullptr) {
      head_ = task->next_queued;
      if (head_ == nullptr) tail_ = nullptr;
      task->next_queued = nullptr;
    }
    return task;
  }
  void append(TaskList& other) noexcept {  // moves all of `other` to our back
    if (other.head_ == nullptr) return;
    if (tail_ != nullptr) {
      tail_->next_queued = other.head_;
    } else {
      head_ = other.head_;
    }
    tail_ = other.tail_;
    other.head_ = other.tail_ = nullptr;
  }

 private:
  TaskHeader* head_ = nullptr;
  TaskHeader* tail_ = nullptr;
};

}  // namespace detail
}  // namespace unawait
