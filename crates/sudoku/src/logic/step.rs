//! One deduction: the technique, what it places or removes, and why.

use std::fmt;

use grid_core::Coord;

use super::units::{bit, digit_list, digit_string, name};
use crate::Unit;

/// A solving technique, by the name players use (SudokuWiki.org, HoDoKu). `Display`
/// writes that name. The order of the variants is the order in which
/// [`next_step`](super::next_step) tries them, simplest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit confined to one row or column inside a box.
    LockedCandidatesPointing,
    /// A digit confined to one box inside a row or column.
    LockedCandidatesClaiming,
    /// Two cells of a house holding the same two candidates only.
    NakedPair,
    /// Two rows (columns) where a digit fits in the same two columns (rows).
    XWing,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// An X-Wing with fins in one box.
    FinnedXWing,
    /// Three cells of a house holding three candidates between them.
    NakedTriple,
    /// The X-Wing on three rows or columns.
    Swordfish,
    /// Three digits confined to the same three cells of a house.
    HiddenTriple,
    /// A Swordfish with fins in one box.
    FinnedSwordfish,
    /// A bivalue pivot with two bivalue pincers.
    XyWing,
    /// A trivalue pivot with two bivalue pincers.
    XyzWing,
    /// Two equal bivalue cells joined by a strong link.
    WWing,
    /// A deadly rectangle with one cell holding extra candidates.
    UniqueRectangleType1,
    /// A deadly rectangle whose two extra cells share one extra digit.
    UniqueRectangleType2,
    /// A deadly rectangle whose two extra cells hold a strong link on one of its digits.
    UniqueRectangleType4,
    /// Four cells of a house holding four candidates between them.
    NakedQuad,
    /// The X-Wing on four rows or columns.
    Jellyfish,
    /// Four digits confined to the same four cells of a house.
    HiddenQuad,
    /// Every unsolved cell bivalue but one, which holds three candidates.
    BugPlusOne,
    /// A chain of bivalue cells all holding the same pair.
    RemotePair,
    /// The two colours of a digit's conjugate pairs.
    SimpleColouring,
    /// An alternating chain of strong and weak links on one digit.
    XChain,
    /// A chain of bivalue cells.
    XyChain,
    /// Two almost locked sets joined by a restricted common digit.
    AlsXz,
    /// An assumption whose consequences by singles contradict themselves.
    ForcingChain,
    /// An assumption the exhaustive search refutes (the last resort).
    BoundedTrial,
}

impl Technique {
    /// Every technique in the order they are tried.
    pub const ALL: [Technique; 30] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::FinnedXWing,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::FinnedSwordfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::UniqueRectangleType1,
        Technique::UniqueRectangleType2,
        Technique::UniqueRectangleType4,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::RemotePair,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::XyChain,
        Technique::AlsXz,
        Technique::ForcingChain,
        Technique::BoundedTrial,
    ];

    /// The players' name, as `Display` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::NakedSingle => "Naked Single",
            Technique::LockedCandidatesPointing => "Locked Candidates Type 1 (Pointing)",
            Technique::LockedCandidatesClaiming => "Locked Candidates Type 2 (Claiming)",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::NakedTriple => "Naked Triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::UniqueRectangleType1 => "Unique Rectangle Type 1",
            Technique::UniqueRectangleType2 => "Unique Rectangle Type 2",
            Technique::UniqueRectangleType4 => "Unique Rectangle Type 4",
            Technique::BugPlusOne => "BUG+1",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::SimpleColouring => "Simple Colouring",
            Technique::XChain => "X-Chain",
            Technique::RemotePair => "Remote Pair",
            Technique::XyChain => "XY-Chain",
            Technique::AlsXz => "ALS-XZ",
            Technique::ForcingChain => "Forcing Chain",
            Technique::BoundedTrial => "Bounded Trial",
        }
    }

    /// The technique's base difficulty on Sudoku Explainer's scale (Nicolas Juillerat's
    /// Sudoku Explainer 1.2.1, its rating table as listed on the enjoysudoku/"Player's
    /// Forum" pages on SE ratings), in tenths: 12 is 1.2.
    ///
    /// SE's figures: full house ("last value") 1.0, hidden single 1.2 in a box and 1.5 in
    /// a row or column, naked single 2.3, pointing 2.6, claiming 2.8, naked pair 3.0,
    /// X-Wing 3.2, hidden pair 3.4, naked triple 3.6, Swordfish 3.8, hidden triple 4.0,
    /// XY-Wing 4.2, XYZ-Wing 4.4, unique rectangle 4.5, naked quad 5.0, Jellyfish 5.2,
    /// hidden quad 5.4, X-chains and cycles 6.5-6.6, XY-chains 6.6 and up, forcing chains
    /// 7.0 and up, dynamic (contradiction) chains 8.5 and up, nested chains 9.0 and up.
    /// SE rates unique rectangles of types 1, 2 and 4 alike (4.5) and a BUG+1 (its "BUG
    /// type 1") 5.6. SE 1.2.1 has no finned fish: a finned X-Wing is rated 3.5 and a
    /// finned Swordfish 4.1, a tenth above the hidden subset after their basic fish (so
    /// each is tried right after the basic fish and hidden subset of its size, HoDoKu
    /// ranking a finned fish beside its basic one).
    /// SE 1.2.1 has no almost locked sets either: ALS-XZ, which HoDoKu rates above X- and
    /// XY-chains, is rated 7.0, above the chains and below the forcing chains.
    /// SE has no W-Wing, simple colouring or remote pair: the W-Wing is rated with the
    /// wings (4.4, HoDoKu ranks it beside XY-Wing); simple colouring is rated as SE's
    /// X-cycle (6.5), and a remote pair, which is simple colouring of bivalue cells, with
    /// it (6.5). The forcing chain here
    /// propagates singles from one assumption, SE's dynamic contradiction chain: 8.5.
    /// The bounded trial, which SE does not have, is rated above every chain: 10.0.
    /// Chains add SE's length bonus on top (see [`Step::rating`]).
    pub fn base_rating(self) -> Rating {
        Rating(match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingle => 12,
            Technique::NakedSingle => 23,
            Technique::LockedCandidatesPointing => 26,
            Technique::LockedCandidatesClaiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::FinnedXWing => 35,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::FinnedSwordfish => 41,
            Technique::XyWing => 42,
            Technique::XyzWing | Technique::WWing => 44,
            Technique::UniqueRectangleType1
            | Technique::UniqueRectangleType2
            | Technique::UniqueRectangleType4 => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::BugPlusOne => 56,
            Technique::RemotePair | Technique::SimpleColouring => 65,
            Technique::XChain | Technique::XyChain => 66,
            Technique::AlsXz => 70,
            Technique::ForcingChain => 85,
            Technique::BoundedTrial => 100,
        })
    }

    /// Whether the technique is a single (full house, hidden or naked single).
    pub fn is_single(self) -> bool {
        matches!(
            self,
            Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty on Sudoku Explainer's scale, kept in tenths so it compares and sorts
/// exactly. `Display` writes one decimal: `4.2`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(pub u16);

impl Rating {
    /// The rating as a number (`Rating(42)` is 4.2).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// One deduction: which [`Technique`] found it, what it places and removes, and the
/// pattern that justifies it.
///
/// Cells are [`Coord`]s, **0-based**; digits are 1..=9. Sentences name cells 1-based
/// (`r5c4` is row 5, column 4). Apply it with
/// [`Candidates::apply`](super::Candidates::apply).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Values placed: `(cell, digit)`. Only singles, BUG+1 and the last resorts place.
    pub placements: Vec<(Coord, u8)>,
    /// Candidates removed: `(cell, digit)`, in row-major order.
    pub eliminations: Vec<(Coord, u8)>,
    /// The units the pattern lives in (the unit of a single, the base units of a
    /// fish, then its cover units, ...); the field keeps HoDoKu's word, *houses*.
    pub houses: Vec<Unit>,
    /// The cells of the pattern; for chains, in chain order from one end to the other;
    /// for unique rectangles of types 2 and 4, the two cells holding only the pair
    /// first.
    pub cells: Vec<Coord>,
    /// The digits of the pattern, increasing; for an XY-chain, the digit of each link.
    pub digits: Vec<u8>,
    /// The length that makes a chain harder: the cells of an X-, XY- or remote-pair
    /// chain or of a colouring cluster, the placements a forcing chain made before its
    /// contradiction; 0 for other techniques.
    pub length: usize,
    /// Technique-specific detail for the sentence: the pivot cell of a wing, the
    /// strong link of a W-Wing, the contradiction a trial reached.
    pub(crate) note: String,
}

impl Step {
    /// A step with no pattern recorded yet.
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            houses: Vec::new(),
            cells: Vec::new(),
            digits: Vec::new(),
            length: 0,
            note: String::new(),
        }
    }

    /// Sets the pattern's cells from row-major indices.
    pub(crate) fn with_cells(mut self, cells: impl IntoIterator<Item = usize>) -> Step {
        self.cells = cells.into_iter().map(to_coord).collect();
        self
    }

    /// Sets the pattern's digits from a mask.
    pub(crate) fn with_digits(mut self, mask: u16) -> Step {
        self.digits = super::units::digits(mask).collect();
        self
    }

    /// Sets the houses from house indices.
    pub(crate) fn with_houses(mut self, houses: impl IntoIterator<Item = usize>) -> Step {
        self.houses = houses.into_iter().map(|h| Unit::from_index(h, 9)).collect();
        self
    }

    /// Adds an elimination (cell index, digit), keeping row-major order and no repeats.
    pub(crate) fn eliminate(&mut self, i: usize, digit: u8) {
        let entry = (to_coord(i), digit);
        if let Err(at) = self.eliminations.binary_search(&entry) {
            self.eliminations.insert(at, entry);
        }
    }

    /// The step's difficulty: its technique's [`Technique::base_rating`], with two
    /// refinements from Sudoku Explainer: a hidden single in a row or column is 1.5
    /// (1.2 in a box), and chains add SE's length bonus, 0.1 each time the length
    /// passes 4, 6, 8, 12, 16, 24, 32, 48, ... (the thresholds grow by x1.5 and x4/3 in
    /// turn, as in SE's `getLengthDifficulty`).
    pub fn rating(&self) -> Rating {
        let base = self.technique.base_rating();
        match self.technique {
            Technique::HiddenSingle if !matches!(self.houses.first(), Some(Unit::Box(_))) => {
                Rating(15)
            }
            Technique::SimpleColouring
            | Technique::XChain
            | Technique::RemotePair
            | Technique::XyChain
            | Technique::ForcingChain => Rating(base.0 + length_bonus(self.length)),
            _ => base,
        }
    }

    /// One readable sentence: the technique, the pattern, and what follows. Cells are
    /// named `r{row}c{col}`, 1-based.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::Sudoku;
    /// use sudoku::logic::{Candidates, next_step};
    ///
    /// let puzzle: Sudoku =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse()?;
    /// let step = next_step(&Candidates::from_sudoku(&puzzle)?).expect("a step");
    /// assert_eq!(step.sentence(), "Hidden Single: in box 1, 6 fits only r2c2, so r2c2 = 6");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sentence(&self) -> String {
        let so = if self.placements.is_empty() {
            format!("remove {}", eliminations_text(&self.eliminations))
        } else {
            self.placements
                .iter()
                .map(|&(c, d)| format!("{} = {d}", cell_name(c)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!("{}: {}, so {so}", self.technique, self.reason())
    }

    /// The middle of [`Step::sentence`]: what the technique saw, in its own words.
    fn reason(&self) -> String {
        let cells = cell_list;
        let houses = house_list;
        let mask: u16 = self.digits.iter().map(|&d| bit(d)).fold(0, |a, b| a | b);
        let first_house = self.houses.first().map_or(String::new(), Unit::to_string);
        match self.technique {
            Technique::FullHouse => format!(
                "{} is the last empty cell of {first_house}",
                cells(&self.cells)
            ),
            Technique::HiddenSingle => format!(
                "in {first_house}, {} fits only {}",
                digit_list(mask),
                cells(&self.cells)
            ),
            Technique::NakedSingle => format!(
                "{} is the only candidate of {}",
                digit_list(mask),
                cells(&self.cells)
            ),
            Technique::LockedCandidatesPointing | Technique::LockedCandidatesClaiming => {
                format!(
                    "in {first_house}, {} fits only in {} ({})",
                    digit_list(mask),
                    houses(self.houses.get(1..).unwrap_or_default()),
                    cells(&self.cells)
                )
            }
            Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
                "in {first_house}, {} hold only {}",
                cells(&self.cells),
                digit_list(mask)
            ),
            Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
                "in {first_house}, {} fit only {}",
                digit_list(mask),
                cells(&self.cells)
            ),
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let (base, cover) = self.houses.split_at(self.houses.len() / 2);
                format!(
                    "in {}, {} fits only in {} ({})",
                    houses(base),
                    digit_list(mask),
                    houses(cover),
                    cells(&self.cells)
                )
            }
            Technique::FinnedXWing | Technique::FinnedSwordfish => {
                let (base, cover) = self.houses.split_at(self.houses.len() / 2);
                format!(
                    "in {}, {} fits only in {} ({}) but for the {}",
                    houses(base),
                    digit_list(mask),
                    houses(cover),
                    cells(&self.cells),
                    self.note
                )
            }
            Technique::XyWing | Technique::XyzWing => format!(
                "pivot {} with pincers {}: one of them is {}",
                self.note,
                cells(self.cells.get(1..).unwrap_or_default()),
                self.eliminations.first().map_or(0, |e| e.1)
            ),
            Technique::WWing => format!(
                "{} both hold only {}, and {}: one of them is {}",
                cells(&self.cells[..self.cells.len().min(2)]),
                digit_list(mask),
                self.note,
                self.eliminations.first().map_or(0, |e| e.1)
            ),
            Technique::UniqueRectangleType1 => format!(
                "{} would hold only {} (a deadly pattern of two solutions)",
                cells(&self.cells),
                digit_list(mask)
            ),
            Technique::UniqueRectangleType2 | Technique::UniqueRectangleType4 => format!(
                "{} hold only {} and {}, or the four would be a deadly pattern of two solutions",
                cells(self.cells.get(..2).unwrap_or_default()),
                digit_list(mask),
                self.note
            ),
            Technique::BugPlusOne => format!(
                "every unsolved cell holds two candidates but {}, whose {d} is the third {d} of its row, column and box: without it the grid would have no solution or two",
                self.note,
                d = digit_list(mask)
            ),
            Technique::SimpleColouring
            | Technique::XChain
            | Technique::RemotePair
            | Technique::XyChain
            | Technique::AlsXz
            | Technique::ForcingChain
            | Technique::BoundedTrial => self.note.clone(),
        }
    }
}

/// `r1c2, r3c4`: cells by their 1-based names.
fn cell_list(cells: &[Coord]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `row 1, box 5`: houses by their names.
fn house_list(houses: &[Unit]) -> String {
    houses
        .iter()
        .map(Unit::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence())
    }
}

/// SE's chain length bonus in tenths (see [`Step::rating`]).
fn length_bonus(length: usize) -> u16 {
    let (mut ceiling, mut added, mut odd) = (4usize, 0u16, false);
    while length > ceiling && added < 50 {
        added += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// `4 from r2c5, r2c7 and 7 from r3c3`: eliminations grouped by digit, and digits that
/// leave the same cells named together (`1, 2 from r8c7`).
fn eliminations_text(elims: &[(Coord, u8)]) -> String {
    let mut groups: Vec<(Vec<u8>, String)> = Vec::new();
    for d in 1..=9u8 {
        let cells: Vec<String> = elims
            .iter()
            .filter(|e| e.1 == d)
            .map(|e| cell_name(e.0))
            .collect();
        if cells.is_empty() {
            continue;
        }
        let cells = cells.join(", ");
        match groups.iter_mut().find(|g| g.1 == cells) {
            Some(group) => group.0.push(d),
            None => groups.push((vec![d], cells)),
        }
    }
    let mut parts: Vec<String> = groups
        .iter()
        .map(|(digits, cells)| {
            let digits: Vec<String> = digits.iter().map(u8::to_string).collect();
            format!("{} from {cells}", digits.join(", "))
        })
        .collect();
    match parts.len() {
        0 => "nothing".to_owned(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} and {last}", parts.join("; "))
        }
    }
}

/// `r5c4`, 1-based.
pub(crate) fn cell_name(c: Coord) -> String {
    crate::CellName(c).to_string()
}

/// The coordinate of a row-major index.
pub(crate) fn to_coord(i: usize) -> Coord {
    Coord::new(i / 9, i % 9)
}

/// A cell with its candidates, `r1c1 (12)`.
pub(crate) fn cell_with(i: usize, mask: u16) -> String {
    format!("{} ({})", name(i), digit_string(mask))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bonus_follows_sudoku_explainer() {
        let bonus: Vec<u16> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25]
            .iter()
            .map(|&l| length_bonus(l))
            .collect();
        assert_eq!(bonus, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }

    #[test]
    fn names_are_the_players_names() {
        assert_eq!(
            Technique::LockedCandidatesPointing.to_string(),
            "Locked Candidates Type 1 (Pointing)"
        );
        assert_eq!(Technique::XyzWing.to_string(), "XYZ-Wing");
        assert_eq!(Rating(42).to_string(), "4.2");
        let mut sorted = Technique::ALL;
        sorted.sort();
        assert_eq!(sorted, Technique::ALL);
    }
}
