//! The Tokio side of the runtime comparison: the workloads of
//! bench/runtime/runtime_bench.cpp, on Tokio, printing the same JSON lines
//! (with "side":"tokio"). bench/runtime/compare.py runs both alternately.
//!
//!     tokio_bench_runtime [--tasks N] [--sleeps M] [--only NAME[,NAME...]]
//!
//!   spawn        current-thread runtime: a driver spawns N small tasks (batches of 1024), awaits their JoinHandles
//!   spawn_all    the same in one batch: all N tasks are spawned before the first one runs
//!   spawn_yield  the same as spawn, each task does tokio::task::yield_now().await once
//!   pool_spawn   multi-thread runtime, 2 workers: the driver is a spawned task (block_on of its handle)
//!   ping_pong    current-thread runtime: two tasks, N round trips over two tokio::sync::Notify
//!   sleep        current-thread runtime: M tasks in tokio::time::sleep of 1-50 ms from their first
//!                poll (the same pseudo-random durations), CPU time per sleep and the latest wake-up past its deadline
//!   block_on     N futures::executor::block_on calls on a ready future
//!
//! Heap allocations are counted by the global allocator below (alloc,
//! alloc_zeroed and realloc each count one).
use std::alloc::{GlobalAlloc, Layout, System};
use std::future::Future;
use std::hint::black_box;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const BATCH: u64 = 1024;

fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

fn cpu_seconds() -> f64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    let secs = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 * 1e-6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

struct Meter {
    t0: Instant,
    cpu0: f64,
    a0: u64,
}

impl Meter {
    fn start() -> Meter {
        Meter { t0: Instant::now(), cpu0: cpu_seconds(), a0: allocations() }
    }

    /// Prints the line; `cpu_is_cost` makes ns_per_unit the CPU time (the sleep workload).
    fn report(&self, workload: &str, units: u64, cpu_is_cost: bool, extra: &str) {
        let a1 = allocations();
        let cpu1 = cpu_seconds();
        let wall_ns = self.t0.elapsed().as_nanos() as f64 / units as f64;
        let cpu_ns = (cpu1 - self.cpu0) * 1e9 / units as f64;
        let cost = if cpu_is_cost { cpu_ns } else { wall_ns };
        println!(
            "{{\"side\":\"tokio\",\"workload\":\"{}\",\"units\":{},\"ns_per_unit\":{:.3},\"wall_ns_per_unit\":{:.3},\"cpu_ns_per_unit\":{:.3},\"allocs_per_unit\":{:.4}{}}}",
            workload,
            units,
            cost,
            wall_ns,
            cpu_ns,
            (a1 - self.a0) as f64 / units as f64,
            extra
        );
    }
}

/// Spawns `total` tasks made by `child`, `batch` at a time, and awaits each batch's handles in order.
async fn driver<F, Fut>(total: u64, batch: u64, child: F) -> u64
where
    F: Fn(u64) -> Fut,
    Fut: Future<Output = u64> + Send + 'static,
{
    let mut handles = Vec::with_capacity(batch.min(total) as usize);
    let mut spawned = 0u64;
    let mut sum = 0u64;
    while spawned < total {
        let count = batch.min(total - spawned);
        for _ in 0..count {
            handles.push(tokio::spawn(child(spawned)));
            spawned += 1;
        }
        for handle in handles.drain(..) {
            sum += handle.await.unwrap();
        }
    }
    sum
}

fn current_thread() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap()
}

fn check_sum(name: &str, sum: u64, tasks: u64) {
    if sum != tasks * (tasks - 1) / 2 {
        eprintln!("{}: wrong sum", name);
        std::process::exit(1);
    }
}

fn spawn(name: &str, tasks: u64, batch: u64) {
    let rt = current_thread();
    let meter = Meter::start();
    let sum = rt.block_on(driver(tasks, batch, |n| async move { n }));
    meter.report(name, tasks, false, "");
    check_sum(name, sum, tasks);
}

fn spawn_yield(tasks: u64) {
    let rt = current_thread();
    let meter = Meter::start();
    let sum = rt.block_on(driver(tasks, BATCH, |n| async move {
        tokio::task::yield_now().await;
        n
    }));
    meter.report("spawn_yield", tasks, false, "");
    check_sum("spawn_yield", sum, tasks);
}

fn pool_spawn(tasks: u64) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_time().build().unwrap();
    let meter = Meter::start();
    let handle = rt.spawn(driver(tasks, BATCH, |n| async move { n }));
    let sum = rt.block_on(handle).unwrap();
    meter.report("pool_spawn", tasks, false, "");
    check_sum("pool_spawn", sum, tasks);
}

fn ping_pong(rounds: u64) {
    let rt = current_thread();
    let ping = Arc::new(tokio::sync::Notify::new());
    let pong = Arc::new(tokio::sync::Notify::new());
    let meter = Meter::start();
    rt.block_on(async {
        let (ping1, pong1) = (ping.clone(), pong.clone());
        let server = tokio::spawn(async move {
            for _ in 0..rounds {
                ping1.notify_one();
                pong1.notified().await;
            }
        });
        let (ping2, pong2) = (ping.clone(), pong.clone());
        let answerer = tokio::spawn(async move {
            for _ in 0..rounds {
                ping2.notified().await;
                pong2.notify_one();
            }
        });
        server.await.unwrap();
        answerer.await.unwrap();
    });
    meter.report("ping_pong", rounds, false, "");
}

fn sleeps(count: u64) {
    let rt = current_thread();
    let mut lcg: u32 = 12345;
    let meter = Meter::start();
    // As on the C++ side, the tasks are detached and record into shared
    // counters; the last one to finish tells the runtime's main future.
    struct Shared {
        latest: AtomicU64,
        total: AtomicU64,
        remaining: AtomicU64,
        all_done: tokio::sync::Notify,
    }
    let shared = Arc::new(Shared {
        latest: AtomicU64::new(0),
        total: AtomicU64::new(0),
        remaining: AtomicU64::new(count),
        all_done: tokio::sync::Notify::new(),
    });
    rt.block_on(async {
        for _ in 0..count {
            lcg = lcg.wrapping_mul(1664525).wrapping_add(1013904223);
            let ms = 1 + (lcg >> 8) % 50;
            let shared = shared.clone();
            drop(tokio::spawn(async move {
                // The deadline counts from the task's first poll, as on the C++ side.
                let sleep = tokio::time::sleep(std::time::Duration::from_millis(ms as u64));
                let deadline = sleep.deadline();
                sleep.await;
                let late = tokio::time::Instant::now().duration_since(deadline).as_nanos() as u64;
                shared.latest.fetch_max(late, Ordering::Relaxed);
                shared.total.fetch_add(late, Ordering::Relaxed);
                if shared.remaining.fetch_sub(1, Ordering::AcqRel) == 1 {
                    shared.all_done.notify_one();
                }
            }));
        }
        shared.all_done.notified().await;
    });
    let (latest, total) = (shared.latest.load(Ordering::Relaxed), shared.total.load(Ordering::Relaxed));
    let extra = format!(
        ",\"max_late_us\":{:.1},\"mean_late_us\":{:.1}",
        latest as f64 / 1e3,
        total as f64 / 1e3 / count as f64
    );
    meter.report("sleep", count, true, &extra);
}

/// Ready at once with its number (the C++ side's `Small`).
struct Ready(u64);

impl Future for Ready {
    type Output = u64;
    fn poll(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<u64> {
        Poll::Ready(self.0)
    }
}

fn block_on_ready(calls: u64) {
    let meter = Meter::start();
    let mut sum = 0u64;
    for i in 0..calls {
        sum += futures_executor::block_on(Ready(i));
        black_box(sum);
    }
    meter.report("block_on", calls, false, "");
}

fn usage() -> ! {
    eprintln!("usage: tokio_bench_runtime [--tasks N] [--sleeps M] [--only NAME[,NAME...]]");
    std::process::exit(2);
}

fn main() {
    let mut tasks: u64 = 1_000_000;
    let mut sleep_count: u64 = 10_000;
    let mut only: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--tasks" => tasks = value.parse().unwrap_or_else(|_| usage()),
            "--sleeps" => sleep_count = value.parse().unwrap_or_else(|_| usage()),
            "--only" => only.extend(value.split(',').map(String::from)),
            _ => usage(),
        }
    }
    if tasks == 0 || sleep_count == 0 {
        usage();
    }
    let selected = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    if selected("spawn") {
        spawn("spawn", tasks, BATCH);
    }
    if selected("spawn_all") {
        spawn("spawn_all", tasks, tasks);
    }
    if selected("spawn_yield") {
        spawn_yield(tasks);
    }
    if selected("pool_spawn") {
        pool_spawn(tasks);
    }
    if selected("ping_pong") {
        ping_pong(tasks);
    }
    if selected("sleep") {
        sleeps(sleep_count);
    }
    if selected("block_on") {
        block_on_ready(tasks);
    }
}
