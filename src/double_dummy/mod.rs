//! Double dummy: how many tricks each declarer takes in each denomination when every hand is
//! open, and the par result that follows, computed by the `pons-dds` solver.
//!
//! Solving takes from a few milliseconds to several seconds a deal, so nothing here runs on an
//! editor request's path: the CLI solves on every core, in batches ([`solve_all`]) or, where it
//! shows progress, one denomination at a time ([`solve_each_denomination`]); the language
//! server on a bounded background pool (`pool::SolverPool`). [`tags`] reads and writes the
//! forms files keep these results in.

pub mod play;
pub(crate) mod pool;
pub mod tags;

use crate::bridge::{Contract, Deal, Denomination, Risk, Seat, Vulnerability};
use contract_bridge as cb;

/// Denominations in the order tables show them: no trump first, then the suits from spades down.
pub(crate) const DENOMINATIONS: [Denomination; 5] = [
    Denomination::NoTrump,
    Denomination::Spades,
    Denomination::Hearts,
    Denomination::Diamonds,
    Denomination::Clubs,
];

/// Declarers in the order files list them: North, South, East, West.
pub(crate) const DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// Tricks each declarer takes in each denomination at double dummy.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TrickTable {
    /// Indexed by [`Seat::index`] then [`Denomination::index`].
    tricks: [[u8; 5]; 4],
}

impl TrickTable {
    /// The tricks `declarer` takes in `denomination`.
    pub fn tricks(&self, declarer: Seat, denomination: Denomination) -> u8 {
        self.tricks[declarer.index()][denomination.index()]
    }

    /// Sets the tricks `declarer` takes in `denomination` (clamped to 13).
    pub fn set(&mut self, declarer: Seat, denomination: Denomination, tricks: u8) {
        self.tricks[declarer.index()][denomination.index()] = tricks.min(13);
    }

    /// Every cell in file order (declarers N, S, E, W; each NT, S, H, D, C).
    pub fn cells(&self) -> impl Iterator<Item = (Seat, Denomination, u8)> + '_ {
        DECLARERS.into_iter().flat_map(move |seat| {
            DENOMINATIONS
                .into_iter()
                .map(move |d| (seat, d, self.tricks(seat, d)))
        })
    }
}

/// One contract of a par result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParContract {
    /// The contract, doubled when it is a sacrifice.
    pub contract: Contract,
    /// Who declares it.
    pub declarer: Seat,
    /// Tricks over the contract (negative: down).
    pub overtricks: i8,
}

impl ParContract {
    /// The tricks declarer takes in it.
    pub fn tricks(&self) -> u8 {
        (i16::from(self.contract.tricks_needed()) + i16::from(self.overtricks)).clamp(0, 13) as u8
    }
}

/// The par result of a deal: the score both sides bidding perfectly with open cards reach.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Par {
    /// The score from North-South's side (negative when East-West score).
    pub score: i32,
    /// The contracts that reach it (empty when the deal is passed out).
    pub contracts: Vec<ParContract>,
}

/// The solver's form of a deal, when all four hands are known, hold 13 cards and share none.
pub(crate) fn full_deal(deal: &Deal) -> Option<cb::FullDeal> {
    if !deal.is_complete() {
        return None;
    }
    let mut builder = cb::deal::Builder::new();
    for seat in Seat::ALL {
        let hand = deal.hand(seat)?;
        let mut theirs = cb::Hand::EMPTY;
        for card in hand.iter() {
            let rank = cb::hand::Rank::try_new(card.rank.value()).ok()?;
            theirs.insert(cb::Card {
                suit: suit_to_cb(card.suit),
                rank,
            });
        }
        builder[seat_to_cb(seat)] = theirs;
    }
    builder.build_full().ok()
}

fn suit_to_cb(suit: crate::bridge::Suit) -> cb::Suit {
    match suit {
        crate::bridge::Suit::Spades => cb::Suit::Spades,
        crate::bridge::Suit::Hearts => cb::Suit::Hearts,
        crate::bridge::Suit::Diamonds => cb::Suit::Diamonds,
        crate::bridge::Suit::Clubs => cb::Suit::Clubs,
    }
}

fn seat_to_cb(seat: Seat) -> cb::Seat {
    match seat {
        Seat::North => cb::Seat::North,
        Seat::East => cb::Seat::East,
        Seat::South => cb::Seat::South,
        Seat::West => cb::Seat::West,
    }
}

fn seat_from_cb(seat: cb::Seat) -> Seat {
    match seat {
        cb::Seat::North => Seat::North,
        cb::Seat::East => Seat::East,
        cb::Seat::South => Seat::South,
        cb::Seat::West => Seat::West,
    }
}

fn strain_to_cb(denomination: Denomination) -> cb::Strain {
    denomination.into()
}

fn denomination_from_cb(strain: cb::Strain) -> Denomination {
    match strain {
        cb::Strain::Clubs => Denomination::Clubs,
        cb::Strain::Diamonds => Denomination::Diamonds,
        cb::Strain::Hearts => Denomination::Hearts,
        cb::Strain::Spades => Denomination::Spades,
        cb::Strain::Notrump => Denomination::NoTrump,
    }
}

fn table_from_solver(solved: &pons_dds::TrickCountTable) -> TrickTable {
    let mut table = TrickTable::default();
    for denomination in DENOMINATIONS {
        let row = solved[strain_to_cb(denomination)];
        for seat in Seat::ALL {
            table.set(seat, denomination, row.get(seat_to_cb(seat)).get());
        }
    }
    table
}

fn table_to_solver(table: &TrickTable) -> pons_dds::TrickCountTable {
    let mut solved = pons_dds::TrickCountTable::default();
    for denomination in DENOMINATIONS {
        let t = |seat| table.tricks(seat, denomination);
        solved.0[strain_to_cb(denomination) as usize] = pons_dds::TrickCountRow::new(
            t(Seat::North),
            t(Seat::East),
            t(Seat::South),
            t(Seat::West),
        );
    }
    solved
}

/// Solves a batch of deals on every core (results in input order; `None` for a deal that is not
/// complete).
pub fn solve_all(deals: &[Deal]) -> Vec<Option<TrickTable>> {
    let full: Vec<Option<cb::FullDeal>> = deals.iter().map(full_deal).collect();
    let solvable: Vec<cb::FullDeal> = full.iter().flatten().copied().collect();
    let mut solved = if solvable.is_empty() {
        Vec::new()
    } else {
        pons_dds::solve_deals(&solvable, pons_dds::NonEmptyStrainFlags::ALL)
    }
    .into_iter();
    full.iter()
        .map(|deal| {
            deal.as_ref()?;
            solved.next().map(|t| table_from_solver(&t))
        })
        .collect()
}

/// Solves `deals` on `threads` threads, one denomination at a time, calling `solved_one` after
/// each denomination (results in input order; `None` for a deal that is not complete): for a
/// caller that shows progress within a deal, which one hard deal can hold for minutes.
pub fn solve_each_denomination(
    deals: &[Deal],
    threads: usize,
    solved_one: &(dyn Fn() + Sync),
) -> Vec<Option<TrickTable>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<TrickTable>>> =
        deals.iter().map(|_| std::sync::Mutex::new(None)).collect();
    let work = || {
        let mut solver = ThreadSolver::default();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(deal) = deals.get(index) else { break };
            let solved = solver.solve_counting(deal, &|| false, solved_one);
            if solved.is_none() {
                // Nothing to solve: its denominations count as done.
                DENOMINATIONS.iter().for_each(|_| solved_one());
            }
            if let Some(slot) = results.get(index) {
                *slot.lock().unwrap_or_else(|e| e.into_inner()) = solved;
            }
        }
    };
    std::thread::scope(|scope| {
        let spawned: Vec<_> = (0..threads.max(1))
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(SOLVER_STACK)
                    .spawn_scoped(scope, work)
            })
            .collect();
        // A thread that could not be started leaves its share to the others; with none
        // started the deals stay unsolved (solving here, on a stack of unknown size, could
        // overflow it).
        if spawned.iter().all(Result::is_err) {
            eprintln!("kibitzer: could not start a solver thread");
        }
    });
    results
        .into_iter()
        .map(|slot| slot.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

/// A solver for one thread, solving a deal one denomination at a time so that the work can stop
/// between denominations.
pub(crate) struct ThreadSolver {
    solver: pons_dds::Solver,
}

impl Default for ThreadSolver {
    fn default() -> ThreadSolver {
        ThreadSolver {
            solver: pons_dds::Solver::new(cb::Strain::Notrump),
        }
    }
}

impl std::fmt::Debug for ThreadSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ThreadSolver")
    }
}

impl ThreadSolver {
    /// Solves `deal` on the calling thread (which needs a large stack: see [`SOLVER_STACK`]);
    /// `None` when the deal is not complete or `stop` said so between two denominations.
    pub fn solve(&mut self, deal: &Deal, stop: &dyn Fn() -> bool) -> Option<TrickTable> {
        self.solve_counting(deal, stop, &|| {})
    }

    /// Solves `deal` as [`ThreadSolver::solve`] does, calling `solved_one` after each
    /// denomination.
    fn solve_counting(
        &mut self,
        deal: &Deal,
        stop: &dyn Fn() -> bool,
        solved_one: &dyn Fn(),
    ) -> Option<TrickTable> {
        let full = full_deal(deal)?;
        let mut solved = pons_dds::TrickCountTable::default();
        for denomination in DENOMINATIONS {
            if stop() {
                return None;
            }
            let strain = strain_to_cb(denomination);
            self.solver.set_strain(strain);
            solved.0[strain as usize] = self.solver.solve(full);
            solved_one();
        }
        Some(table_from_solver(&solved))
    }
}

/// The stack a thread needs to run the solver's deep search.
pub(crate) const SOLVER_STACK: usize = 32 << 20;

fn vulnerability_to_solver(v: Vulnerability) -> pons_dds::Vulnerability {
    match v {
        Vulnerability::None => pons_dds::Vulnerability::NONE,
        Vulnerability::NS => pons_dds::Vulnerability::NS,
        Vulnerability::EW => pons_dds::Vulnerability::EW,
        Vulnerability::All => pons_dds::Vulnerability::ALL,
    }
}

fn par_from_solver(par: pons_dds::Par) -> Par {
    let contracts = par
        .contracts
        .iter()
        .filter_map(|c| {
            let risk = match c.contract.penalty {
                cb::Penalty::Undoubled => Risk::Undoubled,
                cb::Penalty::Doubled => Risk::Doubled,
                cb::Penalty::Redoubled => Risk::Redoubled,
            };
            Some(ParContract {
                contract: Contract::new(
                    c.contract.bid.level.get(),
                    denomination_from_cb(c.contract.bid.strain),
                    risk,
                )?,
                declarer: seat_from_cb(c.declarer),
                overtricks: c.overtricks,
            })
        })
        .collect();
    Par {
        score: par.score,
        contracts,
    }
}

/// The par of a deal whose table is `table`, for the side that deals first.
pub fn par(table: &TrickTable, vulnerability: Vulnerability, dealer: Seat) -> Par {
    par_from_solver(pons_dds::calculate_par(
        table_to_solver(table),
        vulnerability_to_solver(vulnerability),
        seat_to_cb(dealer),
    ))
}

/// The par of a board: for its dealer, or with North-South bidding first when the dealer is
/// unknown. The one rule every reader of par (checks, hover, board view, `dd`) follows.
pub(crate) fn par_for(
    table: &TrickTable,
    vulnerability: Vulnerability,
    dealer: Option<Seat>,
) -> Par {
    match dealer {
        Some(dealer) => par(table, vulnerability, dealer),
        None => {
            let [north_south_first, _] = pars_either_side(table, vulnerability);
            north_south_first
        }
    }
}

/// The par when North-South, then East-West, start the bidding: they differ only on deals where
/// both sides can make something, and a file may give either.
pub(crate) fn pars_either_side(table: &TrickTable, vulnerability: Vulnerability) -> [Par; 2] {
    pons_dds::calculate_pars(
        table_to_solver(table),
        vulnerability_to_solver(vulnerability),
    )
    .map(par_from_solver)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Card, Hand};

    /// Each player holds one whole suit: North spades, East hearts, South diamonds, West clubs.
    fn suits_deal() -> Deal {
        let mut hands = [None; 4];
        for (seat, suit) in Seat::ALL.into_iter().zip(crate::bridge::Suit::ALL) {
            let mut hand = Hand::EMPTY;
            for rank in crate::bridge::Rank::ALL {
                hand.insert(Card::new(suit, rank));
            }
            hands[seat.index()] = Some(hand);
        }
        Deal::from_hands(hands)
    }

    #[test]
    fn solving_each_denomination_steps_five_times_a_deal_and_agrees_with_the_batch() {
        let steps = std::sync::atomic::AtomicUsize::new(0);
        let step = || {
            steps.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        let deals = [suits_deal(), Deal::new(), suits_deal()];
        let tables = solve_each_denomination(&deals, 2, &step);
        assert_eq!(tables, solve_all(&deals));
        // The incomplete deal counts as done too, so that a bar reaches its end.
        assert_eq!(steps.into_inner(), 15);
    }

    #[test]
    fn a_suit_each_deal_takes_all_tricks_in_your_own_suit_and_none_in_no_trump_on_lead_against() {
        let tables = solve_all(&[suits_deal(), Deal::new()]);
        let table = tables[0].expect("complete deal");
        assert_eq!(tables[1], None);
        assert_eq!(table.tricks(Seat::North, Denomination::Spades), 13);
        assert_eq!(table.tricks(Seat::East, Denomination::Hearts), 13);
        // North declaring hearts: East holds all the trumps and ruffs everything.
        assert_eq!(table.tricks(Seat::North, Denomination::Hearts), 0);
        // No trump by North: East leads hearts and takes all 13.
        assert_eq!(table.tricks(Seat::North, Denomination::NoTrump), 0);
        // No trump by West: North leads spades and takes all 13.
        assert_eq!(table.tricks(Seat::West, Denomination::NoTrump), 0);
        let mut one = ThreadSolver::default();
        let same = std::thread::Builder::new()
            .stack_size(SOLVER_STACK)
            .spawn(move || one.solve(&suits_deal(), &|| false))
            .expect("thread")
            .join()
            .expect("solver thread");
        assert_eq!(same, Some(table));
    }

    #[test]
    fn a_stopped_solve_gives_nothing() {
        let mut solver = ThreadSolver::default();
        assert_eq!(solver.solve(&suits_deal(), &|| true), None);
    }

    #[test]
    fn par_of_a_grand_slam_for_north_south() {
        // North holds all spades: 7S by North or South makes (13 tricks with spades as trumps).
        let mut table = TrickTable::default();
        for seat in Seat::ALL {
            for d in DENOMINATIONS {
                let ns = seat.is_ns();
                table.set(seat, d, if ns { 13 } else { 0 });
            }
        }
        let p = par(&table, Vulnerability::None, Seat::North);
        // 7NT non-vulnerable: 1520.
        assert_eq!(p.score, 1520);
        assert!(p
            .contracts
            .iter()
            .all(|c| c.contract.level() == 7 && c.declarer.is_ns()));
        let vul = par(&table, Vulnerability::All, Seat::East);
        assert_eq!(vul.score, 2220);
    }
}
