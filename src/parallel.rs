//! Spreading independent work over the cores, in the two shapes the project needs: slices of a
//! list known in advance (`map_slices`), and jobs taken one after another from a source that is
//! read while the work goes on (`pull_jobs`). Results always come back in input order.
//!
//! The work itself cannot panic on any input; should a worker die all the same, its share is
//! done again on the calling thread rather than lost.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// The number of threads to use for whole-file work: the cores available.
pub fn available_threads() -> usize {
    // Asking the system reads the cgroup files on Linux, a few microseconds each time, and
    // `Parse::new` asks for every game it parses: ask once.
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The threads for `amount` of work (items, bytes, diagnostics): one below `worth_spreading`,
/// where starting threads costs more than they save, else every core.
pub(crate) fn threads_for(amount: usize, worth_spreading: usize) -> usize {
    if amount < worth_spreading {
        1
    } else {
        available_threads()
    }
}

/// Runs `work` over contiguous slices of `items` on up to `threads` threads and concatenates the
/// results in the order of the slices.
///
/// There are about four slices per thread, taken from a shared counter, so that one slow slice
/// does not leave the other threads idle.
pub(crate) fn map_slices<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&[T]) -> Vec<R> + Sync,
) -> Vec<R> {
    if threads <= 1 || items.len() < 2 {
        return work(items);
    }
    let slices = (threads * 4).min(items.len());
    let per_slice = items.len().div_ceil(slices);
    let chunks: Vec<&[T]> = items.chunks(per_slice).collect();
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Vec<R>>>> = chunks.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(chunks.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(chunk) = chunks.get(i) else { break };
                let result = work(chunk);
                if let Ok(mut slot) = slots[i].lock() {
                    *slot = Some(result);
                }
            });
        }
    });
    let results: Vec<Vec<R>> = slots
        .into_iter()
        .zip(&chunks)
        .map(|(slot, chunk)| {
            slot.into_inner()
                .ok()
                .flatten()
                .unwrap_or_else(|| work(chunk))
        })
        .collect();
    // Reserved at once: grown by doubling, the joined results took up to twice their size
    // beside the slices' own (a check's findings, hundreds of bytes each, are such results).
    let mut all = Vec::with_capacity(results.iter().map(Vec::len).sum());
    for result in results {
        all.extend(result);
    }
    all
}

/// Runs `work` on jobs that `next_job` hands out one after another (it is called under a lock,
/// so reading the input overlaps with the work), on `threads` threads; each thread keeps its own
/// `state` (a cache, say). Returns each job with its result, in the order the jobs were handed
/// out. `next_job` returning `None` ends the run.
pub(crate) fn pull_jobs<J: Send, R: Send, S>(
    threads: usize,
    next_job: impl FnMut() -> Option<J> + Send,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &J) -> R + Sync,
) -> Vec<(J, R)> {
    pull_results(threads, next_job, state, |own, job| {
        let result = work(own, &job);
        (job, result)
    })
}

/// [`pull_jobs`] for a caller that needs only the results: each job is dropped as soon as its
/// work is done, so the jobs of a long input (a million games' pieces) are never all held.
pub(crate) fn pull_results<J: Send, R: Send, S>(
    threads: usize,
    next_job: impl FnMut() -> Option<J> + Send,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, J) -> R + Sync,
) -> Vec<R> {
    let mut results = Vec::new();
    pull_in_order(threads, next_job, state, work, |result| {
        results.push(result)
    });
    results
}

/// How many jobs past the oldest unfinished one the workers may take: results that finish out
/// of order wait for it, and this bounds how many wait.
const AHEAD_PER_THREAD: usize = 4;

/// [`pull_results`] handing each result to `consume` in the order the jobs were handed out, as
/// soon as it and every result before it are done, so that the results of a long input need
/// not all be held (a check's findings go to the printer while the check goes on). `consume`
/// runs on whichever worker completes the run of results, one call at a time; while it runs
/// (a printer waiting for its turn, say), the workers wait rather than pile results up.
pub(crate) fn pull_in_order<J: Send, R: Send, S>(
    threads: usize,
    next_job: impl FnMut() -> Option<J> + Send,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, J) -> R + Sync,
    consume: impl FnMut(R) + Send,
) {
    /// The results done but not yet consumed, and the index of the next one to consume.
    struct Ready<R, C> {
        next: usize,
        waiting: BTreeMap<usize, R>,
        consume: C,
        /// A worker died (a bug): nobody may wait for its result any more.
        abandoned: bool,
    }
    /// Marks the run abandoned if the worker holding it unwinds, so the others stop waiting.
    struct Watch<'a, R, C>(&'a Mutex<Ready<R, C>>, &'a Condvar);
    impl<R, C> Drop for Watch<'_, R, C> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                if let Ok(mut ready) = self.0.lock() {
                    ready.abandoned = true;
                }
                self.1.notify_all();
            }
        }
    }
    let threads = threads.max(1);
    let ahead = AHEAD_PER_THREAD * threads;
    let source = Mutex::new((next_job, 0usize));
    let ready = Mutex::new(Ready {
        next: 0,
        waiting: BTreeMap::new(),
        consume,
        abandoned: false,
    });
    let room = Condvar::new();
    let worker = || {
        let _watch = Watch(&ready, &room);
        let mut own = state();
        loop {
            let (index, job) = {
                let Ok(mut guard) = source.lock() else {
                    return;
                };
                let (next_job, count) = &mut *guard;
                let Some(job) = next_job() else {
                    return;
                };
                *count += 1;
                (*count - 1, job)
            };
            // The oldest unfinished job is always within reach of its own worker, so waiting
            // here never waits for itself.
            {
                let Ok(mut guard) = ready.lock() else { return };
                while index >= guard.next + ahead && !guard.abandoned {
                    guard = match room.wait(guard) {
                        Ok(guard) => guard,
                        Err(_) => return,
                    };
                }
                if guard.abandoned {
                    return;
                }
            }
            let result = work(&mut own, job);
            let Ok(mut guard) = ready.lock() else { return };
            let ready = &mut *guard;
            ready.waiting.insert(index, result);
            while let Some(result) = ready.waiting.remove(&ready.next) {
                (ready.consume)(result);
                ready.next += 1;
            }
            drop(guard);
            room.notify_all();
        }
    };
    if threads <= 1 {
        worker();
    } else {
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(worker);
            }
            worker();
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_come_back_in_order_on_any_number_of_threads() {
        let items: Vec<u32> = (0..1000).collect();
        for threads in [1, 2, 3, 8] {
            let doubled = map_slices(&items, threads, |part| part.iter().map(|x| x * 2).collect());
            assert_eq!(doubled, items.iter().map(|x| x * 2).collect::<Vec<_>>());
        }
        assert!(map_slices(&[] as &[u32], 4, |p| p.to_vec()).is_empty());
    }

    #[test]
    fn results_are_consumed_in_order_as_they_come_and_few_wait() {
        use std::sync::atomic::AtomicUsize;
        for threads in [1, 2, 4] {
            let finished = AtomicUsize::new(0);
            let mut consumed = Vec::new();
            let mut most_waiting = 0;
            let mut next = 0usize;
            pull_in_order(
                threads,
                || {
                    next += 1;
                    (next <= 400).then_some(next)
                },
                || (),
                |_, job| {
                    // Every seventh job is slow, so later ones finish first and must wait.
                    if job % 7 == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                    }
                    finished.fetch_add(1, Ordering::SeqCst);
                    job
                },
                |job| {
                    consumed.push(job);
                    let waiting = finished.load(Ordering::SeqCst) - consumed.len();
                    most_waiting = most_waiting.max(waiting);
                },
            );
            assert_eq!(consumed, (1..=400).collect::<Vec<_>>());
            assert!(
                most_waiting <= AHEAD_PER_THREAD * threads + threads,
                "{most_waiting} results waited on {threads} threads"
            );
        }
    }

    #[test]
    fn pulled_jobs_come_back_in_the_order_they_were_handed_out() {
        for threads in [1, 2, 5] {
            let mut next = 0u32;
            let out = pull_jobs(
                threads,
                || {
                    next += 1;
                    (next <= 300).then_some(next)
                },
                || 0u32,
                |seen, job| {
                    *seen += 1;
                    job * 3
                },
            );
            let jobs: Vec<u32> = out.iter().map(|(j, _)| *j).collect();
            assert_eq!(jobs, (1..=300).collect::<Vec<_>>());
            assert!(out.iter().all(|(j, r)| *r == j * 3));
        }
    }
}
