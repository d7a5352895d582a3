//! How findings travel from the threads that check files to the thread that prints them.
//!
//! Files are printed in the order given. A file's findings are held by its checking thread
//! until there are [`BATCH`] of them; from then on they go to the printer a batch at a time, as
//! the check goes, once the file's turn to be printed has come (the thread waits for it). So
//! memory holds a batch per thread, not every finding of a file: a 26 MB file whose every game
//! had two errors took 900 MB when its findings were all kept until printed.

use std::sync::mpsc::SyncSender;
use std::sync::{Condvar, Mutex};

use super::output::Located;
use super::Outcome;
use crate::text::Encoding;

/// Findings a checking thread holds before it hands them over: about 2 MB.
const BATCH: usize = 4096;

/// What a checking thread tells the printing thread about file number `usize`.
pub enum Event {
    /// The next findings of a file whose turn has come, in text order.
    Findings(Encoding, Vec<Located>),
    /// The file is done: the findings not yet handed over, and the counts (or why it failed).
    Done(Outcome),
}

/// Whose turn it is to be printed: the number of files printed so far.
#[derive(Default)]
pub struct Turn {
    printed: Mutex<usize>,
    changed: Condvar,
}

impl Turn {
    /// Records that the files before `printed` are printed.
    pub fn advance(&self, printed: usize) {
        if let Ok(mut count) = self.printed.lock() {
            *count = printed;
        }
        self.changed.notify_all();
    }

    /// Waits until every file before `index` is printed.
    fn wait_for(&self, index: usize) {
        let Ok(mut count) = self.printed.lock() else {
            return;
        };
        while *count < index {
            count = match self.changed.wait(count) {
                Ok(count) => count,
                Err(_) => return,
            };
        }
    }
}

/// The findings of one file on their way to the printer.
pub(crate) struct FindingsOut<'a> {
    index: usize,
    encoding: Encoding,
    events: &'a SyncSender<(usize, Event)>,
    turn: &'a Turn,
    held: Vec<Located>,
}

impl<'a> FindingsOut<'a> {
    /// The way out for file number `index`.
    pub fn new(
        index: usize,
        events: &'a SyncSender<(usize, Event)>,
        turn: &'a Turn,
    ) -> FindingsOut<'a> {
        FindingsOut {
            index,
            encoding: Encoding::Utf8,
            events,
            turn,
            held: Vec::new(),
        }
    }

    /// Records the encoding the file was read in (the printer names it).
    pub fn read_as(&mut self, encoding: Encoding) {
        self.encoding = encoding;
    }

    /// Takes the next findings in text order; hands a batch over when one is full.
    pub fn push(&mut self, found: impl IntoIterator<Item = Located>) {
        self.held.extend(found);
        if self.held.len() >= BATCH {
            self.turn.wait_for(self.index);
            let batch = std::mem::take(&mut self.held);
            // A closed channel means the printer has stopped: nothing is left to print to.
            let _ = self
                .events
                .send((self.index, Event::Findings(self.encoding, batch)));
        }
    }

    /// The findings not handed over yet.
    pub fn rest(self) -> Vec<Located> {
        self.held
    }
}
