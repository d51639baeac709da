//! The die, the end rule and the start square.

use std::fmt;

/// The largest die accepted, in faces. Work grows as squares x faces.
pub const MAX_FACES: u32 = 1000;

/// What a roll that would carry the token past the last square `N` does.
///
/// LeetCode 909 lets a move go to any square in `curr+1..=min(curr+6, n²)`: a roll past
/// the end is clamped to `n²`, which is [`EndRule::OvershootWins`]. For the fewest-rolls
/// question the three rules give the same answer: a roll can only overshoot from a
/// square within `faces - 1` of the end, and from there a smaller roll lands on `N`
/// exactly. They differ for the length of a random game (the Markov analysis).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EndRule {
    /// A roll past `N` leaves the token where it is (the official rule of the Milton
    /// Bradley "Chutes and Ladders" and of the published analyses).
    #[default]
    Exact,
    /// A roll past `N` ends on `N` (LeetCode 909's `min(curr + 6, n²)`).
    OvershootWins,
    /// A roll past `N` moves back from `N` by the excess (then takes any snake or
    /// ladder there). If the excess exceeds the board (only with more faces than
    /// squares) the token keeps bouncing between square 0 and `N`.
    Bounce,
}

impl fmt::Display for EndRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndRule::Exact => "exact",
            EndRule::OvershootWins => "overshoot-wins",
            EndRule::Bounce => "bounce",
        })
    }
}

/// Where the token starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Start {
    /// Off the board, on "square 0": the first roll of `r` lands on square `r`
    /// (and takes a jump there, such as the Milton Bradley ladder 1 -> 38). This is the
    /// convention of the physical game and of the published Markov analyses
    /// (Althoen, King and Schilling 1993).
    #[default]
    OffBoard,
    /// On square 1, as in LeetCode 909 (which forbids a jump on square 1; a jump
    /// starting there on a jump-list board is never taken from this start).
    SquareOne,
}

impl Start {
    /// The square number of the start: 0 off the board, 1 on square 1.
    pub fn square(self) -> u32 {
        match self {
            Start::OffBoard => 0,
            Start::SquareOne => 1,
        }
    }
}

/// A die size outside `1..=MAX_FACES`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a die needs 1..={max} faces, found {faces}")]
pub struct FacesError {
    /// Faces asked for.
    pub faces: u32,
    /// [`MAX_FACES`].
    pub max: u32,
}

/// A die size comes from an option, not from the input text.
impl grid_core::Positioned for FacesError {}

/// How a game is played: a fair die with `faces` faces (rolls `1..=faces`, equally
/// likely), the [`EndRule`] and the [`Start`].
///
/// # Examples
///
/// ```
/// use ladders::{EndRule, Rules, Start};
/// let rules = Rules::new(6)?.with_end(EndRule::Bounce);
/// assert_eq!(rules.faces(), 6);
/// assert_eq!(Rules::leetcode().start(), Start::SquareOne);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    faces: u32,
    end: EndRule,
    start: Start,
}

impl Default for Rules {
    /// [`Rules::classic`].
    fn default() -> Rules {
        Rules::classic()
    }
}

impl Rules {
    /// A `faces`-sided die, [`EndRule::Exact`], start off the board.
    ///
    /// # Errors
    ///
    /// [`FacesError`] when `faces` is 0 or more than [`MAX_FACES`].
    pub fn new(faces: u32) -> Result<Rules, FacesError> {
        if faces == 0 || faces > MAX_FACES {
            return Err(FacesError {
                faces,
                max: MAX_FACES,
            });
        }
        Ok(Rules {
            faces,
            ..Rules::classic()
        })
    }

    /// LeetCode 909: six faces, start on square 1, a roll past the end clamped to it.
    pub fn leetcode() -> Rules {
        Rules {
            faces: 6,
            end: EndRule::OvershootWins,
            start: Start::SquareOne,
        }
    }

    /// The physical game as in the published analyses: six faces, start off the board,
    /// the last square reached by exact count.
    pub fn classic() -> Rules {
        Rules {
            faces: 6,
            end: EndRule::Exact,
            start: Start::OffBoard,
        }
    }

    /// These rules with another end rule.
    pub fn with_end(self, end: EndRule) -> Rules {
        Rules { end, ..self }
    }

    /// These rules with another start.
    pub fn with_start(self, start: Start) -> Rules {
        Rules { start, ..self }
    }

    /// The number of faces of the die.
    pub fn faces(&self) -> u32 {
        self.faces
    }

    /// The end rule.
    pub fn end(&self) -> EndRule {
        self.end
    }

    /// The start.
    pub fn start(&self) -> Start {
        self.start
    }

    /// The square a roll of `roll` from square `from` lands on (before any snake or
    /// ladder) on a board whose last square is `last`, or `None` when the roll leaves
    /// the token where it is ([`EndRule::Exact`] past the end).
    #[inline]
    pub fn landing(&self, from: u32, roll: u32, last: u32) -> Option<u32> {
        let t = u64::from(from) + u64::from(roll);
        let last64 = u64::from(last);
        if t <= last64 {
            return Some(t as u32);
        }
        match self.end {
            EndRule::Exact => None,
            EndRule::OvershootWins => Some(last),
            EndRule::Bounce => {
                let period = 2 * last64;
                let p = t % period;
                Some(if p > last64 { period - p } else { p } as u32)
            }
        }
    }
}
