//! [`Symbols`]: which matrix values and which art characters are open, for the
//! conventions contest sites use (LeetCode 1091 writes `0` for open, GeeksforGeeks'
//! "count ways to reach the destination" `-1` for blocked and `0` for open, Advent of
//! Code `#` for walls among other characters).

/// Which matrix values and ASCII-art characters are open, and which art characters are
/// walls ([`crate::MazeReader::symbols`]).
///
/// - **Matrix values.** By default `1` is open, `0` blocked and any other value an
///   error ([`crate::MazeError::CellValue`]). With [`Symbols::open`] naming values, the
///   values listed are open and **every other integer is blocked**: `--open 0` reads
///   LeetCode 1091's `[[0,1],[1,0]]` (0 open, 1 blocked) and GeeksforGeeks' `-1`/`0`
///   grids (0 open, -1 blocked) as they are.
/// - **Art characters.** By default `#` is blocked and `.` or space open (`S`, `G`, `E`
///   are the markers, on open cells). [`Symbols::open`] naming characters makes those
///   open and every other character blocked; [`Symbols::wall`] makes the characters
///   listed blocked and every other character open; both together name every
///   character, and any other one is an error. The markers `S`, `G` and `E` stay
///   markers unless listed.
///
/// # Examples
///
/// ```
/// use maze::{MazeFile, MazeReader, Symbols};
///
/// // LeetCode 1091, example 2: 0 = open, 1 = blocked.
/// let mut reader = MazeReader::new(None).symbols(Symbols::open("0"));
/// reader.push_line("[[0,0,0],[1,1,0],[1,1,0]]")?;
/// let file = reader.finish()?;
/// assert_eq!(file.maze.to_string(), "1 1 1\n0 0 1\n0 0 1\n");
///
/// // Walls drawn `X`, everything else open.
/// let mut reader = MazeReader::new(None).symbols(Symbols::wall("X"));
/// for line in ["S~X", "~~G"] {
///     reader.push_line(line)?;
/// }
/// assert_eq!(reader.finish()?.maze.to_string(), "1 1 0\n1 1 1\n");
/// # Ok::<(), maze::MazeError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Symbols {
    open_values: Option<Vec<i64>>,
    open_chars: Option<Vec<char>>,
    wall_chars: Option<Vec<char>>,
}

/// What an ASCII-art character stands for under a [`Symbols`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CharCell {
    /// Blocked.
    Wall,
    /// Open, drawn `.` in the file's style.
    Dot,
    /// Open, drawn as a space.
    Space,
    /// The start marker.
    Start,
    /// A goal marker `G`.
    Goal,
    /// A goal marker `E`.
    Exit,
    /// Not allowed: an error, or (default symbols, after a `#`) open and reported.
    Unknown,
}

impl Symbols {
    /// Open symbols from a command-line list such as `0`, `0,2`, `.` or `.,o`: the items
    /// are separated by commas; an item that is an integer is an open matrix value (and,
    /// when it is one character, an open art character too); any other item gives each
    /// of its characters as an open art character.
    pub fn open(list: &str) -> Symbols {
        let mut values = Vec::new();
        let mut chars = Vec::new();
        for item in list.split(',') {
            if let Ok(value) = item.trim().parse::<i64>() {
                values.push(value);
                if item.chars().count() == 1 {
                    chars.extend(item.chars());
                }
            } else {
                chars.extend(item.chars());
            }
        }
        Symbols {
            open_values: Some(values).filter(|v| !v.is_empty()),
            open_chars: Some(chars).filter(|c| !c.is_empty()),
            wall_chars: None,
        }
    }

    /// Wall characters for ASCII art (every character of `chars` is blocked, every other
    /// character open, `S`/`G`/`E` still markers unless listed).
    pub fn wall(chars: &str) -> Symbols {
        Symbols {
            wall_chars: Some(chars.chars().collect()).filter(|c: &Vec<char>| !c.is_empty()),
            ..Symbols::default()
        }
    }

    /// These symbols with the walls of `other` added (for `--open` and `--wall` given
    /// together).
    pub fn with_walls(mut self, other: Symbols) -> Symbols {
        if other.wall_chars.is_some() {
            self.wall_chars = other.wall_chars;
        }
        self
    }

    /// Whether these are the default symbols (`1`/`0`; `#`, `.`, space).
    pub fn is_default(&self) -> bool {
        *self == Symbols::default()
    }

    /// Whether matrix values other than 0 and 1 are read (open values were named).
    pub(super) fn values_named(&self) -> bool {
        self.open_values.is_some()
    }

    /// Whether a matrix value is open: `Some(open)`, or `None` when the value is not
    /// allowed (default symbols, a value other than 0 and 1).
    pub(super) fn value_open(&self, value: i64) -> Option<bool> {
        match &self.open_values {
            Some(open) => Some(open.contains(&value)),
            None => match value {
                0 => Some(false),
                1 => Some(true),
                _ => None,
            },
        }
    }

    /// What the art character `ch` stands for.
    pub(super) fn char_cell(&self, ch: char) -> CharCell {
        let open = self.open_chars.as_ref().map(|c| c.contains(&ch));
        let wall = self.wall_chars.as_ref().map(|c| c.contains(&ch));
        let open_cell = || {
            if ch == '.' {
                CharCell::Dot
            } else {
                CharCell::Space
            }
        };
        match (open, wall) {
            (Some(true), _) => return open_cell(),
            (_, Some(true)) => return CharCell::Wall,
            _ => {}
        }
        let marker = match ch {
            'S' => Some(CharCell::Start),
            'G' => Some(CharCell::Goal),
            'E' => Some(CharCell::Exit),
            _ => None,
        };
        if let Some(marker) = marker {
            return marker;
        }
        match (open, wall) {
            (Some(false), Some(false)) => CharCell::Unknown,
            (Some(false), None) => CharCell::Wall,
            (None, Some(false)) => open_cell(),
            _ => match ch {
                '#' => CharCell::Wall,
                '.' => CharCell::Dot,
                ' ' => CharCell::Space,
                _ => CharCell::Unknown,
            },
        }
    }

    /// Whether the art characters are the default ones (unknown characters may then be
    /// detected as open after a `#`).
    pub(super) fn default_chars(&self) -> bool {
        self.open_chars.is_none() && self.wall_chars.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::{CharCell, Symbols};

    #[test]
    fn lists_name_values_and_characters() {
        let s = Symbols::open("0");
        assert_eq!(s.value_open(0), Some(true));
        assert_eq!(s.value_open(1), Some(false));
        assert_eq!(s.value_open(-1), Some(false));
        assert_eq!(s.char_cell('0'), CharCell::Space);
        assert_eq!(s.char_cell('#'), CharCell::Wall);
        assert_eq!(s.char_cell('S'), CharCell::Start);
        let s = Symbols::open(".o");
        assert!(!s.values_named());
        assert_eq!(s.char_cell('o'), CharCell::Space);
        assert_eq!(s.char_cell('.'), CharCell::Dot);
        assert_eq!(s.char_cell('x'), CharCell::Wall);
        let s = Symbols::wall("X");
        assert_eq!(s.char_cell('X'), CharCell::Wall);
        assert_eq!(s.char_cell('#'), CharCell::Space);
        let both = Symbols::open(".").with_walls(Symbols::wall("#"));
        assert_eq!(both.char_cell('x'), CharCell::Unknown);
        let default = Symbols::default();
        assert_eq!(default.value_open(2), None);
        assert_eq!(default.char_cell('x'), CharCell::Unknown);
        assert!(default.is_default());
    }
}
