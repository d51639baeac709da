//! Framed rows, as other solvers print a board: `|     3 |   2   | 6     |` (a space for
//! a blank, cells one space apart) or `|..3|.2.|6..|` (Simple Sudoku), between border
//! lines such as `+-------+` or `*-----------*`.

/// The cells of a framed row, with their 1-based character columns, or `None` when
/// `line` is not one.
///
/// A framed row starts and ends with `|` (leading and trailing whitespace aside) and
/// holds no border character (`-`, `+`, `=`, `*`). Each piece between two bars is
/// either written without spaces (each character a cell) or padded, cells one space
/// apart (` 5 3 . `: the characters at odd offsets are the cells, a space there being a
/// blank, those at even offsets are spaces). A piece of any other spacing (numbers such
/// as ` 10 . 3 `) makes the row not framed, and the general row reader takes it.
/// A row with no cell at all is not framed.
pub(super) fn framed_cells(line: &str) -> Option<Vec<(usize, char)>> {
    let trimmed = line.trim();
    if trimmed.len() < 2 || !trimmed.starts_with('|') || !trimmed.ends_with('|') {
        return None;
    }
    if trimmed.contains(['-', '+', '=', '*']) {
        return None;
    }
    let lead = line.len() - line.trim_start().len();
    let mut column = line[..lead].chars().count() + 2; // the character after the first `|`
    let inner = &trimmed[1..trimmed.len() - 1];
    let mut cells = Vec::new();
    for piece in inner.split('|') {
        let chars: Vec<char> = piece.chars().collect();
        if !chars.iter().any(|c| c.is_whitespace()) {
            cells.extend(chars.iter().enumerate().map(|(i, &c)| (column + i, c)));
        } else if chars.len() % 2 == 1
            && chars.iter().step_by(2).all(|c| *c == ' ')
            && chars.len() >= 3
        {
            cells.extend(
                chars
                    .iter()
                    .enumerate()
                    .skip(1)
                    .step_by(2)
                    .map(|(i, &c)| (column + i, c)),
            );
        } else {
            return None;
        }
        column += chars.len() + 1;
    }
    (!cells.is_empty()).then_some(cells)
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    fn cells(line: &str) -> Option<String> {
        framed_cells(line).map(|c| c.iter().map(|&(_, c)| c).collect())
    }

    #[test]
    fn padded_pieces_read_spaces_as_blanks() {
        assert_eq!(
            cells("|     3 |   2   | 6     |").as_deref(),
            Some("  3 2 6  ")
        );
        assert_eq!(
            cells("|       |       |       |").as_deref(),
            Some(" ".repeat(9).as_str())
        );
        assert_eq!(cells("  |..3|.2.|6..|").as_deref(), Some("..3.2.6.."));
        let columns: Vec<usize> = framed_cells("| 9     | 3   5 |     1 |")
            .expect("framed")
            .iter()
            .map(|&(col, _)| col)
            .collect();
        assert_eq!(columns, [3, 5, 7, 11, 13, 15, 19, 21, 23]);
    }

    #[test]
    fn borders_numbers_and_open_rows_are_not_framed() {
        assert_eq!(cells("|---+---+---|"), None);
        assert_eq!(cells("| 10 . 3 | 4 . . |"), None);
        assert_eq!(cells("|     3 |   2   | 6     "), None);
        assert_eq!(cells("5 3 . | . 7 ."), None);
        assert_eq!(cells("||"), None);
    }
}
