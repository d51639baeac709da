//! Checks of the ladders crate against independent references: a brute force over roll
//! sequences, hand-computed expectations, the published Chutes and Ladders figure,
//! a second solution method and the simulation.

mod chain;
mod conventions;
mod distribution;
mod errors;
mod methods;

use grid_core::Grid;
use ladders::{Board, BoardError, Chain, EndRule, MarkovError, Rules, Start};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// An independent model of the rules, written without the crate's move code.
// ---------------------------------------------------------------------------

/// Square labels of an n x n matrix, written by walking the rows from the bottom and
/// flipping direction each row (the LeetCode statement's picture), independently of
/// `ladders::square_to_cell`.
fn labels(n: usize) -> Vec<Vec<u32>> {
    let mut label = vec![vec![0u32; n]; n];
    let mut next = 1;
    let mut left_to_right = true;
    for row in (0..n).rev() {
        let cols: Vec<usize> = if left_to_right {
            (0..n).collect()
        } else {
            (0..n).rev().collect()
        };
        for col in cols {
            label[row][col] = next;
            next += 1;
        }
        left_to_right = !left_to_right;
    }
    label
}

/// `dest[s]` for a matrix, by looking every cell up through `labels`.
fn matrix_dest(matrix: &[Vec<i64>]) -> Vec<u32> {
    let n = matrix.len();
    let label = labels(n);
    let mut dest: Vec<u32> = (0..=(n * n) as u32).collect();
    for (r, row) in matrix.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            if v != -1 {
                dest[label[r][c] as usize] = v as u32;
            }
        }
    }
    dest
}

/// One roll, stepping square by square: forward, turning back at the last square
/// under the bounce rule (and forward again at square 0).
fn model_move(dest: &[u32], end: EndRule, from: u32, roll: u32) -> u32 {
    let last = (dest.len() - 1) as u32;
    let landed = match end {
        EndRule::Exact if from + roll > last => return from,
        EndRule::Exact => from + roll,
        EndRule::OvershootWins => (from + roll).min(last),
        EndRule::Bounce => {
            let (mut at, mut forward) = (from as i64, true);
            for _ in 0..roll {
                if forward && at == i64::from(last) {
                    forward = false;
                } else if !forward && at == 0 {
                    forward = true;
                }
                at += if forward { 1 } else { -1 };
            }
            at as u32
        }
    };
    dest[landed as usize]
}

/// Fewest rolls by trying every roll sequence of length 0, 1, ..., `limit`
/// (breadth-limited brute force, no memory of visited squares).
fn brute_force(dest: &[u32], faces: u32, end: EndRule, start: u32, limit: usize) -> Option<usize> {
    fn reaches(dest: &[u32], faces: u32, end: EndRule, at: u32, left: usize) -> bool {
        if at as usize == dest.len() - 1 {
            return true;
        }
        left > 0
            && (1..=faces)
                .any(|r| reaches(dest, faces, end, model_move(dest, end, at, r), left - 1))
    }
    (0..=limit).find(|&d| reaches(dest, faces, end, start, d))
}

/// `counts[t]` = how many of the `faces^t` roll sequences of length `t` first reach the
/// last square on roll `t`, for `t <= turns` (exhaustive enumeration).
fn first_finish_counts(
    dest: &[u32],
    faces: u32,
    end: EndRule,
    start: u32,
    turns: usize,
) -> Vec<u64> {
    fn walk(
        dest: &[u32],
        faces: u32,
        end: EndRule,
        at: u32,
        t: usize,
        turns: usize,
        counts: &mut [u64],
    ) {
        if t == turns {
            return;
        }
        for roll in 1..=faces {
            let next = model_move(dest, end, at, roll);
            if next as usize == dest.len() - 1 {
                counts[t + 1] += 1;
            } else {
                walk(dest, faces, end, next, t + 1, turns, counts);
            }
        }
    }
    let mut counts = vec![0u64; turns + 1];
    walk(dest, faces, end, start, 0, turns, &mut counts);
    counts
}

fn end_rule() -> impl Strategy<Value = EndRule> {
    prop_oneof![
        Just(EndRule::Exact),
        Just(EndRule::OvershootWins),
        Just(EndRule::Bounce)
    ]
}

/// A random valid LeetCode matrix, 2 x 2 to 4 x 4, about a third of the squares jumps.
fn matrix() -> impl Strategy<Value = Vec<Vec<i64>>> {
    (2usize..=4).prop_flat_map(|n| {
        let last = (n * n) as i64;
        proptest::collection::vec(prop_oneof![2 => Just(-1i64), 1 => 1..=last], n * n).prop_map(
            move |cells| {
                let mut m: Vec<Vec<i64>> = cells.chunks(n).map(<[i64]>::to_vec).collect();
                // LeetCode: no jump on square 1 (bottom-left) or on n² (top-left for even
                // n, top-right for odd n).
                m[n - 1][0] = -1;
                let top = if n % 2 == 0 { 0 } else { n - 1 };
                m[0][top] = -1;
                m
            },
        )
    })
}

fn grid(m: &[Vec<i64>]) -> Grid<i64> {
    Grid::from_vec(m.len(), m.len(), m.concat()).expect("square")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// BFS agrees with the brute force, and its route obeys the rules
    /// (`verify::ladders::check_route`).
    #[test]
    fn bfs_matches_brute_force(
        m in matrix(),
        faces in 1u32..=6,
        end in end_rule(),
        off_board in any::<bool>(),
    ) {
        let board = Board::from_matrix(&grid(&m)).expect("generated boards are valid");
        let start = if off_board { Start::OffBoard } else { Start::SquareOne };
        let rules = Rules::new(faces).expect("1..=6 faces").with_end(end).with_start(start);
        let dest = matrix_dest(&m);
        let mut limit = 1;
        while (faces as usize).pow(limit as u32 + 1) <= 60_000 && limit < 12 {
            limit += 1;
        }
        let expected = brute_force(&dest, faces, end, start.square(), limit);
        let route = board.shortest_route(&rules);
        match expected {
            Some(d) => prop_assert_eq!(route.as_ref().map(|r| r.rolls()), Some(d)),
            None => prop_assert!(route.as_ref().is_none_or(|r| r.rolls() > limit)),
        }
        // The board holds the jumps of the independent labelling, so the route verifier,
        // which reads the board's jumps, checks the route against the matrix itself.
        for square in 1..dest.len() as u32 {
            prop_assert_eq!(board.jump(square).unwrap_or(square), dest[square as usize]);
        }
        if let Some(route) = route {
            prop_assert_eq!(verify::ladders::check_route(&board, &rules, &route), Ok(()), "{:?}", route);
        }
    }

    /// The fewest rolls do not depend on the end rule (see `EndRule`).
    #[test]
    fn end_rule_does_not_change_fewest_rolls(m in matrix(), faces in 1u32..=8) {
        let board = Board::from_matrix(&grid(&m)).expect("valid");
        let base = Rules::new(faces).expect("faces").with_start(Start::SquareOne);
        let exact = board.fewest_rolls(&base.with_end(EndRule::Exact));
        prop_assert_eq!(exact, board.fewest_rolls(&base.with_end(EndRule::OvershootWins)));
        prop_assert_eq!(exact, board.fewest_rolls(&base.with_end(EndRule::Bounce)));
    }

    /// Parsing arbitrary text never panics: it gives a board or an error.
    #[test]
    fn parsing_arbitrary_text_never_panics(text in "(?s).{0,200}") {
        let _ = Board::parse(&text);
        let _ = Board::parse_jumps_json(&text);
        let _ = Board::parse_jumps_text(&text);
    }

    /// Near-valid text forms (digits, signs, brackets, keywords) never panic either,
    /// and every board they give is valid and round-trips.
    #[test]
    fn parsing_near_valid_text_never_panics(
        text in r#"(squares [0-9]{1,3}\n)?([-0-9 #>\[\],{}:"squarejump]{0,12}\n){0,8}"#
    ) {
        if let Ok(board) = Board::parse(&text) {
            prop_assert!(board.squares() >= 1);
            prop_assert_eq!(Board::parse(&board.to_string()).expect("canonical form"), board);
        }
    }

    /// The LeetCode-signature function agrees with the board API and the brute force.
    #[test]
    fn leetcode_signature(m in matrix()) {
        let rows: Vec<Vec<i32>> = m.iter().map(|r| r.iter().map(|&v| v as i32).collect()).collect();
        let answer = ladders::snakes_and_ladders(&rows).expect("valid");
        let dest = matrix_dest(&m);
        let brute = brute_force(&dest, 6, EndRule::OvershootWins, 1, 6);
        match brute {
            Some(d) => prop_assert_eq!(answer, d as i32),
            None => prop_assert!(answer == -1 || answer > 6),
        }
    }

    /// P(T = t) for the first turns agrees with counting every roll sequence (the
    /// independent move model), on random boards under every end rule.
    #[test]
    fn distribution_matches_enumeration(m in matrix(), end in end_rule(), faces in 2u32..=4) {
        let board = Board::from_matrix(&grid(&m)).expect("valid");
        let rules = Rules::new(faces).expect("faces").with_end(end);
        let dist = Chain::new(&board, &rules).length_distribution(0.0, 6);
        let dest = matrix_dest(&m);
        let counts = first_finish_counts(&dest, faces, end, 0, 6);
        for (t, &count) in counts.iter().enumerate().skip(1) {
            let p = count as f64 / f64::from(faces).powi(t as i32);
            // (The distribution stops early once every game has ended.)
            let computed = dist.exactly.get(t).copied().unwrap_or(0.0);
            prop_assert!((computed - p).abs() < 1e-12, "t={} {} vs {}", t, computed, p);
        }
    }

    /// Every text form parses back to the same board.
    #[test]
    fn forms_round_trip(m in matrix()) {
        let board = Board::from_matrix(&grid(&m)).expect("valid");
        let text = board.to_string();
        prop_assert_eq!(&Board::parse(&text).expect("canonical text parses"), &board);
        let again = Board::from_matrix(&board.to_matrix().expect("n² squares")).expect("valid");
        prop_assert_eq!(&again, &board);
        let jumps: Vec<String> = board.jumps().map(|j| format!("[{},{}]", j.from, j.to)).collect();
        let json = format!("{{\"squares\": {}, \"jumps\": [{}]}}", board.squares(), jumps.join(","));
        prop_assert_eq!(&Board::parse(&json).expect("json parses"), &board);
    }

    /// The exact solve, Gauss-Seidel and the mean of the length distribution agree.
    #[test]
    fn expectation_methods_agree(m in matrix(), faces in 2u32..=6, end in end_rule()) {
        let board = Board::from_matrix(&grid(&m)).expect("valid");
        let chain = Chain::new(&board, &Rules::new(faces).expect("faces").with_end(end));
        let exact = chain.expected_turns().expect("solves");
        let iterative = chain.expected_turns_gauss_seidel().expect("converges");
        prop_assert_eq!(exact.is_some(), iterative.is_some());
        prop_assert_eq!(exact.is_some(), chain.trap().is_none());
        if let (Some(a), Some(b)) = (exact, iterative) {
            prop_assert!((a.turns - b.turns).abs() <= 1e-9 * a.turns, "{} vs {}", a.turns, b.turns);
            let dist = chain.length_distribution(1e-14, 1_000_000);
            prop_assert!((dist.mean() - a.turns).abs() <= 1e-8 * a.turns);
            let total: f64 = dist.exactly.iter().sum();
            prop_assert!((total - 1.0).abs() < 1e-12);
        }
    }
}

// ---------------------------------------------------------------------------
// LeetCode 909 and its pitfalls.
// ---------------------------------------------------------------------------

fn leetcode(text: &str) -> Option<usize> {
    Board::parse(text)
        .expect("valid")
        .fewest_rolls(&Rules::leetcode())
}

#[test]
fn leetcode_examples() {
    let example1 = "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
                    [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";
    assert_eq!(leetcode(example1), Some(4));
    assert_eq!(leetcode("[[-1,-1],[-1,3]]"), Some(1));
}

#[test]
fn ladder_onto_a_snake_head_does_not_chain() {
    // Square 2 has a ladder to 3; square 3 has a snake to 1. Squares: bottom row
    // [1, 2], top row [4, 3]. Chaining would send 2 -> 3 -> 1.
    let board = Board::parse("[[-1,1],[-1,3]]").expect("valid");
    let route = board.shortest_route(&Rules::leetcode()).expect("reachable");
    assert_eq!(route.rolls(), 1);
    let b = Board::parse("squares 9\n2 5\n5 1\n").expect("valid");
    let two = Rules::new(1).expect("1 face").with_start(Start::SquareOne);
    // With a one-faced die from square 1: 1 -> 2 -> ladder to 5 (not on to 1),
    // then 6, 7, 8, 9.
    assert_eq!(b.fewest_rolls(&two), Some(5));
}

#[test]
fn odd_n_top_row_runs_left_to_right() {
    // 3 x 3: square 9 is top-RIGHT. A ladder from square 2 to 9.
    let board = Board::parse("[[-1,-1,-1],[-1,-1,-1],[-1,9,-1]]").expect("valid");
    assert_eq!(board.jump(2), Some(9));
    assert_eq!(board.fewest_rolls(&Rules::leetcode()), Some(1));
    // A jump in the top-left cell is square 7 on an odd board, allowed.
    let board = Board::parse("[[2,-1,-1],[-1,-1,-1],[-1,-1,-1]]").expect("valid");
    assert_eq!(board.jump(7), Some(2));
    // The top-right cell is square 9: a jump there is an error.
    let err = Board::parse("[[-1,-1,2],[-1,-1,-1],[-1,-1,-1]]").expect_err("jump from n²");
    assert!(matches!(err, BoardError::JumpFromLast { .. }), "{err}");
}

#[test]
fn unreachable_end() {
    // Squares 2..=7 all snakes back to 1: no roll from 1 gets past them on 3 x 3.
    let board = Board::parse("squares 9\n2 1\n3 1\n4 1\n5 1\n6 1\n7 1\n").expect("valid");
    assert_eq!(board.fewest_rolls(&Rules::leetcode()), None);
    let chain = Chain::new(&board, &Rules::classic());
    assert_eq!(chain.trap(), Some(0));
    assert_eq!(chain.expected_turns().expect("no error"), None);
    let dist = chain.length_distribution(1e-15, 100);
    assert_eq!(dist.never, 1.0);
}

#[test]
fn faces_are_checked() {
    assert!(Rules::new(0).is_err());
    assert!(Rules::new(ladders::MAX_FACES + 1).is_err());
    assert!(Rules::new(ladders::MAX_FACES).is_ok());
}

#[test]
fn very_long_forced_game() {
    // 10,000 squares with a one-faced die: the only game takes 9,999 rolls from
    // square 1 and 10,000 from off the board.
    let board = Board::from_jumps(10_000, &[]).expect("valid");
    let one = Rules::new(1).expect("1 face");
    assert_eq!(
        board.fewest_rolls(&one.with_start(Start::SquareOne)),
        Some(9_999)
    );
    assert_eq!(board.fewest_rolls(&one), Some(10_000));
    let e = Chain::new(&board, &one)
        .expected_turns()
        .expect("solves")
        .expect("ends");
    assert_eq!(e.turns, 10_000.0);
}

#[test]
fn jump_from_square_one_is_taken_only_from_off_the_board() {
    let board = Board::parse("squares 20\n1 19\n").expect("valid");
    let one = Rules::new(1).expect("1 face");
    assert_eq!(
        board.fewest_rolls(&one.with_start(Start::OffBoard)),
        Some(2)
    );
    assert_eq!(
        board.fewest_rolls(&one.with_start(Start::SquareOne)),
        Some(19)
    );
}

// ---------------------------------------------------------------------------
// The Markov chain against hand computation and the published figure.
// ---------------------------------------------------------------------------

fn expected(board: &Board, rules: &Rules) -> f64 {
    Chain::new(board, rules)
        .expected_turns()
        .expect("solves")
        .expect("the game ends")
        .turns
}

#[test]
fn empty_board_by_hand() {
    // Exact rule, six faces, N squares, no jumps. From a square s with N - 6 <= s < N,
    // a of the rolls land on s+1..N-1 (a = N-1-s), one lands on N, 5 - a stay put;
    // if every square above has E = 6 then E[s] = 1 + (6a + (5-a) E[s]) / 6, i.e.
    // E[s] (1+a)/6 = 1 + a, so E[s] = 6. Hence on 6 squares from off the board: 6.
    let board = Board::from_jumps(6, &[]).expect("valid");
    assert!((expected(&board, &Rules::classic()) - 6.0).abs() < 1e-12);
    // Overshoot wins, 7 squares: E[7-j] = (7/6)^(j-1) for j = 1..=7 (each square
    // adds the squares above it divided by 6), so from off the board (7/6)^6.
    let board = Board::from_jumps(7, &[]).expect("valid");
    let rules = Rules::classic().with_end(EndRule::OvershootWins);
    assert!((expected(&board, &rules) - (7.0f64 / 6.0).powi(6)).abs() < 1e-12);
    // Its length distribution: no game in one turn (at most square 6); in two turns
    // with probability sum_{s=1..6} (1/6)(s/6) = 21/36.
    let dist = Chain::new(&board, &rules).length_distribution(1e-15, 1000);
    assert_eq!(dist.shortest().map(|(t, _)| t), Some(2));
    assert!((dist.exactly[2] - 21.0 / 36.0).abs() < 1e-15);
}

#[test]
fn one_ladder_board_by_hand() {
    // 10 squares, ladder 2 -> 9, exact rule, six faces, from off the board.
    // E[4..=9] = 6 (argument of `empty_board_by_hand`: no jumps on 5..=9).
    // E[3] = 1 + (E4 + ... + E9)/6 = 7.
    // E[1] = 1 + (E[9] via the ladder + E3 + E4 + E5 + E6 + E7)/6 = 1 + 37/6 = 43/6.
    // E[0] = 1 + (E1 + E[9] via the ladder + E3 + E4 + E5 + E6)/6
    //      = 1 + (43/6 + 6 + 7 + 18)/6 = 265/36.
    let board = Board::from_jumps(10, &[(2, 9)]).expect("valid");
    let e = expected(&board, &Rules::classic());
    assert!((e - 265.0 / 36.0).abs() < 1e-12, "{e}");
}

#[test]
fn chutes_and_ladders_published_expectation() {
    // Althoen, King and Schilling (1993): the exact expectation is
    // 225837582538403273407117496273279920181931269186581786048583 /
    // 5757472998140039232950575874628786131130999406013041613400 = 39.2251223082...
    let board = ladders::chutes_and_ladders();
    let chain = Chain::new(&board, &Rules::classic());
    let e = chain.expected_turns().expect("solves").expect("ends");
    assert!((e.turns - 39.225_122_308_235).abs() < 1e-9, "{}", e.turns);
    assert!(matches!(e.method, ladders::SolveMethod::Elimination { .. }));
    let gs = chain
        .expected_turns_gauss_seidel()
        .expect("converges")
        .expect("ends");
    assert!((gs.turns - e.turns).abs() < 1e-9);
    // The shortest game takes 7 turns (Althoen et al.); the distribution's mean is the
    // expectation again.
    let dist = chain.length_distribution(1e-15, 100_000);
    assert_eq!(dist.shortest().map(|(t, _)| t), Some(7));
    // P(T = 7) and P(T = 8) by counting all 6^8 roll sequences with the independent model.
    let mut dest: Vec<u32> = (0..=100).collect();
    for &(from, to) in &ladders::CHUTES_AND_LADDERS_JUMPS {
        dest[from as usize] = to;
    }
    let counts = first_finish_counts(&dest, 6, EndRule::Exact, 0, 8);
    assert_eq!(counts[..7].iter().sum::<u64>(), 0);
    for t in [7, 8] {
        let p = counts[t] as f64 / 6f64.powi(t as i32);
        assert!(
            (dist.exactly[t] - p).abs() < 1e-15,
            "t={t}: {} vs {p}",
            dist.exactly[t]
        );
    }
    assert!((dist.mean() - e.turns).abs() < 1e-9);
    // Two players: each wins with some probability, the first a little more often, and
    // the two add up to 1.
    let two = dist.players(2);
    let win = two.win.expect("the distribution ran to its tolerance");
    assert!(win[0] > win[1]);
    assert!((win.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // One player: the multi-player formulas reduce to the expectation.
    let one = dist.players(1);
    assert!((one.expected_rounds.expect("ends") - e.turns).abs() < 1e-9);
    assert!((one.expected_moves.expect("ends") - e.turns).abs() < 1e-9);
}

#[test]
fn two_players_by_hand() {
    // Overshoot wins on 2 squares with a six-faced die from off the board: each player
    // finishes on the first turn with probability 5/6 (rolls 2..6), else on the second.
    // Player 1 wins with 5/6 + (1/6)(1/6) = 31/36; player 2 with (1/6)(5/6) = 5/36.
    let board = Board::from_jumps(2, &[]).expect("valid");
    let rules = Rules::classic().with_end(EndRule::OvershootWins);
    let two = Chain::new(&board, &rules)
        .length_distribution(1e-15, 100)
        .players(2);
    let win = two.win.expect("whole distribution");
    assert!((win[0] - 31.0 / 36.0).abs() < 1e-15);
    assert!((win[1] - 5.0 / 36.0).abs() < 1e-15);
    // Rounds: 1 unless both miss on the first round (1/36): 1 + 1/36. Moves: player 1
    // wins in move 1 (5/6), player 2 in move 2 (5/36), else player 1 in move 3 (1/36).
    let rounds = two.expected_rounds.expect("ends");
    assert!((rounds - 37.0 / 36.0).abs() < 1e-15);
    let moves = two.expected_moves.expect("ends");
    assert!((moves - (5.0 / 6.0 + 2.0 * 5.0 / 36.0 + 3.0 / 36.0)).abs() < 1e-15);
}

#[test]
fn large_board_uses_an_exact_or_iterative_method_consistently() {
    // 10,000 squares, a snake every 50 squares back by 30 and a ladder every 70 up by
    // 40: many back-reached squares, elimination and Gauss-Seidel agree.
    let mut jumps = Vec::new();
    for s in (50..10_000).step_by(50) {
        jumps.push((s, s - 30));
    }
    for s in (35..9_900).step_by(70) {
        if s % 50 != 0 {
            jumps.push((s, s + 40));
        }
    }
    let board = Board::from_jumps(10_000, &jumps).expect("valid");
    let chain = Chain::new(&board, &Rules::classic());
    let a = chain.expected_turns().expect("solves").expect("ends");
    let b = chain
        .expected_turns_gauss_seidel()
        .expect("converges")
        .expect("ends");
    assert!(
        (a.turns - b.turns).abs() < 1e-9 * a.turns,
        "{} vs {}",
        a.turns,
        b.turns
    );
}

/// A board that only Gauss-Seidel solves: one snake across the board (a band too wide to
/// store) and 3,998 short ones (more back-reached squares than the dense elimination
/// takes).
fn gauss_seidel_board() -> Chain {
    let mut jumps = vec![(19_996, 2)];
    for s in (10..19_990).step_by(5) {
        jumps.push((s, s - 3));
    }
    let board = Board::from_jumps(20_000, &jumps).expect("valid");
    Chain::new(&board, &Rules::classic())
}

#[test]
fn gauss_seidel_reports_each_sweep_and_stops_when_asked() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let chain = gauss_seidel_board();
    // Run to the end: one call a sweep, in order, against a fixed most.
    let go = AtomicBool::new(false);
    let mut calls = Vec::new();
    let e = chain
        .expected_turns_until(&go, &mut |sweep, most| calls.push((sweep, most)))
        .expect("converges")
        .expect("ends");
    let ladders::SolveMethod::GaussSeidel { sweeps } = e.method else {
        panic!("solved by {:?}, not Gauss-Seidel", e.method);
    };
    assert_eq!(calls.len(), sweeps);
    assert!(
        calls
            .iter()
            .enumerate()
            .all(|(i, &(sweep, most))| sweep == i + 1 && most == calls[0].1)
    );
    assert_eq!(
        Some(e),
        chain.expected_turns_gauss_seidel().expect("converges")
    );
    // Stopped before the first sweep, and after the third.
    let stop = AtomicBool::new(true);
    assert_eq!(
        chain.expected_turns_until(&stop, &mut |_, _| {}),
        Err(MarkovError::Stopped { sweeps: 0 })
    );
    let stop = AtomicBool::new(false);
    let stopped = chain.expected_turns_until(&stop, &mut |sweep, _| {
        if sweep == 3 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(stopped, Err(MarkovError::Stopped { sweeps: 3 }));
}

#[cfg(feature = "simulate")]
#[test]
fn simulation_agrees_with_the_chain() {
    let board = ladders::chutes_and_ladders();
    let rules = Rules::classic();
    let sim = ladders::simulate(&board, &rules, 20_000, 2026, 1_000_000);
    assert_eq!(sim.finished, 20_000);
    assert_eq!(sim.capped, 0);
    let e = expected(&board, &rules);
    // Within the 95% interval for this seed (and comfortably within 3 standard errors).
    assert_eq!(sim.covers(e), Some(true), "{sim:?} vs {e}");
    assert!(sim.min.expect("games finished") >= 7);
    // Same seed, same games.
    assert_eq!(
        sim,
        ladders::simulate(&board, &rules, 20_000, 2026, 1_000_000)
    );
}

#[cfg(feature = "simulate")]
#[test]
fn simulation_reports_capped_games() {
    let board = Board::parse("squares 9\n2 1\n3 1\n4 1\n5 1\n6 1\n7 1\n").expect("valid");
    // Every game gets stuck at once (off the board, the end is already unreachable).
    let sim = ladders::simulate(&board, &Rules::classic(), 10, 1, 1000);
    assert_eq!((sim.stuck, sim.capped, sim.finished), (10, 0, 0));
    // A one-faced die on 50 squares needs 50 turns: a cap of 49 stops every game.
    let board = Board::from_jumps(50, &[]).expect("valid");
    let one = Rules::new(1).expect("1 face");
    let sim = ladders::simulate(&board, &one, 5, 1, 49);
    assert_eq!((sim.stuck, sim.capped, sim.finished), (0, 5, 0));
    let sim = ladders::simulate(&board, &one, 5, 1, 50);
    assert_eq!(
        (sim.stuck, sim.capped, sim.finished, sim.mean),
        (0, 0, 5, 50.0)
    );
}

/// Two players on the board `dest` (each `model_move`, independently of the crate's
/// chain and of its product formula), by following the joint position of both round
/// by round from off the board: player 1 moves, then player 2, the first on the last
/// square wins. Returns (P(player 1 wins), P(player 2 wins), expected rounds, expected
/// moves in all) summed over the first `rounds` rounds, and P(no winner after them).
fn two_players_brute_force(
    dest: &[u32],
    faces: u32,
    end: EndRule,
    rounds: usize,
) -> ([f64; 2], f64, f64, f64) {
    let n = dest.len();
    let last = n - 1;
    let next: Vec<Vec<usize>> = (0..n)
        .map(|s| {
            (1..=faces)
                .map(|r| model_move(dest, end, s as u32, r) as usize)
                .collect()
        })
        .collect();
    let inv = 1.0 / f64::from(faces);
    // joint[a * n + b]: both still running, player 1 on a, player 2 on b.
    let mut joint = vec![0.0f64; n * n];
    joint[0] = 1.0;
    let (mut win, mut expected_rounds, mut expected_moves) = ([0.0f64; 2], 0.0, 0.0);
    for round in 1..=rounds {
        let running: f64 = joint.iter().sum();
        expected_rounds += running; // P(R >= round)
        let mut half = vec![0.0f64; n * n];
        for a in 0..last {
            for b in 0..last {
                let m = joint[a * n + b] * inv;
                if m == 0.0 {
                    continue;
                }
                for &to in &next[a] {
                    if to == last {
                        win[0] += m;
                        expected_moves += m * (2 * round - 1) as f64;
                    } else {
                        half[to * n + b] += m;
                    }
                }
            }
        }
        joint.fill(0.0);
        for a in 0..last {
            for b in 0..last {
                let m = half[a * n + b] * inv;
                if m == 0.0 {
                    continue;
                }
                for &to in &next[b] {
                    if to == last {
                        win[1] += m;
                        expected_moves += m * (2 * round) as f64;
                    } else {
                        joint[a * n + to] += m;
                    }
                }
            }
        }
    }
    (win, expected_rounds, expected_moves, joint.iter().sum())
}

/// The Milton Bradley board's dest table, written from the crate's jump list.
fn chutes_dest() -> Vec<u32> {
    let mut dest: Vec<u32> = (0..=100).collect();
    for &(from, to) in &ladders::CHUTES_AND_LADDERS_JUMPS {
        dest[from as usize] = to;
    }
    dest
}

#[test]
fn two_players_on_chutes_and_ladders_match_the_joint_chain() {
    // The product formula of `players` against the two players' joint positions
    // followed round by round (1,500 rounds leave less than 1e-15 undecided).
    let chain = Chain::new(&ladders::chutes_and_ladders(), &Rules::classic());
    let two = chain
        .length_distribution(ladders::LENGTH_TOLERANCE, 10_000)
        .players(2);
    let (win, rounds, moves, undecided) =
        two_players_brute_force(&chutes_dest(), 6, EndRule::Exact, 1_500);
    assert!(undecided < 1e-15, "{undecided}");
    let got = two.win.expect("the distribution ran to its tolerance");
    for i in 0..2 {
        assert!((got[i] - win[i]).abs() < 1e-10, "{got:?} vs {win:?}");
    }
    let got_rounds = two.expected_rounds.expect("every game ends");
    let got_moves = two.expected_moves.expect("every game ends");
    assert!(
        (got_rounds - rounds).abs() < 1e-8,
        "{got_rounds} vs {rounds}"
    );
    assert!((got_moves - moves).abs() < 1e-8, "{got_moves} vs {moves}");
    // The figures the README shows.
    assert!((rounds - 26.330_956_6).abs() < 1e-7, "{rounds}");
    assert!((win[0] - 0.507_912).abs() < 1e-6, "{win:?}");
}

#[test]
fn a_distribution_cut_short_leaves_what_depends_on_its_tail_unknown() {
    // The user's report: the Milton Bradley board cut at 10 turns, two players. The
    // computed turns hold 2% of the games; the mode (22 turns, from the whole
    // distribution), the win chances and the expectations lie beyond the cut.
    let chain = Chain::new(&ladders::chutes_and_ladders(), &Rules::classic());
    let whole = chain.length_distribution(ladders::LENGTH_TOLERANCE, 10_000);
    assert_eq!(whole.mode(), Some(22));
    let cut = chain.length_distribution(ladders::LENGTH_TOLERANCE, 10);
    assert_eq!(cut.last_turn(), 10);
    assert!(cut.unfinished > 0.97, "{}", cut.unfinished);
    assert_eq!((cut.mode(), cut.median()), (None, None));
    let two = cut.players(2);
    assert_eq!(two.win, None);
    assert_eq!((two.expected_rounds, two.expected_moves), (None, None));
    // What is left undecided is what the joint chain leaves after 10 rounds.
    let (_, _, _, undecided) = two_players_brute_force(&chutes_dest(), 6, EndRule::Exact, 10);
    assert!(
        (two.undecided - undecided).abs() < 1e-12,
        "{} vs {undecided}",
        two.undecided
    );
    // The same cut with one player: the expectation is the linear system's, whatever
    // the cut; the partial sum of the cut distribution is not it.
    let one = cut.players(1);
    assert_eq!((one.win, one.expected_rounds), (None, None));
    let exact = chain.expected_turns().expect("solves").expect("ends").turns;
    assert!((exact - 39.225_122_308_2).abs() < 1e-9);
    assert!(cut.mean() < 1.0);
    // A cut that leaves little enough keeps its mode: at 150 turns P(T = 22) exceeds
    // what is still running.
    let later = chain.length_distribution(ladders::LENGTH_TOLERANCE, 150);
    assert!(later.exactly[22] >= later.unfinished);
    assert_eq!(later.mode(), Some(22));
}

#[cfg(feature = "simulate")]
mod t_quantiles {
    use ladders::t_quantile_975;

    /// P(T <= t) for Student's t with `v` degrees of freedom, by Simpson's rule: with
    /// x = sqrt(v) tan(theta) the density is proportional to cos(theta)^(v - 1) on
    /// (-pi/2, pi/2), so P(0 < T <= t) / P(T > 0) = I(atan(t / sqrt(v))) / I(pi/2),
    /// I(a) the integral of cos^(v-1) over (0, a).
    fn t_cdf(t: f64, v: u64) -> f64 {
        let integral = |a: f64| {
            let steps = 20_000;
            let h = a / steps as f64;
            let f = |x: f64| x.cos().powf(v as f64 - 1.0);
            let mut sum = f(0.0) + f(a);
            for i in 1..steps {
                sum += f(i as f64 * h) * if i % 2 == 1 { 4.0 } else { 2.0 };
            }
            sum * h / 3.0
        };
        let whole = integral(std::f64::consts::FRAC_PI_2);
        0.5 + 0.5 * integral((t / (v as f64).sqrt()).atan()) / whole
    }

    /// The t with `t_cdf(t, v) = 0.975`, by bisection.
    fn reference(v: u64) -> f64 {
        let (mut lo, mut hi) = (1.9, 13.0);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if t_cdf(mid, v) < 0.975 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }

    #[test]
    fn quantiles_match_the_published_table() {
        // NIST/SEMATECH e-Handbook 1.3.6.7.2 and Abramowitz and Stegun table 26.10,
        // to their three decimals (df 1, 2, 3, 5, 10, 20, 30, 60, 100, 120, infinity).
        let published = [
            (1, 12.706),
            (2, 4.303),
            (3, 3.182),
            (5, 2.571),
            (10, 2.228),
            (20, 2.086),
            (30, 2.042),
            (60, 2.000),
            (100, 1.984),
            (120, 1.980),
            (u64::MAX, 1.960),
        ];
        for (v, t) in published {
            let got = t_quantile_975(v);
            assert!((got - t).abs() <= 5e-4, "df {v}: {got} vs {t}");
        }
    }

    #[test]
    fn quantiles_match_an_integration_of_the_density() {
        // The table (1..=30) and the expansion beyond it, to 1e-6.
        for v in (1..=40).chain([50, 75, 100, 500, 1000, 10_000]) {
            let got = t_quantile_975(v);
            let want = reference(v);
            assert!((got - want).abs() < 1e-6, "df {v}: {got} vs {want}");
        }
    }
}

#[cfg(feature = "simulate")]
#[test]
fn small_simulations_get_a_t_interval_floored_at_the_fewest_turns() {
    // One square, exact finish, off the board: only a roll of 1 finishes, so a game's
    // length is geometric with p = 1/6 and the exact expectation is 6 turns; no game
    // is shorter than 1 turn.
    let board = Board::from_jumps(1, &[]).expect("valid");
    let rules = Rules::classic();
    assert!((expected(&board, &rules) - 6.0).abs() < 1e-12);
    // One game: no interval, no verdict.
    let one = ladders::simulate(&board, &rules, 1, 0, 1_000);
    assert_eq!(
        (one.ci95, one.std_dev, one.interval95()),
        (None, None, None)
    );
    assert_eq!(one.covers(6.0), None);
    // The user's three games (seed 0): 1.96 standard errors missed 6; t with 2
    // degrees of freedom (4.303) covers it.
    let three = ladders::simulate(&board, &rules, 3, 0, 1_000);
    let s = three.std_dev.expect("three games");
    let half = three.ci95.expect("three games");
    assert!((half - 4.302_652_7 * s / 3f64.sqrt()).abs() < 1e-12);
    assert_eq!(three.covers(6.0), Some(true), "{three:?}");
    // Over 2,000 seeds of three games, the t interval (floored at 1) covers 6 far
    // more often than the normal one would.
    let (mut t_covers, mut normal_covers) = (0, 0);
    for seed in 0..2_000 {
        let sim = ladders::simulate(&board, &rules, 3, seed, 1_000);
        let (low, _) = sim.interval95().expect("three games finish");
        assert!(low >= 1.0);
        t_covers += usize::from(sim.covers(6.0) == Some(true));
        let normal = 1.96 * sim.std_dev.expect("three games") / 3f64.sqrt();
        normal_covers += usize::from((sim.mean - 6.0).abs() <= normal);
    }
    assert!(
        t_covers > normal_covers + 200,
        "{t_covers} vs {normal_covers}"
    );
    assert!(t_covers >= 1_600, "{t_covers} of 2000");
    // Two games of the Milton Bradley board: the lower end is the fewest rolls, 7.
    let chutes = ladders::chutes_and_ladders();
    let two = ladders::simulate(&chutes, &rules, 2, 0, 1_000_000);
    assert_eq!(two.fewest, Some(7));
    let (low, high) = two.interval95().expect("two games");
    assert!(low >= 7.0 && high > two.mean, "{low}..{high}");
}
