//! Variants: solutions checked by the independent `verify::sudoku::check_variant_solution`,
//! counts against a brute force, generated puzzles unique under their variant, region maps.

use sudoku::{
    GenerateOptions, RegionErrorKind, Regions, Sudoku, Variant, VariantKind, generate_variant,
};

fn name(v: &Variant) -> &'static str {
    v.kind().name()
}

#[test]
fn generated_puzzles_are_unique_and_verified_under_their_variant() {
    for kind in [
        VariantKind::X,
        VariantKind::Windoku,
        VariantKind::Disjoint,
        VariantKind::Jigsaw,
    ] {
        for index in 0..2 {
            let (puzzle, variant) = generate_variant(&GenerateOptions::default(), kind, 25, index);
            assert_eq!(variant.kind(), kind);
            let analysis = puzzle.analyse_variant(10, &variant);
            assert_eq!(analysis.count.count, 1, "{kind} {index}: {puzzle}");
            let solution = analysis.first.expect("a solution");
            let map = variant.regions().map(|r| r.to_string());
            verify::sudoku::check_variant_solution(
                puzzle.cells(),
                solution.cells(),
                name(&variant),
                map.as_deref(),
            )
            .unwrap_or_else(|e| panic!("{kind} {index}: {e}"));
            // The first given removed leaves several solutions (minimal).
            let i = puzzle
                .cells()
                .iter()
                .position(|&v| v != 0)
                .expect("a given");
            let mut fewer = puzzle.cells().to_vec();
            fewer[i] = 0;
            let fewer = Sudoku::from_cells_variant(&fewer, &variant).expect("valid");
            assert!(fewer.analyse_variant(2, &variant).count.count >= 2);
            // A fresh layout per jigsaw puzzle, read back by the parser.
            if let Variant::Jigsaw(regions) = &variant {
                assert_eq!(
                    &Regions::parse(&regions.to_string()).expect("valid map"),
                    regions
                );
            }
        }
    }
    let a = generate_variant(&GenerateOptions::default(), VariantKind::Jigsaw, 25, 0).1;
    let b = generate_variant(&GenerateOptions::default(), VariantKind::Jigsaw, 25, 1).1;
    assert_ne!(a, b);
    assert_ne!(a.regions(), Some(&Regions::boxes()));
}

#[test]
fn variants_narrow_a_classic_puzzle() {
    // A classic puzzle with several solutions: every variant's count is at most the
    // classic count, and each variant's solutions pass the independent check.
    let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let p = Sudoku::parse(text, None).expect("valid");
    let classic = p.analyse(1000).count.count;
    for v in [Variant::X, Variant::Windoku, Variant::Disjoint] {
        let a = p.analyse_variant(1000, &v);
        assert!(a.count.count <= classic);
        if let Some(s) = a.first {
            verify::sudoku::check_variant_solution(p.cells(), s.cells(), name(&v), None)
                .expect("valid");
        }
    }
}

#[test]
fn bad_region_maps_are_refused_at_their_column() {
    let good = "111222333".repeat(3) + &"444555666".repeat(3) + &"777888999".repeat(3);
    assert!(Regions::parse(&good).is_ok());
    let short = &good[..80];
    let e = Regions::parse(short).unwrap_err();
    assert_eq!((e.column, e.kind), (Some(81), RegionErrorKind::Length(80)));
    let mut tenth = good.clone();
    tenth.replace_range(80..81, "A");
    let e = Regions::parse(&tenth).unwrap_err();
    assert_eq!(
        (e.column, e.kind),
        (Some(81), RegionErrorKind::TooManyRegions('A'))
    );
    // A typo early in the map: the tenth symbol in reading order is a sound '9', the
    // error points at the typo, the symbol on the fewest cells.
    let mut typo = good.clone();
    typo.replace_range(40..41, "x");
    let e = Regions::parse(&typo).unwrap_err();
    assert_eq!(
        (e.column, e.kind),
        (Some(41), RegionErrorKind::TooManyRegions('x'))
    );
    // Region 1 takes a cell of region 2: sizes 10 and 8.
    let mut size = good.clone();
    size.replace_range(3..4, "1");
    let e = Regions::parse(&size).unwrap_err();
    assert_eq!(e.column, Some(1));
    assert!(matches!(
        e.kind,
        RegionErrorKind::Size {
            symbol: '1',
            cells: 10
        }
    ));
    // Swap a corner cell of box 1 with one of box 5: both keep 9 cells, box 1 is cut.
    let mut cut: Vec<char> = good.chars().collect();
    cut.swap(0, 40);
    let cut: String = cut.into_iter().collect();
    let e = Regions::parse(&cut).unwrap_err();
    assert!(
        matches!(e.kind, RegionErrorKind::NotConnected { symbol: '5', .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("not connected"));
}

/// Under rules named as `verify` names them, the map of a jigsaw variant.
fn rules(v: &Variant) -> (&'static str, Option<String>) {
    (name(v), v.regions().map(|r| r.to_string()))
}

#[test]
fn jigsaw_givens_are_checked_against_the_regions_not_the_boxes() {
    // Generated jigsaw puzzles often hold a value twice in a classic box: those must
    // be read under their regions alone (a third of them were refused before).
    let mut box_clashes = 0;
    for index in 0..20 {
        let (puzzle, variant) =
            generate_variant(&GenerateOptions::default(), VariantKind::Jigsaw, 3, index);
        let map = variant.regions().expect("a jigsaw layout").to_string();
        let line = format!("{puzzle} {map}");
        let record = sudoku::Record::new(1, line.as_str());
        if record.parse(None).is_err() {
            box_clashes += 1;
        }
        let read = record
            .parse_variant(None, &variant)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(read, puzzle);
        let analysis = read.analyse_variant(2, &variant);
        assert_eq!(analysis.count.count, 1, "{line}");
        let (rules, map) = rules(&variant);
        let solution = analysis.first.expect("a solution");
        verify::sudoku::check_variant_solution(
            puzzle.cells(),
            solution.cells(),
            rules,
            map.as_deref(),
        )
        .unwrap_or_else(|e| panic!("{line}: {e}"));
        if index < 3 {
            assert_eq!(
                verify::sudoku::count_variant_solutions(puzzle.cells(), rules, map.as_deref(), 2),
                Ok(1),
                "{line}"
            );
        }
    }
    assert!(box_clashes >= 2, "only {box_clashes} of 20 clash in a box");
}

#[test]
fn a_clash_in_an_extra_unit_is_bad_input_naming_the_unit() {
    // Boxes 1, 2, 4 and 5 with a cell or two traded: region 2 holds r1c4 (box 2) and
    // r3c3 (box 1).
    let map = [
        "111222333",
        "111222333",
        "112225333",
        "144455666",
        "444555666",
        "444555666",
        "777888999",
        "777888999",
        "777888999",
    ]
    .concat();
    let regions = Regions::parse(&map).expect("valid map");
    let cases: [(Variant, usize, usize, &str); 6] = [
        (
            Variant::X,
            0,
            80,
            "r1c1 and r9c9 are both 4 in the main diagonal",
        ),
        (
            Variant::X,
            8,
            72,
            "r1c9 and r9c1 are both 4 in the anti-diagonal",
        ),
        (
            Variant::Windoku,
            10,
            30,
            "r2c2 and r4c4 are both 4 in window 1",
        ),
        (
            Variant::Disjoint,
            0,
            60,
            "r1c1 and r7c7 are both 4 in disjoint group 1",
        ),
        (
            Variant::Disjoint,
            0,
            30,
            "r1c1 and r4c4 are both 4 in disjoint group 1",
        ),
        (
            Variant::Jigsaw(regions),
            20, // r3c3, region 2, box 1
            3,  // r1c4, region 2, box 2
            "r1c4 and r3c3 are both 4 in region 2",
        ),
    ];
    for (variant, a, b, want) in cases {
        let mut cells = [0u8; 81];
        cells[a] = 4;
        cells[b] = 4;
        let err = Sudoku::from_cells_variant(&cells, &variant).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("invalid givens: {want}"),
            "{variant:?}"
        );
        let (rules, map) = rules(&variant);
        assert_eq!(
            verify::sudoku::count_variant_solutions(&cells, rules, map.as_deref(), 1),
            Ok(0)
        );
    }
}

/// An X-Sudoku with 11 solutions under classic rules and one under X rules (built for
/// this test from a generated X puzzle by adding givens of its solution).
const X_ELEVEN: &str =
    "5....149....5...8...79.6...8.3..7...2..31.6.9.............4....1...2...7.......13";

#[test]
fn the_x_sudoku_of_the_issue_has_eleven_classic_solutions_and_one_x_solution() {
    let puzzle = Sudoku::parse(X_ELEVEN, None).expect("valid classic givens");
    assert_eq!(puzzle.analyse(100).count.count, 11);
    assert_eq!(puzzle.analyse_variant(100, &Variant::X).count.count, 1);
    let brute = |rules| verify::sudoku::count_variant_solutions(puzzle.cells(), rules, None, 100);
    assert_eq!(brute("classic"), Ok(11));
    assert_eq!(brute("x"), Ok(1));
    let solution = puzzle
        .analyse_variant(2, &Variant::X)
        .first
        .expect("a solution");
    verify::sudoku::check_variant_solution(puzzle.cells(), solution.cells(), "x", None)
        .expect("an X solution");
}

#[test]
fn variant_counts_match_a_brute_force_on_sparser_puzzles() {
    // Generated puzzles with givens blanked: several solutions, counted by the
    // variant solver and by verify's backtracking from the rules.
    for kind in [
        VariantKind::X,
        VariantKind::Windoku,
        VariantKind::Disjoint,
        VariantKind::Jigsaw,
    ] {
        for index in 0..1 {
            let (puzzle, variant) = generate_variant(&GenerateOptions::default(), kind, 9, index);
            let mut cells = puzzle.cells().to_vec();
            let mut blanked = 0;
            for c in cells.iter_mut() {
                if *c != 0 && blanked < 3 {
                    *c = 0;
                    blanked += 1;
                }
            }
            let sparse = Sudoku::from_cells_variant(&cells, &variant).expect("fewer givens");
            let ours = sparse.analyse_variant(200, &variant).count.count;
            let (rules, map) = rules(&variant);
            let brute = verify::sudoku::count_variant_solutions(&cells, rules, map.as_deref(), 200)
                .expect("known rules");
            assert_eq!(ours, u128::from(brute), "{kind} {index}");
            assert!(ours >= 1);
        }
    }
}

/// Checks the solver on `cells` under `variant` against verify's brute force: the
/// count at limits 1, 2 and 50 (the brute force counts to 50), and the first solution
/// against the rules.
fn agrees_with_the_brute_force(cells: &[u8], variant: &Variant) -> Result<(), String> {
    let (rules, map) = rules(variant);
    let brute = verify::sudoku::count_variant_solutions(cells, rules, map.as_deref(), 50)?;
    let puzzle = Sudoku::from_cells_variant(cells, variant).map_err(|e| e.to_string())?;
    for limit in [1u64, 2, 50] {
        let analysis = puzzle.analyse_variant(limit, variant);
        let want = brute.min(limit);
        if analysis.count.count != u128::from(want) {
            return Err(format!(
                "{}: limit {limit}: {} solutions, brute force {want}",
                name(variant),
                analysis.count.count
            ));
        }
        match analysis.first {
            Some(first) => {
                verify::sudoku::check_variant_solution(cells, first.cells(), rules, map.as_deref())?
            }
            None if brute == 0 => {}
            None => return Err(format!("limit {limit}: no first solution")),
        }
    }
    Ok(())
}

#[test]
fn counts_at_limits_1_2_and_50_match_the_brute_force_on_sparse_puzzles() {
    // Generated puzzles with 0, 3 and 6 of their givens blanked from the front:
    // unique, a few, and many solutions; the band solver (X, windoku, disjoint)
    // and the general one (jigsaw, whose givens may repeat in a classic box).
    for kind in [
        VariantKind::X,
        VariantKind::Windoku,
        VariantKind::Disjoint,
        VariantKind::Jigsaw,
    ] {
        // (The brute force takes minutes on sparse jigsaw puzzles: fewer of those.)
        let (indexes, blanks) = match kind {
            VariantKind::Jigsaw => (0..1, &[0, 3][..]),
            _ => (0..3, &[0, 3, 6][..]),
        };
        for index in indexes {
            let (puzzle, variant) = generate_variant(&GenerateOptions::default(), kind, 4, index);
            let givens: Vec<usize> = (0..81).filter(|&c| puzzle.cells()[c] != 0).collect();
            for &blank in blanks {
                let mut cells = puzzle.cells().to_vec();
                for &c in &givens[..blank] {
                    cells[c] = 0;
                }
                agrees_with_the_brute_force(&cells, &variant)
                    .unwrap_or_else(|e| panic!("{kind} {index} blank {blank}: {e}"));
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..proptest::test_runner::Config::with_cases(48)
    })]

    /// Random givens: a random subset of a variant solution, with one cell maybe
    /// set to another value (so some have no solution); the solver's counts and first
    /// solutions against the brute force.
    #[test]
    fn random_givens_agree_with_the_brute_force(
        kind in proptest::sample::select(vec![
            VariantKind::X,
            VariantKind::Windoku,
            VariantKind::Disjoint,
            VariantKind::Jigsaw,
        ]),
        index in 0u64..6,
        keep in proptest::collection::vec(proptest::bool::weighted(0.45), 81),
        poke in (0usize..81, 1u8..=9),
    ) {
        let (puzzle, variant) = generate_variant(&GenerateOptions::default(), kind, 11, index);
        let solution = puzzle.analyse_variant(1, &variant).first.expect("a solution");
        let mut cells: Vec<u8> = solution
            .cells()
            .iter()
            .zip(&keep)
            .map(|(&v, &k)| if k { v } else { 0 })
            .collect();
        let saved = cells[poke.0];
        cells[poke.0] = poke.1;
        if variant.check_givens(&cells).is_err() {
            cells[poke.0] = saved;
        }
        if let Err(e) = agrees_with_the_brute_force(&cells, &variant) {
            proptest::prop_assert!(false, "{e}");
        }
    }
}
