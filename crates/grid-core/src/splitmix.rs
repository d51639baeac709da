//! SplitMix64, the small seeded generator of the gridsolve crates.

/// SplitMix64 (G. L. Steele, D. Lea and C. H. Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014; S. Vigna's constants): a tiny, well-mixed
/// generator whose sequence for a seed never changes, so a seeded search or a
/// generated board is the same on every platform and release. Not for cryptography.
///
/// # Examples
///
/// ```
/// use grid_core::SplitMix64;
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
/// assert!(SplitMix64::new(7).below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), by D. Lemire's multiply-shift.
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }
}
