//! Spreading independent work over the cores, in the two shapes the project needs: slices of a
//! list known in advance ([`map_slices`]), and jobs taken one after another from a source that is
//! read while the work goes on ([`pull_jobs`]). Results always come back in input order.
//!
//! The work itself cannot panic on any input; should a worker die all the same, its share is
//! done again on the calling thread rather than lost.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of threads to use for whole-file work: the cores available.
pub fn available_threads() -> usize {
    // Asking the system reads the cgroup files on Linux, a few microseconds each time, and
    // `Parse::new` asks for every game it parses: ask once.
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Runs `work` over contiguous slices of `items` on up to `threads` threads and concatenates the
/// results in the order of the slices.
///
/// There are about four slices per thread, taken from a shared counter, so that one slow slice
/// does not leave the other threads idle.
pub fn map_slices<T: Sync, R: Send>(
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
pub fn pull_jobs<J: Send, R: Send, S>(
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
pub fn pull_results<J: Send, R: Send, S>(
    threads: usize,
    next_job: impl FnMut() -> Option<J> + Send,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, J) -> R + Sync,
) -> Vec<R> {
    let source = Mutex::new((next_job, 0usize));
    let done: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    let worker = || {
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
            let result = work(&mut own, job);
            if let Ok(mut done) = done.lock() {
                done.push((index, result));
            }
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
    let mut done = done.into_inner().unwrap_or_default();
    done.sort_unstable_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, result)| result).collect()
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
