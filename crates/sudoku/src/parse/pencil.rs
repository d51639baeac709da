//! Reading pencil marks (the candidates of every cell, for [`crate::logic`]): the
//! 729-character form and the grid of candidate lists. The record splitter and the
//! puzzle reader also use its line tests ([`is_list_row`], [`is_border`]) to tell pencil
//! marks and frames from puzzle rows.

use grid_core::{TextPosition, text};

use crate::logic::units::{bit, coord};
use crate::logic::{Candidates, CandidatesError};

/// The two pencil-mark forms [`Candidates::parse`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// 81 x 9 characters, slot `d` of a cell holding `d` or an absence mark.
    Dense,
    /// Nine rows of nine candidate lists (`123 4 56 ...`), maybe framed.
    Lists,
}

/// Whether `line` is a frame line of a printed grid: only `-`, `=`, `+`, `.`, `:`,
/// `'`, `*`, `|` and blanks, with at least one `-` or `=` (HoDoKu's `.----.----.`,
/// `:----+----:`, `'----'----'`; Simple Sudoku's `*----*`, `|----+----|`;
/// `+-----+-----+`).
pub(crate) fn is_border(line: &str) -> bool {
    line.contains(['-', '='])
        && line.chars().all(|c| {
            c.is_whitespace() || matches!(c, '-' | '=' | '+' | '.' | ':' | '\'' | '*' | '|')
        })
}

/// Whether `line` looks like a row of candidate lists: nine lists between blanks and
/// `|` bars, each holding a digit 1-9, at least one of them two characters or more
/// (so a row of a solved block, `1 2 3 | 4 5 6 | 7 8 9`, is not one, and a row of
/// blanks and givens, `5 3 . | . 7 .`, neither). A list with a stray character still
/// counts, so that [`parse_lists`] can say where it is.
pub(crate) fn is_list_row(line: &str) -> bool {
    let mut count = 0;
    let mut long = false;
    for (_, list) in lists(line) {
        if !list.contains(|c: char| ('1'..='9').contains(&c)) {
            return false;
        }
        count += 1;
        long |= list.chars().nth(1).is_some();
    }
    count == 9 && long
}

/// The lists of a row: runs of characters between blanks and `|` bars, each with the
/// 1-based character column of its first character.
fn lists(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = line.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        while chars
            .next_if(|(_, (_, c))| c.is_whitespace() || *c == '|')
            .is_some()
        {}
        let (column, (start, first)) = chars.next()?;
        let mut end = start + first.len_utf8();
        while let Some((_, (i, c))) = chars.next_if(|(_, (_, c))| !c.is_whitespace() && *c != '|') {
            end = i + c.len_utf8();
        }
        Some((column + 1, &line[start..end]))
    })
}

/// Which form `input` is in: the 729-character form when, outside frame lines, there
/// is no `|` and some token is longer than a list (ten or more characters) or holds
/// an absence mark (`.` or `0`); the grid of lists otherwise.
pub(crate) fn form(input: &str) -> Form {
    let mut dense = false;
    for line in text::data_lines(input) {
        if is_border(line.text) || line.text.contains('|') {
            return Form::Lists;
        }
        dense |= line
            .tokens()
            .any(|t| t.text.chars().count() > 9 || t.text.contains(['.', '0']));
    }
    if dense { Form::Dense } else { Form::Lists }
}

/// Reads the 729-character form (see [`Candidates::parse`]).
pub(crate) fn parse_dense(input: &str) -> Result<Candidates, CandidatesError> {
    let chars: Vec<(char, TextPosition)> = text::data_lines(input)
        .flat_map(|line| {
            line.text
                .chars()
                .enumerate()
                .filter(|(_, ch)| !ch.is_whitespace())
                .map(move |(k, ch)| (ch, line.at(k + 1)))
        })
        .collect();
    if chars.len() != 729 {
        return Err(CandidatesError::Length { found: chars.len() });
    }
    let mut masks = [0u16; 81];
    for (k, &(ch, position)) in chars.iter().enumerate() {
        let (i, digit) = (k / 9, (k % 9) as u8 + 1);
        if ch == char::from(b'0' + digit) {
            masks[i] |= bit(digit);
        } else if ch != '.' && ch != '0' {
            return Err(CandidatesError::Symbol {
                found: ch,
                digit,
                cell: coord(i as u8),
                position,
            });
        }
    }
    if let Some(i) = masks.iter().position(|&m| m == 0) {
        return Err(CandidatesError::NoCandidates {
            cell: coord(i as u8),
            position: chars[i * 9].1,
        });
    }
    Ok(Candidates::from_masks(masks))
}

/// Reads the grid of candidate lists (see [`Candidates::parse`]).
pub(crate) fn parse_lists(input: &str) -> Result<Candidates, CandidatesError> {
    let mut masks = [0u16; 81];
    let mut row = 0usize;
    let mut last = TextPosition::line(1);
    for line in text::data_lines(input) {
        if is_border(line.text) {
            continue;
        }
        last = line.position();
        if row == 9 {
            return Err(CandidatesError::Rows {
                found: 9 + text::data_lines(input)
                    .filter(|l| l.number >= line.number && !is_border(l.text))
                    .count(),
                position: line.position(),
            });
        }
        let mut col = 0usize;
        for (column, list) in lists(line.text) {
            if col == 9 {
                return Err(CandidatesError::RowLength {
                    row,
                    found: 9 + lists(line.text).filter(|&(c, _)| c >= column).count(),
                    position: line.at(column),
                });
            }
            let i = row * 9 + col;
            for (k, c) in list.chars().enumerate() {
                let position = line.at(column + k);
                let cell = coord(i as u8);
                let digit = match c.to_digit(10) {
                    Some(d @ 1..=9) => d as u8,
                    _ => {
                        return Err(CandidatesError::ListSymbol {
                            found: c,
                            cell,
                            position,
                        });
                    }
                };
                if masks[i] & bit(digit) != 0 {
                    return Err(CandidatesError::Repeated {
                        digit,
                        cell,
                        position,
                    });
                }
                masks[i] |= bit(digit);
            }
            col += 1;
        }
        if col < 9 {
            return Err(CandidatesError::RowLength {
                row,
                found: col,
                position: line.at(line.text.chars().count() + 1),
            });
        }
        row += 1;
    }
    if row < 9 {
        return Err(CandidatesError::Rows {
            found: row,
            position: last,
        });
    }
    Ok(Candidates::from_masks(masks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_split_at_blanks_and_bars_with_their_columns() {
        let found: Vec<_> = lists("| 45 4578|3 |é").collect();
        assert_eq!(found, [(3, "45"), (6, "4578"), (11, "3"), (14, "é")]);
        assert!(is_border(".-------.------."));
        assert!(is_border(":-----+-----:"));
        assert!(is_border("*-----------*"));
        assert!(!is_border("........."));
        assert!(!is_border("| 1 - 2 |"));
        assert!(is_list_row("| 45 4578 3 | 49 2 147 | 6 5789 57 |"));
        assert!(!is_list_row("1 2 3 | 4 5 6 | 7 8 9"));
        assert!(!is_list_row("45 4578 3 49 2 147 6 5789"));
        assert!(!is_list_row("5 3 . | . 7 . | . . ."));
        assert!(is_list_row("12 3x 4 5 6 7 8 9 1"));
    }
}
