//! Grids drawn with Unicode box-drawing characters, as terminal programs and web pages
//! print them (`│ 5 3 . │`, `├───────┼`, `╔═══╤═══╗`), and the no-break and other
//! Unicode spaces of text copied from a web page: each such character is read as the
//! ASCII one it stands for, one character for one, so that every column stays where it
//! was and the rest of the reader (bars, borders, framed rows) sees one drawing style.

use std::borrow::Cow;

/// `line` with its box-drawing characters (U+2500 to U+257F) in ASCII: vertical lines
/// (`│ ┃ ║`, dashed ones too) as `|`, double horizontal lines (`═`) as `=`, other
/// horizontal ones (`─ ━`, dashed ones too) as `-`, and corners and junctions (`┌ ┼ ╬ ╤`)
/// as `+`; a middle dot (`·`, `∙`), which some programs print for a blank, as `.`;
/// a no-break space or another Unicode space (U+00A0, U+2000 to U+200A, U+202F, U+205F,
/// U+3000) as a space.
/// Borrowed when there is none.
pub(super) fn ascii_drawing(line: &str) -> Cow<'_, str> {
    if line.is_ascii() || !line.chars().any(|c| ascii_of(c).is_some()) {
        return Cow::Borrowed(line);
    }
    Cow::Owned(line.chars().map(|c| ascii_of(c).unwrap_or(c)).collect())
}

/// The ASCII character a drawing character stands for, or `None` when `c` is none.
fn ascii_of(c: char) -> Option<char> {
    match c {
        '·' | '∙' => Some('.'),
        '\u{a0}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}' => Some(' '),
        // Vertical lines: light, heavy, double, and the dashed ones.
        '│' | '┃' | '║' | '┆' | '┇' | '┊' | '┋' | '╎' | '╏' | '╵' | '╷' | '╹' | '╻' | '╽' | '╿' => {
            Some('|')
        }
        '═' => Some('='),
        // Horizontal lines: light, heavy, and the dashed ones.
        '─' | '━' | '┄' | '┅' | '┈' | '┉' | '╌' | '╍' | '╴' | '╶' | '╸' | '╺' | '╼' | '╾' => {
            Some('-')
        }
        // Corners, junctions and crossings.
        '\u{2500}'..='\u{257F}' => Some('+'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_characters_are_read_as_ascii_column_for_column() {
        for (drawn, ascii) in [
            ("┌───────┬───────┐", "+-------+-------+"),
            ("│ 4 . . │ . · 5 │", "| 4 . . | . . 5 |"),
            ("╔═══╤═══╦═══╗", "+===+===+===+"),
            ("║ 5 │   ║ 3 ║", "| 5 |   | 3 |"),
            ("╟───┼───╫───╢", "+---+---+---+"),
            ("┣━━━╋━━━┫", "+---+---+"),
            (". .\u{a0}1\u{2009}.\u{3000}2", ". . 1 . 2"),
        ] {
            let read = ascii_drawing(drawn);
            assert_eq!(read, ascii);
            assert_eq!(read.chars().count(), drawn.chars().count(), "{drawn}");
        }
    }

    #[test]
    fn text_without_drawing_characters_is_borrowed() {
        for line in ["4.....8.5", "| 4 . . | ", "Grille n° 3", "été"] {
            assert!(matches!(ascii_drawing(line), Cow::Borrowed(_)), "{line}");
        }
    }
}
