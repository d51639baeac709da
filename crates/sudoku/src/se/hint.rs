//! One step of SE's solution path.

use crate::logic::Rating;

/// A hint as SE's loop uses it: its rating, its SE name, what it removes and the value
/// it places (`Hint.getCell()` non-null: every single, and the direct hints).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The rating (`Rule.getDifficulty()`), in tenths.
    pub rating: Rating,
    /// SE's name of the technique (`Rule.getName()`), e.g. `Hidden Single`.
    pub name: &'static str,
    /// Potentials removed: `(cell, mask)`, cell 0..81 row-major, bit `d - 1` for digit `d`.
    pub removals: Vec<(u8, u16)>,
    /// The value placed, `(cell, digit)`, if any.
    pub placement: Option<(u8, u8)>,
}

impl Hint {
    /// A hint that only places (`DirectHint`).
    pub(crate) fn place(rating: u16, name: &'static str, cell: usize, v: u8) -> Hint {
        Hint {
            rating: Rating(rating),
            name,
            removals: Vec::new(),
            placement: Some((cell as u8, v)),
        }
    }

    /// A hint that removes (`IndirectHint`); `isWorth` is `!removals.is_empty()`.
    pub(crate) fn remove(rating: u16, name: &'static str, removals: Vec<(u8, u16)>) -> Hint {
        Hint {
            rating: Rating(rating),
            name,
            removals,
            placement: None,
        }
    }

    /// `IndirectHint.isWorth`.
    pub(crate) fn is_worth(&self) -> bool {
        !self.removals.is_empty()
    }
}
