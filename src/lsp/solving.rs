//! The server's side of double dummy: which deals and plays it asks the background solver for,
//! on whose behalf (an edited game, a hover, the checks, the play analysis of a document), when
//! (a while after an edit settles), what it shows of the answers, and how often it tells the
//! server that answers came in. The handlers in `server.rs` call this and never the pool.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};
use tower_lsp_server::ls_types::Uri;

use super::seams;
use crate::bridge::Deal;
use crate::double_dummy::pool::{Job, Lookup, SolverPool};
use crate::double_dummy::{Par, TrickTable};
use crate::ide;
use crate::ide::diagram::DoubleDummyPart;
use crate::model::board::BoardModel;

/// What a document asks the solver for: each kind has its own queue, so that a new request of
/// one kind replaces the older ones of that kind only.
#[derive(Clone, Copy)]
enum Owner {
    /// The deal of the game last edited.
    Edit,
    /// Deals hovered or shown in the board view.
    Hover,
    /// The deals the double-dummy checks need.
    Check,
    /// Plays whose cards the inlay hints rate.
    Play,
}

impl Owner {
    /// The pool's name of this queue for `uri`.
    fn of(self, uri: &Uri) -> String {
        let kind = match self {
            Owner::Edit => "edit",
            Owner::Hover => "hover",
            Owner::Check => "check",
            Owner::Play => "play",
        };
        format!("{kind}:{}", uri.as_str())
    }
}

/// How long after the last edit the edited game's deal is handed to the solver.
const SOLVE_AFTER: Duration = Duration::from_millis(600);

/// How long finished work is gathered before the server hears of it: a burst of solved deals
/// republishes once, not once a deal.
const GATHER_FINISHED: Duration = Duration::from_millis(250);

/// What the solver finished in one gathering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Finished {
    /// Some deal's table (the checks and hovers waiting for one can be answered).
    pub(super) tables: bool,
    /// Some play's analysis (the inlay hints can be asked for again).
    pub(super) plays: bool,
}

/// The solver as the documents use it.
#[derive(Debug)]
pub(super) struct Solving {
    pool: SolverPool,
    /// Where the pool's threads say a job is done; taken by [`Solving::on_finished`].
    finished: Mutex<Option<UnboundedReceiver<Job>>>,
}

impl Solving {
    /// Solving on a pool of the default size.
    pub(super) fn new() -> Solving {
        let (sender, finished) = unbounded_channel();
        let pool = SolverPool::new(
            SolverPool::default_threads(),
            Box::new(move |job| {
                let _ = sender.send(job);
            }),
        );
        Solving {
            pool,
            finished: Mutex::new(Some(finished)),
        }
    }

    /// Calls `react` with what the solver finished, gathered for a moment after each first
    /// answer, for as long as the session lasts (only the first call listens).
    pub(super) fn on_finished<F, R>(&self, react: F)
    where
        F: Fn(Finished) -> R + Send + 'static,
        R: Future<Output = ()> + Send,
    {
        let taken = self
            .finished
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        let Some(mut finished) = taken else {
            return;
        };
        tokio::spawn(async move {
            while let Some(first) = finished.recv().await {
                tokio::time::sleep(GATHER_FINISHED).await;
                let mut jobs = vec![first];
                while let Ok(job) = finished.try_recv() {
                    jobs.push(job);
                }
                react(Finished {
                    tables: jobs.iter().any(|j| matches!(j, Job::Table(_))),
                    plays: jobs.iter().any(|j| matches!(j, Job::Play(_))),
                })
                .await;
            }
        });
    }

    /// A while after an edit of `uri` (once it settles), solves the deal `deal_to_solve` then
    /// gives: `None` when there is nothing to ask any more (a later edit came, the document
    /// closed, double dummy is off), else the edited game's deal, if it has a whole one.
    pub(super) fn after_edit<F>(&self, uri: Uri, deal_to_solve: F)
    where
        F: FnOnce() -> Option<Option<Deal>> + Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::spawn(async move {
            tokio::time::sleep(SOLVE_AFTER).await;
            if let Some(deal) = deal_to_solve() {
                pool.want(&Owner::Hover.of(&uri), Vec::new());
                pool.want(&Owner::Edit.of(&uri), deal.into_iter().collect());
            }
        });
    }

    /// The pool itself (to stop it when the session ends).
    pub(super) fn pool(&self) -> SolverPool {
        self.pool.clone()
    }

    /// Stops the pool's threads.
    pub(super) fn shut_down(&self) {
        self.pool.shut_down();
    }

    /// Where the double-dummy checks of `uri` take their tables from: a deal not solved yet is
    /// queued for the document, and checked once it is.
    pub(super) fn solutions_for_checks(&self, uri: &Uri) -> seams::Solutions {
        let pool = self.pool.clone();
        let owner = Owner::Check.of(uri);
        seams::Solutions::new(move |deal| match pool.lookup(deal) {
            Lookup::Solved(table) => Some(table),
            Lookup::Pending => None,
            Lookup::Unknown => {
                pool.add(&owner, *deal);
                None
            }
        })
    }

    /// Forgets everything asked for `uri` (it was closed).
    pub(super) fn forget(&self, uri: &Uri) {
        for owner in [Owner::Edit, Owner::Hover, Owner::Check, Owner::Play] {
            self.pool.want(&owner.of(uri), Vec::new());
        }
    }

    /// What `board`'s deal makes at double dummy, in any notation: `None` without a whole
    /// deal; `Some(None)` while it is being solved (asked for on behalf of `uri`'s hover);
    /// else the table, and par when the vulnerability is known.
    fn of_board(&self, uri: &Uri, board: &BoardModel) -> Option<Option<(TrickTable, Option<Par>)>> {
        let deal = board.whole_deal()?;
        match self.pool.lookup(&deal) {
            Lookup::Solved(table) => {
                let par = board
                    .vulnerability()
                    .map(|v| crate::double_dummy::par_for(&table, v, board.dealer()));
                Some(Some((table, par)))
            }
            Lookup::Pending | Lookup::Unknown => {
                self.pool.add(&Owner::Hover.of(uri), deal);
                Some(None)
            }
        }
    }

    /// The double-dummy part of a hover over the deal of `board`: the table and par when
    /// solved, else that it is being solved.
    pub(super) fn hover(&self, uri: &Uri, board: &BoardModel) -> Option<DoubleDummyPart> {
        Some(match self.of_board(uri, board)? {
            Some((table, par)) => DoubleDummyPart::Solved(table, par),
            None => DoubleDummyPart::Pending,
        })
    }

    /// The play analysis's hints for a board of `uri` in any notation (its places relative to
    /// its piece) when it is done; otherwise none, and the play is queued.
    pub(super) fn trick_cost_hints(
        &self,
        uri: &Uri,
        model: &crate::model::board::BoardModel,
    ) -> Vec<ide::InlayHint> {
        let Some((record, ranges)) = ide::play_analysis::placed_play_record(model) else {
            return Vec::new();
        };
        let record = Arc::new(record);
        match self.pool.lookup_play(&record) {
            Lookup::Solved(Some(costs)) => ide::play_analysis::trick_cost_hints(&ranges, &costs),
            Lookup::Solved(None) => Vec::new(),
            Lookup::Pending | Lookup::Unknown => {
                self.pool.add_job(&Owner::Play.of(uri), Job::Play(record));
                Vec::new()
            }
        }
    }
}
