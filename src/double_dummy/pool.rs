//! A bounded pool of background solver threads with a cache of answers (deals' tables and plays'
//! analyses), for the language server: requests never wait on it.
//!
//! Work is asked for by *owners* (a document's last edit, its hovers, its checks). An owner's
//! new wish list replaces its old one; a deal nobody wants any more leaves the queue, and when
//! it is being solved the solve stops at the next denomination. That is how editing a deal
//! cancels the solve of what it was before.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::play::{trick_costs, PlayRecord};
use super::{ThreadSolver, TrickTable, SOLVER_STACK};
use crate::bridge::Deal;

/// How many answers the cache keeps before it forgets the oldest.
const CACHE_LIMIT: usize = 20_000;

/// A piece of work for the pool.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Job {
    /// A deal's table.
    Table(Deal),
    /// A play's analysis.
    Play(Arc<PlayRecord>),
}

/// What a job gives.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    Table(TrickTable),
    /// The tricks each card gave away; `None` when the play cannot be analysed (a card not
    /// held, a revoke).
    Play(Option<Arc<Vec<u8>>>),
}

/// Called on a worker thread each time a job is done.
pub(crate) type OnSolved = Box<dyn Fn(Job) + Send + Sync>;

#[derive(Default)]
struct State {
    /// Jobs waiting, oldest first.
    queue: VecDeque<Job>,
    /// Who wants each queued or running job.
    wanted_by: HashMap<Job, HashSet<String>>,
    /// Each owner's jobs.
    wishes: HashMap<String, Vec<Job>>,
    /// Jobs being done, with their stop flags.
    running: HashMap<Job, Arc<AtomicBool>>,
    /// Answers, and the order they came in (to forget the oldest).
    solved: HashMap<Job, Answer>,
    solved_order: VecDeque<Job>,
    shut_down: bool,
}

struct Inner {
    state: Mutex<State>,
    wake: Condvar,
    on_solved: OnSolved,
    /// The threads to start when the first job comes (a server that never solves starts none).
    threads: usize,
    started: std::sync::Once,
}

fn lock(inner: &Inner) -> MutexGuard<'_, State> {
    inner.state.lock().unwrap_or_else(|e| e.into_inner())
}

/// The pool; cloning gives another handle to the same pool. Its threads end with the last
/// handle's [`SolverPool::shut_down`] or with the process.
#[derive(Clone)]
pub struct SolverPool {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for SolverPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = lock(&self.inner);
        f.debug_struct("SolverPool")
            .field("queued", &state.queue.len())
            .field("running", &state.running.len())
            .field("solved", &state.solved.len())
            .finish()
    }
}

/// What the pool knows of a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup<T> {
    /// Done.
    Solved(T),
    /// Queued or being done.
    Pending,
    /// Nobody asked for it.
    Unknown,
}

impl SolverPool {
    /// A pool of `threads` solver threads (at least one), started with the first job;
    /// `on_solved` hears of each job done.
    pub fn new(threads: usize, on_solved: OnSolved) -> SolverPool {
        SolverPool {
            inner: Arc::new(Inner {
                state: Mutex::new(State::default()),
                wake: Condvar::new(),
                on_solved,
                threads: threads.max(1),
                started: std::sync::Once::new(),
            }),
        }
    }

    fn start_threads(&self) {
        self.inner.started.call_once(|| {
            for n in 0..self.inner.threads {
                let inner = self.inner.clone();
                // Without a thread the pool only answers lookups; nothing is lost but speed.
                let _ = std::thread::Builder::new()
                    .name(format!("kibitzer-dd-{n}"))
                    .stack_size(SOLVER_STACK)
                    .spawn(move || work(&inner));
            }
        });
    }

    /// The threads a server should give the pool: all cores but one, at most four.
    pub fn default_threads() -> usize {
        crate::parallel::available_threads()
            .saturating_sub(1)
            .clamp(1, 4)
    }

    fn answer(&self, job: &Job) -> Lookup<Answer> {
        let state = lock(&self.inner);
        if let Some(answer) = state.solved.get(job) {
            Lookup::Solved(answer.clone())
        } else if state.wanted_by.contains_key(job) {
            Lookup::Pending
        } else {
            Lookup::Unknown
        }
    }

    /// What the pool knows of `deal`'s table.
    pub fn lookup(&self, deal: &Deal) -> Lookup<TrickTable> {
        match self.answer(&Job::Table(*deal)) {
            Lookup::Solved(Answer::Table(table)) => Lookup::Solved(table),
            Lookup::Solved(Answer::Play(_)) | Lookup::Unknown => Lookup::Unknown,
            Lookup::Pending => Lookup::Pending,
        }
    }

    /// What the pool knows of a play's analysis (`Solved(None)`: it cannot be analysed).
    pub fn lookup_play(&self, record: &Arc<PlayRecord>) -> Lookup<Option<Arc<Vec<u8>>>> {
        match self.answer(&Job::Play(record.clone())) {
            Lookup::Solved(Answer::Play(costs)) => Lookup::Solved(costs),
            Lookup::Solved(Answer::Table(_)) | Lookup::Unknown => Lookup::Unknown,
            Lookup::Pending => Lookup::Pending,
        }
    }

    /// Replaces what `owner` wants solved with `deals` (in order of urgency); deals no owner
    /// wants any more are dropped from the queue or stopped.
    pub fn want(&self, owner: &str, deals: Vec<Deal>) {
        self.want_jobs(owner, deals.into_iter().map(Job::Table).collect());
    }

    /// [`SolverPool::want`] for any jobs.
    pub fn want_jobs(&self, owner: &str, jobs: Vec<Job>) {
        let mut state = lock(&self.inner);
        let old = state.wishes.remove(owner).unwrap_or_default();
        for deal in &old {
            if let Some(owners) = state.wanted_by.get_mut(deal) {
                owners.remove(owner);
                if owners.is_empty() {
                    state.wanted_by.remove(deal);
                    if let Some(stop) = state.running.get(deal) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        let mut kept = Vec::new();
        for deal in jobs {
            let complete = match &deal {
                Job::Table(d) => d.is_complete(),
                Job::Play(p) => p.deal.is_complete(),
            };
            if state.solved.contains_key(&deal) || !complete || kept.contains(&deal) {
                continue;
            }
            let owners = state.wanted_by.entry(deal.clone()).or_default();
            let fresh = owners.is_empty();
            owners.insert(owner.to_string());
            if fresh && !state.running.contains_key(&deal) {
                state.queue.push_back(deal.clone());
            }
            if let Some(stop) = state.running.get(&deal) {
                stop.store(false, Ordering::Relaxed);
            }
            kept.push(deal);
        }
        let State {
            queue, wanted_by, ..
        } = &mut *state;
        queue.retain(|d| wanted_by.contains_key(d));
        let queued = !state.queue.is_empty();
        if !kept.is_empty() {
            state.wishes.insert(owner.to_string(), kept);
        }
        drop(state);
        if queued {
            self.start_threads();
        }
        self.inner.wake.notify_all();
    }

    /// Adds `deal` to what `owner` wants, keeping the rest.
    pub fn add(&self, owner: &str, deal: Deal) {
        self.add_job(owner, Job::Table(deal));
    }

    /// Adds a job to what `owner` wants, keeping the rest.
    pub fn add_job(&self, owner: &str, job: Job) {
        let mut jobs = lock(&self.inner)
            .wishes
            .get(owner)
            .cloned()
            .unwrap_or_default();
        if jobs.contains(&job) {
            return;
        }
        jobs.push(job);
        self.want_jobs(owner, jobs);
    }

    /// Forgets every wish of owners whose name starts with `prefix` (a closed document).
    pub fn forget_owners(&self, prefix: &str) {
        let owners: Vec<String> = lock(&self.inner)
            .wishes
            .keys()
            .filter(|o| o.starts_with(prefix))
            .cloned()
            .collect();
        for owner in owners {
            self.want_jobs(&owner, Vec::new());
        }
    }

    /// Deals queued or being solved.
    pub fn pending(&self) -> usize {
        let state = lock(&self.inner);
        state.queue.len() + state.running.len()
    }

    /// Stops the threads once their current denomination is done.
    pub fn shut_down(&self) {
        let mut state = lock(&self.inner);
        state.shut_down = true;
        for stop in state.running.values() {
            stop.store(true, Ordering::Relaxed);
        }
        drop(state);
        self.inner.wake.notify_all();
    }
}

/// A solver thread: takes the oldest wanted deal, solves it, files the table.
fn work(inner: &Inner) {
    let mut solver = ThreadSolver::default();
    loop {
        let (deal, stop) = {
            let mut state = lock(inner);
            loop {
                if state.shut_down {
                    return;
                }
                if let Some(job) = state.queue.pop_front() {
                    let stop = Arc::new(AtomicBool::new(false));
                    state.running.insert(job.clone(), stop.clone());
                    break (job, stop);
                }
                state = inner.wake.wait(state).unwrap_or_else(|e| e.into_inner());
            }
        };
        let answer = match &deal {
            Job::Table(d) => solver
                .solve(d, &|| stop.load(Ordering::Relaxed))
                .map(Answer::Table),
            Job::Play(record) => Some(Answer::Play(
                trick_costs(&mut solver.solver, record).map(Arc::new),
            )),
        };
        let mut state = lock(inner);
        state.running.remove(&deal);
        let Some(answer) = answer else {
            // Stopped: if someone wants it again meanwhile, it goes back in the queue.
            if state.wanted_by.contains_key(&deal) && !state.shut_down {
                state.queue.push_front(deal);
            }
            continue;
        };
        state.wanted_by.remove(&deal);
        state.solved.insert(deal.clone(), answer);
        state.solved_order.push_back(deal.clone());
        while state.solved_order.len() > CACHE_LIMIT {
            if let Some(old) = state.solved_order.pop_front() {
                state.solved.remove(&old);
            }
        }
        drop(state);
        (inner.on_solved)(deal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Card, Hand};
    use std::sync::mpsc;
    use std::time::Duration;

    /// A complete deal: the cards dealt round the table, the first to the seat `seed` picks.
    pub(crate) fn some_deal(seed: usize) -> Deal {
        let mut hands = [Hand::EMPTY; 4];
        for (i, card) in (0..52).filter_map(Card::from_index).enumerate() {
            hands[(i + seed) % 4].insert(card);
        }
        Deal::from_hands(hands.map(Some))
    }

    #[test]
    fn solves_in_the_background_and_tells() {
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        let pool = SolverPool::new(
            1,
            Box::new(move |deal| {
                let _ = tx.lock().map(|t| t.send(deal));
            }),
        );
        let deal = some_deal(1);
        assert_eq!(pool.lookup(&deal), Lookup::Unknown);
        pool.want("doc", vec![deal]);
        assert_ne!(pool.lookup(&deal), Lookup::Unknown);
        let solved = rx.recv_timeout(Duration::from_secs(60)).expect("solved");
        assert_eq!(solved, Job::Table(deal));
        let Lookup::Solved(table) = pool.lookup(&deal) else {
            panic!("not solved")
        };
        assert_eq!(Some(table), super::super::solve_all(&[deal])[0]);
        // Asking again for a solved deal queues nothing.
        pool.want("doc", vec![deal]);
        assert_eq!(pool.pending(), 0);
        pool.shut_down();
    }

    #[test]
    fn a_deal_nobody_wants_leaves_the_queue() {
        let pool = SolverPool::new(1, Box::new(|_| {}));
        let deals: Vec<Deal> = (0..4).map(some_deal).collect();
        pool.want("a", deals.clone());
        pool.want("b", vec![deals[3]]);
        pool.want("a", Vec::new());
        // Only the deal "b" wants (and perhaps the one a thread had started) remain.
        assert_ne!(pool.lookup(&deals[3]), Lookup::Unknown);
        assert!(matches!(
            pool.lookup(&deals[2]),
            Lookup::Unknown | Lookup::Solved(_)
        ));
        pool.forget_owners("b");
        assert!(matches!(
            pool.lookup(&deals[3]),
            Lookup::Unknown | Lookup::Solved(_)
        ));
        pool.shut_down();
    }
}
