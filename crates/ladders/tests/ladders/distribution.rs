//! The figures `gridsolve ladders stats` reports (quantiles, median, mode, shortest
//! game, histogram, cumulative sums), checked against a closed form and against
//! brute-force sums of the distribution.

use ladders::{Board, Chain, EndRule, HistogramBar, LengthDistribution, Rules};
use proptest::prelude::*;

/// Two squares and a two-faced die, exact finish, start off the board: the first roll
/// finishes with probability 1/2 (a 2), else the token waits on square 1 for a 1, so
/// P(T = t) = 2^-t for every t >= 1 (a geometric length).
fn geometric() -> LengthDistribution {
    let board = Board::from_jumps(2, &[]).expect("valid board");
    let rules = Rules::new(2).expect("two faces").with_end(EndRule::Exact);
    Chain::new(&board, &rules).length_distribution(1e-15, 200)
}

#[test]
fn the_geometric_game_matches_its_closed_form() {
    let dist = geometric();
    for (t, &p) in dist.exactly.iter().enumerate().skip(1) {
        assert!(
            (p - 0.5f64.powi(t as i32)).abs() < 1e-15,
            "P(T = {t}) = {p}"
        );
    }
    assert_eq!(dist.exactly[0], 0.0);
    // P(T <= t) = 1 - 2^-t, so the q-quantile is the smallest t with 2^-t <= 1 - q.
    for percent in 1..100 {
        let q = f64::from(percent) / 100.0;
        let closed = (1..)
            .find(|&t| 0.5f64.powi(t) <= 1.0 - q)
            .map(|t| t as usize);
        assert_eq!(dist.quantile(q), closed, "q = {q}");
    }
    assert_eq!(dist.median(), Some(1));
    assert_eq!(dist.mode(), Some(1));
    assert_eq!(dist.shortest(), Some((1, 0.5)));
    for (t, c) in dist.cumulative_all().iter().enumerate().skip(1) {
        assert!((c - (1.0 - 0.5f64.powi(t as i32))).abs() < 1e-15);
    }
    // 99% of games end within 7 turns (1 - 2^-7 >= 0.99 > 1 - 2^-6): seven bars of one
    // length each.
    let bars = dist.histogram(20);
    assert_eq!(bars.len(), 7);
    for (bar, t) in bars.iter().zip(1..) {
        assert_eq!((bar.first, bar.last), (t, t));
        assert!((bar.probability - 0.5f64.powi(t as i32)).abs() < 1e-15);
    }
    // Three bars: 1-3, 4-6, 7.
    let bars = dist.histogram(3);
    let spans: Vec<_> = bars.iter().map(|b| (b.first, b.last)).collect();
    assert_eq!(spans, [(1, 3), (4, 6), (7, 7)]);
    assert!((bars[0].probability - 0.875).abs() < 1e-15);
}

#[test]
fn a_distribution_without_finished_games_has_no_figures() {
    let dist = LengthDistribution {
        exactly: vec![0.0; 5],
        unfinished: 0.25,
        never: 0.75,
    };
    assert_eq!(dist.quantile(0.1), None);
    assert_eq!(
        (dist.median(), dist.mode(), dist.shortest()),
        (None, None, None)
    );
    assert_eq!(dist.histogram(20), Vec::<HistogramBar>::new());
    assert_eq!(dist.last_turn(), 4);
}

#[test]
fn the_suggested_turn_limit_shrinks_on_huge_boards() {
    let chain = |squares, faces| {
        let board = Board::from_jumps(squares, &[]).expect("valid board");
        Chain::new(&board, &Rules::new(faces).expect("faces")).suggested_max_turns()
    };
    assert_eq!(chain(100, 6), 10_000);
    assert_eq!(chain(10_000, 1000), 200);
    assert_eq!(chain(1_000_000, 2), 1000);
}

/// A distribution of up to 60 turns with arbitrary weights (some zero), normalised
/// with part of the mass left unfinished.
fn distribution() -> impl Strategy<Value = LengthDistribution> {
    (
        prop::collection::vec(prop_oneof![Just(0u32), 1u32..1000], 1..60),
        0u32..500,
    )
        .prop_map(|(weights, rest)| {
            let total = f64::from(weights.iter().sum::<u32>() + rest).max(1.0);
            LengthDistribution {
                exactly: weights.iter().map(|&w| f64::from(w) / total).collect(),
                unfinished: f64::from(rest) / total,
                never: 0.0,
            }
        })
}

proptest! {
    #[test]
    fn quantile_is_the_first_turn_whose_cumulative_reaches_q(
        dist in distribution(),
        q in 0.0f64..=1.0,
    ) {
        let brute = (0..dist.exactly.len()).find(|&t| dist.cumulative(t) >= q);
        prop_assert_eq!(dist.quantile(q), brute);
        let all = dist.cumulative_all();
        for (t, c) in all.iter().enumerate() {
            prop_assert_eq!(*c, dist.cumulative(t));
        }
    }

    #[test]
    fn histogram_bars_tile_the_shortest_game_to_the_99th_percentile(
        dist in distribution(),
        max_bars in 1usize..30,
    ) {
        let bars = dist.histogram(max_bars);
        let Some((first, _)) = dist.shortest() else {
            prop_assert!(bars.is_empty());
            return Ok(());
        };
        prop_assert!(!bars.is_empty() && bars.len() <= max_bars);
        prop_assert_eq!(bars[0].first, first);
        let end = dist.quantile(0.99).unwrap_or(dist.exactly.len() - 1).max(first);
        prop_assert_eq!(bars[bars.len() - 1].last, end);
        let width = bars[0].last - bars[0].first + 1;
        for pair in bars.windows(2) {
            prop_assert_eq!(pair[1].first, pair[0].last + 1);
        }
        for bar in &bars {
            prop_assert!(bar.last - bar.first < width);
            let sum: f64 = (bar.first..=bar.last).map(|t| dist.exactly[t]).sum();
            prop_assert!((bar.probability - sum).abs() < 1e-12);
        }
        // The most likely non-empty length is the mode, and no earlier length is as
        // likely; unknown when the games still running could hold a likelier length.
        let top = dist.exactly.iter().copied().fold(0.0, f64::max);
        if top < dist.unfinished {
            prop_assert_eq!(dist.mode(), None);
            return Ok(());
        }
        let mode = dist.mode().expect("a game ends");
        prop_assert!(dist.exactly.iter().all(|&p| p <= dist.exactly[mode]));
        prop_assert!(dist.exactly[..mode].iter().all(|&p| p < dist.exactly[mode]));
    }
}
