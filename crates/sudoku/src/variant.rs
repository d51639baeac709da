//! Variant rules for 9 x 9 Sudoku: extra units (X, windoku, disjoint groups) or
//! irregular regions in place of the boxes (jigsaw).
//!
//! A variant is only a list of units: every unit (nine cells) holds each digit once.
//! The variant solvers (`variant_solver.rs`) take any such list: a band solver for the
//! variants that keep the classic boxes (the classic solver's board plus the extra
//! units), a per-value solver for jigsaw; the classic solver takes
//! [`Variant::Classic`].
//!
//! Sources: X Sudoku (both long diagonals) and windoku ("hyper", four extra boxes at rows
//! and columns 1-3 and 5-7, 0-based) as in Sudoku Explainer's successors and
//! <https://en.wikipedia.org/wiki/Sudoku#Variants>; disjoint groups (the nine cells at
//! the same place in each box); jigsaw (nine orthogonally connected regions of nine
//! cells in place of the boxes).

use std::fmt;
use std::str::FromStr;

use grid_core::{Coord, Positioned, TextPosition};

use crate::error::CellName;

/// The rules a 9 x 9 puzzle is solved under.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// Classic plus both long diagonals.
    X,
    /// Classic plus four extra 3 x 3 regions with corners at (1, 1), (1, 5), (5, 1), (5, 5).
    Windoku,
    /// Classic plus the nine disjoint groups (the cells at one place in every box).
    Disjoint,
    /// Rows, columns and nine irregular regions in place of the boxes.
    Jigsaw(Regions),
}

/// The name of a variant without its regions (`classic`, `x`, `windoku`, `disjoint`,
/// `jigsaw`), as `--variant` takes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VariantKind {
    /// See [`Variant::Classic`].
    #[default]
    Classic,
    /// See [`Variant::X`].
    X,
    /// See [`Variant::Windoku`].
    Windoku,
    /// See [`Variant::Disjoint`].
    Disjoint,
    /// See [`Variant::Jigsaw`].
    Jigsaw,
}

impl VariantKind {
    /// Every kind, in the order `--help` lists them.
    pub const ALL: [VariantKind; 5] = [
        VariantKind::Classic,
        VariantKind::X,
        VariantKind::Windoku,
        VariantKind::Disjoint,
        VariantKind::Jigsaw,
    ];

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            VariantKind::Classic => "classic",
            VariantKind::X => "x",
            VariantKind::Windoku => "windoku",
            VariantKind::Disjoint => "disjoint",
            VariantKind::Jigsaw => "jigsaw",
        }
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind by its name (any case), or `hyper` for windoku (the name "Hyper Sudoku"
/// puzzles go by).
///
/// ```
/// use sudoku::VariantKind;
///
/// assert_eq!("hyper".parse(), Ok(VariantKind::Windoku));
/// assert_eq!("X".parse(), Ok(VariantKind::X));
/// ```
impl FromStr for VariantKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.eq_ignore_ascii_case("hyper") {
            return Ok(VariantKind::Windoku);
        }
        VariantKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown variant '{s}' (classic, x, windoku or hyper, disjoint, jigsaw)")
            })
    }
}

impl Variant {
    /// The variant of `kind` with fixed rules; `None` for jigsaw, whose regions come
    /// with each puzzle.
    pub fn fixed(kind: VariantKind) -> Option<Variant> {
        match kind {
            VariantKind::Classic => Some(Variant::Classic),
            VariantKind::X => Some(Variant::X),
            VariantKind::Windoku => Some(Variant::Windoku),
            VariantKind::Disjoint => Some(Variant::Disjoint),
            VariantKind::Jigsaw => None,
        }
    }

    /// Its kind.
    pub fn kind(&self) -> VariantKind {
        match self {
            Variant::Classic => VariantKind::Classic,
            Variant::X => VariantKind::X,
            Variant::Windoku => VariantKind::Windoku,
            Variant::Disjoint => VariantKind::Disjoint,
            Variant::Jigsaw(_) => VariantKind::Jigsaw,
        }
    }

    /// Every unit of the variant as nine row-major cell indexes (0..81): the rows, the
    /// columns, the boxes (or jigsaw regions), then the extra units.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::Variant;
    ///
    /// assert_eq!(Variant::Classic.units().len(), 27);
    /// assert_eq!(Variant::X.units().len(), 29);
    /// assert_eq!(Variant::X.units()[27], [0, 10, 20, 30, 40, 50, 60, 70, 80]);
    /// assert_eq!(Variant::Windoku.units().len(), 31);
    /// assert_eq!(Variant::Disjoint.units().len(), 36);
    /// ```
    pub fn units(&self) -> Vec<[u8; 9]> {
        let mut units = Vec::with_capacity(36);
        for r in 0..9u8 {
            units.push(std::array::from_fn(|c| r * 9 + c as u8));
        }
        for c in 0..9u8 {
            units.push(std::array::from_fn(|r| r as u8 * 9 + c));
        }
        match self {
            Variant::Jigsaw(regions) => units.extend(regions.units()),
            _ => units.extend(Regions::boxes().units()),
        }
        match self {
            Variant::X => {
                units.push(std::array::from_fn(|i| i as u8 * 10));
                units.push(std::array::from_fn(|i| i as u8 * 9 + 8 - i as u8));
            }
            Variant::Windoku => {
                for (r0, c0) in [(1u8, 1u8), (1, 5), (5, 1), (5, 5)] {
                    units.push(std::array::from_fn(|i| {
                        (r0 + i as u8 / 3) * 9 + c0 + i as u8 % 3
                    }));
                }
            }
            Variant::Disjoint => {
                for p in 0..9u8 {
                    units.push(std::array::from_fn(|b| {
                        let b = b as u8;
                        (b / 3 * 3 + p / 3) * 9 + b % 3 * 3 + p % 3
                    }));
                }
            }
            Variant::Classic | Variant::Jigsaw(_) => {}
        }
        units
    }

    /// The name of unit `index` of [`Variant::units`].
    pub fn unit(&self, index: usize) -> VariantUnit {
        match (index / 9, self) {
            (0, _) => VariantUnit::Row(index),
            (1, _) => VariantUnit::Column(index - 9),
            (2, Variant::Jigsaw(regions)) => VariantUnit::Region(regions.symbol(index - 18)),
            (2, _) => VariantUnit::Box(index - 18),
            (_, Variant::X) => VariantUnit::Diagonal(index - 27),
            (_, Variant::Windoku) => VariantUnit::Window(index - 27),
            _ => VariantUnit::Group(index - 27),
        }
    }

    /// Checks the givens of a 9 x 9 grid (81 values, row-major, 0 = blank) against the
    /// variant's units alone (a jigsaw's regions, not the classic boxes): the first two
    /// givens that share a value in a unit, units taken in the order of
    /// [`Variant::units`].
    ///
    /// # Errors
    ///
    /// [`VariantClash`] naming both cells, the value and the unit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::Variant;
    ///
    /// let mut cells = [0u8; 81];
    /// cells[0] = 5; // r1c1
    /// cells[80] = 5; // r9c9: on the main diagonal too
    /// assert!(Variant::Classic.check_givens(&cells).is_ok());
    /// let clash = Variant::X.check_givens(&cells).unwrap_err();
    /// assert_eq!(clash.to_string(), "r1c1 and r9c9 are both 5 in the main diagonal");
    /// ```
    pub fn check_givens(&self, cells: &[u8]) -> Result<(), VariantClash> {
        for (index, unit) in self.units().iter().enumerate() {
            let mut seen = [None; 10];
            for &c in unit {
                let c = usize::from(c);
                let Some(&v) = cells.get(c).filter(|&&v| (1..=9).contains(&v)) else {
                    continue;
                };
                let here = coord(c);
                if let Some(first) = seen[usize::from(v)] {
                    return Err(VariantClash {
                        first,
                        second: here,
                        value: v,
                        unit: self.unit(index),
                    });
                }
                seen[usize::from(v)] = Some(here);
            }
        }
        Ok(())
    }

    /// The region map of a jigsaw variant.
    pub fn regions(&self) -> Option<&Regions> {
        match self {
            Variant::Jigsaw(r) => Some(r),
            _ => None,
        }
    }
}

/// A unit of a variant, named as players name it; 0-based inside, shown 1-based
/// (`row 5`, `box 1`, `window 2`, `disjoint group 3`) or by its symbol (`region A`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VariantUnit {
    /// A row, 0-based from the top.
    Row(usize),
    /// A column, 0-based from the left.
    Column(usize),
    /// A classic box, 0-based row-major.
    Box(usize),
    /// A jigsaw region, by the symbol of its region map.
    Region(char),
    /// X: 0 the main diagonal (r1c1 to r9c9), 1 the anti-diagonal (r1c9 to r9c1).
    Diagonal(usize),
    /// Windoku: the extra 3 x 3 windows, 0-based row-major (window 0 covers r2c2-r4c4).
    Window(usize),
    /// Disjoint groups: group p holds the cells at place p (0-based, row-major) of
    /// every box.
    Group(usize),
}

impl fmt::Display for VariantUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            VariantUnit::Row(i) => write!(f, "row {}", i + 1),
            VariantUnit::Column(i) => write!(f, "column {}", i + 1),
            VariantUnit::Box(i) => write!(f, "box {}", i + 1),
            VariantUnit::Region(symbol) => write!(f, "region {symbol}"),
            VariantUnit::Diagonal(0) => f.write_str("the main diagonal"),
            VariantUnit::Diagonal(_) => f.write_str("the anti-diagonal"),
            VariantUnit::Window(i) => write!(f, "window {}", i + 1),
            VariantUnit::Group(i) => write!(f, "disjoint group {}", i + 1),
        }
    }
}

/// Two givens with the same value in one unit of a variant: the puzzle breaks the
/// variant's rules before any solving starts, so it is bad input, like a classic clash.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} and {} are both {value} in {unit}", CellName(*first), CellName(*second))]
pub struct VariantClash {
    /// The earlier of the two cells (0-based) in the unit's order.
    pub first: Coord,
    /// The later cell (0-based); [`Positioned::cell`] points at it.
    pub second: Coord,
    /// The value both cells hold (1-9).
    pub value: u8,
    /// The unit they share.
    pub unit: VariantUnit,
}

impl Positioned for VariantClash {
    /// The later of the two cells.
    fn cell(&self) -> Option<Coord> {
        Some(self.second)
    }
}

/// Nine regions of nine orthogonally connected cells covering the 9 x 9 grid: the
/// region (0-8) of each cell, row-major, numbered in order of first appearance.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Regions {
    region: [u8; 81],
    /// The symbol of each region as written in the map (`'1'`-`'9'` for a layout made
    /// here).
    symbols: [char; 9],
}

impl fmt::Debug for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Regions({self})")
    }
}

/// The map as 81 characters in the symbols it was read with (`111222333...` for the
/// classic boxes and for every generated layout, whose regions are numbered 1-9 in
/// order of first appearance).
impl fmt::Display for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &r in &self.region {
            write!(f, "{}", self.symbols[usize::from(r)])?;
        }
        Ok(())
    }
}

/// Why a region map was refused, with the (1-based) character column in the map where
/// it went wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct RegionError {
    /// 1-based column in the map (a character count), when the error is at a character.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: RegionErrorKind,
}

/// What is wrong with a region map.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegionErrorKind {
    /// No map after the cells (a jigsaw line is the 81 cells, whitespace, the map).
    #[error(
        "a jigsaw puzzle is one line: its 81 cells, whitespace, and an 81-character region map; no map found"
    )]
    Missing,
    /// Not 81 characters.
    #[error("a region map has 81 characters, one per cell; found {0}")]
    Length(usize),
    /// A tenth distinct symbol.
    #[error("region map has more than nine regions: '{0}' is a tenth symbol")]
    TooManyRegions(char),
    /// A region of other than nine cells.
    #[error("region '{symbol}' has {cells} cells (a region has 9)")]
    Size {
        /// The region's symbol.
        symbol: char,
        /// Its cells.
        cells: usize,
    },
    /// A region in several pieces.
    #[error("region '{symbol}' is not connected: the cell at row {}, column {} is cut off from the cell at row {}, column {}", .cut.row + 1, .cut.col + 1, .first.row + 1, .first.col + 1)]
    NotConnected {
        /// The region's symbol.
        symbol: char,
        /// Its first cell.
        first: Coord,
        /// A cell not reached from the first.
        cut: Coord,
    },
}

/// The kind alone has no place; [`RegionError`] carries the column.
impl Positioned for RegionErrorKind {}

impl RegionError {
    /// The error of a jigsaw puzzle given without its map.
    pub fn missing() -> RegionError {
        RegionError {
            column: None,
            kind: RegionErrorKind::Missing,
        }
    }
}

impl Positioned for RegionError {
    fn text_position(&self) -> Option<TextPosition> {
        self.column.map(|c| TextPosition::at(1, c))
    }
}

/// The error of a map of more than nine symbols, at the first cell of the symbol on
/// the fewest cells (the first such in the map): a typo is most often a symbol of one
/// cell, wherever it stands, and the tenth symbol in reading order is then a sound one.
fn too_many_regions(chars: &[char]) -> RegionError {
    let count = |ch: char| chars.iter().filter(|&&c| c == ch).count();
    let (i, &ch) = chars
        .iter()
        .enumerate()
        .min_by_key(|&(i, &ch)| (count(ch), i))
        .unwrap_or((0, &' '));
    RegionError {
        column: Some(i + 1),
        kind: RegionErrorKind::TooManyRegions(ch),
    }
}

impl Regions {
    /// The classic 3 x 3 boxes as regions.
    pub fn boxes() -> Regions {
        Regions {
            region: std::array::from_fn(|i| ((i / 27) * 3 + (i % 9) / 3) as u8),
            symbols: DIGITS,
        }
    }

    /// Reads an 81-character map: one symbol per cell, row-major; cells with the same
    /// symbol form a region. Checks nine regions of nine orthogonally connected cells.
    ///
    /// # Errors
    ///
    /// [`RegionError`] at the offending character: the length, a tenth symbol (the one
    /// on the fewest cells, at its first), a region
    /// of other than nine cells (at its first cell), a disconnected region (at a cell
    /// cut off from its first).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::Regions;
    ///
    /// let map = "111222333".repeat(3) + &"444555666".repeat(3) + &"777888999".repeat(3);
    /// assert_eq!(Regions::parse(&map)?, Regions::boxes());
    /// // The first cell moved from region 1 to region 2: region 2 has ten cells.
    /// let bad = map.replacen('1', "2", 1);
    /// let err = Regions::parse(&bad).unwrap_err();
    /// assert_eq!(err.to_string(), "region '2' has 10 cells (a region has 9)");
    /// assert_eq!(err.column, Some(1));
    /// # Ok::<(), sudoku::RegionError>(())
    /// ```
    pub fn parse(map: &str) -> Result<Regions, RegionError> {
        let chars: Vec<char> = map.chars().collect();
        if chars.len() != 81 {
            return Err(RegionError {
                column: Some(chars.len().min(81) + 1),
                kind: RegionErrorKind::Length(chars.len()),
            });
        }
        let mut symbols: Vec<char> = Vec::with_capacity(9);
        let mut region = [0u8; 81];
        for (i, &ch) in chars.iter().enumerate() {
            let k = match symbols.iter().position(|&s| s == ch) {
                Some(k) => k,
                None if symbols.len() == 9 => return Err(too_many_regions(&chars)),
                None => {
                    symbols.push(ch);
                    symbols.len() - 1
                }
            };
            region[i] = k as u8;
        }
        let mut written = DIGITS;
        written[..symbols.len()].copy_from_slice(&symbols);
        let regions = Regions {
            region,
            symbols: written,
        };
        for (k, &symbol) in symbols.iter().enumerate() {
            let cells: Vec<usize> = (0..81).filter(|&i| region[i] == k as u8).collect();
            if cells.len() != 9 {
                return Err(RegionError {
                    column: Some(cells[0] + 1),
                    kind: RegionErrorKind::Size {
                        symbol,
                        cells: cells.len(),
                    },
                });
            }
            if let Some(cut) = regions.cut_off(k as u8) {
                return Err(RegionError {
                    column: Some(cut + 1),
                    kind: RegionErrorKind::NotConnected {
                        symbol,
                        first: coord(cells[0]),
                        cut: coord(cut),
                    },
                });
            }
        }
        if symbols.len() < 9 {
            // Fewer than nine symbols means some region has more than nine cells,
            // reported above; kept as a guard.
            return Err(RegionError {
                column: None,
                kind: RegionErrorKind::Size {
                    symbol: symbols[0],
                    cells: 81,
                },
            });
        }
        Ok(regions)
    }

    /// The region (0-8, in order of first appearance) of a cell (row-major index
    /// 0..81).
    pub fn region_of(&self, cell: usize) -> usize {
        usize::from(self.region[cell])
    }

    /// The symbol region `k` (0-8) is written with in the map.
    pub fn symbol(&self, k: usize) -> char {
        self.symbols[k]
    }

    /// The nine regions as row-major cell indexes.
    pub fn units(&self) -> Vec<[u8; 9]> {
        let mut units = vec![[0u8; 9]; 9];
        let mut fill = [0usize; 9];
        for (i, &r) in self.region.iter().enumerate() {
            let r = usize::from(r);
            if fill[r] < 9 {
                units[r][fill[r]] = i as u8;
                fill[r] += 1;
            }
        }
        units
    }

    /// A cell of region `k` not reached from its first cell by orthogonal steps
    /// inside the region, if any.
    fn cut_off(&self, k: u8) -> Option<usize> {
        let first = self.region.iter().position(|&r| r == k)?;
        let mut seen = [false; 81];
        let mut stack = vec![first];
        seen[first] = true;
        while let Some(c) = stack.pop() {
            for n in neighbours(c) {
                if self.region[n] == k && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        (0..81).find(|&i| self.region[i] == k && !seen[i])
    }

    /// Numbers regions in order of first appearance, written as the digits 1-9.
    #[cfg(feature = "generate")]
    fn renumber(&mut self) {
        self.symbols = DIGITS;
        let mut map = [u8::MAX; 9];
        let mut next = 0;
        for r in &mut self.region {
            let old = usize::from(*r);
            if map[old] == u8::MAX {
                map[old] = next;
                next += 1;
            }
            *r = map[old];
        }
    }

    /// A random layout from the boxes by `steps` attempted swaps: a cell on a border
    /// trades regions with a cell of the neighbouring region that touches the first
    /// region elsewhere, kept when both regions stay connected. `next(k)` yields a
    /// random number below k (any uniform source). Regions are sets of cells as
    /// 81-bit masks, so a step is a few shifts (connectivity is a flood fill by
    /// dilation).
    #[cfg(feature = "generate")]
    pub(crate) fn random(next: &mut dyn FnMut(usize) -> usize, steps: usize) -> Regions {
        let mut g = Regions::boxes();
        let mut masks = [0u128; 9];
        for (i, &r) in g.region.iter().enumerate() {
            masks[usize::from(r)] |= 1u128 << i;
        }
        for _ in 0..steps {
            let a = next(81);
            let ra = usize::from(g.region[a]);
            let mut others = [0usize; 4];
            let mut len = 0;
            for n in neighbours(a) {
                if usize::from(g.region[n]) != ra {
                    others[len] = n;
                    len += 1;
                }
            }
            if len == 0 {
                continue;
            }
            let rb = usize::from(g.region[others[next(len)]]);
            // The cells of rb touching ra somewhere other than at a.
            let cands = dilate(masks[ra] & !(1u128 << a)) & masks[rb];
            if cands == 0 {
                continue;
            }
            let b = nth_cell(cands, next(cands.count_ones() as usize));
            let both = (1u128 << a) | (1u128 << b);
            let (new_a, new_b) = (masks[ra] ^ both, masks[rb] ^ both);
            if connected(new_a) && connected(new_b) {
                masks[ra] = new_a;
                masks[rb] = new_b;
                g.region[a] = rb as u8;
                g.region[b] = ra as u8;
            }
        }
        g.renumber();
        g
    }
}

/// The cells of column 0, and of column 8, as 81-bit masks.
#[cfg(feature = "generate")]
const COLUMN0: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1u128 << (9 * r);
        r += 1;
    }
    m
};
#[cfg(feature = "generate")]
const COLUMN8: u128 = COLUMN0 << 8;

/// `cells` and their orthogonal neighbours (81-bit masks, bit 9 * row + col).
#[cfg(feature = "generate")]
fn dilate(cells: u128) -> u128 {
    let grid = (1u128 << 81) - 1;
    (cells | ((cells << 1) & !COLUMN0) | ((cells >> 1) & !COLUMN8) | (cells << 9) | (cells >> 9))
        & grid
}

/// Whether a non-empty set of cells is orthogonally connected.
#[cfg(feature = "generate")]
fn connected(cells: u128) -> bool {
    let mut reached = cells & cells.wrapping_neg();
    loop {
        let grown = dilate(reached) & cells;
        if grown == reached {
            return reached == cells;
        }
        reached = grown;
    }
}

/// The cell of the `k`-th (0-based) set bit of `cells`.
#[cfg(feature = "generate")]
fn nth_cell(mut cells: u128, k: usize) -> usize {
    for _ in 0..k {
        cells &= cells - 1;
    }
    cells.trailing_zeros() as usize
}

/// The symbols of regions 0-8 in a layout made here.
const DIGITS: [char; 9] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

fn coord(i: usize) -> Coord {
    Coord {
        row: i / 9,
        col: i % 9,
    }
}

fn neighbours(c: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / 9, c % 9);
    [
        (r > 0).then(|| c - 9),
        (r < 8).then(|| c + 9),
        (col > 0).then(|| c - 1),
        (col < 8).then(|| c + 1),
    ]
    .into_iter()
    .flatten()
}
