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
            let fewer = Sudoku::from_cells(puzzle.shape(), &fewer).expect("valid");
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
