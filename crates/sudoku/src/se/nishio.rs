//! Nishio Forcing Chains (7.5 and up): SE's producer after Aligned Triplet Exclusion,
//! `Chaining(false, true, true, 0)` (read in `solver/rules/chaining/Chaining.java`:
//! `getMultipleChainsHintList`, `doBinaryChaining`, `doChaining`, `getOnToOff`,
//! `getOffToOn`, `addHiddenParentsOfRegion`; `BinaryChainingHint.java`: the name, the
//! sort key and the complexity; `ChainingHint.java`: `getAncestorCount` and the length
//! increments; `Potential.java`: equality and `off`).
//!
//! The behaviour, in our words:
//! - Every empty cell with two or more candidates, row-major, and each of its
//!   candidates in increasing order, is assumed **on**, then **off**. From the
//!   assumption, implications spread *dynamically* on a copy of the grid: an *on*
//!   potential turns off the value in every other cell of its block, row and column
//!   (X links only: no cell rule in Nishio mode); an *off* potential turns on the other
//!   position of the value in a block, row or column (in that order) where the value
//!   has exactly two positions left in the copy, and is then removed from the copy, so
//!   later implications see the grid as the assumption has changed it.
//! - The queue takes every pending *on* potential first, one at a time, and an *off*
//!   one only when no *on* one waits. A potential already reached is not queued again
//!   (its first derivation is kept).
//! - A potential found both on and off is a contradiction: the assumption is false. An
//!   assumption *on* that fails removes the candidate; an assumption *off* that fails
//!   places it (the cell's other candidates removed).
//! - An *on* potential found by the region rule has, besides the *off* potential that
//!   caused it, *hidden parents*: every position of the value in that region that the
//!   copy has lost since the assumption (by earlier *off* potentials).
//! - The hint's complexity is the number of distinct potentials among all ancestors
//!   (hidden parents included) of the *on* and of the *off* end of the contradiction,
//!   summed; its rating 7.5 plus SE's length increments; SE sorts the hints by rating
//!   then complexity (sort key 7 for all), stably, and the first is the hint.

use std::collections::VecDeque;
use std::rc::Rc;

use super::Poll;
use super::advanced;
use super::chains::{CAUSE_CELL, CAUSE_NONE, CAUSE_REGION, Cause, Nested, rating};
use super::grid::{Grid, Kind, Region, bit, bits};
use super::hint::Hint;

/// A potential's dense index (`Potential.hashCode` order): cell, value, on.
fn index(cell: usize, value: u8, on: bool) -> usize {
    (cell * 9 + value as usize - 1) * 2 + usize::from(on)
}

/// One potential reached by a chaining: its place, state and parents (the first is
/// the cause; the rest are hidden parents), `Chaining::links[parents.0..parents.1]`.
struct Node {
    cell: u8,
    value: u8,
    on: bool,
    parents: (u32, u32),
    /// Why it was implied (`Potential.cause`; `chains::CAUSE_*`, or
    /// [`CAUSE_ADVANCED`]).
    cause: Cause,
    /// The chaining hint that implied this potential, inside a nested chain.
    nested: Option<Rc<Nested>>,
}

/// A set of potentials by [`index`].
struct Seen([u64; 23]);

impl Seen {
    fn new() -> Seen {
        Seen([0; 23])
    }

    /// Adds potential `i`; whether it was new.
    fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }
}

/// A potential implied by a rule of `advanced.rs` (`Potential.Cause.Advanced`).
const CAUSE_ADVANCED: Cause = 5;

/// The potentials of one `doChaining` run.
pub(super) struct Chaining<'a> {
    source: &'a Grid,
    grid: Grid,
    nodes: Vec<Node>,
    /// Every node's parents, one after another ([`Node::parents`]).
    links: Vec<u32>,
    /// Node of each potential reached (`toOn`, `toOff`), by [`index`]; `u32::MAX` none.
    reached: Vec<u32>,
    /// The potentials reached, on and off, in the order they were reached (SE's
    /// `LinkedSet` order).
    pub(super) order: [Vec<u32>; 2],
    /// Y links (the cell rules: off the cell's other values; on the other value of a
    /// bivalue cell): every chaining but Nishio's.
    y: bool,
    /// Dynamic: an off potential leaves the copy of the grid once processed.
    dynamic: bool,
    /// SE's nesting level: 0 none; 1 and more, the chain also uses the rules of
    /// `advanced.rs` when nothing is pending (`doChaining`, `getAdvancedPotentials`).
    level: u8,
    /// The caller's stop hook, polled as implications are taken.
    stop: Option<&'a dyn Poll>,
}

const NONE: u32 = u32::MAX;

impl<'a> Chaining<'a> {
    /// A chaining on `source`, with Y links or not, dynamic or static.
    pub(super) fn new(source: &'a Grid, y: bool, dynamic: bool) -> Chaining<'a> {
        Chaining {
            source,
            grid: source.clone(),
            nodes: Vec::new(),
            links: Vec::new(),
            reached: vec![NONE; 81 * 9 * 2],
            order: [Vec::new(), Vec::new()],
            y,
            dynamic,
            level: 0,
            stop: None,
        }
    }

    /// The same chaining at nesting `level` (dynamic chainings only), polling `stop`.
    pub(super) fn nested(mut self, level: u8, stop: &'a dyn Poll) -> Chaining<'a> {
        self.level = level;
        self.stop = Some(stop);
        self
    }

    /// Back to the state [`Chaining::new`] makes, keeping the buffers: only the
    /// potentials reached are cleared.
    fn reset(&mut self) {
        for list in &mut self.order {
            for &node in list.iter() {
                let n = &self.nodes[node as usize];
                self.reached[index(n.cell as usize, n.value, n.on)] = NONE;
            }
            list.clear();
        }
        self.nodes.clear();
        self.links.clear();
        self.grid.clone_from(self.source);
    }

    /// Records `node` as reached.
    fn reach(&mut self, node: u32) {
        let n = &self.nodes[node as usize];
        let (i, on) = (index(n.cell as usize, n.value, n.on), n.on);
        self.reached[i] = node;
        self.order[usize::from(on)].push(node);
    }

    /// The potential of `node`: cell, value, on.
    pub(super) fn pot(&self, node: u32) -> (usize, u8, bool) {
        let n = &self.nodes[node as usize];
        (n.cell as usize, n.value, n.on)
    }

    fn push(&mut self, (cell, value, on): (usize, u8, bool), parents: &[u32], cause: Cause) -> u32 {
        let start = self.links.len() as u32;
        self.links.extend_from_slice(parents);
        self.push_linked((cell, value, on), (start, self.links.len() as u32), cause)
    }

    /// [`Chaining::push`] of a node whose parents are `links[parents.0..parents.1]`.
    fn push_linked(
        &mut self,
        (cell, value, on): (usize, u8, bool),
        parents: (u32, u32),
        cause: Cause,
    ) -> u32 {
        self.nodes.push(Node {
            cell: cell as u8,
            value,
            on,
            parents,
            cause,
            nested: None,
        });
        (self.nodes.len() - 1) as u32
    }

    /// The parents of `node`.
    fn parents(&self, node: u32) -> &[u32] {
        let (start, end) = self.nodes[node as usize].parents;
        &self.links[start as usize..end as usize]
    }

    pub(super) fn reached(&self, cell: usize, value: u8, on: bool) -> Option<u32> {
        let n = self.reached[index(cell, value, on)];
        (n != NONE).then_some(n)
    }

    /// `doChaining` from the assumption `(cell, value, on)`: the two ends of the first
    /// contradiction, on then off, or `None`.
    pub(super) fn run(&mut self, cell: usize, value: u8, on: bool) -> Option<(u32, u32)> {
        let root = self.push((cell, value, on), &[], CAUSE_NONE);
        self.reach(root);
        let mut pending_on = VecDeque::new();
        let mut pending_off = VecDeque::new();
        if on {
            pending_on.push_back(root);
        } else {
            pending_off.push_back(root);
        }
        loop {
            if self.stop.is_some_and(|s| s.tick()) {
                return None;
            }
            if let Some(p) = pending_on.pop_front() {
                let (pc, pv) = {
                    let n = &self.nodes[p as usize];
                    (n.cell as usize, n.value)
                };
                // getOnToOff: with Y links the cell's other values leave it; the
                // value leaves the other cells of the block, row and column (each
                // cell once, first region kept).
                let mut made = [(0u8, 0u8, CAUSE_NONE); 28];
                let mut len = 0;
                if self.y {
                    for v in super::grid::digits(self.grid.cands[pc] & !bit(pv)) {
                        made[len] = (pc as u8, v, CAUSE_CELL);
                        len += 1;
                    }
                }
                let mut seen: u128 = 1 << pc;
                for kind in Kind::BLOCK_ROW_COLUMN {
                    let region = Region::of(kind, pc);
                    for i in bits(self.grid.positions(region, pv)) {
                        let c = region.cell(i);
                        if seen & 1 << c == 0 {
                            seen |= 1 << c;
                            made[len] = (c as u8, pv, CAUSE_REGION + kind as u8);
                            len += 1;
                        }
                    }
                }
                for &(c, v, cause) in &made[..len] {
                    let c = c as usize;
                    if let Some(on_node) = self.reached(c, v, true) {
                        let off = self.push((c, v, false), &[p], cause);
                        return Some((on_node, off));
                    }
                    if self.reached(c, v, false).is_none() {
                        let off = self.push((c, v, false), &[p], cause);
                        self.reach(off);
                        pending_off.push_back(off);
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                let (pc, pv) = {
                    let n = &self.nodes[p as usize];
                    (n.cell as usize, n.value)
                };
                // getOffToOn: with Y links the other value of a cell with two left
                // (hidden parents: the values the copy lost there); the other position
                // of a region where the value has two left (hidden parents: the
                // positions the copy lost).
                // The implications, `(cell, value, parents, cause)`, their parents
                // already in `links`.
                let mut made = [(0usize, 0u8, (0u32, 0u32), CAUSE_NONE); 4];
                let mut len = 0;
                if self.y && self.grid.cands[pc].count_ones() == 2 {
                    let other = (self.grid.cands[pc] & !bit(pv)).trailing_zeros() as u8 + 1;
                    let start = self.links.len() as u32;
                    self.links.push(p);
                    let lost = self.source.cands[pc] & !self.grid.cands[pc];
                    for v in super::grid::digits(lost) {
                        if let Some(n) = self.reached(pc, v, false) {
                            self.links.push(n);
                        }
                    }
                    made[len] = (pc, other, (start, self.links.len() as u32), CAUSE_CELL);
                    len += 1;
                }
                for kind in Kind::BLOCK_ROW_COLUMN {
                    let region = Region::of(kind, pc);
                    let now = self.grid.positions(region, pv);
                    if now.count_ones() != 2 {
                        continue;
                    }
                    let mut other = region.cell(now.trailing_zeros() as usize);
                    if other == pc {
                        other = region.cell(15 - now.leading_zeros() as usize);
                    }
                    if made[..len].iter().any(|m| (m.0, m.1) == (other, pv)) {
                        continue;
                    }
                    let start = self.links.len() as u32;
                    self.links.push(p);
                    let lost = self.source.positions(region, pv) & !now;
                    for i in bits(lost) {
                        // invariant: a position the copy lost was an off potential
                        // processed by this run.
                        if let Some(n) = self.reached(region.cell(i), pv, false) {
                            self.links.push(n);
                        }
                    }
                    let parents = (start, self.links.len() as u32);
                    made[len] = (other, pv, parents, CAUSE_REGION + kind as u8);
                    len += 1;
                }
                // Potential.off (dynamic chains): the copy loses the value in the cell.
                if self.dynamic {
                    self.grid.remove(pc, bit(pv));
                }
                for &(c, v, parents, cause) in &made[..len] {
                    if let Some(off_node) = self.reached(c, v, false) {
                        let on = self.push_linked((c, v, true), parents, cause);
                        return Some((on, off_node));
                    }
                    if self.reached(c, v, true).is_none() {
                        let on = self.push_linked((c, v, true), parents, cause);
                        self.reach(on);
                        pending_on.push_back(on);
                    }
                }
            } else if self.level > 0 && self.advanced(&mut pending_off) {
                continue;
            } else {
                return None;
            }
        }
    }

    /// `getAdvancedPotentials` when nothing is pending: the removals of the rules of
    /// `advanced.rs` on the chain's grid become off potentials whose parents are the
    /// rule parents; whether any was new.
    fn advanced(&mut self, pending_off: &mut VecDeque<u32>) -> bool {
        let mut any = false;
        let rules = advanced::rules(&self.grid, self.source, self.level, self.stop);
        for hint in rules.iter() {
            // invariant: every candidate the chain removed is an off potential it
            // processed, so every rule parent is reached.
            let parents: Vec<u32> = hint
                .parents
                .iter()
                .filter_map(|&(c, v)| self.reached(c, v, false))
                .collect();
            for &(c, v) in &hint.removals {
                if self.reached(c, v, false).is_none() {
                    let off = self.push((c, v, false), &parents, CAUSE_ADVANCED);
                    self.nodes[off as usize].nested.clone_from(&hint.nested);
                    self.reach(off);
                    pending_off.push_back(off);
                    any = true;
                }
            }
        }
        any
    }

    /// `ChainingHint.getAncestorCount`: the distinct potentials among `node` and all
    /// its ancestors, through every parent.
    pub(super) fn ancestor_count(&self, node: u32) -> usize {
        self.complexity(node, &mut Vec::new())
    }

    /// The ancestor count of `node`, as [`Chaining::ancestor_count`], adding to
    /// `nested` every nested chain among them not there yet (`FullChain` equality):
    /// a hint's complexity is its chains' ancestor counts plus the complexities of
    /// their distinct nested chains (`ChainingHint.getComplexity`,
    /// `getNestedComplexity`); see [`nested_total`].
    pub(super) fn complexity(&self, node: u32, nested: &mut Vec<Rc<Nested>>) -> usize {
        let mut seen = Seen::new();
        let mut count = 0;
        let mut todo = vec![node];
        while let Some(n) = todo.pop() {
            let node = &self.nodes[n as usize];
            let i = index(node.cell as usize, node.value, node.on);
            if seen.insert(i) {
                count += 1;
                todo.extend(self.parents(n));
                if let Some(chain) = &node.nested
                    && !nested.iter().any(|known| known.key == chain.key)
                {
                    nested.push(Rc::clone(chain));
                }
            }
        }
        count
    }
}

impl Chaining<'_> {
    /// `ChainingHint.getChain` of `node`: the distinct potentials of it and its
    /// ancestors in SE's breadth-first order (parents in order), as dense indexes.
    pub(super) fn chain(&self, node: u32) -> Vec<u16> {
        let mut done = Seen::new();
        let mut out = Vec::new();
        let mut todo = vec![node];
        while !todo.is_empty() {
            let mut next = Vec::new();
            for n in todo {
                let node = &self.nodes[n as usize];
                let i = index(node.cell as usize, node.value, node.on);
                if done.insert(i) {
                    out.push(i as u16);
                    next.extend(self.parents(n));
                }
            }
            todo = next;
        }
        out
    }

    /// `ChainingHint.collectRuleParents` for the chain to `node`: for every *on*
    /// potential of it (breadth-first, each once) implied by the cell rule, the values
    /// its cell lost between `source` and `grid`; by a region rule, the positions of
    /// its value that region lost. The assumption counts with `initial` (the cell rule
    /// for a cell forcing chain, its region's rule for a region one, none else).
    /// Added to `out` once each.
    pub(super) fn rule_parents(
        &self,
        node: u32,
        initial: Cause,
        (source, grid): (&Grid, &Grid),
        out: &mut Vec<(usize, u8)>,
    ) {
        let mut done = Seen::new();
        let mut todo = vec![node];
        let lost = |c: usize, v: u8| source.has(c, v) && !grid.has(c, v);
        while !todo.is_empty() {
            let mut next = Vec::new();
            for n in todo {
                let node = &self.nodes[n as usize];
                let (cell, value) = (node.cell as usize, node.value);
                let i = index(cell, value, node.on);
                if !done.insert(i) {
                    continue;
                }
                next.extend(self.parents(n));
                let cause = if node.cause == CAUSE_NONE {
                    initial
                } else {
                    node.cause
                };
                if !node.on || cause == CAUSE_NONE || cause == CAUSE_ADVANCED {
                    continue;
                }
                if cause == CAUSE_CELL {
                    for v in 1..=9u8 {
                        if lost(cell, v) && !out.contains(&(cell, v)) {
                            out.push((cell, v));
                        }
                    }
                } else {
                    let kind = Kind::BLOCK_ROW_COLUMN[(cause - CAUSE_REGION) as usize];
                    for c in Region::of(kind, cell).cells() {
                        if lost(c, value) && !out.contains(&(c, value)) {
                            out.push((c, value));
                        }
                    }
                }
            }
            todo = next;
        }
    }
}

/// The summed complexities of distinct nested chains (see [`Chaining::complexity`]).
pub(super) fn nested_total(nested: &[Rc<Nested>]) -> usize {
    nested.iter().map(|chain| chain.complexity).sum()
}

/// `Chaining(false, true, true, 0)`, *Nishio Forcing Chains*: see the module docs.
pub(crate) fn nishio(grid: &Grid, stop: &dyn Poll) -> Option<Hint> {
    nishio_with::<false>(grid, stop)
}

/// [`nishio`], with one chaining reset before each search, or a new chaining for each
/// search when `FRESH` (as before the reset existed: the test
/// `a_reset_chaining_is_a_new_one` compares the two).
fn nishio_with<const FRESH: bool>(grid: &Grid, stop: &dyn Poll) -> Option<Hint> {
    // The best so far: rating (SE's double), complexity, the hint.
    let mut best: Option<(f64, usize, Hint)> = None;
    let mut chaining = Chaining::new(grid, false, true).nested(0, stop);
    for cell in 0..81 {
        if grid.values[cell] != 0 || grid.cands[cell].count_ones() < 2 {
            continue;
        }
        for value in 1..=9u8 {
            if !grid.has(cell, value) {
                continue;
            }
            for on in [true, false] {
                if FRESH {
                    chaining = Chaining::new(grid, false, true).nested(0, stop);
                } else {
                    chaining.reset();
                }
                let Some((dst_on, dst_off)) = chaining.run(cell, value, on) else {
                    continue;
                };
                let complexity = chaining.ancestor_count(dst_on) + chaining.ancestor_count(dst_off);
                let r = rating(7.5, complexity);
                let better = best
                    .as_ref()
                    .is_none_or(|(br, bc, _)| r < *br || (r == *br && complexity < *bc));
                if better {
                    let hint = if on {
                        Hint::remove(75, NAME, vec![(cell as u8, bit(value))])
                    } else {
                        Hint {
                            placement: Some((cell as u8, value)),
                            ..Hint::remove(
                                75,
                                NAME,
                                vec![(cell as u8, grid.cands[cell] & !bit(value))],
                            )
                        }
                    };
                    best = Some((r, complexity, hint));
                }
            }
        }
    }
    best.map(|(r, _, hint)| Hint {
        rating: crate::logic::Rating(((r + 0.05) * 10.0) as u16),
        ..hint
    })
}

/// SE's name of the hint (`getNamePrefix` + `Forcing` + `getNameSuffix`).
const NAME: &str = "Nishio Forcing Chains";

#[cfg(test)]
mod tests {
    use super::super::Never;
    use super::*;

    #[test]
    fn a_reset_chaining_is_a_new_one() {
        let mut found = 0;
        super::super::plain::each_path_grid(|grid| {
            let stop = Never;
            let fast = nishio(grid, &stop);
            found += usize::from(fast.is_some());
            assert_eq!(fast, nishio_with::<true>(grid, &stop));
        });
        assert!(found > 5, "{found} Nishio hints compared");
    }
}
