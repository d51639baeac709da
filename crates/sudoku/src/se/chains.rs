//! Forcing chains and cycles: SE's first chaining producer,
//! `Chaining(false, false, false, 0)` (`solver/rules/chaining/Chaining.java`,
//! `CycleHint.java`, `ForcingChainHint.java`, `ChainingHint.java`).

use std::cell::Cell;
use std::collections::VecDeque;
use std::rc::Rc;

use super::grid::{CellSet, Grid, Kind, Region, bit, bits, house_cells, house_set};
use super::hint::Hint;

/// Why a potential was implied (`Potential.Cause`): none for an assumption, the cell
/// rule (`NakedSingle`), or a region rule (`HiddenBlock`, `HiddenRow`,
/// `HiddenColumn`): [`CAUSE_REGION`] plus the region's kind.
pub(super) type Cause = u8;
/// An assumption: no cause.
pub(super) const CAUSE_NONE: Cause = 0;
/// The cell rule: one value per cell.
pub(super) const CAUSE_CELL: Cause = 1;
/// A region rule: `CAUSE_REGION + Kind as u8`.
pub(super) const CAUSE_REGION: Cause = 2;

/// A potential: a value in a cell, assumed on (true) or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pot {
    cell: u8,
    value: u8,
    on: bool,
}

impl Pot {
    fn conjugate(self) -> Pot {
        Pot {
            on: !self.on,
            ..self
        }
    }

    /// A dense index, 0..1458.
    fn index(self) -> usize {
        (self.cell as usize * 9 + self.value as usize - 1) * 2 + usize::from(self.on)
    }
}

/// A set of potentials (SE's `LinkedSet`, for membership only).
struct PotSet([u64; 23]);

impl PotSet {
    fn new() -> PotSet {
        PotSet([0; 23])
    }

    /// Adds `p`; whether it was new.
    fn insert(&mut self, p: Pot) -> bool {
        let i = p.index();
        let fresh = self.0[i / 64] & 1 << (i % 64) == 0;
        self.0[i / 64] |= 1 << (i % 64);
        fresh
    }
}

/// No parent: an assumption.
const ROOT: u32 = u32::MAX;

/// The potentials of one search, each with its (single) parent and its cause, and a
/// filter of its ancestors' potentials (a bit per potential's hash, so a potential
/// whose bit is clear is surely not an ancestor).
#[derive(Default)]
struct Arena {
    nodes: Vec<(Pot, u32)>,
    causes: Vec<Cause>,
    filters: Vec<u128>,
}

/// The filter bit of the potential of dense index `i` ([`Arena::filters`]).
#[inline]
fn filter_bit_of(i: usize) -> u128 {
    1 << ((i as u32).wrapping_mul(0x9E37_79B1) >> 25)
}

impl Arena {
    fn clear(&mut self) {
        self.nodes.clear();
        self.causes.clear();
        self.filters.clear();
    }

    fn push(&mut self, item: (Pot, Cause), parent: Option<usize>) -> usize {
        self.push_at(item, item.0.index(), parent)
    }

    /// [`Arena::push`] of a potential of dense index `index`.
    #[inline]
    fn push_at(
        &mut self,
        (pot, cause): (Pot, Cause),
        index: usize,
        parent: Option<usize>,
    ) -> usize {
        let (parent, above) = match parent {
            Some(p) => (p as u32, self.filters[p]),
            None => (ROOT, 0),
        };
        self.nodes.push((pot, parent));
        self.causes.push(cause);
        self.filters.push(above | filter_bit_of(index));
        self.nodes.len() - 1
    }

    fn pot(&self, i: usize) -> Pot {
        self.nodes[i].0
    }

    /// The parent of node `i`, if any.
    fn parent(&self, i: usize) -> Option<usize> {
        let p = self.nodes[i].1;
        (p != ROOT).then_some(p as usize)
    }

    /// `Chaining.isParent`: whether `pot` is a (first-parent) ancestor of node `i`.
    #[cfg(test)]
    fn is_ancestor(&self, i: usize, pot: Pot) -> bool {
        self.is_ancestor_at(i, pot, pot.index())
    }

    /// [`Arena::is_ancestor`] of a potential of dense index `index`.
    #[inline]
    fn is_ancestor_at(&self, i: usize, pot: Pot, index: usize) -> bool {
        let Some(mut at) = self.parent(i) else {
            return false;
        };
        if self.filters[at] & filter_bit_of(index) == 0 {
            return false;
        }
        loop {
            if self.nodes[at].0 == pot {
                return true;
            }
            match self.parent(at) {
                Some(p) => at = p,
                None => return false,
            }
        }
    }

    /// `ChainingHint.getAncestorCount`: the distinct potentials of the chain to `i`.
    fn ancestor_count(&self, i: usize) -> usize {
        let mut seen = PotSet::new();
        let mut count = 0;
        let mut at = Some(i);
        while let Some(j) = at {
            count += usize::from(seen.insert(self.nodes[j].0));
            at = self.parent(j);
        }
        count
    }
}

/// The implications of one potential, at most `N`, without allocating.
#[cfg(test)]
struct Made<const N: usize> {
    items: [(Pot, Cause); N],
    len: usize,
}

#[cfg(test)]
impl<const N: usize> Made<N> {
    fn new() -> Made<N> {
        let none = Pot {
            cell: 0,
            value: 0,
            on: false,
        };
        Made {
            items: [(none, CAUSE_NONE); N],
            len: 0,
        }
    }

    fn push(&mut self, item: (Pot, Cause)) {
        self.items[self.len] = item;
        self.len += 1;
    }

    fn contains(&self, pot: Pot) -> bool {
        self.items[..self.len].iter().any(|(q, _)| *q == pot)
    }
}

#[cfg(test)]
impl<const N: usize> IntoIterator for Made<N> {
    type Item = (Pot, Cause);
    type IntoIter = std::iter::Take<std::array::IntoIter<(Pot, Cause), N>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

/// The implications of every candidate of a static grid (the grid of a static search
/// never changes), computed once per search: an on potential's [`on_to_off`], an off
/// one's [`off_to_on`], in SE's order, by the potential's dense index
/// ([`Pot::index`]). Each list is its cell items (Y links, cause [`CAUSE_CELL`]) then
/// its region items, so every kind of links is a range of each list
/// ([`Links::view`]).
#[derive(Default)]
struct Links {
    /// `spans[i][view]`: where the implications of potential `i` in each [`View`]
    /// start and end in `items`.
    spans: Vec<[[u32; 2]; 3]>,
    items: Vec<(Pot, Cause)>,
    /// The dense index of each item's potential ([`Pot::index`]).
    indexes: Vec<u16>,
    /// The number of the grid's candidates' potentials (two a candidate).
    ranked: usize,
    /// The kind of links in view ([`Links::view`]).
    view: View,
}

/// Which part of each potential's list of [`Links`] is in view (an index of
/// [`Links::spans`]).
#[derive(Clone, Copy, Default)]
enum View {
    /// XY links: the whole list.
    #[default]
    Whole,
    /// X links: the region items.
    Regions,
    /// Y links: an on potential's whole list, an off potential's cell items.
    Cells,
}

impl Links {
    /// [`Links::build`] from nothing.
    #[cfg(test)]
    fn new(grid: &Grid, y: bool, x: bool) -> Links {
        let mut links = Links::default();
        links.build(grid, y, x);
        links
    }

    /// The implications of `grid`'s candidates with these kinds of links: for each
    /// candidate, what its off potential turns on ([`off_to_on`]), then what its on
    /// potential turns off ([`on_to_off`]), made in place (the test
    /// `links_are_what_each_potential_implies`), with these links in view.
    fn build(&mut self, grid: &Grid, y: bool, x: bool) {
        let Links {
            spans,
            items,
            indexes,
            ranked,
            ..
        } = self;
        spans.clear();
        items.clear();
        indexes.clear();
        *ranked = 0;
        fn add(items: &mut Vec<(Pot, Cause)>, indexes: &mut Vec<u16>, pot: Pot, cause: Cause) {
            items.push((pot, cause));
            indexes.push(pot.index() as u16);
        }
        for cell in 0..81u8 {
            let c = cell as usize;
            let cands = grid.cands[c];
            for value in 1..=9u8 {
                if cands & bit(value) == 0 {
                    spans.extend([[[indexes.len() as u32; 2]; 3]; 2]);
                    continue;
                }
                *ranked += 2;
                // Off: the other value of a bivalue cell, the other position of the
                // value in a region where it has two (each once).
                let first = indexes.len();
                let start = first as u32;
                if y && cands.count_ones() == 2 {
                    let other = cands & !bit(value);
                    let pot = Pot {
                        cell,
                        value: other.trailing_zeros() as u8 + 1,
                        on: true,
                    };
                    add(items, indexes, pot, CAUSE_CELL);
                }
                let split = indexes.len() as u32;
                if x {
                    for kind in Kind::BLOCK_ROW_COLUMN {
                        let region = Region::of(kind, c);
                        let positions = grid.positions(region, value);
                        if positions.count_ones() == 2 {
                            let mut other = region.cell(positions.trailing_zeros() as usize);
                            if other == c {
                                other = region.cell(15 - (positions.leading_zeros() as usize));
                            }
                            let pot = Pot {
                                cell: other as u8,
                                value,
                                on: true,
                            };
                            let index = pot.index() as u16;
                            if !indexes[first..].contains(&index) {
                                add(items, indexes, pot, CAUSE_REGION + kind as u8);
                            }
                        }
                    }
                }
                let end = indexes.len() as u32;
                spans.push([[start, end], [split, end], [start, split]]);
                // On: the cell's other values, then the value's other cells in block,
                // row and column (each once, its cause the region first met).
                let start = end;
                if y {
                    for v in bits(cands & !bit(value)) {
                        let pot = Pot {
                            cell,
                            value: v as u8 + 1,
                            on: false,
                        };
                        add(items, indexes, pot, CAUSE_CELL);
                    }
                }
                let split = indexes.len() as u32;
                let mut seen: CellSet = 1 << c;
                for kind in Kind::BLOCK_ROW_COLUMN {
                    let region = Region::of(kind, c);
                    for i in bits(grid.positions(region, value)) {
                        let other = region.cell(i);
                        if seen & 1 << other == 0 {
                            seen |= 1 << other;
                            let pot = Pot {
                                cell: other as u8,
                                value,
                                on: false,
                            };
                            add(items, indexes, pot, CAUSE_REGION + kind as u8);
                        }
                    }
                }
                let end = indexes.len() as u32;
                spans.push([[start, end], [split, end], [start, end]]);
            }
        }
        self.view(y, x);
    }

    /// Puts the links of one kind (`y`, `x`) in view, of those built: X drops the
    /// cell items, Y drops an off potential's region items (an on potential keeps
    /// its whole list: it turns off its peers with either kind), XY keeps all (the
    /// test `viewed_links_are_built_links`).
    fn view(&mut self, y: bool, x: bool) {
        self.view = match (y, x) {
            (true, true) => View::Whole,
            (false, _) => View::Regions,
            (true, false) => View::Cells,
        };
    }

    /// The range of `items` in view for the potential of dense index `i`.
    #[inline]
    fn range(&self, i: usize) -> std::ops::Range<usize> {
        let [start, end] = self.spans[i][self.view as usize];
        start as usize..end as usize
    }

    /// What `p` implies.
    fn of(&self, p: Pot) -> &[(Pot, Cause)] {
        self.of_index(p.index())
    }

    /// What the potential of dense index `i` implies.
    fn of_index(&self, i: usize) -> &[(Pot, Cause)] {
        &self.items[self.range(i)]
    }

    /// The dense indexes of what the potential of dense index `i` implies.
    #[inline]
    fn indexes_of(&self, i: usize) -> &[u16] {
        &self.indexes[self.range(i)]
    }
}

/// Which potentials each potential reaches through a search's [`Links`] (the
/// transitive closure of its implications, by strongly connected components). A
/// breadth-first search from a potential meets exactly the potentials it reaches, so
/// a forcing chain exists only from a potential that reaches its conjugate, and a
/// cycle only through a potential on a closed path (a component of more than one).
#[derive(Default)]
struct Reach {
    /// The component of each potential, by [`Pot::index`].
    component: Vec<u32>,
    /// Each component's size and where its set of reached potentials starts in
    /// `sets` ([`NO_SET`] for a component that reaches only its own members: one
    /// potential with no implication out of it, or any component without the
    /// closure).
    components: Vec<(u32, u32)>,
    /// The sets of reached potentials (own members included), `width` words each,
    /// a bit per potential's place in the depth-first order (`order`: only the
    /// candidates' potentials are met, so it is less than [`Links::ranked`]).
    sets: Vec<u64>,
    width: usize,
    /// Whether no cycle within each component can remove anything: for every
    /// value, no cell holding it sees both an on and an off potential of it in the
    /// component (a cycle's removals are such cells, [`cycle_hint`]).
    silent: Vec<bool>,
    /// Tarjan's depth-first order of each potential (`u32::MAX` if not met).
    order: Vec<u32>,
    // Tarjan's state, kept between searches.
    low: Vec<u32>,
    stack: Vec<u32>,
    /// Tarjan's call stack: a potential and the range of `Links::indexes` it has
    /// yet to follow.
    calls: Vec<(u32, u32, u32)>,
    members: Vec<u32>,
    taken: Vec<u32>,
}

/// [`Reach::components`]' set of a component that reaches only its own members.
const NO_SET: u32 = u32::MAX;

impl Reach {
    /// [`Reach::build`] from nothing.
    #[cfg(test)]
    fn new(links: &Links, closure: bool) -> Reach {
        let mut reach = Reach::default();
        reach.build(links, closure, &[CellSet::MAX; 9]);
        reach
    }

    /// Tarjan's components of `links`, found depth-first without recursion; with
    /// `closure`, what each reaches: a component is closed after every component it
    /// reaches, so its set is its members' and theirs. `holders` are the cells that
    /// hold each value ([`Reach::silent`]).
    fn build(&mut self, links: &Links, closure: bool, holders: &[CellSet; 9]) {
        const UNSEEN: u32 = u32::MAX;
        let n = 81 * 9 * 2;
        let width = links.ranked.div_ceil(64);
        let Reach {
            component,
            components,
            sets,
            order,
            low,
            stack,
            calls,
            members,
            taken,
            silent,
            ..
        } = self;
        silent.clear();
        self.width = width;
        order.clear();
        order.resize(n, UNSEEN);
        // Read only once set, when a potential is met.
        low.resize(n, 0);
        component.clear();
        component.resize(n, UNSEEN);
        components.clear();
        sets.clear();
        stack.clear();
        calls.clear();
        // The component whose set last took each component's (each is taken once).
        taken.clear();
        let mut next = 0;
        // The range of `links.indexes` a potential follows.
        let edges_of = |i: usize| {
            let range = links.range(i);
            (range.start as u32, range.end as u32)
        };
        for start in 0..n {
            if order[start] != UNSEEN {
                continue;
            }
            let (from, to) = edges_of(start);
            if from == to {
                continue;
            }
            order[start] = next;
            low[start] = next;
            next += 1;
            stack.push(start as u32);
            calls.push((start as u32, from, to));
            while let Some(&mut (u, ref mut edge, end)) = calls.last_mut() {
                let u = u as usize;
                if *edge < end {
                    let w = links.indexes[*edge as usize] as usize;
                    *edge += 1;
                    if order[w] != UNSEEN {
                        if component[w] == UNSEEN {
                            // On the stack: in u's component or an open one above it.
                            low[u] = low[u].min(order[w]);
                        }
                        continue;
                    }
                    let (from, to) = edges_of(w);
                    if from == to {
                        // A potential that implies nothing: its own component,
                        // closed at once (as Tarjan's visit would close it).
                        order[w] = next;
                        next += 1;
                        let id = components.len() as u32;
                        component[w] = id;
                        taken.push(id);
                        components.push((1, NO_SET));
                        silent.push(true);
                    } else {
                        order[w] = next;
                        low[w] = next;
                        next += 1;
                        stack.push(w as u32);
                        calls.push((w as u32, from, to));
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[u]);
                }
                if low[u] != order[u] {
                    continue;
                }
                let id = components.len() as u32;
                members.clear();
                loop {
                    // invariant: `u` was pushed when first visited and, being a component's
                    // root (low == order), is still on the stack; the pops stop at it.
                    let w = stack.pop().expect("u is on the stack");
                    component[w as usize] = id;
                    members.push(w);
                    if w as usize == u {
                        break;
                    }
                }
                taken.push(id);
                silent.push(
                    members.len() == 1 || {
                        let mut near = [[0 as CellSet; 9]; 2];
                        for &w in members.iter() {
                            let w = w as usize;
                            near[w & 1][w / 2 % 9] |= house_set(w / 18);
                        }
                        (0..9).all(|v| near[0][v] & near[1][v] & holders[v] == 0)
                    },
                );
                // A lone potential that implies nothing reaches only itself.
                if !closure || (members.len() == 1 && links.indexes_of(u).is_empty()) {
                    components.push((members.len() as u32, NO_SET));
                    continue;
                }
                let at = sets.len();
                sets.resize(at + width, 0);
                for &w in members.iter() {
                    let r = order[w as usize] as usize;
                    sets[at + r / 64] |= 1 << (r % 64);
                    for &to in links.indexes_of(w as usize) {
                        let c = component[to as usize] as usize;
                        if taken[c] != id {
                            taken[c] = id;
                            let theirs = components[c].1;
                            if theirs == NO_SET {
                                // A lone potential that implies nothing: `to`.
                                let r = order[to as usize] as usize;
                                sets[at + r / 64] |= 1 << (r % 64);
                            } else {
                                let theirs = theirs as usize;
                                for k in 0..width {
                                    sets[at + k] |= sets[theirs + k];
                                }
                            }
                        }
                    }
                }
                components.push((members.len() as u32, at as u32));
            }
        }
    }

    /// Whether a search from `from` meets `to` (a closure was computed).
    #[inline]
    fn reaches(&self, from: Pot, to: Pot) -> bool {
        self.reaches_index(from.index(), to.index())
    }

    /// [`Reach::reaches`] by dense indexes.
    #[inline]
    fn reaches_index(&self, from: usize, i: usize) -> bool {
        let c = self.component[from];
        if c == u32::MAX {
            return false;
        }
        if self.component[i] == c {
            return true;
        }
        let at = self.components[c as usize].1;
        if at == NO_SET {
            return false;
        }
        let r = self.order[i] as usize;
        r != u32::MAX as usize && self.sets[at as usize + r / 64] & 1 << (r % 64) != 0
    }

    /// The set of what the potential of dense index `from` reaches, by depth-first
    /// order ([`Reach::sets`]), if its component keeps one.
    #[inline]
    fn set_of(&self, from: usize) -> Option<&[u64]> {
        let c = self.component[from];
        if c == u32::MAX {
            return None;
        }
        let at = self.components[c as usize].1;
        (at != NO_SET).then(|| &self.sets[at as usize..at as usize + self.width])
    }

    /// Whether the potential of dense index `i` is in `set`, a [`Reach::set_of`].
    #[inline]
    fn in_set(&self, set: &[u64], i: usize) -> bool {
        let r = self.order[i];
        r != u32::MAX && set[r as usize / 64] & 1 << (r % 64) != 0
    }

    /// Whether `p` lies on a closed path of implications.
    fn on_cycle(&self, p: Pot) -> bool {
        let c = self.component[p.index()];
        c != u32::MAX && self.components[c as usize].0 > 1
    }
}

/// `Chaining.getOnToOff`: what a potential on turns off: with Y links the cell's other
/// values, then the value in the other cells of its block, row and column (each once).
#[cfg(test)]
fn on_to_off(grid: &Grid, p: Pot, y: bool) -> Made<28> {
    let mut out = Made::new();
    let cell = p.cell as usize;
    if y {
        for v in 1..=9u8 {
            if v != p.value && grid.has(cell, v) {
                let pot = Pot {
                    cell: p.cell,
                    value: v,
                    on: false,
                };
                out.push((pot, CAUSE_CELL));
            }
        }
    }
    // The peers in block, row, column order, each once (`house_cells`): the region
    // a peer is first met in is its cause.
    let mut seen: CellSet = 1 << cell;
    for kind in Kind::BLOCK_ROW_COLUMN {
        let region = Region::of(kind, cell);
        for i in bits(grid.positions(region, p.value)) {
            let c = region.cell(i);
            if seen & 1 << c == 0 {
                seen |= 1 << c;
                let pot = Pot {
                    cell: c as u8,
                    value: p.value,
                    on: false,
                };
                out.push((pot, CAUSE_REGION + kind as u8));
            }
        }
    }
    out
}

/// `Chaining.getOffToOn`: what a potential off turns on: with Y links the other value
/// of a bivalue cell; with X links the other position of the value in a region
/// (block, row, column) where it has two.
#[cfg(test)]
fn off_to_on(grid: &Grid, p: Pot, y: bool, x: bool) -> Made<4> {
    let mut out = Made::new();
    let cell = p.cell as usize;
    if y && grid.cands[cell].count_ones() == 2 {
        let other = grid.cands[cell] & !bit(p.value);
        let pot = Pot {
            cell: p.cell,
            value: other.trailing_zeros() as u8 + 1,
            on: true,
        };
        out.push((pot, CAUSE_CELL));
    }
    if x {
        for kind in Kind::BLOCK_ROW_COLUMN {
            let region = Region::of(kind, cell);
            let positions = grid.positions(region, p.value);
            if positions.count_ones() == 2 {
                let mut other = region.cell(positions.trailing_zeros() as usize);
                if other == cell {
                    other = region.cell(15 - (positions.leading_zeros() as usize));
                }
                let pot = Pot {
                    cell: other as u8,
                    value: p.value,
                    on: true,
                };
                if !out.contains(pot) {
                    out.push((pot, CAUSE_REGION + kind as u8));
                }
            }
        }
    }
    out
}

/// `Chaining.doCycles`: breadth-first from `source` (on), alternating on and off
/// layers; an off potential already an ancestor is not taken again; reaching `source`
/// again at depth 4 or more closes a cycle.
///
/// A cycle closed at depth `d` has complexity `d` (its potentials are distinct but
/// for `source` at both ends: on ones are expanded once each, off ones are never
/// their own ancestors); the search stops before a depth where `hopeless` says no
/// hint of that complexity or more could be chosen.
#[inline(never)]
fn cycles(
    links: &Links,
    reach: &Reach,
    arena: &mut Arena,
    queues: &mut Queues,
    source: Pot,
    hopeless: impl Fn(usize) -> bool,
) {
    let Queues {
        on: pending_on,
        off: pending_off,
        found,
        ..
    } = queues;
    pending_on.clear();
    pending_off.clear();
    found.clear();
    let mut to_on = PotSet::new();
    to_on.insert(source);
    // Only the potentials of the source's component can lead back to it: a node
    // outside it has no cycle below it, and every node of the component has its
    // parents in it, met in the same order (the test
    // `the_pruned_search_finds_every_hint_of_the_plain_one`).
    let own = reach.component[source.index()];
    pending_on.push_back(arena.push((source, CAUSE_NONE), None) as u32);
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        if hopeless((length + 2).max(4)) {
            break;
        }
        length += 1;
        while let Some(p) = pending_on.pop_front() {
            let p = p as usize;
            let from = arena.pot(p).index();
            for (&off, &i) in links.of_index(from).iter().zip(links.indexes_of(from)) {
                let i = i as usize;
                if reach.component[i] == own && !arena.is_ancestor_at(p, off.0, i) {
                    pending_off.push_back(arena.push_at(off, i, Some(p)) as u32);
                }
            }
        }
        length += 1;
        while let Some(p) = pending_off.pop_front() {
            let p = p as usize;
            let from = arena.pot(p).index();
            for (&on, &i) in links.of_index(from).iter().zip(links.indexes_of(from)) {
                let i = i as usize;
                if reach.component[i] != own {
                    continue;
                }
                // An on potential met before is neither expanded again nor kept
                // (but the source, which closes a cycle).
                if length >= 4 && on.0 == source {
                    found.push(arena.push_at(on, i, Some(p)));
                } else if to_on.insert(on.0) {
                    pending_on.push_back(arena.push_at(on, i, Some(p)) as u32);
                }
            }
        }
    }
}

/// The breadth-first queues and found cycles of one search, kept across searches.
#[derive(Default)]
struct Queues {
    on: VecDeque<u32>,
    off: VecDeque<u32>,
    found: Vec<usize>,
    /// [`forcing_chain_complexity`]'s: dense index and depth.
    lean_on: VecDeque<(u16, u16)>,
    lean_off: VecDeque<(u16, u16)>,
}

/// `Chaining.doForcingChains`: breadth-first from `source` (on or off) with X links
/// always (`links` has them); a potential whose conjugate is `source` is a chain's
/// target (once each). There is one such potential, so the search ends at the first
/// target: SE goes on but finds no other.
///
/// A target at depth `d` has complexity `d + 1` (every potential of its chain is
/// distinct: the others were expanded, once each, and the target is the first of
/// its potential); the search stops before a depth where `hopeless` says no hint of
/// that complexity or more could be chosen.
#[inline(never)]
fn forcing_chains(
    links: &Links,
    reach: &Reach,
    arena: &mut Arena,
    queues: &mut Queues,
    source: Pot,
    hopeless: impl Fn(usize) -> bool,
) -> Option<usize> {
    let Queues {
        on: pending_on,
        off: pending_off,
        ..
    } = queues;
    pending_on.clear();
    pending_off.clear();
    let target = source.conjugate();
    let root = arena.push((source, CAUSE_NONE), None) as u32;
    let mut to_on = PotSet::new();
    let mut to_off = PotSet::new();
    if source.on {
        to_on.insert(source);
        pending_on.push_back(root);
    } else {
        to_off.insert(source);
        pending_off.push_back(root);
    }
    // Only potentials that reach the target can lead to it: a node that does not has
    // no target below it, and every node that does has its parents among those that
    // do, met in the same order (the test
    // `the_pruned_search_finds_every_hint_of_the_plain_one`).
    let leads = |p: Pot| reach.reaches(p, target);
    // The least depth of the nodes the next round makes.
    let mut depth = usize::from(source.on);
    while !pending_on.is_empty() || !pending_off.is_empty() {
        if hopeless(depth + 1) {
            break;
        }
        depth += 2;
        while let Some(p) = pending_on.pop_front() {
            let p = p as usize;
            for &off in links.of(arena.pot(p)) {
                if !leads(off.0) {
                    continue;
                }
                let node = arena.push(off, Some(p));
                if off.0 == target {
                    return Some(node);
                }
                if to_off.insert(off.0) {
                    pending_off.push_back(node as u32);
                }
            }
        }
        while let Some(p) = pending_off.pop_front() {
            let p = p as usize;
            for &on in links.of(arena.pot(p)) {
                if !leads(on.0) {
                    continue;
                }
                let node = arena.push(on, Some(p));
                if on.0 == target {
                    return Some(node);
                }
                if to_on.insert(on.0) {
                    pending_on.push_back(node as u32);
                }
            }
        }
    }
    None
}

/// [`forcing_chains`] that keeps no chain, for a search that needs only each hint's
/// target and complexity (SE's first hint, [`forcing_chain_or_cycle`]): the same
/// breadth-first rounds, cut at the same depths, meet the target at the same depth;
/// its chain's complexity is that depth plus one (a shortest path: its potentials are
/// distinct). The test `cutting_hopeless_searches_short_chooses_the_same_hint`
/// compares the hints with the plain search's.
fn forcing_chain_complexity(
    links: &Links,
    reach: &Reach,
    queues: &mut Queues,
    source: Pot,
    hopeless: impl Fn(usize) -> bool,
) -> Option<usize> {
    let Queues {
        lean_on: pending_on,
        lean_off: pending_off,
        ..
    } = queues;
    pending_on.clear();
    pending_off.clear();
    let start = source.index();
    let target = start ^ 1;
    let mut met = PotSet::new();
    met.0[start / 64] |= 1 << (start % 64);
    if source.on {
        pending_on.push_back((start as u16, 0));
    } else {
        pending_off.push_back((start as u16, 0));
    }
    // Whether a potential reaches the target. The links are symmetric under
    // contraposition (`a` implies `b` exactly when not-`b` implies not-`a`: peers,
    // a bivalue cell's two values and a region's two places of a value are
    // symmetric relations; the test `links_are_symmetric_under_contraposition`), so
    // `q` reaches the source's conjugate exactly when the source reaches `q`'s: one
    // look-up in the source's own set. A source without a set reaches only its own
    // component's members, so not its conjugate (the producer searches only from a
    // source that does).
    let own = reach.set_of(start)?;
    let leads = |q: usize| reach.in_set(own, q ^ 1);
    let mut depth = usize::from(source.on);
    while !pending_on.is_empty() || !pending_off.is_empty() {
        if hopeless(depth + 1) {
            break;
        }
        depth += 2;
        // An on potential implies offs, an off one ons: each round takes the ons,
        // then the offs (those just met included).
        for on in [true, false] {
            loop {
                let popped = if on {
                    pending_on.pop_front()
                } else {
                    pending_off.pop_front()
                };
                let Some((p, d)) = popped else { break };
                for &q in links.indexes_of(p as usize) {
                    let q = q as usize;
                    if !leads(q) {
                        continue;
                    }
                    if q == target {
                        return Some(d as usize + 2);
                    }
                    let bit = 1u64 << (q % 64);
                    if met.0[q / 64] & bit == 0 {
                        met.0[q / 64] |= bit;
                        if on {
                            pending_off.push_back((q as u16, d + 1));
                        } else {
                            pending_on.push_back((q as u16, d + 1));
                        }
                    }
                }
            }
        }
    }
    None
}

/// `ChainingHint.getLengthDifficulty`, in tenths: +0.1 each time the chain's length
/// (complexity - 2) passes 4, 6, 8, 12, 16, 24, 32, ... (alternately x 3/2 and x 4/3).
fn length_tenths(complexity: usize) -> u32 {
    let length = complexity.saturating_sub(2);
    let (mut ceil, mut odd, mut added) = (4usize, false, 0);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A chain hint before SE's sort: its rating as SE computes it (a double: base plus
/// 0.1 per length step), complexity and sort key.
struct ChainHint {
    rating: f64,
    complexity: usize,
    sort_key: u8,
    name: &'static str,
    removals: Vec<(u8, u16)>,
    placement: Option<(u8, u8)>,
}

/// SE's rating of a chain hint as a double: `base` plus 0.1 per length step, added
/// one at a time as SE adds them (`ChainingHint.getLengthDifficulty`).
pub(crate) fn rating(base: f64, complexity: usize) -> f64 {
    let mut added = 0.0;
    for _ in 0..length_tenths(complexity) {
        added += 0.1;
    }
    base + added
}

/// `Chaining.createCycleHint`: the value leaves every cell outside the cycle that sees
/// both an on and an off node of it holding that value.
fn cycle_hint(
    grid: &Grid,
    holders: &[CellSet; 9],
    arena: &Arena,
    dst: usize,
    y: bool,
    x: bool,
) -> ChainHint {
    let mut cells: CellSet = 0;
    // The cells that see an on node, and an off one, by value.
    let (mut near_on, mut near_off) = ([0 as CellSet; 9], [0 as CellSet; 9]);
    let mut at = dst;
    while let Some(parent) = arena.parent(at) {
        let p = arena.pot(at);
        cells |= 1 << p.cell;
        let near = if p.on { &mut near_on } else { &mut near_off };
        near[p.value as usize - 1] |= house_set(p.cell as usize);
        at = parent;
    }
    // Most cycles remove nothing: a value goes from the cells outside the cycle that
    // hold it and see an on and an off node of it; none, no hint.
    let removes = (0..9).any(|v| near_on[v] & near_off[v] & holders[v] & !cells != 0);
    let names = [
        (7.0, "Bidirectional Cycle"),
        (6.5, "Bidirectional Y-Cycle"),
        (6.5, "Bidirectional X-Cycle"),
    ];
    let removals = if removes {
        cycle_removals(grid, arena, dst, cells)
    } else {
        Vec::new()
    };
    chain_hint(arena.ancestor_count(dst), y, x, names, removals, None)
}

/// The removals of the cycle ending at `dst`, whose cells are `cells`: each cell
/// outside it that holds a value and sees both an on and an off node of that value
/// loses it, cells in the order their on node is first met from `dst`.
fn cycle_removals(grid: &Grid, arena: &Arena, dst: usize, cells: CellSet) -> Vec<(u8, u16)> {
    // The cells outside the cycle that see an on node of it holding its value (in
    // the order met), and those that see an off one, by value.
    let mut forward: Vec<(usize, u8)> = Vec::new();
    let mut seen_on: [CellSet; 9] = [0; 9];
    let mut seen_off: [CellSet; 9] = [0; 9];
    let mut at = dst;
    while let Some(parent) = arena.parent(at) {
        let p = arena.pot(at);
        let v = p.value as usize - 1;
        for c in house_cells(p.cell as usize) {
            if cells & 1 << c == 0 && grid.has(c, p.value) {
                if !p.on {
                    seen_off[v] |= 1 << c;
                } else if seen_on[v] & 1 << c == 0 {
                    seen_on[v] |= 1 << c;
                    forward.push((c, p.value));
                }
            }
        }
        at = parent;
    }
    let mut removals: Vec<(u8, u16)> = Vec::new();
    for &(c, v) in &forward {
        if seen_off[v as usize - 1] & 1 << c == 0 {
            continue;
        }
        match removals.iter_mut().find(|(cell, _)| *cell as usize == c) {
            Some((_, mask)) => *mask |= bit(v),
            None => removals.push((c as u8, bit(v))),
        }
    }
    removals
}

/// The kind of links `(y, x)` as [`chain_hint`] indexes its names, and SE's sort
/// key of its hints.
fn links_kind(y: bool, x: bool) -> (usize, u8) {
    match (y, x) {
        (true, true) => (0, 4),
        (true, false) => (1, 3),
        _ => (2, 2),
    }
}

/// The base ratings of cycles and of forcing chains, by [`links_kind`].
const CYCLE_BASES: [f64; 3] = [7.0, 6.5, 6.5];
const CHAIN_BASES: [f64; 3] = [7.0, 6.6, 6.6];

/// The hint a search that keeps only SE's first (least rating, complexity, sort key)
/// has so far: `(rating, complexity, sort_key)`.
type Bound = Cell<Option<(f64, usize, u8)>>;

/// Whether no hint of `base`, `sort_key` and `complexity` or more can come before
/// the `bound` in SE's sort (a later hint that ties comes after).
fn hopeless(bound: Option<&Bound>, base: f64, sort_key: u8, complexity: usize) -> bool {
    bound.and_then(Cell::get).is_some_and(|best| {
        let least = rating(base, complexity);
        let (r, c, k) = best;
        !(least < r || (least == r && (complexity, sort_key) < (c, k)))
    })
}

/// A chain hint of `complexity` ancestors, rated and named by its links: `names` holds
/// the base rating and name of a chain with both kinds of link, with Y links (values
/// in a cell) only, and with X links (places in a house) only; SE sorts them in that
/// order last to first (sort keys 4, 3, 2).
fn chain_hint(
    complexity: usize,
    y: bool,
    x: bool,
    names: [(f64, &'static str); 3],
    removals: Vec<(u8, u16)>,
    placement: Option<(u8, u8)>,
) -> ChainHint {
    let (kind, sort_key) = links_kind(y, x);
    let (base, name) = names[kind];
    ChainHint {
        rating: rating(base, complexity),
        complexity,
        sort_key,
        name,
        removals,
        placement,
    }
}

/// `Chaining.createForcingChainHint`: a target off is removed; a target on is placed
/// (the cell's other values removed first).
fn forcing_chain_hint(grid: &Grid, arena: &Arena, target: usize, y: bool, x: bool) -> ChainHint {
    let complexity = arena.ancestor_count(target);
    forcing_chain_hint_of(grid, arena.pot(target), complexity, y, x)
}

/// [`forcing_chain_hint`] of a target potential `p` whose chain has `complexity`.
fn forcing_chain_hint_of(grid: &Grid, p: Pot, complexity: usize, y: bool, x: bool) -> ChainHint {
    let cell = p.cell as usize;
    let (removals, placement) = if p.on {
        (
            vec![(p.cell, grid.cands[cell] & !bit(p.value))],
            Some((p.cell, p.value)),
        )
    } else {
        (vec![(p.cell, bit(p.value))], None)
    };
    let names = [
        (7.0, "Forcing Chain"),
        (6.6, "Forcing Y-Chain"),
        (6.6, "Forcing X-Chain"),
    ];
    chain_hint(complexity, y, x, names, removals, placement)
}

/// The buffers of a [`search`], kept between searches on one thread.
#[derive(Default)]
struct Scratch {
    arena: Arena,
    queues: Queues,
    /// The XY links of the search, each kind in view in turn.
    links: Links,
    reach: Reach,
}

thread_local! {
    static SCRATCH: Cell<Option<Box<Scratch>>> = const { Cell::new(None) };
}

/// Every hint of SE's first chaining producer, in the order `getHintList` builds its
/// list: X-cycles and X-chains, then Y-cycles, then XY-cycles and chains, each from
/// every candidate (cells row-major, values 1..9; a Y search starts only from a
/// bivalue cell); per candidate its cycles, then its chains. `each` gets the hint
/// (removing something), the search's arena and the hint's chain targets.
fn search(
    grid: &Grid,
    bound: Option<&Bound>,
    kinds: [(bool, bool); 3],
    chains: bool,
    mut each: impl FnMut(ChainHint, &Arena, &[Target]),
) {
    // The buffers of the last search on this thread (a search within `each` makes
    // its own).
    let mut scratch = SCRATCH.with(Cell::take).unwrap_or_default();
    let Scratch {
        arena,
        queues,
        links,
        reach,
    } = &mut *scratch;
    let mut built = false;
    // The cells that hold each value.
    let mut holders = [0 as CellSet; 9];
    for (cell, &mask) in grid.cands.iter().enumerate() {
        for v in bits(mask) {
            holders[v] |= 1 << cell;
        }
    }
    for (y, x) in kinds {
        let (kind, sort_key) = links_kind(y, x);
        let cycle_hopeless = |c| hopeless(bound, CYCLE_BASES[kind], sort_key, c);
        let chain_hopeless = |c| hopeless(bound, CHAIN_BASES[kind], sort_key, c);
        // The least complexities: a cycle of 4, a chain of 2 potentials.
        if cycle_hopeless(4) && (!x || chain_hopeless(2)) {
            continue;
        }
        // The XY links, built once for the search (when a kind is not skipped).
        if !built {
            links.build(grid, true, true);
            built = true;
        }
        links.view(y, x);
        let links: &Links = links;
        // What each potential reaches matters only to forcing chains (X links),
        // and not once no chain can come first (the bound only tightens).
        let closure = x && !chain_hopeless(2);
        reach.build(links, closure, &holders);
        for cell in 0..81 {
            if grid.values[cell] != 0 || grid.cands[cell].count_ones() < 2 {
                continue;
            }
            for value in 1..=9u8 {
                if !grid.has(cell, value) {
                    continue;
                }
                if grid.cands[cell].count_ones() > 2 && !x {
                    continue;
                }
                let source = Pot {
                    cell: cell as u8,
                    value,
                    on: true,
                };
                arena.clear();
                if reach.on_cycle(source)
                    && !reach.silent[reach.component[source.index()] as usize]
                    && !cycle_hopeless(4)
                {
                    cycles(links, reach, arena, queues, source, cycle_hopeless);
                    for &dst in &queues.found {
                        // A hint that cannot come first is not worth making (the
                        // bound moves as hints are taken: a later one of the same
                        // complexity ties and comes after).
                        if cycle_hopeless(arena.ancestor_count(dst)) {
                            continue;
                        }
                        let hint = cycle_hint(grid, &holders, arena, dst, y, x);
                        if !hint.removals.is_empty() {
                            each(hint, arena, &[Target::Forward(dst), Target::Reversed(dst)]);
                        }
                    }
                }
                if closure {
                    for from in [source, source.conjugate()] {
                        if !reach.reaches(from, from.conjugate()) {
                            continue;
                        }
                        if !chains {
                            let found = forcing_chain_complexity(
                                links,
                                reach,
                                queues,
                                from,
                                chain_hopeless,
                            );
                            let Some(complexity) = found else { continue };
                            if chain_hopeless(complexity) {
                                continue;
                            }
                            let hint =
                                forcing_chain_hint_of(grid, from.conjugate(), complexity, y, x);
                            if !hint.removals.is_empty() {
                                each(hint, arena, &[]);
                            }
                            continue;
                        }
                        let found =
                            forcing_chains(links, reach, arena, queues, from, chain_hopeless);
                        let Some(target) = found else { continue };
                        if chain_hopeless(arena.ancestor_count(target)) {
                            continue;
                        }
                        let hint = forcing_chain_hint(grid, arena, target, y, x);
                        if !hint.removals.is_empty() {
                            each(hint, arena, &[Target::Forward(target)]);
                        }
                    }
                }
            }
        }
    }
    SCRATCH.with(|cell| cell.set(Some(scratch)));
}

/// SE's order of the kinds of links (`getHintList`): X, then Y, then both.
const SE_KINDS: [(bool, bool); 3] = [(false, true), (true, false), (true, true)];

/// A chain target of a hint (`ChainingHint.getChainsTargets`): a node of the arena,
/// or a cycle's end read backwards (`Chaining.getReversedCycle`: the same potentials
/// from the end to the start, each turned on for off and off for on, with its cause).
#[derive(Clone, Copy)]
enum Target {
    Forward(usize),
    Reversed(usize),
}

impl Arena {
    /// `ChainingHint.getChain`: the distinct potentials of the chain to `target`, in
    /// breadth-first order (a single-parent chain: from the target back), each with
    /// its cause.
    fn chain(&self, target: Target) -> Vec<(Pot, Cause)> {
        let mut path = Vec::new();
        let at = match target {
            Target::Forward(i) | Target::Reversed(i) => i,
        };
        let mut at = Some(at);
        while let Some(j) = at {
            path.push((self.nodes[j].0, self.causes[j]));
            at = self.parent(j);
        }
        if let Target::Reversed(_) = target {
            path.reverse();
            for (pot, _) in &mut path {
                *pot = pot.conjugate();
            }
        }
        let mut seen = PotSet::new();
        path.retain(|(pot, _)| seen.insert(*pot));
        path
    }
}

/// A chaining hint seen from a chain that uses it (`Potential.nestedChain`): what
/// SE's `getNestedComplexity` needs of it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Nested {
    /// `ChainingHint.getComplexity`.
    pub(super) complexity: usize,
    /// `FullChain` equality: each target's chain, potentials as dense indexes, a
    /// target ending with `u16::MAX`.
    pub(super) key: Vec<u16>,
}

/// A hint of the forcing chains producer used inside a nested chain: its removals
/// (`(cell, value)`, row-major then value), its rule parents and what the nesting
/// chain keeps of it.
pub(super) struct NestedHint {
    pub(super) removals: Vec<(usize, u8)>,
    pub(super) parents: Vec<(usize, u8)>,
    pub(super) nested: Rc<Nested>,
}

/// `Chaining(false, false, false, 0).getHints` on a nested chain's grid `grid` (the
/// rules of level 2, `Chaining.getAdvancedPotentials`): every hint, sorted as SE
/// sorts them (rating, complexity, sort key; stably), equal removals kept once (the
/// first, `ChainingHint.equals`), with its rule parents against `source`, the grid
/// at the nesting chain's start (`ChainingHint.collectRuleParents`: for every *on*
/// potential of the chains implied by the cell rule, the values its cell lost; by a
/// region rule, the positions of its value the region lost).
pub(super) fn nested_hints(grid: &Grid, source: &Grid) -> Vec<NestedHint> {
    let mut all: Vec<(ChainHint, NestedHint)> = Vec::new();
    search(grid, None, SE_KINDS, true, |hint, arena, targets| {
        let mut parents: Vec<(usize, u8)> = Vec::new();
        let mut key = Vec::new();
        for &target in targets {
            for (pot, cause) in arena.chain(target) {
                key.push(pot.index() as u16);
                if !pot.on || cause == CAUSE_NONE {
                    continue;
                }
                let cell = pot.cell as usize;
                let lost = |c: usize, v: u8| source.has(c, v) && !grid.has(c, v);
                if cause == CAUSE_CELL {
                    for v in 1..=9u8 {
                        if lost(cell, v) && !parents.contains(&(cell, v)) {
                            parents.push((cell, v));
                        }
                    }
                } else {
                    let kind = Kind::BLOCK_ROW_COLUMN[(cause - CAUSE_REGION) as usize];
                    for c in Region::of(kind, cell).cells() {
                        if lost(c, pot.value) && !parents.contains(&(c, pot.value)) {
                            parents.push((c, pot.value));
                        }
                    }
                }
            }
            key.push(u16::MAX);
        }
        let mut removals: Vec<(usize, u8)> = Vec::new();
        for &(c, mask) in &hint.removals {
            for v in super::grid::digits(mask) {
                removals.push((c as usize, v));
            }
        }
        removals.sort_unstable();
        let nested = Rc::new(Nested {
            complexity: hint.complexity,
            key,
        });
        all.push((
            hint,
            NestedHint {
                removals,
                parents,
                nested,
            },
        ));
    });
    all.sort_by(|(a, _), (b, _)| {
        a.rating
            .total_cmp(&b.rating)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
    let mut kept: Vec<NestedHint> = Vec::new();
    for (_, hint) in all {
        if !kept.iter().any(|k| k.removals == hint.removals) {
            kept.push(hint);
        }
    }
    kept
}

/// `Chaining(false, false, false, 0)`, *Forcing Chains & Cycles* (6.5 and up): of the
/// hints of [`search`], SE sorts all that remove something by rating, complexity (the
/// chain's potentials) and sort key (X 2, Y 3, XY 4), stably, and the first is the
/// hint. Only that first hint matters here, so a search stops at the depth from
/// which no hint could come before the best found so far (a kind of links whose
/// least rating is already worse is not searched): the hint is the same (the test
/// `cutting_hopeless_searches_short_chooses_the_same_hint`), found sooner.
pub(crate) fn forcing_chain_or_cycle(grid: &Grid) -> Option<Hint> {
    let mut best: Option<ChainHint> = None;
    let bound = Bound::new(None);
    search(grid, Some(&bound), SE_KINDS, false, |h, _, _| {
        let better = best.as_ref().is_none_or(|b| {
            h.rating < b.rating
                || (h.rating == b.rating && (h.complexity, h.sort_key) < (b.complexity, b.sort_key))
        });
        if better {
            bound.set(Some((h.rating, h.complexity, h.sort_key)));
            best = Some(h);
        }
    });
    best.map(|b| Hint {
        rating: crate::logic::Rating(((b.rating + 0.05) * 10.0) as u16),
        name: b.name,
        removals: b.removals,
        placement: b.placement,
    })
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::super::grid::digits;
    use super::*;
    use crate::Sudoku;

    /// SE's choice among every hint of the plain search, with no search cut short.
    fn first_of_all(grid: &Grid) -> Option<ChainHint> {
        let mut best: Option<ChainHint> = None;
        plain_search(grid, None, |h, _, _| {
            let better = best.as_ref().is_none_or(|b| {
                h.rating < b.rating
                    || (h.rating == b.rating
                        && (h.complexity, h.sort_key) < (b.complexity, b.sort_key))
            });
            if better {
                best = Some(h);
            }
        });
        best
    }

    // The search as it was before the speed work of 2026-12-02 (session 9): every
    // node met, hints made after each candidate's searches.
    fn plain_cycles(
        links: &Links,
        arena: &mut Arena,
        source: Pot,
        hopeless: impl Fn(usize) -> bool,
    ) -> Vec<usize> {
        let mut found = Vec::new();
        let mut to_on = PotSet::new();
        to_on.insert(source);
        let mut pending_on = VecDeque::from([arena.push((source, CAUSE_NONE), None)]);
        let mut pending_off = VecDeque::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if hopeless((length + 2).max(4)) {
                break;
            }
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                for &off in links.of(arena.pot(p)) {
                    if !arena.is_ancestor(p, off.0) {
                        pending_off.push_back(arena.push(off, Some(p)));
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                for &on in links.of(arena.pot(p)) {
                    let node = arena.push(on, Some(p));
                    if length >= 4 && on.0 == source {
                        found.push(node);
                    }
                    if to_on.insert(on.0) {
                        pending_on.push_back(node);
                    }
                }
            }
        }
        found
    }

    fn plain_forcing_chains(
        links: &Links,
        arena: &mut Arena,
        source: Pot,
        chains: &mut Vec<usize>,
        hopeless: impl Fn(usize) -> bool,
    ) {
        let root = arena.push((source, CAUSE_NONE), None);
        let mut to_on = PotSet::new();
        let mut to_off = PotSet::new();
        let mut pending_on = VecDeque::new();
        let mut pending_off = VecDeque::new();
        if source.on {
            to_on.insert(source);
            pending_on.push_back(root);
        } else {
            to_off.insert(source);
            pending_off.push_back(root);
        }
        // Whether `node` is the target (the first: the search ends there).
        let offer = |arena: &Arena, node: usize, chains: &mut Vec<usize>| {
            let pot = arena.pot(node);
            let target = pot.conjugate() == source;
            if target && !chains.iter().any(|&c| arena.pot(c) == pot) {
                chains.push(node);
            }
            target
        };
        // The least depth of the nodes the next round makes.
        let mut depth = usize::from(source.on);
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if hopeless(depth + 1) {
                break;
            }
            depth += 2;
            while let Some(p) = pending_on.pop_front() {
                for &off in links.of(arena.pot(p)) {
                    let node = arena.push(off, Some(p));
                    if offer(arena, node, chains) {
                        return;
                    }
                    if to_off.insert(off.0) {
                        pending_off.push_back(node);
                    }
                }
            }
            while let Some(p) = pending_off.pop_front() {
                for &on in links.of(arena.pot(p)) {
                    let node = arena.push(on, Some(p));
                    if offer(arena, node, chains) {
                        return;
                    }
                    if to_on.insert(on.0) {
                        pending_on.push_back(node);
                    }
                }
            }
        }
    }

    fn plain_search(
        grid: &Grid,
        bound: Option<&Bound>,
        mut each: impl FnMut(ChainHint, &Arena, &[Target]),
    ) {
        let mut arena = Arena::default();
        for (y, x) in [(false, true), (true, false), (true, true)] {
            let (kind, sort_key) = links_kind(y, x);
            let cycle_hopeless = |c| hopeless(bound, CYCLE_BASES[kind], sort_key, c);
            let chain_hopeless = |c| hopeless(bound, CHAIN_BASES[kind], sort_key, c);
            // The least complexities: a cycle of 4, a chain of 2 potentials.
            if cycle_hopeless(4) && (!x || chain_hopeless(2)) {
                continue;
            }
            let links = Links::new(grid, y, x);
            let reach = Reach::new(&links, true);
            for cell in 0..81 {
                if grid.values[cell] != 0 || grid.cands[cell].count_ones() < 2 {
                    continue;
                }
                for value in 1..=9u8 {
                    if !grid.has(cell, value) {
                        continue;
                    }
                    if grid.cands[cell].count_ones() > 2 && !x {
                        continue;
                    }
                    let source = Pot {
                        cell: cell as u8,
                        value,
                        on: true,
                    };
                    arena.clear();
                    let mut hints = Vec::new();
                    if reach.on_cycle(source) {
                        for dst in plain_cycles(&links, &mut arena, source, cycle_hopeless) {
                            let targets = vec![Target::Forward(dst), Target::Reversed(dst)];
                            hints.push((plain_cycle_hint(grid, &arena, dst, y, x), targets));
                        }
                    }
                    if x {
                        let mut chains = Vec::new();
                        for from in [source, source.conjugate()] {
                            if reach.reaches(from, from.conjugate()) {
                                plain_forcing_chains(
                                    &links,
                                    &mut arena,
                                    from,
                                    &mut chains,
                                    chain_hopeless,
                                );
                            }
                        }
                        for target in chains {
                            let hint = forcing_chain_hint(grid, &arena, target, y, x);
                            hints.push((hint, vec![Target::Forward(target)]));
                        }
                    }
                    for (hint, targets) in hints {
                        if !hint.removals.is_empty() {
                            each(hint, &arena, &targets);
                        }
                    }
                }
            }
        }
    }

    fn plain_cycle_hint(grid: &Grid, arena: &Arena, dst: usize, y: bool, x: bool) -> ChainHint {
        let mut cells: CellSet = 0;
        let mut at = dst;
        while let Some(parent) = arena.parent(at) {
            cells |= 1 << arena.pot(at).cell;
            at = parent;
        }
        let removals = cycle_removals(grid, arena, dst, cells);
        let names = [
            (7.0, "Bidirectional Cycle"),
            (6.5, "Bidirectional Y-Cycle"),
            (6.5, "Bidirectional X-Cycle"),
        ];
        chain_hint(arena.ancestor_count(dst), y, x, names, removals, None)
    }

    /// Every hint of a search, in the order found: what SE's sort sees of it and the
    /// chains of its targets.
    type Found = (
        u64,
        usize,
        u8,
        &'static str,
        Vec<(u8, u16)>,
        Option<(u8, u8)>,
        Vec<Vec<(Pot, Cause)>>,
    );

    fn found(h: ChainHint, arena: &Arena, targets: &[Target]) -> Found {
        let chains = targets.iter().map(|&t| arena.chain(t)).collect();
        (
            h.rating.to_bits(),
            h.complexity,
            h.sort_key,
            h.name,
            h.removals,
            h.placement,
            chains,
        )
    }

    #[test]
    fn viewed_links_are_built_links() {
        let mut checked = 0;
        let mut full = Links::default();
        super::super::plain::each_path_grid(|grid| {
            full.build(grid, true, true);
            for (y, x) in SE_KINDS {
                let want = Links::new(grid, y, x);
                full.view(y, x);
                assert_eq!(full.ranked, want.ranked, "{y} {x}");
                for i in 0..81 * 9 * 2 {
                    assert_eq!(full.of_index(i), want.of_index(i), "{y} {x} {i}");
                    assert_eq!(full.indexes_of(i), want.indexes_of(i), "{y} {x} {i}");
                    checked += want.of_index(i).len();
                }
            }
        });
        assert!(checked > 1_000_000, "{checked} implications");
    }

    #[test]
    fn links_are_symmetric_under_contraposition() {
        let mut checked = 0;
        super::super::plain::each_path_grid(|grid| {
            for (y, x) in SE_KINDS {
                let links = Links::new(grid, y, x);
                for a in 0..81 * 9 * 2 {
                    for &b in links.indexes_of(a) {
                        let back = links.indexes_of(b as usize ^ 1);
                        assert!(back.contains(&(a as u16 ^ 1)), "{y} {x} {a} {b}");
                        checked += 1;
                    }
                }
            }
        });
        assert!(checked > 1_000_000, "{checked} implications");
    }

    #[test]
    fn links_are_what_each_potential_implies() {
        let mut checked = 0;
        super::super::plain::each_path_grid(|grid| {
            for (y, x) in SE_KINDS {
                let links = Links::new(grid, y, x);
                for cell in 0..81u8 {
                    for value in 1..=9u8 {
                        for on in [false, true] {
                            let p = Pot { cell, value, on };
                            let want: Vec<(Pot, Cause)> = if !grid.has(cell as usize, value) {
                                Vec::new()
                            } else if on {
                                on_to_off(grid, p, y).into_iter().collect()
                            } else {
                                off_to_on(grid, p, y, x).into_iter().collect()
                            };
                            assert_eq!(links.of(p), &want[..], "{p:?}");
                            let indexes: Vec<u16> =
                                want.iter().map(|(q, _)| q.index() as u16).collect();
                            assert_eq!(links.indexes_of(p.index()), &indexes[..]);
                            checked += want.len();
                        }
                    }
                }
            }
        });
        assert!(checked > 1_000_000, "{checked} implications");
    }

    #[test]
    fn the_pruned_search_finds_every_hint_of_the_plain_one() {
        let mut hints = 0;
        let grids = super::super::plain::each_path_grid(|grid| {
            let mut fast = Vec::new();
            search(grid, None, SE_KINDS, true, |h, arena, targets| {
                fast.push(found(h, arena, targets))
            });
            let mut plain = Vec::new();
            plain_search(grid, None, |h, arena, targets| {
                plain.push(found(h, arena, targets))
            });
            hints += plain.len();
            assert!(
                fast == plain,
                "{} hints against {}",
                fast.len(),
                plain.len()
            );
        });
        assert!(
            grids > 800 && hints > 10_000,
            "{grids} grids, {hints} hints"
        );
    }

    /// The potentials a plain breadth-first search from `from` meets.
    fn met(links: &Links, from: Pot) -> PotSet {
        let mut seen = PotSet::new();
        seen.insert(from);
        let mut todo = vec![from];
        while let Some(p) = todo.pop() {
            for &(q, _) in links.of(p) {
                if seen.insert(q) {
                    todo.push(q);
                }
            }
        }
        seen
    }

    #[test]
    fn the_closure_is_what_a_search_meets() {
        let puzzle =
            "6...7....83...429.4...8.1....7.....6.9...5..314....7.....6.2...........45....8...";
        let sudoku: Sudoku = puzzle.parse().expect("a puzzle");
        let grid = Grid::new(&sudoku);
        let mut checked = 0;
        for (y, x) in [(false, true), (true, false), (true, true)] {
            let links = Links::new(&grid, y, x);
            let reach = Reach::new(&links, true);
            for cell in 0..81u8 {
                for value in digits(grid.cands[cell as usize]) {
                    for on in [false, true] {
                        let from = Pot { cell, value, on };
                        let seen = met(&links, from);
                        let mut cycle = false;
                        for &(q, _) in links.of(from) {
                            cycle |=
                                met(&links, q).0[from.index() / 64] & 1 << (from.index() % 64) != 0;
                        }
                        assert_eq!(reach.on_cycle(from), cycle, "{from:?}");
                        for c in 0..81u8 {
                            for v in digits(grid.cands[c as usize]) {
                                for to_on in [false, true] {
                                    let to = Pot {
                                        cell: c,
                                        value: v,
                                        on: to_on,
                                    };
                                    let i = to.index();
                                    let want = seen.0[i / 64] & 1 << (i % 64) != 0;
                                    assert_eq!(reach.reaches(from, to), want, "{from:?} {to:?}");
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn cutting_hopeless_searches_short_chooses_the_same_hint() {
        let mut compared = 0;
        let mut check = |grid: &Grid| {
            let all = first_of_all(grid);
            let chosen = forcing_chain_or_cycle(grid);
            assert_eq!(
                chosen
                    .as_ref()
                    .map(|h| (h.rating, h.name, &h.removals, h.placement)),
                all.as_ref().map(|a| {
                    let tenths = ((a.rating + 0.05) * 10.0) as u16;
                    (
                        crate::logic::Rating(tenths),
                        a.name,
                        &a.removals,
                        a.placement,
                    )
                }),
            );
            compared += usize::from(all.is_some());
        };
        // Fixture puzzles of SE 7.1 to 8.4 (`fixtures/sudoku/se-reference/fixtures`),
        // checked at every step of their paths, and the paths of SE 2.0 to 7.8.
        let puzzles = [
            "................12....345..........6..3...4....51......4........7..5....86.2....9",
            "....5.4.1.4.27...........56..931.........2..3..8....6......6.483..7.89...1..4....",
        ];
        for puzzle in puzzles {
            let sudoku: Sudoku = puzzle.parse().expect("a puzzle");
            let mut grid = Grid::new(&sudoku);
            let mut go_on = |_| std::ops::ControlFlow::Continue(());
            let stop = super::super::Stop::new(&mut go_on);
            while !grid.is_solved() {
                check(&grid);
                let hint = super::super::first_hint(&grid, &stop).expect("a step");
                grid.apply(&hint);
            }
        }
        super::super::plain::each_path_grid(check);
        assert!(compared > 300, "{compared} chain hints compared");
    }
}
