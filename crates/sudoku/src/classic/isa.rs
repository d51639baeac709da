//! The instruction-set paths of the 9 x 9 solver. The search is compiled twice from
//! one source (`dfs_path!` in the parent module): a portable copy for any CPU, and on
//! x86-64 a copy with the x86-64-v3 extensions enabled (`#[target_feature]`: BMI2's
//! `pext` extracts a word's mini-row pattern in one instruction where the portable
//! copy looks up three tables, POPCNT counts the degree of a branching cell in one,
//! and AVX2 gives the compiler 256-bit registers for the nine words of a band and the
//! copy of a search node, 1-2% faster than BMI2 and POPCNT alone). The copy is picked
//! at run time (`is_x86_feature_detected!`), so one binary runs on every x86-64 and
//! aarch64 CPU and takes the fast copy where the CPU has it. Both copies give the same
//! answers, guesses included (tested on the public data sets).
//!
//! Source: the Rust reference, "The `target_feature` attribute", and `std::arch`
//! ("Dynamic CPU feature detection").

use super::ROW_BOXES;

/// The operations whose best instructions differ between the paths.
pub(super) trait Isa {
    /// For a band word: which of its nine mini-rows (row x box intersections) hold a
    /// cell, as a pattern with bit `3r + k` for row `r`, box `k`.
    fn minirows(a: u32) -> u32;
}

/// Any CPU: table lookups.
pub(super) struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn minirows(a: u32) -> u32 {
        u32::from(ROW_BOXES[0][(a & 0x1FF) as usize])
            | u32::from(ROW_BOXES[1][((a >> 9) & 0x1FF) as usize])
            | u32::from(ROW_BOXES[2][((a >> 18) & 0x1FF) as usize])
    }
}

/// x86-64 with AVX2, BMI1, BMI2, LZCNT and POPCNT (the x86-64-v3 level but FMA and
/// MOVBE, which the solver has no use for).
#[cfg(target_arch = "x86_64")]
pub(super) struct X86V3;

#[cfg(target_arch = "x86_64")]
impl Isa for X86V3 {
    #[inline(always)]
    fn minirows(a: u32) -> u32 {
        // Bit 3m of `a | a >> 1 | a >> 2` is set when mini-row m (bits 3m..3m+3) holds
        // a cell; `pext` gathers those nine bits in order.
        let any = a | (a >> 1) | (a >> 2);
        #[expect(
            unsafe_code,
            reason = "BMI2: only inlined into the x86-64-v3 copy of the search, which \
                      runs only after `x86_v3_detected` said the CPU has BMI2"
        )]
        // SAFETY: see the `expect` reason: the CPU has BMI2 wherever this runs.
        unsafe {
            core::arch::x86_64::_pext_u32(any, 0o111_111_111)
        }
    }
}

/// Whether this CPU runs the [`X86V3`] copy (checked once, then cached by `std`): it
/// has every feature that copy's `#[target_feature(enable = ..)]` names.
#[cfg(target_arch = "x86_64")]
pub(super) fn x86_v3_detected() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two ways of reading the mini-row pattern agree on every mini-row set.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn pext_minirows_match_the_tables() {
        if !x86_v3_detected() {
            return;
        }
        for pattern in 0u32..512 {
            // Each mini-row in the pattern gets one of its three cells, varied.
            let mut word = 0u32;
            for m in 0..9 {
                if pattern & (1 << m) != 0 {
                    word |= 1 << (3 * m + (pattern + m) % 3);
                }
            }
            assert_eq!(Portable::minirows(word), pattern);
            assert_eq!(X86V3::minirows(word), pattern);
            assert_eq!(X86V3::minirows(word | (word << 1) & 0o666_666_666), pattern);
        }
    }
}
