//! A bounded pool of background solver threads with a cache of solved deals, for the language
//! server: requests never wait on it.
//!
//! Work is asked for by *owners* (a document's last edit, its hovers, its checks). An owner's
//! new wish list replaces its old one; a deal nobody wants any more leaves the queue, and when
//! it is being solved the solve stops at the next denomination. That is how editing a deal
//! cancels the solve of what it was before.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::{ThreadSolver, TrickTable, SOLVER_STACK};
use crate::bridge::Deal;

/// How many solved deals the cache keeps before it forgets the oldest.
const CACHE_LIMIT: usize = 20_000;

/// Called on a worker thread each time a deal is solved.
pub type OnSolved = Box<dyn Fn(Deal) + Send + Sync>;

#[derive(Default)]
struct State {
    /// Deals waiting, oldest first.
    queue: VecDeque<Deal>,
    /// Who wants each queued or running deal.
    wanted_by: HashMap<Deal, HashSet<String>>,
    /// Each owner's deals.
    wishes: HashMap<String, Vec<Deal>>,
    /// Deals being solved, with their stop flags.
    running: HashMap<Deal, Arc<AtomicBool>>,
    /// Solved deals, and the order they came in (to forget the oldest).
    solved: HashMap<Deal, TrickTable>,
    solved_order: VecDeque<Deal>,
    shut_down: bool,
}

struct Inner {
    state: Mutex<State>,
    wake: Condvar,
    on_solved: OnSolved,
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

/// What the pool knows of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// Solved.
    Solved(TrickTable),
    /// Queued or being solved.
    Pending,
    /// Nobody asked for it.
    Unknown,
}

impl SolverPool {
    /// Starts `threads` solver threads (at least one); `on_solved` hears of each solved deal.
    pub fn new(threads: usize, on_solved: OnSolved) -> SolverPool {
        let inner = Arc::new(Inner {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
            on_solved,
        });
        for n in 0..threads.max(1) {
            let inner = inner.clone();
            // Without a thread the pool only answers lookups; nothing is lost but speed.
            let _ = std::thread::Builder::new()
                .name(format!("kibitzer-dd-{n}"))
                .stack_size(SOLVER_STACK)
                .spawn(move || work(&inner));
        }
        SolverPool { inner }
    }

    /// The threads a server should give the pool: all cores but one, at most four.
    pub fn default_threads() -> usize {
        crate::parallel::available_threads()
            .saturating_sub(1)
            .clamp(1, 4)
    }

    /// What the pool knows of `deal`.
    pub fn lookup(&self, deal: &Deal) -> Lookup {
        let state = lock(&self.inner);
        if let Some(table) = state.solved.get(deal) {
            Lookup::Solved(*table)
        } else if state.wanted_by.contains_key(deal) {
            Lookup::Pending
        } else {
            Lookup::Unknown
        }
    }

    /// Replaces what `owner` wants solved with `deals` (in order of urgency); deals no owner
    /// wants any more are dropped from the queue or stopped.
    pub fn want(&self, owner: &str, deals: Vec<Deal>) {
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
        for deal in deals {
            if state.solved.contains_key(&deal) || !deal.is_complete() || kept.contains(&deal) {
                continue;
            }
            let owners = state.wanted_by.entry(deal).or_default();
            let fresh = owners.is_empty();
            owners.insert(owner.to_string());
            if fresh && !state.running.contains_key(&deal) {
                state.queue.push_back(deal);
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
        if !kept.is_empty() {
            state.wishes.insert(owner.to_string(), kept);
        }
        drop(state);
        self.inner.wake.notify_all();
    }

    /// Adds `deal` to what `owner` wants, keeping the rest.
    pub fn add(&self, owner: &str, deal: Deal) {
        let mut deals = lock(&self.inner)
            .wishes
            .get(owner)
            .cloned()
            .unwrap_or_default();
        if !deals.contains(&deal) {
            deals.push(deal);
        }
        self.want(owner, deals);
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
            self.want(&owner, Vec::new());
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
                if let Some(deal) = state.queue.pop_front() {
                    let stop = Arc::new(AtomicBool::new(false));
                    state.running.insert(deal, stop.clone());
                    break (deal, stop);
                }
                state = inner.wake.wait(state).unwrap_or_else(|e| e.into_inner());
            }
        };
        let table = solver.solve(&deal, &|| stop.load(Ordering::Relaxed));
        let mut state = lock(inner);
        state.running.remove(&deal);
        let Some(table) = table else {
            // Stopped: if someone wants it again meanwhile, it goes back in the queue.
            if state.wanted_by.contains_key(&deal) && !state.shut_down {
                state.queue.push_front(deal);
            }
            continue;
        };
        state.wanted_by.remove(&deal);
        state.solved.insert(deal, table);
        state.solved_order.push_back(deal);
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
        assert_eq!(solved, deal);
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
