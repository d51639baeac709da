//! The forms rated puzzle lists come in: where the cells are on a line that also holds
//! an id or a rating, so that the [`super::records::RecordSplitter`] decides it once.
//!
//! - the Sudoku Exchange puzzle bank (`grantm/sudoku-exchange-puzzle-bank`): `hash
//!   puzzle rating`, a 12-hex-digit hash, whitespace, the 81 cells, whitespace, a rating
//!   such as `1.2`;
//! - serate (Sudoku Explainer's batch rater) output: `PUZZLE ED=7.1/1.2/1.2`, the
//!   puzzle then its three ratings;
//! - text after a block grid's last row (`..M.O.L.H..J..C. ED=2.3/1.2/1.2`);
//! - OpenSudoku XML (`.opensudoku`): one `<game data="..."/>` element per puzzle;
//! - CSV whose header names its columns (`id,puzzle,solution,clues,difficulty`).
//! - JSON Lines, one object a line (`{"id": 7, "puzzle": "...", "difficulty": 1.2}`),
//!   gridsolve's own JSON answers among them.

use std::ops::Range;

use super::block::block_width;
use crate::ParseErrorKind;

/// A puzzle's place on a line, with the id and the rating the line gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rated {
    /// Byte range of the cells in the line.
    pub cells: Range<usize>,
    /// The puzzle's id (a hash, an XML or CSV id), as written.
    pub id: Option<String>,
    /// The rating given with the puzzle, as written (`1.2`, `7.1/1.2/1.2`).
    pub rating: Option<String>,
    /// Byte range of the field of the solution column a CSV header names (without its
    /// quotes; empty when the row has no such field or an empty one); `None` when no
    /// header names one.
    pub solution: Option<Range<usize>>,
    /// The rules a JSON record names (its `variant` key: `x`, `jigsaw`), as written.
    pub variant: Option<String>,
}

/// The whitespace-separated tokens of `line` with their byte ranges.
fn tokens(line: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    // (A token's offset from its address: the whitespace between tokens may be
    // several bytes, a no-break space.)
    line.split(char::is_whitespace)
        .filter(|t| !t.is_empty())
        .map(move |token| {
            let start = token.as_ptr() as usize - line.as_ptr() as usize;
            (start..start + token.len(), token)
        })
}

/// A Sudoku Exchange line, `hash puzzle rating`: the first token 12 hex digits, then a
/// token longer than any block row. `None` for anything else (settled by the first 13
/// bytes for every line puzzle).
pub(crate) fn hash_line(line: &str) -> Option<Rated> {
    let bytes = line.trim_start().as_bytes();
    if bytes.len() < 13 || !bytes[12].is_ascii_whitespace() {
        return None;
    }
    if !bytes[..12].iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let mut found = tokens(line);
    let (_, hash) = found.next()?;
    let (cells, puzzle) = found.next()?;
    if !super::line::first_token_is_longer_than_a_row(puzzle) {
        return None;
    }
    let rating = found.next().map(|(_, r)| r.to_owned());
    Some(Rated {
        cells,
        id: Some(hash.to_owned()),
        rating,
        solution: None,
        variant: None,
    })
}

/// A line laid out as a Sudoku Exchange line but for its hash: a first token of 6 to 40
/// hex digits other than 12, one of them a letter (a number alone is more likely a
/// puzzle's number in a list), or of 12 letters and digits with a hex letter and a
/// character that is no hex digit; then a token longer than any block row (a puzzle).
/// Returns the byte offset in `line` the error points at (the hash's start, or its
/// first character that is no hex digit) and what is wrong. Asked only of a line that
/// failed to parse as a puzzle, to say why.
pub(crate) fn exchange_hash_near_miss(line: &str) -> Option<(usize, ParseErrorKind)> {
    let mut found = tokens(line);
    let (hash, token) = found.next()?;
    let hex_letter = token
        .bytes()
        .any(|b| matches!(b, b'a'..=b'f' | b'A'..=b'F'));
    let not_hex = token.bytes().position(|b| !b.is_ascii_hexdigit());
    let (at, kind) = match not_hex {
        None if hex_letter && (6..=40).contains(&token.len()) && token.len() != 12 => (
            hash.start,
            ParseErrorKind::ExchangeHash { found: token.len() },
        ),
        Some(i)
            if token.len() == 12
                && hex_letter
                && token.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            (
                hash.start + i,
                ParseErrorKind::ExchangeHashChar {
                    found: char::from(token.as_bytes()[i]),
                },
            )
        }
        _ => return None,
    };
    let (_, puzzle) = found.next()?;
    super::line::first_token_is_longer_than_a_row(puzzle).then_some((at, kind))
}

/// A puzzle numbered in a list, its number before it on its line: `1. PUZZLE`, `12:
/// PUZZLE`, `3) PUZZLE`, `#4 PUZZLE`, `No. 5 PUZZLE`, `No.6 PUZZLE`, `Puzzle 7: PUZZLE`,
/// `8 - PUZZLE`. The label is one token holding a number (1 to 9 digits, a `#` or `(`
/// before them, `.`, `:` or `)` after them), alone or after one word of letters (`No.`,
/// `Puzzle`; `No.6` in one token); then, after a dash (`-`, `–`, `—`) if there is one, a
/// token longer than any block row, the puzzle; a serate rating after it is kept. The id is
/// the label as written, without its `(` and its closing `.`, `:` or `)`. `None` for
/// anything else (the splitter asks only of a line whose first token is short).
pub(crate) fn numbered_line(line: &str) -> Option<Rated> {
    let bytes = line.as_bytes();
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    // `Puzzle 123456789: ` is the longest label: a whitespace within its length.
    let head = &bytes[start..bytes.len().min(start + 20)];
    if !head.iter().any(u8::is_ascii_whitespace)
        || !(head[0].is_ascii_alphanumeric() || matches!(head[0], b'#' | b'('))
    {
        return None;
    }
    let mut found = tokens(line);
    let (first, word) = found.next()?;
    // `No.15`: a word, a dot, the number, in one token.
    let joined = word.split_once('.').filter(|(name, label)| {
        !name.is_empty()
            && name.len() <= 12
            && name.bytes().all(|b| b.is_ascii_alphabetic())
            && is_number_label(label)
    });
    let (number, label) = match (is_number_label(word), joined) {
        (true, _) => (first.clone(), word),
        (false, Some((name, label))) => (first.start + name.len() + 1..first.end, label),
        (false, None) => {
            let name = word.strip_suffix('.').unwrap_or(word);
            if name.is_empty() || name.len() > 12 || !name.bytes().all(|b| b.is_ascii_alphabetic())
            {
                return None;
            }
            let (number, label) = found.next()?;
            if !is_number_label(label) {
                return None;
            }
            (number, label)
        }
    };
    let (mut cells, mut puzzle) = found.next()?;
    // `14 - PUZZLE`: a dash between the number and the puzzle.
    if matches!(puzzle, "-" | "\u{2013}" | "\u{2014}") {
        (cells, puzzle) = found.next()?;
    }
    if !super::line::first_token_is_longer_than_a_row(puzzle) {
        return None;
    }
    let digits = label
        .trim_end_matches(['.', ':', ')'])
        .trim_start_matches('(');
    Some(Rated {
        cells: cells.clone(),
        id: Some(format!("{}{digits}", &line[first.start..number.start])),
        rating: serate_rating(&line[cells.end..]),
        solution: None,
        variant: None,
    })
}

/// Whether `token` is a number as a list numbers its entries: 1 to 9 digits, a `#` or
/// `(` before them, `.`, `:` or `)` after them (`12.`, `#3`, `(4)`).
fn is_number_label(token: &str) -> bool {
    let token = token.strip_suffix(['.', ':', ')']).unwrap_or(token);
    let digits = token.strip_prefix(['#', '(']).unwrap_or(token);
    (1..=9).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The rating serate writes after a puzzle (`ED=7.1/1.2/1.2` gives `7.1/1.2/1.2`), in
/// the text after the first token of a line puzzle.
pub(crate) fn serate_rating(rest: &str) -> Option<String> {
    tokens(rest).find_map(|(_, t)| t.strip_prefix("ED=").map(str::to_owned))
}

/// A row of a block of `width` rows followed by other text (a rating, a comment): the
/// byte length of the row, and the serate rating when the text is one. Before a
/// rating, a row of another width under twice the block's counts too (parsing the
/// block then says which row is short or long; a longer one, such as a line puzzle
/// serate rated, is not taken into the block).
pub(crate) fn trailing_row(line: &str, width: usize) -> Option<(usize, Option<String>)> {
    let mut ends: Vec<usize> = tokens(line).map(|(r, _)| r.end).collect();
    ends.pop();
    ends.into_iter().rev().find_map(|end| {
        let row = block_width(&line[..end])?;
        let rating = serate_rating(&line[end..]);
        (row == width || (rating.is_some() && row < 2 * width)).then_some((end, rating))
    })
}

/// What a line opening with `<` is in OpenSudoku XML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Xml {
    /// The declaration, a comment, or an element around the games (`<opensudoku>`,
    /// `<name>`, ...): skipped.
    Skip,
    /// One or more `<game data="..."/>` elements (the app writes one a line; a file
    /// edited by hand may hold several): each one's byte range in the line (up to the
    /// next), its cells, and its `id` attribute if any (`None`: an element of several
    /// on the line without a readable `data`, which parsing then says), in line order.
    Games(Vec<(Range<usize>, Option<Rated>)>),
    /// Any other element outside `<opensudoku>`, one inside it with a `data`
    /// attribute but another name than `game` (a misspelt game), or a `<game>`
    /// without `data`: not a puzzle.
    Other,
}

/// The elements an OpenSudoku file holds besides its games: the app's puzzle packs
/// (`sudoku/easy.opensudoku` in its repository: `<name>`, `<author>`, ...,
/// `<sourceURL>`) and its version 2 exports (`<folder>`). Inside `<opensudoku>`, any
/// other element without a `data` attribute is skipped too, as the app's importer
/// skips every element but `<game>`.
const OPENSUDOKU: &[&str] = &[
    "opensudoku",
    "name",
    "author",
    "description",
    "comment",
    "created",
    "source",
    "sourceURL",
    "level",
    "source_id",
    "folder",
];

/// Reads a line opening with `<` (after whitespace); `inside` when an `<opensudoku>`
/// element has been opened.
pub(crate) fn xml_line(line: &str, inside: bool) -> Xml {
    let trimmed = line.trim_start();
    let declaration = trimmed.starts_with("<?");
    if trimmed.starts_with("<!--") {
        // A comment, games in it included.
        return Xml::Skip;
    }
    let name = element_name(trimmed);
    // Each `<game` element up to the next one: its attributes, placed in the line
    // (not one in a comment).
    let commented = comments(line);
    let mut starts: Vec<usize> = line
        .match_indices("<game")
        .map(|(at, _)| at)
        .filter(|&at| element_name(&line[at..]) == "game")
        .filter(|at| !commented.iter().any(|c| c.contains(at)))
        .collect();
    // Games after the declaration or the `<opensudoku>` tag on their line (a file
    // written on one line): the first starts where it does.
    if !starts.is_empty() && name != "game" && (declaration || name == "opensudoku") {
        starts.push(line.len());
        return Xml::Games(games_at(line, &starts));
    }
    if declaration {
        return Xml::Skip;
    }
    if name == "game" {
        // None on a closing `</game>` line, which closes a game opened on the line
        // before (`<game data="...">`).
        let Some(first) = starts.first_mut() else {
            return if trimmed.starts_with("</") {
                Xml::Skip
            } else {
                Xml::Other
            };
        };
        *first = 0;
        starts.push(line.len());
        if starts.len() == 2 && attribute(line, "data").is_none() {
            return Xml::Other;
        }
        return Xml::Games(games_at(line, &starts));
    }
    let known = OPENSUDOKU.contains(&name);
    if ((inside || name == "opensudoku") && known) || (inside && attribute(line, "data").is_none())
    {
        Xml::Skip
    } else {
        Xml::Other
    }
}

/// The games of `line` between its consecutive `starts` (the last the line's end),
/// each with its `data` and `id` when it has them, placed in the line. Another
/// element after a game (not a closing tag or a comment) is an entry of its own,
/// with no game: parsing it says what it is not, as for such an element alone on
/// its line.
fn games_at(line: &str, starts: &[usize]) -> Vec<(Range<usize>, Option<Rated>)> {
    let mut games = Vec::with_capacity(starts.len());
    for pair in starts.windows(2) {
        let (from, element) = (pair[0], &line[pair[0]..pair[1]]);
        let game = attribute(element, "data").map(|cells| Rated {
            cells: from + cells.start..from + cells.end,
            id: attribute(element, "id").map(|r| unescape(&element[r])),
            rating: None,
            solution: None,
            variant: None,
        });
        let stray = game_end(element).and_then(|end| {
            let rest = &element[end..];
            let at = end + rest.len() - rest.trim_start().len();
            let rest = rest.trim_start();
            (!rest.is_empty() && !rest.starts_with("</") && !rest.starts_with("<!--"))
                .then_some(from + at)
        });
        match stray {
            Some(at) => {
                games.push((from..at, game));
                games.push((at..pair[1], None));
            }
            None => games.push((from..pair[1], game)),
        }
    }
    games
}

/// Where the game element in `element` ends: after its `/>`, or after its
/// `</game>`; `None` when it does not end there.
pub(crate) fn game_end(element: &str) -> Option<usize> {
    let open = element.find("<game")?;
    let close = tag_end(element, open)?;
    if element[..close].ends_with("/>") {
        return Some(close);
    }
    element[close..]
        .find("</game>")
        .map(|at| close + at + "</game>".len())
}

/// The name of the element `text` opens (or closes) with: `game` for `<game ...`.
pub(crate) fn element_name(text: &str) -> &str {
    let rest = text
        .trim_start()
        .trim_start_matches('<')
        .trim_start_matches('/');
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | ':')))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The byte range of the value of attribute `name` (`name="value"` or `'value'`).
fn attribute(line: &str, name: &str) -> Option<Range<usize>> {
    let (quote_at, quote) = attribute_quote(line, name)?;
    let open = quote_at + 1;
    let close = line[open..].find(quote)?;
    Some(open..open + close)
}

/// The byte offset of the opening quote of attribute `name` when its value is not
/// closed on the line (`data="0030...` cut off, or a quote lost).
pub(crate) fn unclosed_attribute(line: &str, name: &str) -> Option<usize> {
    let (quote_at, quote) = attribute_quote(line, name)?;
    (!line[quote_at + 1..].contains(quote)).then_some(quote_at)
}

/// The byte offset just after the `>` that ends the tag opening at byte `open` of
/// `text`: the first `>` outside its quoted attribute values (`note="5/>6"` holds
/// none), or a comment's `-->`; `None` when the tag does not end in `text`.
pub(crate) fn tag_end(text: &str, open: usize) -> Option<usize> {
    if text[open..].starts_with("<!--") {
        return comment_end(text, open);
    }
    let mut quote = None;
    for (i, c) in text[open..].char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(open + i + 1),
            _ => {}
        }
    }
    None
}

/// The byte offset just after the `-->` that ends the comment opening (`<!--`) at
/// byte `open` of `text`; `None` when it does not end in `text`.
fn comment_end(text: &str, open: usize) -> Option<usize> {
    let body = open + "<!--".len();
    text[body..].find("-->").map(|end| body + end + "-->".len())
}

/// An XML attribute value with its references replaced: `&amp;`, `&lt;`, `&gt;`,
/// `&quot;`, `&apos;` and numeric ones (`&#38;`, `&#x26;`); any other `&` is kept.
fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let decoded = rest.find(';').and_then(|end| {
            let name = &rest[1..end];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => {
                    let number = name.strip_prefix('#')?;
                    let code = match number.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => number.parse().ok()?,
                    };
                    char::from_u32(code)
                }
            }?;
            Some((c, end + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// XML markup that a line leaves open (see [`open_markup`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Markup {
    /// A tag: its `>` (outside quoted values) does not follow on the line.
    Tag,
    /// A comment: its `-->` does not follow.
    Comment,
}

/// The XML markup `line` ends inside, if any.
pub(crate) fn open_markup(line: &str) -> Option<Markup> {
    let mut at = 0;
    while let Some(open) = line[at..].find('<').map(|i| at + i) {
        match tag_end(line, open) {
            Some(end) => at = end,
            None if line[open..].starts_with("<!--") => return Some(Markup::Comment),
            None => return Some(Markup::Tag),
        }
    }
    None
}

/// The byte ranges of the comments (`<!-- ... -->`) of `line`; one not closed on the
/// line runs to its end.
fn comments(line: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(open) = line[at..].find("<!--").map(|i| at + i) {
        let end = comment_end(line, open).unwrap_or(line.len());
        out.push(open..end);
        at = end;
    }
    out
}

/// The byte ranges of `line` inside the quoted attribute values of its tags (text
/// between tags may hold quotes of its own: `<name>Tom's</name>`).
fn quoted_values(line: &str) -> Vec<Range<usize>> {
    let mut values = Vec::new();
    let (mut in_tag, mut quote) = (false, None);
    let mut opened = 0;
    for (i, c) in line.char_indices() {
        match (in_tag, quote, c) {
            (false, _, '<') => in_tag = true,
            (true, None, '"' | '\'') => (quote, opened) = (Some(c), i + 1),
            (true, Some(q), c) if c == q => {
                values.push(opened..i);
                quote = None;
            }
            (true, None, '>') => in_tag = false,
            _ => {}
        }
    }
    if quote.is_some() {
        values.push(opened..line.len());
    }
    values
}

/// Where the value of attribute `name` opens: the byte offset of its quote (`"` or
/// `'`) and the quote; the first `name` after whitespace, outside other attributes'
/// values (`note="x data=1"`) and followed by `=` counts.
fn attribute_quote(line: &str, name: &str) -> Option<(usize, char)> {
    let quoted = quoted_values(line);
    let mut from = 0;
    while let Some(at) = line[from..].find(name) {
        let start = from + at;
        from = start + name.len();
        let before = line[..start].chars().next_back();
        if !before.is_some_and(char::is_whitespace) || quoted.iter().any(|v| v.contains(&start)) {
            continue;
        }
        let Some(rest) = line[from..].trim_start().strip_prefix('=') else {
            continue;
        };
        let rest = rest.trim_start();
        let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
        return Some((line.len() - rest.len(), quote));
    }
    None
}

/// The names (lower case) of a puzzle's column in a CSV header, or its key in a JSON
/// object ([`json_object_line`]).
const PUZZLE_NAMES: &[&str] = &[
    "puzzle", "puzzles", "quiz", "quizzes", "sudoku", "sudokus", "grid", "board", "unsolved",
    "problem", "question", "input",
];

/// The names of a solution's column or key.
const SOLUTION_NAMES: &[&str] = &[
    "solution",
    "solutions",
    "answer",
    "answers",
    "solved",
    "target",
    "output",
];

/// The names of an id's column or key.
const ID_NAMES: &[&str] = &["id", "hash", "name"];

/// The name of a record's number in its file (`generate`'s answers write it), taken as
/// its id when no column or key of [`ID_NAMES`] is there.
const INDEX_NAMES: &[&str] = &["index"];

/// The names of a rating's column or key.
const RATING_NAMES: &[&str] = &[
    "difficulty",
    "rating",
    "given_rating",
    "level",
    "grade",
    "se",
    "er",
];

/// The names of the column or key naming a record's rules.
const VARIANT_NAMES: &[&str] = &["variant"];

/// A JSON Lines record, a JSON object on one line whose puzzle is a string under one
/// of the puzzle column names (`{"id": 7, "puzzle": "4.....8.5.3...", "rating":
/// "1.2"}`; gridsolve's own JSON answers are such lines): the cells inside the
/// puzzle's quotes, with the id, rating and solution under their names (any case; a
/// number for an id or a rating is kept as written). `None` for a line that does not
/// open with `{`, or opens a C array (`{{5,3,...}`, `{5,3,0}`, a lone `{`, a comment
/// after it);
/// otherwise the record, or what is wrong with it and where (a byte offset in
/// `line`): JSON that does not read, no puzzle key, a puzzle that is no string.
#[cfg(feature = "json")]
pub(crate) fn json_object_line(line: &str) -> Option<Result<JsonRecord, (usize, ParseErrorKind)>> {
    let lead = line.len() - line.trim_start().len();
    let inner = line[lead..].strip_prefix('{')?.trim_start();
    // A C or Go array (`{{5,3,0,...}`, `{5,3,0}`) or a lone `{` opening one over
    // lines is no JSON object; any other line opening with `{` is read as one, so that
    // a broken line of a JSON Lines file says so rather than vanishing as a title.
    if inner.is_empty()
        || inner.starts_with(|c: char| c == '{' || c == '-' || c == '.' || c.is_ascii_digit())
        || inner.starts_with("//")
        || inner.starts_with('#')
    {
        return None;
    }
    let json = grid_core::JsonText::new(line);
    // The byte offset of a 1-based character column of this one line.
    let byte_at = |column: usize| {
        line.char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line.len(), |(i, _)| i)
    };
    let fields = match json.fields() {
        Ok(fields) => fields,
        Err(e) => {
            let at = byte_at(e.at.column.unwrap_or(1));
            return Some(Err((at, ParseErrorKind::Json { message: e.message })));
        }
    };
    let offset = |raw: &str| raw.as_ptr() as usize - line.as_ptr() as usize;
    let named = |names: &[&str]| {
        fields
            .iter()
            .find(|f| names.iter().any(|n| f.key.eq_ignore_ascii_case(n)))
    };
    // A string's characters or a number's text, as written.
    let text = |names: &[&str]| {
        let value = named(names)?.value;
        match value.unquoted() {
            Some(inner) => Some(inner.to_owned()),
            None => value
                .raw
                .starts_with(|c: char| c == '-' || c.is_ascii_digit())
                .then(|| value.raw.to_owned()),
        }
    };
    let Some(puzzle) = named(PUZZLE_NAMES) else {
        let message = format!(
            "a JSON object with no puzzle: expected a \"puzzle\" key (or {})",
            PUZZLE_NAMES[1..]
                .iter()
                .map(|n| format!("\"{n}\""))
                .collect::<Vec<_>>()
                .join(", ")
        );
        return Some(Err((lead, ParseErrorKind::Json { message })));
    };
    // A LeetCode board under the key (`{"board": [["5","3",...],...]}`): the array
    // itself, read as a board where it stands.
    let board = puzzle
        .value
        .raw
        .starts_with('[')
        .then_some(puzzle.value.raw);
    let Some(inner) = puzzle.value.unquoted().or(board) else {
        let message = format!(
            "the \"{}\" value is no puzzle: expected a string of cells or an array of rows",
            puzzle.key
        );
        return Some(Err((
            offset(puzzle.value.raw),
            ParseErrorKind::Json { message },
        )));
    };
    let cells = offset(inner)..offset(inner) + inner.len();
    // Written with escapes: a grid's rows joined by `\n`, as gridsolve's own JSON
    // answers write a block's puzzle.
    let decoded = match board.is_none() && inner.contains('\\') {
        true => puzzle.value.string(),
        false => None,
    };
    // A solution that is no string (a number, an array) is kept as written, for the
    // caller to say it is no solution rather than pass over it; `null` is none.
    let solution = named(SOLUTION_NAMES).and_then(|f| {
        let value = f.value.unquoted().unwrap_or(f.value.raw);
        (value != "null").then(|| offset(value)..offset(value) + value.len())
    });
    let rated = Rated {
        cells,
        id: text(ID_NAMES).or_else(|| text(INDEX_NAMES)),
        rating: text(RATING_NAMES),
        solution,
        variant: text(VARIANT_NAMES),
    };
    Some(Ok(JsonRecord { rated, decoded }))
}

/// A JSON Lines record ([`json_object_line`]): where its puzzle string's characters
/// are on the line, with its id, rating and solution, and the puzzle decoded when it is
/// written with escapes (a grid's rows joined by `\n`).
#[cfg(feature = "json")]
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct JsonRecord {
    pub rated: Rated,
    pub decoded: Option<String>,
}

/// The columns of a CSV file whose header names them: the puzzle's, and the id's,
/// the difficulty's and the solution's when there, and the separator the header uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CsvColumns {
    /// `,`, or `;` (spreadsheets where the decimal mark is a comma write it), or a tab.
    separator: u8,
    puzzle: usize,
    id: Option<usize>,
    rating: Option<usize>,
    solution: Option<usize>,
    /// The rules the row names (`variant`: `x`, `jigsaw`, as gridsolve's CSV answers
    /// write them).
    variant: Option<usize>,
}

impl CsvColumns {
    /// The columns a header names, when it names a puzzle column (`puzzle`, `quizzes`,
    /// `sudoku`, `board`, `unsolved`, `input`, ...) and an id, difficulty, solution or
    /// variant column (`id`, `difficulty`, `rating`, `level`, `solution`, `solutions`,
    /// `answer`, `solved`, `target`, `variant`, ...; any case, quoted or not; `index` is
    /// the id's when no id column is named) or puts the puzzle
    /// after the first column, or names two columns, one the solution's (the other is
    /// then the puzzle's): other headers (`puzzle,clues`) are read as the line form
    /// always read them. The fields are separated by `,`, else `;` or a
    /// tab: the first of these that gives such a header.
    pub(crate) fn from_header(line: &str) -> Option<CsvColumns> {
        [b',', b';', b'\t'].into_iter().find_map(|separator| {
            if !line.as_bytes().contains(&separator) {
                return None;
            }
            let names: Vec<String> = line
                .split(char::from(separator))
                .map(|f| f.trim().trim_matches('"').to_ascii_lowercase())
                .collect();
            let find = |words: &[&str]| names.iter().position(|n| words.contains(&n.as_str()));
            let solution = find(SOLUTION_NAMES);
            let named = find(PUZZLE_NAMES);
            // Two columns, one of them the solution's: the other is the puzzle's,
            // whatever its name.
            let puzzle = named.or_else(|| match (solution, names.len()) {
                (Some(s), 2) => Some(1 - s),
                _ => None,
            })?;
            let id = find(ID_NAMES).or_else(|| find(INDEX_NAMES));
            let rating = find(RATING_NAMES);
            let variant = find(VARIANT_NAMES);
            let named_more = id.is_some() || rating.is_some() || solution.is_some();
            (named_more || variant.is_some() || puzzle > 0).then_some(CsvColumns {
                separator,
                puzzle,
                id,
                rating,
                solution,
                variant,
            })
        })
    }

    /// Whether `line` begins a row whose quoted field goes on over lines: it holds
    /// the separator and leaves a quote open.
    pub(crate) fn opens_field(&self, line: &str) -> bool {
        line.as_bytes().contains(&self.separator) && quote_open(line)
    }

    /// Whether the first column is the solution's (`solution,puzzle`).
    pub(crate) fn solves_first(&self) -> bool {
        self.solution == Some(0)
    }

    /// Whether `line` is a row of the table: it holds the header's separator, and is
    /// neither a block's row with that separator between its cells (every field one
    /// character at most) nor, where the puzzle is not the first column, a puzzle
    /// line with a comment after the separator (its first field n x n cells, n >= 4,
    /// of digits and blanks, which no id is). Where the first column is the solution
    /// (`solution,puzzle`), every such line but a block's row is a row: read as a
    /// puzzle line, its solution would be answered as the puzzle.
    pub(crate) fn is_row(&self, line: &str) -> bool {
        if !line.as_bytes().contains(&self.separator) {
            return false;
        }
        let mut fields = line.split(char::from(self.separator)).map(str::trim);
        if fields.clone().all(|f| f.chars().count() <= 1) {
            return false;
        }
        let first = fields.next().unwrap_or("");
        let cells = first.len();
        let square = (4..=16).any(|n| n * n == cells);
        self.solves_first()
            || !(self.puzzle > 0
                && square
                && first
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b'.' || b == b'_'))
    }

    /// The puzzle of a CSV row, with its id, difficulty and solution field; when the
    /// row has no field where the header puts the puzzle, or an empty one, the fault
    /// to report (at the row's end, or at the field) if the row, read as a line, is no
    /// puzzle either, with the row's id, difficulty and solution (its `cells` empty).
    ///
    /// Fields are quoted as RFC 4180 says: a field in double quotes may hold the
    /// separator, and `""` in it is one quote.
    pub(crate) fn row(&self, line: &str) -> Result<Rated, Box<(usize, ParseErrorKind, Rated)>> {
        let fields = csv_fields(line, self.separator);
        let value = |i: Option<usize>| {
            i.and_then(|i| fields.get(i))
                .map(|r| line[unquoted(line, r)].replace("\"\"", "\""))
                .filter(|v| !v.is_empty())
        };
        let end = line.trim_end().len();
        let solution = self.solution.map(|i| {
            fields
                .get(i)
                .map_or(end..end, |field| unquoted(line, field))
        });
        let given = |cells| Rated {
            cells,
            id: value(self.id),
            rating: value(self.rating),
            solution: solution.clone(),
            variant: value(self.variant),
        };
        let Some(field) = fields.get(self.puzzle) else {
            let fault = ParseErrorKind::CsvFields {
                found: fields.len(),
                puzzle: self.puzzle + 1,
            };
            return Err(Box::new((line.trim_end().len(), fault, given(0..0))));
        };
        let cells = unquoted(line, field);
        if cells.is_empty() {
            let fault = ParseErrorKind::CsvEmptyField {
                puzzle: self.puzzle + 1,
            };
            return Err(Box::new((cells.start, fault, given(0..0))));
        }
        Ok(given(cells))
    }
}

/// Whether `text` leaves a double quote open: it holds an odd number of them (`""`
/// inside a quoted field is two).
pub(crate) fn quote_open(text: &str) -> bool {
    text.bytes().filter(|&b| b == b'"').count() % 2 == 1
}

/// The byte ranges of the fields of a CSV `line`, split at `separator` where it is
/// outside double quotes (RFC 4180: `"a,b"` is one field; a doubled quote inside one
/// toggles twice).
fn csv_fields(line: &str, separator: u8) -> Vec<Range<usize>> {
    let mut fields = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, b) in line.bytes().enumerate() {
        if b == b'"' {
            quoted = !quoted;
        } else if b == separator && !quoted {
            fields.push(start..i);
            start = i + 1;
        }
    }
    fields.push(start..line.len());
    fields
}

/// The byte range in `line` of the text of `field`, a field's range: without the
/// whitespace around it and, when it is quoted, without its quotes.
fn unquoted(line: &str, field: &Range<usize>) -> Range<usize> {
    let text = &line[field.clone()];
    let lead = text.len() - text.trim_start().len();
    let inner = text.trim();
    let start = field.start + lead;
    match inner.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(q) => start + 1..start + 1 + q.len(),
        None => start..start + inner.len(),
    }
}

/// A line without a header whose first field is a puzzle in double quotes, as
/// spreadsheets and pandas write a CSV row (`"..3.2.6..",...`): the puzzle's place
/// inside the quotes. `None` when the line does not open with a quote, or the quoted
/// field is no longer than a block's row (a title in quotes stays a title).
pub(crate) fn quoted_line(line: &str) -> Option<Rated> {
    let lead = line.len() - line.trim_start().len();
    let inner = line[lead..].strip_prefix('"')?;
    let close = inner.find('"')?;
    let cells = lead + 1..lead + 1 + close;
    super::line::first_token_is_longer_than_a_row(&line[cells.clone()]).then(|| Rated {
        cells,
        ..Rated::default()
    })
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn tokens_are_placed_past_spaces_of_several_bytes() {
        // A no-break space (2 bytes) and an ideographic space (3 bytes).
        let line = "..5.1.3..\u{a0}ED=2.3/1.2/1.2\u{3000}x";
        let found: Vec<(Range<usize>, &str)> = tokens(line).collect();
        assert_eq!(
            found,
            [
                (0..9, "..5.1.3.."),
                (11..25, "ED=2.3/1.2/1.2"),
                (28..29, "x")
            ]
        );
        assert_eq!(
            trailing_row(line, 9),
            Some((9, Some("2.3/1.2/1.2".to_owned())))
        );
    }

    #[cfg(feature = "json")]
    #[test]
    fn json_lines_give_their_puzzle_id_rating_and_solution() {
        let puzzle = "1".repeat(81);
        let line = format!(
            r#"{{"ID": 12, "Board": "{puzzle}", "Difficulty": "2.6", "solution": "22", "variant": "x"}}"#
        );
        let rated = json_object_line(&line).unwrap().unwrap().rated;
        assert_eq!(&line[rated.cells.clone()], puzzle);
        assert_eq!(line[..rated.cells.start].chars().last(), Some('"'));
        assert_eq!(rated.id.as_deref(), Some("12"));
        assert_eq!(rated.rating.as_deref(), Some("2.6"));
        assert_eq!(&line[rated.solution.unwrap()], "22");
        assert_eq!(rated.variant.as_deref(), Some("x"));
        // No JSON object: a C brace array or its row, a lone brace, a JSON board.
        for other in [
            "{5,3,0}",
            "{{5,3},{0,1}}",
            "{",
            "  { ",
            "[[1]]",
            "12 {\"puzzle\": 1}",
        ] {
            assert_eq!(json_object_line(other), None, "{other}");
        }
        // A broken JSON line is one, and says where it breaks.
        for broken in ["{broken", "{oops}", "{ 'puzzle': 1 }"] {
            assert!(matches!(json_object_line(broken), Some(Err(_))), "{broken}");
        }
    }

    #[cfg(feature = "json")]
    #[test]
    fn json_lines_that_are_no_puzzle_say_why_and_where() {
        let fault = |line: &str| json_object_line(line).unwrap().unwrap_err();
        let message = |line: &str| match fault(line).1 {
            ParseErrorKind::Json { message } => message,
            other => panic!("{other:?}"),
        };
        // No puzzle key: at the object's `{`.
        assert_eq!(fault(r#"  {"id": 1}"#).0, 2);
        assert!(message(r#"{"id": 1}"#).contains("no puzzle"));
        assert!(message("{}").contains("no puzzle"));
        // A puzzle that is a number: at its value.
        assert_eq!(fault(r#"{"puzzle": 5}"#).0, 11);
        // A puzzle with escapes: its rows, decoded.
        let rows = json_object_line(r#"{"puzzle": "12\n34"}"#)
            .unwrap()
            .unwrap();
        assert_eq!(rows.decoded.as_deref(), Some("12\n34"));
        // JSON that does not read: where the reader stopped.
        assert_eq!(fault(r#"{"puzzle": "12" "id": 1}"#).0, 16);
    }

    #[test]
    fn hash_lines() {
        let puzzle = ".".repeat(81);
        let line = format!("0000183b305c {puzzle}  1.2");
        let rated = hash_line(&line).unwrap();
        assert_eq!(&line[rated.cells.clone()], puzzle);
        assert_eq!(rated.id.as_deref(), Some("0000183b305c"));
        assert_eq!(rated.rating.as_deref(), Some("1.2"));
        assert_eq!(hash_line(&puzzle), None);
        assert_eq!(hash_line("0000183b305c 123"), None);
        assert_eq!(hash_line(&format!("0000183b305g {puzzle}")), None);
    }

    #[test]
    fn numbered_lines() {
        let puzzle = ".".repeat(81);
        for (label, id) in [
            ("1.", "1"),
            ("12:", "12"),
            ("3)", "3"),
            ("(3)", "3"),
            ("#4", "#4"),
            ("No. 5", "No. 5"),
            ("Puzzle 6:", "Puzzle 6"),
            ("Puzzle #7", "Puzzle #7"),
            ("001", "001"),
            ("No.15", "No.15"),
            ("No.16:", "No.16"),
            ("14 -", "14"),
            ("15. \u{2013}", "15"),
        ] {
            let line = format!("  {label} {puzzle} ED=7.1/1.2/1.2");
            let rated = numbered_line(&line).unwrap_or_else(|| panic!("{line}"));
            assert_eq!(&line[rated.cells.clone()], puzzle, "{line}");
            assert_eq!(rated.id.as_deref(), Some(id), "{line}");
            assert_eq!(rated.rating.as_deref(), Some("7.1/1.2/1.2"), "{line}");
        }
        assert_eq!(numbered_line(&format!("1. {puzzle}")).unwrap().rating, None);
        // Not a numbered puzzle: a puzzle alone, a row's cells, a word alone or two
        // words, a number too long, a short token after the number.
        for line in [
            puzzle.clone(),
            "1 2 3 4 5 6 7 8 9".to_owned(),
            format!("hard {puzzle}"),
            format!("Very hard {puzzle}"),
            format!("1234567890 {puzzle}"),
            format!("# 1 {puzzle}"),
            "1. 123456789".to_owned(),
            format!("1.5 {puzzle}"),
            format!("a.b {puzzle}"),
            format!("14 - - {puzzle}"),
            "14 - 123456789".to_owned(),
        ] {
            assert_eq!(numbered_line(&line), None, "{line}");
        }
    }

    #[test]
    fn exchange_hash_near_misses() {
        let puzzle = ".".repeat(81);
        let near = |line: &str| exchange_hash_near_miss(line);
        let length = |found| Some(ParseErrorKind::ExchangeHash { found });
        assert_eq!(
            near(&format!("0000183b305c1 {puzzle} 1.2")),
            Some((0, length(13).unwrap()))
        );
        assert_eq!(
            near(&format!("  183b305c {puzzle}")),
            Some((2, length(8).unwrap()))
        );
        let char_at = |at, found| Some((at, ParseErrorKind::ExchangeHashChar { found }));
        assert_eq!(
            near(&format!("0bef6097ea7g  {puzzle} 1.5")),
            char_at(11, 'g')
        );
        assert_eq!(near(&format!(" 0bef6O97ea7f {puzzle}")), char_at(6, 'O'));
        // The bank's own form, a token of another length that is not hex, a short
        // puzzle after it, or nothing after it: not a near miss.
        assert_eq!(near(&format!("0000183b305c {puzzle}")), None);
        assert_eq!(near(&format!("0000183b305g1 {puzzle}")), None);
        assert_eq!(near("0000183b305c1 123"), None);
        assert_eq!(near("0000183b305c1"), None);
        assert_eq!(near(&format!("123456789 {puzzle}")), None);
    }

    #[test]
    fn serate_and_trailing_rows() {
        assert_eq!(
            serate_rating(" ED=7.1/1.2/1.2").as_deref(),
            Some("7.1/1.2/1.2")
        );
        let row = "..M.O.L.H..J..C.";
        let line = format!("{row} ED=2.3/1.2/1.2");
        assert_eq!(
            trailing_row(&line, 16),
            Some((16, Some("2.3/1.2/1.2".into())))
        );
        assert_eq!(trailing_row("1 2 | 3 4  the end", 4), Some((9, None)));
        assert_eq!(trailing_row(row, 16), None);
        // Before a rating, a short row counts (the block then says it is short).
        assert_eq!(
            trailing_row("..5.1.3. ED=2.0/1.2/1.2", 9),
            Some((8, Some("2.0/1.2/1.2".into())))
        );
        let rated_line = format!("{} ED=2.0/1.2/1.2", ".".repeat(81));
        assert_eq!(trailing_row(&rated_line, 9), None);
    }

    #[test]
    fn opensudoku_elements() {
        let game = r#"  <game created="1" data="0123" id='g7' />"#;
        let Xml::Games(games) = xml_line(game, true) else {
            panic!()
        };
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].0, 0..game.len());
        let rated = games[0].1.as_ref().unwrap();
        assert_eq!(&game[rated.cells.clone()], "0123");
        assert_eq!(rated.id.as_deref(), Some("g7"));
        // Two games on one line: both, each placed in the line.
        let two = r#"<game data="1200" id="a"/><game id="b" data="0034"/>"#;
        let Xml::Games(games) = xml_line(two, true) else {
            panic!()
        };
        let read: Vec<(&str, &str, Option<&str>)> = games
            .iter()
            .map(|(at, g)| {
                let g = g.as_ref().unwrap();
                (&two[at.clone()], &two[g.cells.clone()], g.id.as_deref())
            })
            .collect();
        assert_eq!(
            read,
            [
                (r#"<game data="1200" id="a"/>"#, "1200", Some("a")),
                (r#"<game id="b" data="0034"/>"#, "0034", Some("b"))
            ]
        );
        // One of them without data: the other is read, and it is a record of its own
        // (parsing says what is wrong with it).
        let Xml::Games(games) = xml_line(r#"<game data="1200"/><game id="b"/>"#, true) else {
            panic!()
        };
        assert!(games[0].1.is_some() && games[1].1.is_none());
        // References in an id are replaced; a game in a comment is none.
        let game = r#"<game id="x&amp;y&#33;&bogus" data="1200"/><!-- <game data="3400"/> -->"#;
        let Xml::Games(games) = xml_line(game, true) else {
            panic!()
        };
        assert_eq!(games.len(), 1);
        assert_eq!(
            games[0].1.as_ref().unwrap().id.as_deref(),
            Some("x&y!&bogus")
        );
        assert_eq!(
            open_markup(r#"<game data="1200" note="a"#),
            Some(Markup::Tag)
        );
        assert_eq!(open_markup("<a/><!-- a comment"), Some(Markup::Comment));
        assert_eq!(open_markup(r#"<game note="5/>6"/> text"#), None);
        // A closing tag alone closes a game opened on the line before.
        assert_eq!(xml_line("</game>", true), Xml::Skip);
        // Attribute values may hold `/>` and `data=`: the real attribute and the
        // element's own end are found.
        let noted = r#"<game note="x data=1" data="1200" other="5/>6" />"#;
        let Xml::Games(games) = xml_line(noted, true) else {
            panic!()
        };
        assert_eq!(games.len(), 1, "{games:?}");
        let rated = games[0].1.as_ref().unwrap();
        assert_eq!(&noted[rated.cells.clone()], "1200");
        assert_eq!(game_end(noted), Some(noted.len()));
        assert_eq!(unclosed_attribute(r#"<game data="0030"#, "data"), Some(11));
        assert_eq!(unclosed_attribute(r#"<game data="0030"/>"#, "data"), None);
        assert_eq!(unclosed_attribute(r#"<game metadata="1"/>"#, "data"), None);
        assert_eq!(xml_line("<?xml version=\"1.0\"?>", false), Xml::Skip);
        assert_eq!(xml_line(r#"<!-- <game data="1200"/> -->"#, true), Xml::Skip);
        // Another element after a game is an entry of its own; closing tags are not.
        let stray = r#"<game data="1200"/> <gme data="3"/>"#;
        let Xml::Games(games) = xml_line(stray, true) else {
            panic!()
        };
        assert_eq!(games.len(), 2);
        assert_eq!(
            (games[0].0.clone(), games[1].0.clone()),
            (0..20, 20..stray.len())
        );
        assert!(games[0].1.is_some() && games[1].1.is_none());
        let Xml::Games(games) = xml_line(r#"<game data="1200"></game></opensudoku>"#, true) else {
            panic!()
        };
        assert_eq!(games.len(), 1);
        let Xml::Games(games) = xml_line(
            r#"<?xml version="1.0"?><opensudoku><game data="1200"/>"#,
            false,
        ) else {
            panic!()
        };
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].0.start, 33);
        assert_eq!(xml_line("<opensudoku>", false), Xml::Skip);
        assert_eq!(xml_line("<name>Easy</name>", true), Xml::Skip);
        // The app's puzzle packs name their source; any element without `data`
        // inside `<opensudoku>` is skipped, as the app skips it.
        let url = "  <sourceURL>http://example.org/#about</sourceURL>";
        assert_eq!(xml_line(url, true), Xml::Skip);
        assert_eq!(xml_line("<rating>3</rating>", true), Xml::Skip);
        assert_eq!(xml_line("<rating>3</rating>", false), Xml::Other);
        assert_eq!(xml_line(r#"<gme data="1200"/>"#, true), Xml::Other);
        assert_eq!(xml_line("<name>Easy</name>", false), Xml::Other);
        assert_eq!(xml_line("<game metadata=\"1\"/>", true), Xml::Other);
        assert_eq!(xml_line("<html>", false), Xml::Other);
    }

    #[test]
    fn csv_columns() {
        // A header that names only the puzzle column, first: read as lines.
        assert_eq!(CsvColumns::from_header("puzzle,clues"), None);
        let columns = CsvColumns::from_header("id,puzzle,solution,clues,difficulty").unwrap();
        let row = r#"7,"1.3",1234,3,2.5"#;
        let rated = columns.row(row).unwrap();
        assert_eq!(&row[rated.cells], "1.3");
        assert_eq!(rated.id.as_deref(), Some("7"));
        assert_eq!(rated.rating.as_deref(), Some("2.5"));
        // `;` and tab separators, as spreadsheets write them; a comma then is no
        // separator (the decimal mark of `2,5`).
        for header in ["id;puzzle;difficulty", "id\tpuzzle\tdifficulty"] {
            let columns = CsvColumns::from_header(header).unwrap();
            let row = header
                .replace("id", "7")
                .replace("puzzle", "\"1.3\"")
                .replace("difficulty", "2,5");
            let rated = columns.row(&row).unwrap();
            assert_eq!(&row[rated.cells], "1.3", "{header}");
            assert_eq!(rated.id.as_deref(), Some("7"));
            assert_eq!(rated.rating.as_deref(), Some("2,5"));
        }
        assert_eq!(CsvColumns::from_header("puzzle;clues"), None);
        // What is a row of a table: not a line without the separator, a block's row
        // with the separator between its cells, or a puzzle line with a comment.
        let semi = CsvColumns::from_header("id;puzzle;difficulty").unwrap();
        let puzzle = format!("{}1", ".".repeat(80));
        assert!(semi.is_row(&format!("7;{puzzle};1,2")));
        assert!(!semi.is_row("8"));
        // One-character fields read as a block's row (a short row's fault is still
        // said when the line is no puzzle: see the splitter's `row_fault`).
        assert!(!semi.is_row("8;"));
        assert!(!semi.is_row(".;.;3;.;2;.;6;.;."));
        assert!(!semi.is_row(&format!("{puzzle};ED=2.6/1.2/1.2")));
        assert!(semi.is_row(&format!("0000183b305c;{puzzle};1,2")));
        // Where the puzzle is the first column, its rows start with a puzzle.
        let first = CsvColumns::from_header("puzzle;difficulty").unwrap();
        assert!(first.is_row(&format!("{puzzle};1,2")));
        // No puzzle field: the fault, just past the row.
        let fault = ParseErrorKind::CsvFields {
            found: 1,
            puzzle: 2,
        };
        let id = |id: &str| Rated {
            id: Some(id.into()),
            ..Rated::default()
        };
        let no_solution = |at| Rated {
            solution: Some(at..at),
            ..id("p2")
        };
        assert_eq!(
            columns.row("p2 "),
            Err(Box::new((2, fault, no_solution(2))))
        );
        // An empty puzzle field: at its place, the id and rating kept.
        let fault = ParseErrorKind::CsvEmptyField { puzzle: 2 };
        let given = Rated {
            rating: Some("2.0".into()),
            solution: Some(3..3),
            ..id("b")
        };
        assert_eq!(columns.row("b,,,,2.0"), Err(Box::new((2, fault, given))));
        // A comma inside quotes is part of its field.
        let row = r#""a,b",1.3,,,2.5"#;
        let rated = columns.row(row).unwrap();
        assert_eq!(&row[rated.cells], "1.3");
        assert_eq!(rated.id.as_deref(), Some("a,b"));
        assert_eq!(rated.rating.as_deref(), Some("2.5"));
    }

    #[test]
    fn csv_solution_columns() {
        // A named solution column makes a table, wherever it stands, in any case.
        let columns = CsvColumns::from_header("quizzes,solutions").unwrap();
        assert_eq!((columns.puzzle, columns.solution), (0, Some(1)));
        let columns = CsvColumns::from_header("\"Puzzle\",\"SOLUTION\"").unwrap();
        assert_eq!((columns.puzzle, columns.solution), (0, Some(1)));
        let columns = CsvColumns::from_header("difficulty,solution,puzzle").unwrap();
        assert_eq!(
            (columns.puzzle, columns.solution, columns.rating),
            (2, Some(1), Some(0))
        );
        // Other names of the two columns; of two columns, the one not the solution's
        // is the puzzle's whatever its name.
        for (header, puzzle, solution) in [
            ("solution,board", 1, 0),
            ("answer,unsolved", 1, 0),
            ("target,input", 1, 0),
            ("sudokus,solved", 0, 1),
            ("SOLUTION,GIVENS", 1, 0),
            ("clue string,answer", 0, 1),
        ] {
            let columns = CsvColumns::from_header(header).unwrap();
            assert_eq!(
                (columns.puzzle, columns.solution),
                (puzzle, Some(solution)),
                "{header}"
            );
        }
        assert_eq!(CsvColumns::from_header("name,answer,notes"), None);
        // Its field without quotes; `""` in a quoted field is one quote.
        let row = r#"1.2,"1234","1.3""#;
        let rated = columns.row(row).unwrap();
        assert_eq!(&row[rated.cells], "1.3");
        assert_eq!(&row[rated.solution.unwrap()], "1234");
        let columns = CsvColumns::from_header("id,puzzle,solution").unwrap();
        let row = r#""say ""hi"", then",1.3,"#;
        let rated = columns.row(row).unwrap();
        assert_eq!(rated.id.as_deref(), Some(r#"say "hi", then"#));
        assert_eq!(rated.solution, Some(row.len()..row.len()));
        // A row short of the column: an empty field at its end.
        let rated = columns.row("7,1.3").unwrap();
        assert_eq!(rated.solution, Some(5..5));
        // The solution first: every line with the separator is a row, its first
        // field the solution, even one with a blank in it (a wrong solution, said
        // so, rather than a puzzle that was its solution).
        let columns = CsvColumns::from_header("solution,puzzle").unwrap();
        let solution = "1234341221434321";
        let row = format!("{solution},1.3.4...2...3...");
        assert!(columns.is_row(&row));
        let rated = columns.row(&row).unwrap();
        assert_eq!(&row[rated.cells], "1.3.4...2...3...");
        assert_eq!(&row[rated.solution.unwrap()], solution);
        assert!(columns.is_row("1.3.4...2...3...,a comment"));
        assert!(!columns.is_row("1.3.4...2...3..."));
    }

    #[test]
    fn quoted_lines() {
        let puzzle = ".".repeat(81);
        let line = format!(r#"  "{puzzle}","{}""#, "1".repeat(81));
        let rated = quoted_line(&line).unwrap();
        assert_eq!(&line[rated.cells], puzzle);
        // A title in quotes, an unclosed quote, an unquoted line: none.
        assert_eq!(quoted_line(r#""Grid 01""#), None);
        assert_eq!(quoted_line(&format!("\"{puzzle}")), None);
        assert_eq!(quoted_line(&puzzle), None);
    }
}
