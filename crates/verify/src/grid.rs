//! grid-core's integer-matrix parser.

/// Any-input invariants of [`grid_core::parse_matrix`]: whatever it accepts (with at least
/// one row and one column) renders to the whitespace form and parses back to the same grid.
///
/// # Panics
///
/// When an invariant breaks.
pub fn invariants(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    if let Ok(grid) = grid_core::parse_matrix(text)
        && grid.rows() > 0
        && grid.cols() > 0
    {
        // A dev-only invariant checker: a panic here is the finding it exists to report.
        let again = grid_core::parse_matrix(&grid.to_string()).expect("rendered grids parse");
        assert_eq!(again, grid);
    }
}
