// unawait/detail/task.hpp: spawned tasks and the run queue that Executor,
// CheckedExecutor and ThreadPool share.
//
// A task is a spawned future plus its scheduling state. Its waker is the raw
// pair {task pointer, task_waker_vtable}: waking pushes the task onto its run
// queue, at most once until it is polled again. Tasks are reference counted
// by hand, so cloning a task's waker is one atomic increment and no allocation.
//
// Who owns a reference to a task: the run queue's `live` set (until the task
// finishes or is cancelled), each entry of the `ready` queue, each Waker, and
// a poller while it runs the task (a TaskRef).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../context.hpp"
#include "../future.hpp"
#include "../join_handle.hpp"
#include "../waker.hpp"

namespace unawait::detail {

class TaskBase;

// Owns one reference to a task; releases it on destruction.
class TaskRef {
 public:
  TaskRef() noexcept = default;
  explicit TaskRef(TaskBase* adopted) noexcept : task_(adopted) {}
  TaskRef(TaskRef&& other) noexcept : task_(std::exchange(other.task_, nullptr)) {}
  TaskRef& operator=(TaskRef&& other) noexcept {
    std::swap(task_, other.task_);  // our old task is released with `other`
    return *this;
  }
  ~TaskRef();

  TaskBase* operator->() const noexcept { return task_; }
  TaskBase& operator*() const noexcept { return *task_; }
  explicit operator bool() const noexcept { return task_ != nullptr; }

 private:
  TaskBase* task_ = nullptr;
};

// The queue of runnable tasks and the set of unfinished ones; thread-safe.
class RunQueue {
 public:
  void admit(TaskBase* task);        // a new task: `live` adopts the spawner's reference
  void push(TaskBase* task);         // adopts one reference; dropped if the queue is closed
  TaskRef pop_until_idle();          // empty TaskRef once no unfinished task remains
  TaskRef pop_until_closed();        // empty TaskRef once closed
  TaskRef try_pop();                 // empty TaskRef if nothing is runnable now
  bool idle();                       // no unfinished task
  void finished(TaskBase* task);     // `task` finished: `live` releases it
  void wait_idle();                  // until no unfinished task remains
  std::vector<TaskRef> close();      // refuse pushes; hand back the unfinished tasks

 private:
  template <class Stop>
  TaskRef pop(Stop stop);

  std::mutex mutex_;
  std::condition_variable runnable_;     // signalled on push, on becoming idle and on close
  std::condition_variable idle_;         // signalled when `live_` becomes empty
  std::deque<TaskBase*> ready_;          // FIFO of runnable tasks; each entry owns a reference
  std::unordered_set<TaskBase*> live_;   // spawned, not finished, not cancelled; each owns a reference
  bool closed_ = false;                  // set once by close(); then pushes are dropped
};

enum class RunOutcome {
  finished,  // the future completed (or threw); its outcome went to the JoinHandle
  requeued,  // woken while it was being polled: back in the ready queue
  idle,      // pending, and nobody has woken it since
};

class TaskBase {
 public:
  TaskBase(std::shared_ptr<RunQueue> queue, std::string name) : queue_(std::move(queue)), name_(std::move(name)) {}
  TaskBase(const TaskBase&) = delete;
  TaskBase& operator=(const TaskBase&) = delete;

  const std::string& name() const noexcept { return name_; }

  void ref() noexcept {
    // Relaxed: a new reference is always made from an existing one.
    refs_.fetch_add(1, std::memory_order_relaxed);
  }
  void unref() noexcept {
    // acq_rel: whoever deletes must see all other owners' writes.
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

  // A new Waker for this task (owning one reference).
  Waker waker() noexcept;
  void acquire_waker() noexcept {
    ref();
    wakers_.fetch_add(1, std::memory_order_relaxed);
  }
  void release_waker() noexcept {
    // Release: a wake() made through this clone (state_ set to kScheduled)
    // happens-before a reader that acquires the count and sees it drop.
    wakers_.fetch_sub(1, std::memory_order_release);
    unref();
  }

  // Makes the task runnable: queues it unless it is queued already, finished,
  // or running (then the poller queues it again when the poll returns).
  void schedule() noexcept;

  // Polls the task once. Called only by the poller that popped it.
  RunOutcome run();

  // Destroys the future of an unfinished task; its JoinHandle gets TaskCancelled.
  void cancel() noexcept;

  // True when nothing can ever make this task runnable again: it is not
  // queued and no clone of its waker is alive. Meaningful only while the
  // task is idle (not running) and unfinished.
  bool unreachable() const noexcept {
    // Acquire the count first: a concurrent wake() scheduled the task before
    // it released its clone, so a count of 0 makes that kScheduled visible.
    return wakers_.load(std::memory_order_acquire) == 0 &&
           (state_.load(std::memory_order_acquire) & kScheduled) == 0;
  }

 protected:
  virtual ~TaskBase() = default;
  // Polls the future once; true when it finished and handed its outcome to
  // the JoinHandle. Never throws: an exception is the future's outcome.
  virtual bool poll_future(Context& cx) noexcept = 0;
  virtual void drop_future() noexcept = 0;  // cancellation

 private:
  enum : unsigned {
    kScheduled = 1,  // in the ready queue, or woken while running (to be queued by the poller)
    kRunning = 2,    // a poller is inside poll_future; only it touches the future
    kDone = 4,       // finished or cancelled; wakes are ignored from then on
  };

  std::atomic<unsigned> state_{0};
  std::atomic<std::size_t> refs_{1};     // owners, see the file comment; the task is deleted at 0
  std::atomic<std::size_t> wakers_{0};   // live Waker clones (a subset of refs_); read by the checked mode
  const std::shared_ptr<RunQueue> queue_;
  const std::string name_;
};

// The vtable of a task's waker: data is the TaskBase.
inline TaskBase* task_of(const void* data) noexcept { return const_cast<TaskBase*>(static_cast<const TaskBase*>(data)); }
inline RawWaker task_waker_clone(const void* data) noexcept;
inline void task_waker_wake(const void* data) noexcept {
  task_of(data)->schedule();  // before releasing the clone: see release_waker
  task_of(data)->release_waker();
}
inline void task_waker_wake_by_ref(const void* data) noexcept { task_of(data)->schedule(); }
inline void task_waker_drop(const void* data) noexcept { task_of(data)->release_waker(); }
inline constexpr RawWakerVTable task_waker_vtable{&task_waker_clone, &task_waker_wake, &task_waker_wake_by_ref,
                                                  &task_waker_drop};
inline RawWaker task_waker_clone(const void* data) noexcept {
  task_of(data)->acquire_waker();
  return RawWaker{data, &task_waker_vtable};
}

inline Waker TaskBase::waker() noexcept {
  acquire_waker();
  return Waker::from_raw(RawWaker{this, &task_waker_vtable});
}

inline void TaskBase::schedule() noexcept {
  unsigned state = state_.load(std::memory_order_relaxed);
  do {
    if ((state & (kDone | kScheduled)) != 0) return;
    // acq_rel: release publishes what the waker's caller wrote before waking
    // to the poller, which acquires state_ in run().
  } while (!state_.compare_exchange_weak(state, state | kScheduled, std::memory_order_acq_rel,
                                         std::memory_order_relaxed));
  if ((state & kRunning) == 0) {
    ref();
    queue_->push(this);
  }
}

inline RunOutcome TaskBase::run() {
  // kScheduled -> kRunning. Acquire: see what the waker's caller wrote.
  unsigned state = state_.load(std::memory_order_relaxed);
  do {
    if ((state & kDone) != 0) return RunOutcome::finished;  // cancelled while queued
  } while (!state_.compare_exchange_weak(state, (state & ~kScheduled) | kRunning, std::memory_order_acquire,
                                         std::memory_order_relaxed));
  bool done;
  {
    Waker waker = this->waker();
    Context cx(waker);
    done = poll_future(cx);
  }
  if (done) {
    state_.store(kDone, std::memory_order_release);
    queue_->finished(this);
    return RunOutcome::finished;
  }
  // kRunning -> idle, or -> queued again if woken during the poll. Release:
  // the next poller (maybe another thread) sees this poll's writes.
  state = state_.fetch_and(~kRunning, std::memory_order_acq_rel);
  if ((state & kScheduled) == 0) return RunOutcome::idle;
  ref();
  queue_->push(this);
  return RunOutcome::requeued;
}

inline void TaskBase::cancel() noexcept {
  state_.fetch_or(kDone, std::memory_order_acq_rel);
  drop_future();
}

inline TaskRef::~TaskRef() {
  if (task_ != nullptr) task_->unref();
}

// A spawned future of type F.
template <class F>
class Task final : public TaskBase {
  using T = output_t<F>;

 public:
  Task(std::shared_ptr<RunQueue> queue, std::string name, F&& future)
      : TaskBase(std::move(queue), std::move(name)), future_(std::move(future)) {}

  JoinHandle<T> join_handle() const { return JoinHandle<T>(join_); }

 private:
  bool poll_future(Context& cx) noexcept override {
    try {
      Poll<T> result = future_->poll(cx);
      if (result.is_pending()) return false;
      stored_t<T> value = take_output(std::move(result));
      future_.reset();  // the future's destructors run before the JoinHandle sees the value
      join_->set_value(std::move(value));
    } catch (...) {
      future_.reset();
      join_->set_error(std::current_exception());
    }
    return true;
  }

  void drop_future() noexcept override {
    future_.reset();
    join_->set_error(std::make_exception_ptr(TaskCancelled(name())));
  }

  std::optional<F> future_;  // engaged until the task finishes or is cancelled
  const std::shared_ptr<JoinState<T>> join_ = std::make_shared<JoinState<T>>();
};

// Spawns `future` as a task on `queue`, runnable at once.
template <class F>
JoinHandle<output_t<F>> spawn_on(const std::shared_ptr<RunQueue>& queue, std::string name, F&& future) {
  static_assert(is_future_v<F>, "spawn needs a future");
  auto* task = new Task<F>(queue, std::move(name), std::move(future));
  JoinHandle<output_t<F>> handle = task->join_handle();
  queue->admit(task);
  task->schedule();
  return handle;
}

inline void RunQueue::admit(TaskBase* task) {
  std::lock_guard<std::mutex> lock(mutex_);
  UNAWAIT_CONTRACT(!closed_, "spawn on an executor that is shutting down");
  live_.insert(task);
}

inline void RunQueue::push(TaskBase* task) {
  TaskRef refused;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) {
      refused = TaskRef(task);  // released after unlocking: it may delete the task
    } else {
      ready_.push_back(task);
    }
  }
  runnable_.notify_one();
}

template <class Stop>
TaskRef RunQueue::pop(Stop stop) {
  std::unique_lock<std::mutex> lock(mutex_);
  runnable_.wait(lock, [&] { return !ready_.empty() || stop(); });
  if (ready_.empty()) return TaskRef();
  TaskBase* task = ready_.front();
  ready_.pop_front();
  return TaskRef(task);
}

inline TaskRef RunQueue::pop_until_idle() {
  return pop([this] { return live_.empty(); });
}

inline TaskRef RunQueue::pop_until_closed() {
  return pop([this] { return closed_; });
}

inline TaskRef RunQueue::try_pop() {
  return pop([] { return true; });
}

inline bool RunQueue::idle() {
  std::lock_guard<std::mutex> lock(mutex_);
  return live_.empty();
}

inline void RunQueue::finished(TaskBase* task) {
  TaskRef released;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (live_.erase(task) == 0) return;  // already handed out by close()
    released = TaskRef(task);
    if (!live_.empty()) return;
  }
  runnable_.notify_all();
  idle_.notify_all();
}

inline void RunQueue::wait_idle() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return live_.empty(); });
}

inline std::vector<TaskRef> RunQueue::close() {
  std::vector<TaskRef> unfinished;
  std::deque<TaskBase*> queued;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    for (TaskBase* task : live_) unfinished.emplace_back(task);
    live_.clear();
    queued.swap(ready_);
  }
  runnable_.notify_all();
  for (TaskBase* task : queued) task->unref();
  return unfinished;
}

}  // namespace unawait::detail
