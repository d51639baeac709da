//! Where an OpenSudoku game stands in its document: the elements open around it, so
//! that a tool writing some games of a file (`sudoku dedupe`) can write them inside
//! the same elements.

use std::sync::Arc;

/// Where an OpenSudoku game (`<game data="..."/>`) stands in its document, as
/// [`crate::RecordSplitter`] found it: the document's XML declaration and the
/// elements open around the game. Written out in order (the declaration, each start
/// tag followed by its details, the game, the end tags), it makes an OpenSudoku file
/// holding that game; see [`crate::Record::xml_context`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XmlContext {
    /// The document's XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`), as
    /// read; `None` when the document has none.
    pub declaration: Option<String>,
    /// The elements open around the game, outermost first: the `<opensudoku>` root,
    /// then (in a version 2 export) its `<folder>`.
    pub open: Vec<XmlElement>,
}

/// An element open around an OpenSudoku game (see [`XmlContext`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XmlElement {
    /// Its name: `opensudoku`, `folder`.
    pub name: String,
    /// Its start tag, as read: `<opensudoku version="2">`, `<folder name="Easy">`.
    pub start_tag: String,
    /// The elements it holds before its first game or inner element, each written on
    /// one line, as read: a puzzle pack's `<name>Easy</name>`, `<author>...</author>`.
    pub details: Vec<String>,
}

/// An open element as the tracker keeps it.
#[derive(Clone, Debug)]
struct Open {
    element: XmlElement,
    /// Its start tag's byte offset in the text being read, while that text is read
    /// (an element closed in the same text without an element inside is a detail).
    start: Option<usize>,
    /// Whether it has held a game or an element that held one (its details are over).
    held: bool,
}

/// Follows the tags of an OpenSudoku document, text by text, and gives each game its
/// [`XmlContext`].
#[derive(Clone, Debug, Default)]
pub(crate) struct XmlTracker {
    declaration: Option<String>,
    /// The declaration was read since the last root element closed.
    fresh_declaration: bool,
    open: Vec<Open>,
    /// The context as last given out, until a tag changes it.
    shared: Option<Arc<XmlContext>>,
}

/// A tag of a text: its byte range and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag<'a> {
    /// `<?...?>`: a declaration or processing instruction.
    Declaration,
    /// `<!-- ... -->` or another `<!` markup.
    Comment,
    /// `<name ...>`.
    Start(&'a str),
    /// `<name .../>`.
    Empty(&'a str),
    /// `</name>`.
    End(&'a str),
}

/// The tags of `text` in order, with their byte ranges. A `>` inside a quoted
/// attribute value does not end its tag; a comment ends at `-->`; text between tags
/// is not a tag. A tag that does not end in `text` runs to its end.
fn tags<'t>(text: &'t str) -> Vec<(std::ops::Range<usize>, Tag<'t>)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(open) = text[at..].find('<').map(|i| at + i) {
        // The tag's end: the first `>` outside quotes (a comment's `-->`).
        let end = super::rated::tag_end(text, open).unwrap_or(text.len());
        let inner = text[open + 1..end].trim_end_matches('>');
        let name = |s: &'t str| -> &'t str {
            s.split(|c: char| c.is_whitespace() || c == '/')
                .next()
                .unwrap_or_default()
        };
        let tag = if inner.starts_with('?') {
            Tag::Declaration
        } else if inner.starts_with('!') {
            Tag::Comment
        } else if let Some(closing) = inner.strip_prefix('/') {
            Tag::End(name(closing.trim_start()))
        } else if inner.ends_with('/') {
            Tag::Empty(name(inner))
        } else {
            Tag::Start(name(inner))
        };
        out.push((open..end, tag));
        at = end;
    }
    out
}

impl XmlTracker {
    /// Whether an element is open (text lines are then its content).
    pub(crate) fn is_open(&self) -> bool {
        !self.open.is_empty()
    }

    /// Whether an element named `name` is open (`opensudoku`: the games read are
    /// inside a document).
    pub(crate) fn is_inside(&self, name: &str) -> bool {
        self.open.iter().any(|o| o.element.name == name)
    }

    /// Reads the tags of `text` from byte `from` up to byte `to`, which hold no game.
    pub(crate) fn read(&mut self, text: &str, from: usize, to: usize) {
        for (range, tag) in tags(&text[from..to]) {
            let range = from + range.start..from + range.end;
            self.tag(text, range, tag);
        }
        for open in &mut self.open {
            open.start = None;
        }
    }

    /// Reads the tags of `text` up to byte `game`, where a game element starts, and
    /// gives the game's context; the game element itself is not read.
    pub(crate) fn context_at(&mut self, text: &str, from: usize, game: usize) -> Arc<XmlContext> {
        for (range, tag) in tags(&text[from..game]) {
            let range = from + range.start..from + range.end;
            self.tag(text, range, tag);
        }
        // The game ends the details of every element around it.
        for open in &mut self.open {
            if !open.held {
                open.held = true;
                self.shared = None;
            }
            open.start = None;
        }
        self.shared
            .get_or_insert_with(|| {
                Arc::new(XmlContext {
                    declaration: self.declaration.clone(),
                    open: self.open.iter().map(|o| o.element.clone()).collect(),
                })
            })
            .clone()
    }

    /// Takes one tag of `text` at `range`.
    fn tag(&mut self, text: &str, range: std::ops::Range<usize>, tag: Tag<'_>) {
        match tag {
            Tag::Comment => {}
            Tag::Declaration => {
                if self.open.is_empty() && text[range.clone()].starts_with("<?xml") {
                    self.declaration = Some(text[range].to_owned());
                    self.fresh_declaration = true;
                    self.shared = None;
                }
            }
            Tag::Start(name) => {
                if self.open.is_empty() {
                    // A new document's root: its own declaration or none.
                    if !self.fresh_declaration {
                        self.declaration = None;
                    }
                    self.fresh_declaration = false;
                }
                self.open.push(Open {
                    element: XmlElement {
                        name: name.to_owned(),
                        start_tag: text[range.clone()].to_owned(),
                        details: Vec::new(),
                    },
                    start: Some(range.start),
                    held: false,
                });
                self.shared = None;
            }
            Tag::Empty(name) => {
                if name != "game" {
                    self.detail(text[range].to_owned());
                }
            }
            Tag::End(name) => {
                let Some(at) = self.open.iter().rposition(|o| o.element.name == name) else {
                    return;
                };
                let closed = self.open.remove(at);
                self.open.truncate(at);
                self.shared = None;
                match closed.start {
                    // Closed in the text it opened in, with nothing inside: a detail.
                    Some(start) if !closed.held && at > 0 => {
                        self.detail(text[start..range.end].to_owned());
                    }
                    _ if closed.held => {
                        if let Some(parent) = self.open.last_mut() {
                            parent.held = true;
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Keeps `element` as a detail of the innermost open element, while that one has
    /// held no game.
    fn detail(&mut self, element: String) {
        if let Some(parent) = self.open.last_mut()
            && !parent.held
        {
            parent.element.details.push(element);
            self.shared = None;
        }
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn tags_skip_quoted_brackets_and_comments() {
        let text = r#"<a x="1>2"><!-- <b> --><c/></a><?xml version="1.0"?>"#;
        let found: Vec<Tag<'_>> = tags(text).into_iter().map(|(_, t)| t).collect();
        assert_eq!(
            found,
            [
                Tag::Start("a"),
                Tag::Comment,
                Tag::Empty("c"),
                Tag::End("a"),
                Tag::Declaration
            ]
        );
    }

    #[test]
    fn a_games_context_is_the_declaration_the_open_elements_and_their_details() {
        let mut tracker = XmlTracker::default();
        let head = "<?xml version=\"1.0\"?><opensudoku><name>Easy</name><folder name=\"F\">";
        tracker.read(head, 0, head.len());
        let game = "<game data=\"0\"/></folder><folder name=\"G\"><game data=\"1\"/>";
        let first = tracker.context_at(game, 0, 0);
        assert_eq!(
            first.declaration.as_deref(),
            Some("<?xml version=\"1.0\"?>")
        );
        let names: Vec<&str> = first.open.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["opensudoku", "folder"]);
        assert_eq!(first.open[0].details, ["<name>Easy</name>"]);
        assert_eq!(first.open[1].start_tag, "<folder name=\"F\">");
        let second_at = game.rfind("<game").unwrap();
        let second = tracker.context_at(game, 16, second_at);
        assert_eq!(second.open[1].start_tag, "<folder name=\"G\">");
        assert_eq!(second.open[0].details, ["<name>Easy</name>"]);
        // The same context is shared until a tag changes it.
        let third = tracker.context_at(game, game.len(), game.len());
        assert!(Arc::ptr_eq(&second, &third));
    }

    #[test]
    fn a_new_document_has_its_own_declaration_or_none() {
        let mut tracker = XmlTracker::default();
        let one = "<?xml version=\"1.0\"?><opensudoku></opensudoku><opensudoku>";
        tracker.read(one, 0, one.len());
        let context = tracker.context_at("", 0, 0);
        assert_eq!(context.declaration, None);
        assert_eq!(context.open.len(), 1);
    }
}
