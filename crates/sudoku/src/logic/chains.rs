//! Chains: simple colouring, X-chains, remote pairs and XY-chains.
//!
//! Every search here is a breadth-first search with an explicit queue over at most
//! 81 x 9 states, so the shortest chain from each start is found first and the work is
//! bounded by the grid, never by recursion depth.

use std::collections::VecDeque;

use super::candidates::Candidates;
use super::step::{Step, Technique, cell_with, to_coord};
use super::units::{CellSet, PEERS, UNIT_CELLS, bit, members, name};

/// The conjugate partners of each cell for `digit`: the cells with which it forms the
/// only two places of the digit in some house (a *strong link*).
fn strong_links(grid: &Candidates, digit: u8) -> [CellSet; 81] {
    let mut links = [0u128; 81];
    for h in 0..27 {
        let positions = grid.positions(h, digit);
        if positions.count_ones() == 2 {
            let u = usize::from(UNIT_CELLS[h][positions.trailing_zeros() as usize]);
            let v = usize::from(UNIT_CELLS[h][15 - positions.leading_zeros() as usize]);
            links[u] |= 1 << v;
            links[v] |= 1 << u;
        }
    }
    links
}

/// **Simple Colouring** (colour trap and colour wrap): the strong links of one digit
/// join cells into clusters that alternate between two colours, one of which is the
/// digit. *Wrap*: two cells of one colour see each other, so that colour is false and
/// the digit leaves all its cells. *Trap*: a cell outside the cluster that sees both
/// colours cannot hold the digit.
///
/// Described on SudokuWiki.org, "Simple Colouring" (rules 2 and 4), and HoDoKu's
/// "Single Digit Patterns" page ("Simple Colors", color trap and color wrap).
pub fn simple_colouring(grid: &Candidates) -> Option<Step> {
    let mut best: Option<Step> = None;
    for d in 1..=9u8 {
        let cells = grid.digit_cells(d);
        let links = strong_links(grid, d);
        let mut seen: CellSet = 0;
        for start in members(cells) {
            if links[start] == 0 || seen >> start & 1 == 1 {
                continue;
            }
            // Two-colour the cluster breadth-first.
            let mut colours: [CellSet; 2] = [1 << start, 0];
            let mut order = vec![start];
            let mut queue = VecDeque::from([(start, 0usize)]);
            seen |= 1 << start;
            while let Some((u, c)) = queue.pop_front() {
                for v in members(links[u]) {
                    if seen >> v & 1 == 0 {
                        seen |= 1 << v;
                        colours[1 - c] |= 1 << v;
                        order.push(v);
                        queue.push_back((v, 1 - c));
                    }
                }
            }
            if colours[1] == 0 {
                continue;
            }
            let cluster = colours[0] | colours[1];
            let mut step = Step::new(Technique::SimpleColouring).with_digits(bit(d));
            step.cells = order.iter().map(|&i| to_coord(i)).collect();
            step.length = order.len();
            let listed =
                |set: CellSet| -> String { members(set).map(name).collect::<Vec<_>>().join(", ") };
            // Wrap: a colour that sees itself is false.
            let wrapped = (0..2).find(|&c| members(colours[c]).any(|i| PEERS[i] & colours[c] != 0));
            if let Some(c) = wrapped {
                for i in members(colours[c]) {
                    step.eliminate(i, d);
                }
                step.note = format!(
                    "the strong links of {d} colour {} against {}; two cells of the first colour see each other, so that colour is not {d}",
                    listed(colours[c]),
                    listed(colours[1 - c])
                );
            } else {
                let mut see = [0u128; 2];
                for c in 0..2 {
                    for i in members(colours[c]) {
                        see[c] |= PEERS[i];
                    }
                }
                let targets = cells & !cluster & see[0] & see[1];
                for i in members(targets) {
                    step.eliminate(i, d);
                }
                step.note = format!(
                    "the strong links of {d} colour {} against {}; one colour is {d}, and the cells that see both colours cannot be",
                    listed(colours[0]),
                    listed(colours[1])
                );
            }
            if !step.eliminations.is_empty() && best.as_ref().is_none_or(|b| b.length > step.length)
            {
                best = Some(step);
            }
        }
    }
    best
}

/// Follows parent pointers from `end` back to the start of a breadth-first search.
fn path(parent: &[usize], end: usize, states: usize) -> Vec<usize> {
    let mut out = vec![end];
    let mut s = end;
    while parent[s] < states && out.len() <= states {
        s = parent[s];
        out.push(s);
    }
    out.reverse();
    out
}

/// **X-Chain**: on one digit, a chain that starts and ends with a strong link and
/// alternates strong and weak links between (`a = b - c = d`, `=` strong, `-` weak). If
/// the first cell is not the digit, the chain forces the last to be it, so one end holds
/// the digit and every cell that sees both ends loses it. Turbot fish, skyscrapers and
/// two-string kites are the 4-cell X-chains.
///
/// Described on SudokuWiki.org, "X-Chains", and HoDoKu's "Chains and Loops" page
/// ("X-Chain").
pub fn x_chain(grid: &Candidates) -> Option<Step> {
    let mut best: Option<Step> = None;
    for d in 1..=9u8 {
        let cells = grid.digit_cells(d);
        let links = strong_links(grid, d);
        for start in members(cells) {
            if links[start] == 0 {
                continue;
            }
            // State 2i: cell i is "off" (not d); 2i + 1: cell i is "on".
            const NONE: usize = usize::MAX;
            let mut parent = [NONE; 162];
            let mut visited = [false; 162];
            let mut queue = VecDeque::from([2 * start]);
            visited[2 * start] = true;
            while let Some(s) = queue.pop_front() {
                let (u, on) = (s / 2, s % 2 == 1);
                if on && u != start {
                    let targets = cells & PEERS[u] & PEERS[start];
                    if targets != 0 {
                        let chain: Vec<usize> =
                            path(&parent, s, 162).iter().map(|&s| s / 2).collect();
                        if best.as_ref().is_none_or(|b| b.length > chain.len()) {
                            let mut step = Step::new(Technique::XChain).with_digits(bit(d));
                            step.length = chain.len();
                            step.cells = chain.iter().map(|&i| to_coord(i)).collect();
                            let text: String = chain
                                .iter()
                                .enumerate()
                                .map(|(k, &i)| {
                                    let link = if k == 0 {
                                        ""
                                    } else if k % 2 == 1 {
                                        "="
                                    } else {
                                        "-"
                                    };
                                    format!("{link}{}", name(i))
                                })
                                .collect();
                            step.note = format!(
                                "the chain ({d}){text} (= strong, - weak link) makes one end {d}"
                            );
                            for i in members(targets) {
                                step.eliminate(i, d);
                            }
                            best = Some(step);
                        }
                        continue;
                    }
                }
                let next = if on { cells & PEERS[u] } else { links[u] };
                for v in members(next) {
                    let t = 2 * v + usize::from(!on);
                    if !visited[t] {
                        visited[t] = true;
                        parent[t] = s;
                        queue.push_back(t);
                    }
                }
            }
        }
    }
    best
}

/// **Remote Pair**: a chain of bivalue cells that all hold the same pair `xy`, each
/// seeing the next. The cells alternate between `x` and `y`, so two cells an odd number
/// of links apart (at least three) hold one `x` and one `y`, and every cell that sees
/// both loses both digits.
///
/// Described on SudokuWiki.org, "Remote Pairs", and HoDoKu's "Chains and Loops" page
/// ("Remote Pair").
pub fn remote_pair(grid: &Candidates) -> Option<Step> {
    let mut best: Option<Step> = None;
    for start in (0..81).filter(|&i| grid.mask(i).count_ones() == 2) {
        let m = grid.mask(start);
        let pool: CellSet = (0..81)
            .filter(|&i| grid.mask(i) == m)
            .fold(0, |s, i| s | 1 << i);
        let mut parent = [usize::MAX; 81];
        let mut depth = [usize::MAX; 81];
        depth[start] = 0;
        let mut queue = VecDeque::from([start]);
        while let Some(u) = queue.pop_front() {
            if depth[u] >= 3 && depth[u] % 2 == 1 {
                let mut targets: CellSet = 0;
                for d in super::units::digits(m) {
                    targets |= grid.digit_cells(d);
                }
                targets &= PEERS[u] & PEERS[start];
                if targets != 0 {
                    let chain = path(&parent, u, 81);
                    if best.as_ref().is_none_or(|b| b.length > chain.len()) {
                        let mut step = Step::new(Technique::RemotePair).with_digits(m);
                        step.length = chain.len();
                        step.cells = chain.iter().map(|&i| to_coord(i)).collect();
                        step.note = format!(
                            "{} all hold only {}, each seeing the next: the ends differ",
                            chain.iter().map(|&i| name(i)).collect::<Vec<_>>().join("-"),
                            super::units::digit_list(m)
                        );
                        for i in members(targets) {
                            for d in super::units::digits(grid.mask(i) & m) {
                                step.eliminate(i, d);
                            }
                        }
                        best = Some(step);
                    }
                }
            }
            for v in members(pool & PEERS[u]) {
                if depth[v] == usize::MAX {
                    depth[v] = depth[u] + 1;
                    parent[v] = u;
                    queue.push_back(v);
                }
            }
        }
    }
    best
}

/// **XY-Chain**: a chain of bivalue cells, each seeing the next and sharing a digit
/// with it, such that if the first cell is not `z` each following cell is forced, and
/// the last becomes `z`. One end is `z`, so `z` leaves every cell that sees both ends.
/// The XY-Wing is the 3-cell XY-chain.
///
/// Described on SudokuWiki.org, "XY-Chains", and HoDoKu's "Chains and Loops" page
/// ("XY-Chain").
pub fn xy_chain(grid: &Candidates) -> Option<Step> {
    let mut best: Option<Step> = None;
    let bivalue: CellSet = (0..81)
        .filter(|&i| grid.mask(i).count_ones() == 2)
        .fold(0, |s, i| s | 1 << i);
    // State 9i + (v - 1): cell i is forced to v (and its other digit is off).
    const STATES: usize = 729;
    for start in members(bivalue) {
        for z in super::units::digits(grid.mask(start)) {
            let first = (grid.mask(start) & !bit(z)).trailing_zeros() as usize + 1;
            let zcells = grid.digit_cells(z);
            let mut parent = vec![usize::MAX; STATES];
            let mut visited = vec![false; STATES];
            let s0 = 9 * start + first - 1;
            visited[s0] = true;
            let mut queue = VecDeque::from([s0]);
            while let Some(s) = queue.pop_front() {
                let (u, v) = (s / 9, (s % 9) as u8 + 1);
                if u != start && v == z {
                    let targets = zcells & PEERS[u] & PEERS[start];
                    if targets != 0 {
                        let chain = path(&parent, s, STATES);
                        if best.as_ref().is_none_or(|b| b.length > chain.len()) {
                            let cells: Vec<usize> = chain.iter().map(|&s| s / 9).collect();
                            let mut step = Step::new(Technique::XyChain);
                            step.length = cells.len();
                            step.cells = cells.iter().map(|&i| to_coord(i)).collect();
                            step.digits = chain.iter().map(|&s| (s % 9) as u8 + 1).collect();
                            step.note = format!(
                                "the chain {} makes one end {z}",
                                cells
                                    .iter()
                                    .map(|&i| cell_with(i, grid.mask(i)))
                                    .collect::<Vec<_>>()
                                    .join(" - ")
                            );
                            for i in members(targets) {
                                step.eliminate(i, z);
                            }
                            best = Some(step);
                        }
                    }
                    continue;
                }
                // v is on at u: peers holding v lose it; a bivalue one is forced to its other digit.
                for p in members(bivalue & PEERS[u]) {
                    let pm = grid.mask(p);
                    if pm & bit(v) == 0 || p == start {
                        continue;
                    }
                    let w = (pm & !bit(v)).trailing_zeros() as usize + 1;
                    let t = 9 * p + w - 1;
                    if !visited[t] {
                        visited[t] = true;
                        parent[t] = s;
                        queue.push_back(t);
                    }
                }
            }
        }
    }
    best
}
