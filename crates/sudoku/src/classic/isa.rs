//! The instruction-set paths of the 9 x 9 solver. The search is compiled three times
//! from one source (`dfs_path!` in the parent module): a portable copy for any CPU,
//! and on x86-64 a copy with the x86-64-v3 extensions enabled (`#[target_feature]`:
//! BMI2's `pext` extracts a word's mini-row pattern in one instruction where the
//! portable copy looks up three tables, POPCNT counts the degree of a branching cell
//! in one, and AVX2 gives the compiler 256-bit registers for the nine words of a band
//! and the copy of a search node, 1-2% faster than BMI2 and POPCNT alone), and one
//! with AVX-512 F, BW and VL as well ([`X86V4`]: the givens sorted by value with 64-byte
//! compares into mask registers, the solution written with masked byte blends, and
//! 512-bit masked registers wherever the compiler vectorises the search, as in the
//! stack closure and the copy of a node). The copy is picked at run time
//! (`is_x86_feature_detected!`, asked once), so one binary runs on every x86-64 and
//! aarch64 CPU and takes the fastest copy the CPU has. Every copy gives the same
//! answers, guesses included (tested on the public data sets). A CPU that runs `pext`
//! in microcode (AMD before Zen 3: [`pext_is_fast`]) takes the portable copy, which
//! was 1.4-1.7x faster than the x86-64-v3 one on an AMD EPYC of family 17h.
//!
//! On an AMD Zen 4 (which runs 512-bit operations as two 256-bit halves) the AVX-512
//! copy took 4-8% less CPU time than the x86-64-v3 one on the easy sets, where the
//! set-up and the read-out of the solution weigh (17clue, serg_benchmark), and the
//! same within 2% on the hard ones (top1465, the forum's hardest); see the crate
//! README. A search vectorised across the 27 words (one pass updating every word at
//! once, as tdoku updates its boxes) was estimated and not built: at 9 of 16 lanes per
//! band and two micro-operations per 512-bit operation on Zen 4, a pass would cost
//! more than the dozen scalar word updates a search node makes.
//!
//! Source: the Rust reference, "The `target_feature` attribute", and `std::arch`
//! ("Dynamic CPU feature detection"); Intel's Intrinsics Guide for the AVX-512
//! byte compares into masks (`vpcmpeqb k, zmm`) and masked blends (`vpblendmb`).

use super::ROW_BOXES;

/// The operations whose best instructions differ between the paths.
pub(crate) trait Isa {
    /// For a band word: which of its nine mini-rows (row x box intersections) hold a
    /// cell, as a pattern with bit `3r + k` for row `r`, box `k`.
    fn minirows(a: u32) -> u32;

    /// The givens sorted by value: `[10 * k + v]` holds the cells of band `k` (bit
    /// `9 * (row % 3) + col`) whose value is `v` (0 = blank; a value above 9 counts
    /// as 9). Cell by cell: each cell ORs its bit into a word in memory, so a run of
    /// blanks waits on store-to-load forwarding.
    #[inline(always)]
    fn by_value(cells: &[u8; 81]) -> [u32; 30] {
        let mut by_value = [0u32; 30];
        for (k, band) in cells.chunks_exact(27).enumerate() {
            for (bit, &v) in band.iter().enumerate() {
                by_value[10 * k + usize::from(v.min(9))] |= 1 << bit;
            }
        }
        by_value
    }

    /// For the band solver's X pass over its extra units (two at most, each as its
    /// cells in bands 0, 1 and 2), bit `16 * n + v` of value `v` in unit `n`: whether
    /// the value's cells in the unit differ in `words` and `checked`, whether none of
    /// them is left, one unsolved one (`unsolved`: per band) or exactly two. `checked`
    /// takes the words of every value with such a difference. With no branch.
    #[inline(always)]
    fn unit_scan(
        words: &[u32; 27],
        checked: &mut [u32; 27],
        unsolved: &[u32; 3],
        units: &[[u32; 3]],
    ) -> [u32; 4] {
        debug_assert!(units.len() <= 2);
        let (mut looked, mut empty, mut single, mut pair) = (0u32, 0u32, 0u32, 0u32);
        for v in 0..9 {
            let (x, y, z) = (words[v], words[9 + v], words[18 + v]);
            let (dx, dy, dz) = (x ^ checked[v], y ^ checked[9 + v], z ^ checked[18 + v]);
            let mut any = 0u32;
            for (n, u) in units.iter().enumerate() {
                let moved = u32::from((dx & u[0]) | (dy & u[1]) | (dz & u[2]) != 0);
                any |= moved;
                let f = (x & u[0]) | (y & u[1]) | (z & u[2]);
                let open =
                    (x & u[0] & unsolved[0]) | (y & u[1] & unsolved[1]) | (z & u[2] & unsolved[2]);
                let rest = f & f.wrapping_sub(1);
                let bit = 16 * n + v;
                looked |= moved << bit;
                empty |= u32::from(f == 0) << bit;
                single |= u32::from(rest == 0 && open != 0) << bit;
                pair |= u32::from(rest != 0 && rest & rest.wrapping_sub(1) == 0) << bit;
            }
            let take = 0u32.wrapping_sub(any);
            checked[v] = (x & take) | (checked[v] & !take);
            checked[9 + v] = (y & take) | (checked[9 + v] & !take);
            checked[18 + v] = (z & take) | (checked[18 + v] & !take);
        }
        [looked, empty, single, pair]
    }

    /// The grid of 27 band words (word `9 * k + v`: value `v + 1` in band `k`), 81
    /// cells row by row: where a cell is in several words the largest value wins, 0
    /// where it is in none. Word by word, bit by bit.
    #[inline(always)]
    fn grid(words: &[u32; 27]) -> [u8; 81] {
        // 32 slots per band, so that a bit index needs no bounds check.
        let mut bands = [[0u8; 32]; 3];
        for (k, band) in bands.iter_mut().enumerate() {
            for (v, &word) in words[9 * k..9 * k + 9].iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    band[w.trailing_zeros() as usize] = v as u8 + 1;
                    w &= w - 1;
                }
            }
        }
        let mut out = [0u8; 81];
        for (chunk, band) in out.chunks_exact_mut(27).zip(&bands) {
            chunk.copy_from_slice(&band[..27]);
        }
        out
    }
}

/// Any CPU: table lookups.
pub(crate) struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn minirows(a: u32) -> u32 {
        u32::from(ROW_BOXES[0][(a & 0x1FF) as usize])
            | u32::from(ROW_BOXES[1][((a >> 9) & 0x1FF) as usize])
            | u32::from(ROW_BOXES[2][((a >> 18) & 0x1FF) as usize])
    }
}

/// x86-64 with AVX2, BMI1, BMI2, LZCNT and POPCNT (the x86-64-v3 level but FMA and
/// MOVBE, which the solver has no use for). The givens are sorted by value with three
/// 32-byte compares a value (the cell-by-cell loop waited on store-to-load forwarding
/// through runs of blanks, as [`X86V4`]'s notes say), and the solution is written with
/// byte blends, each value's cell bits spread to bytes by a shuffle and a compare: on
/// an AMD EPYC of Zen 3 (family 25 model 1, no AVX-512), 13% less CPU time on 17clue
/// and 8% on serg_benchmark, where the set-up and the read-out weigh (the crate
/// README, "Per CPU family").
#[cfg(target_arch = "x86_64")]
pub(crate) struct X86V3;

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

    #[inline(always)]
    fn by_value(cells: &[u8; 81]) -> [u32; 30] {
        use core::arch::x86_64::{
            _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8,
            _mm256_set1_epi8,
        };
        let mut by_value = [0u32; 30];
        #[expect(
            unsafe_code,
            reason = "AVX2: only inlined into the x86-64-v3 and v4 copies of the search, \
                      which run only after the detection said the CPU has it; the three \
                      32-byte loads read cells 0-31, 32-63 and 49-80 of the 81"
        )]
        // SAFETY: see the `expect` reason: the CPU has AVX2, and every load stays
        // inside `cells` (the last ends at its 81st byte).
        unsafe {
            let nine = _mm256_set1_epi8(9);
            let p = cells.as_ptr();
            let c0 = _mm256_min_epu8(_mm256_loadu_si256(p.cast()), nine);
            let c1 = _mm256_min_epu8(_mm256_loadu_si256(p.add(32).cast()), nine);
            let c2 = _mm256_min_epu8(_mm256_loadu_si256(p.add(49).cast()), nine);
            for v in 0..10u8 {
                let value = _mm256_set1_epi8(v as i8);
                // Cells 0-63 in `low`; 64-80 at bits 15-31 of the third mask.
                let low = u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(c0, value)) as u32)
                    | (u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(c1, value)) as u32) << 32);
                let high = (_mm256_movemask_epi8(_mm256_cmpeq_epi8(c2, value)) as u32) >> 15;
                let v = usize::from(v);
                by_value[v] = low as u32 & super::BAND;
                by_value[10 + v] = (low >> 27) as u32 & super::BAND;
                by_value[20 + v] = ((low >> 54) as u32) | (high << 10);
            }
        }
        by_value
    }

    #[inline(always)]
    fn grid(words: &[u32; 27]) -> [u8; 81] {
        use core::arch::x86_64::{
            _mm256_and_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi8, _mm256_set1_epi8,
            _mm256_set1_epi32, _mm256_set1_epi64x, _mm256_setr_epi8, _mm256_setzero_si256,
            _mm256_shuffle_epi8, _mm256_storeu_si256,
        };
        let mut out = [0u8; 81];
        #[expect(
            unsafe_code,
            reason = "AVX2: only inlined into the x86-64-v3 copy of the search, which \
                      runs only after `x86_v3_detected` said the CPU has it; the three \
                      32-byte stores write cells 0-31, 32-63 and 49-80 of the 81"
        )]
        // SAFETY: see the `expect` reason: the CPU has AVX2, and every store stays
        // inside `out` (the last ends at its 81st byte).
        unsafe {
            // Byte i of a chunk takes bit i of its 32-bit mask: byte i / 8 of the mask
            // (the broadcast repeats it in both 128-bit lanes), tested against bit i % 8.
            let spread = _mm256_setr_epi8(
                0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3,
                3, 3, 3, 3,
            );
            let bits = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
            let expand = |mask: u32| {
                let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(mask as i32), spread);
                _mm256_cmpeq_epi8(_mm256_and_si256(bytes, bits), bits)
            };
            let mut chunks = [_mm256_setzero_si256(); 3];
            for v in 0..9 {
                // Value v + 1's cells: 0-63 in `low`, 64-80 in `high`.
                let low = u64::from(words[v])
                    | (u64::from(words[9 + v]) << 27)
                    | (u64::from(words[18 + v]) << 54);
                let high = words[18 + v] >> 10;
                let value = _mm256_set1_epi8(v as i8 + 1);
                let masks = [
                    low as u32,
                    (low >> 32) as u32,
                    (low >> 49) as u32 | (high << 15),
                ];
                for (chunk, mask) in chunks.iter_mut().zip(masks) {
                    *chunk = _mm256_blendv_epi8(*chunk, value, expand(mask));
                }
            }
            let p = out.as_mut_ptr();
            _mm256_storeu_si256(p.cast(), chunks[0]);
            _mm256_storeu_si256(p.add(32).cast(), chunks[1]);
            _mm256_storeu_si256(p.add(49).cast(), chunks[2]);
        }
        out
    }
}

/// x86-64 with AVX-512 (F, BW, VL) beside everything [`X86V3`] has (the x86-64-v4
/// level less CD and DQ, which the solver has no use for): one byte compare of 64
/// cells gives a value's 64 cell bits in a mask register, so the givens are sorted by
/// value in 20 compares instead of a loop over 81 cells, and one masked byte blend
/// writes a value into 64 cells of the solution grid.
#[cfg(target_arch = "x86_64")]
pub(crate) struct X86V4;

#[cfg(target_arch = "x86_64")]
impl Isa for X86V4 {
    #[inline(always)]
    fn minirows(a: u32) -> u32 {
        X86V3::minirows(a)
    }

    #[inline(always)]
    fn unit_scan(
        words: &[u32; 27],
        checked: &mut [u32; 27],
        unsolved: &[u32; 3],
        units: &[[u32; 3]],
    ) -> [u32; 4] {
        use core::arch::x86_64::{
            __m512i, _mm512_and_si512, _mm512_mask_storeu_epi32, _mm512_mask_test_epi32_mask,
            _mm512_mask_testn_epi32_mask, _mm512_maskz_loadu_epi32, _mm512_or_si512,
            _mm512_set1_epi32, _mm512_sub_epi32, _mm512_xor_si512,
        };
        debug_assert!(units.len() <= 2);
        let (mut looked, mut empty, mut single, mut pair) = (0u32, 0u32, 0u32, 0u32);
        #[expect(
            unsafe_code,
            reason = "AVX-512F: only inlined into the x86-64-v4 copy of the search, which \
                      runs only after `x86_v4_detected` said the CPU has it; each masked \
                      load and store touches nine of the 27 words"
        )]
        // SAFETY: see the `expect` reason: the CPU has the feature, and each load and
        // store touches only the nine words its mask names, inside its array.
        unsafe {
            const LANES: u16 = 0x1FF;
            // Lane v: value v's word in band 0, 1, 2.
            let p = words.as_ptr().cast::<i32>();
            let c = checked.as_mut_ptr().cast::<i32>();
            let w = [
                _mm512_maskz_loadu_epi32(LANES, p),
                _mm512_maskz_loadu_epi32(LANES, p.add(9)),
                _mm512_maskz_loadu_epi32(LANES, p.add(18)),
            ];
            let d = [
                _mm512_xor_si512(w[0], _mm512_maskz_loadu_epi32(LANES, c)),
                _mm512_xor_si512(w[1], _mm512_maskz_loadu_epi32(LANES, c.add(9))),
                _mm512_xor_si512(w[2], _mm512_maskz_loadu_epi32(LANES, c.add(18))),
            ];
            // The three bands' words masked by `m` (per band), ORed.
            let masked = |x: &[__m512i; 3], m: [u32; 3]| {
                _mm512_or_si512(
                    _mm512_or_si512(
                        _mm512_and_si512(x[0], _mm512_set1_epi32(m[0] as i32)),
                        _mm512_and_si512(x[1], _mm512_set1_epi32(m[1] as i32)),
                    ),
                    _mm512_and_si512(x[2], _mm512_set1_epi32(m[2] as i32)),
                )
            };
            let one = _mm512_set1_epi32(1);
            let mut any = 0u16;
            for (n, u) in units.iter().enumerate() {
                let moved = masked(&d, *u);
                let f = masked(&w, *u);
                let open = masked(
                    &w,
                    [u[0] & unsolved[0], u[1] & unsolved[1], u[2] & unsolved[2]],
                );
                let rest = _mm512_and_si512(f, _mm512_sub_epi32(f, one));
                let rest2 = _mm512_and_si512(rest, _mm512_sub_epi32(rest, one));
                let moved = _mm512_mask_test_epi32_mask(LANES, moved, moved);
                any |= moved;
                let shift = 16 * n;
                looked |= u32::from(moved) << shift;
                empty |= u32::from(_mm512_mask_testn_epi32_mask(LANES, f, f)) << shift;
                let alone = _mm512_mask_testn_epi32_mask(LANES, rest, rest);
                single |= u32::from(_mm512_mask_test_epi32_mask(alone, open, open)) << shift;
                let two = _mm512_mask_test_epi32_mask(LANES, rest, rest);
                pair |= u32::from(_mm512_mask_testn_epi32_mask(two, rest2, rest2)) << shift;
            }
            _mm512_mask_storeu_epi32(c, any, w[0]);
            _mm512_mask_storeu_epi32(c.add(9), any, w[1]);
            _mm512_mask_storeu_epi32(c.add(18), any, w[2]);
        }
        [looked, empty, single, pair]
    }

    #[inline(always)]
    fn by_value(cells: &[u8; 81]) -> [u32; 30] {
        use core::arch::x86_64::{
            _mm512_cmpeq_epi8_mask, _mm512_loadu_si512, _mm512_maskz_loadu_epi8, _mm512_min_epu8,
            _mm512_set1_epi8,
        };
        let mut by_value = [0u32; 30];
        #[expect(
            unsafe_code,
            reason = "AVX-512F/BW: only inlined into the x86-64-v4 copy of the search, \
                      which runs only after `x86_v4_detected` said the CPU has them; the \
                      loads read cells 0-63 and, masked, 64-80 of the 81"
        )]
        // SAFETY: see the `expect` reason: the CPU has the features, and both loads
        // stay inside `cells` (the second reads only the 17 bytes its mask names).
        unsafe {
            let nine = _mm512_set1_epi8(9);
            let low = _mm512_min_epu8(_mm512_loadu_si512(cells.as_ptr().cast()), nine);
            let high = _mm512_min_epu8(
                _mm512_maskz_loadu_epi8(0x1_FFFF, cells.as_ptr().add(64).cast()),
                nine,
            );
            for v in 0..10u8 {
                let value = _mm512_set1_epi8(v as i8);
                // The 81 cells: 64 in the first mask, 17 in the second (the masked-off
                // bytes of `high` are 0, so blanks there are cut off below).
                let all = u128::from(_mm512_cmpeq_epi8_mask(low, value))
                    | (u128::from(_mm512_cmpeq_epi8_mask(high, value) & 0x1_FFFF) << 64);
                for k in 0..3 {
                    by_value[10 * k + usize::from(v)] = (all >> (27 * k)) as u32 & super::BAND;
                }
            }
        }
        by_value
    }

    #[inline(always)]
    fn grid(words: &[u32; 27]) -> [u8; 81] {
        use core::arch::x86_64::{
            _mm512_mask_blend_epi8, _mm512_mask_storeu_epi8, _mm512_set1_epi8,
            _mm512_setzero_si512, _mm512_storeu_si512,
        };
        let mut out = [0u8; 81];
        #[expect(
            unsafe_code,
            reason = "AVX-512F/BW: only inlined into the x86-64-v4 copy of the search, \
                      which runs only after `x86_v4_detected` said the CPU has them; the \
                      stores write cells 0-63 and, masked, 64-80 of the 81"
        )]
        // SAFETY: see the `expect` reason: the CPU has the features, and both stores
        // stay inside `out` (the second writes only the 17 bytes its mask names).
        unsafe {
            let (mut low, mut high) = (_mm512_setzero_si512(), _mm512_setzero_si512());
            for v in 0..9 {
                // Value v + 1's cells, 81 bits: band k's word at bits 27k..27k+26.
                let cells = u128::from(words[v])
                    | (u128::from(words[9 + v]) << 27)
                    | (u128::from(words[18 + v]) << 54);
                let value = _mm512_set1_epi8(v as i8 + 1);
                low = _mm512_mask_blend_epi8(cells as u64, low, value);
                high = _mm512_mask_blend_epi8((cells >> 64) as u64, high, value);
            }
            _mm512_storeu_si512(out.as_mut_ptr().cast(), low);
            _mm512_mask_storeu_epi8(out.as_mut_ptr().add(64).cast(), 0x1_FFFF, high);
        }
        out
    }
}

/// What this CPU runs, found once: bit 0 set once known, bit 1 the [`X86V3`] copy,
/// bit 2 the [`X86V4`] copy, bit 3 set when its `pext` is slow ([`slow_pext`]). (`std` caches its detection too, but asking it costs a
/// load and a test per feature: eight per puzzle, where this is one.)
#[cfg(target_arch = "x86_64")]
fn detected() -> u8 {
    use std::sync::atomic::{AtomicU8, Ordering};
    static DETECTED: AtomicU8 = AtomicU8::new(0);
    let known = DETECTED.load(Ordering::Relaxed);
    if known != 0 {
        return known;
    }
    // Every feature the copies' `#[target_feature(enable = ..)]` name.
    let v3 = std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt");
    let v4 = v3
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl");
    let found = 1 | u8::from(v3) << 1 | u8::from(v4) << 2 | u8::from(v3 && slow_pext()) << 3;
    DETECTED.store(found, Ordering::Relaxed);
    found
}

/// Whether this CPU runs BMI2's `pext` in microcode: AMD's family 17h (Zen, Zen+,
/// Zen 2) and Hygon's 18h, which take tens to hundreds of cycles for it depending on
/// the mask, where AMD's family 19h on (Zen 3 and later) and Intel's BMI2 CPUs take
/// one to three (Agner Fog's instruction tables; uops.info). Read once, from CPUID's
/// vendor string (leaf 0) and family (leaf 1: the base family, plus the extended
/// family when the base is 0Fh).
#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use core::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let mut name = [0u8; 12];
    for (chunk, word) in name
        .chunks_exact_mut(4)
        .zip([vendor.ebx, vendor.edx, vendor.ecx])
    {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    pext_microcoded(&name, __cpuid(1).eax)
}

/// [`slow_pext`] of a CPUID vendor string and leaf-1 EAX (its signature).
#[cfg(target_arch = "x86_64")]
fn pext_microcoded(vendor: &[u8; 12], signature: u32) -> bool {
    if vendor != b"AuthenticAMD" && vendor != b"HygonGenuine" {
        return false;
    }
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((signature >> 20) & 0xFF)
    } else {
        base
    };
    family < 0x19
}

/// Whether this CPU runs `pext` in a cycle or so (see [`slow_pext`]): the x86-64-v3
/// and -v4 copies of the 9 x 9 search read each band word's mini-rows with it, so a
/// CPU that runs it in microcode takes the portable copy's table look-ups instead
/// ([`super::Path::classic`]).
#[cfg(target_arch = "x86_64")]
pub(crate) fn pext_is_fast() -> bool {
    detected() & 8 == 0
}

/// Whether this CPU runs the [`X86V4`] copy: it has every feature that copy's
/// `#[target_feature(enable = ..)]` names.
#[cfg(target_arch = "x86_64")]
pub(crate) fn x86_v4_detected() -> bool {
    detected() & 4 != 0
}

/// Whether this CPU runs the [`X86V3`] copy: it has every feature that copy's
/// `#[target_feature(enable = ..)]` names.
#[cfg(target_arch = "x86_64")]
pub(crate) fn x86_v3_detected() -> bool {
    detected() & 2 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CPUID signatures of real CPUs: AMD's family 17h (EPYC 7601, Zen; EPYC 7702,
    /// Zen 2) and Hygon's 18h run `pext` in microcode; AMD's 19h (EPYC 7763, Zen 3;
    /// EPYC 9654, Zen 4), 1Ah (Zen 5) and Intel's do not.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn pext_is_microcoded_on_amd_before_zen_3() {
        let (amd, hygon, intel) = (b"AuthenticAMD", b"HygonGenuine", b"GenuineIntel");
        assert!(pext_microcoded(amd, 0x0080_0F12));
        assert!(pext_microcoded(amd, 0x0083_0F10));
        assert!(pext_microcoded(hygon, 0x0090_0F01));
        assert!(!pext_microcoded(amd, 0x00A0_0F11));
        assert!(!pext_microcoded(amd, 0x00A1_0F11));
        assert!(!pext_microcoded(amd, 0x00B0_0F00));
        assert!(!pext_microcoded(intel, 0x0005_0654));
        assert!(!pext_microcoded(intel, 0x0008_06F8));
    }

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

    /// The AVX-512 scan of two units agrees with the portable one, `checked` included,
    /// on random words with few cells (so that units with none, one and two cells
    /// left all occur) and random differences.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_unit_scans_agree() {
        if !x86_v4_detected() {
            return;
        }
        // xorshift64: a fixed random sample.
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u32
        };
        // The main diagonal and the anti-diagonal, per band (bit `9 * (row % 3) + col`).
        let mut units = [[0u32; 3]; 2];
        for r in 0..9 {
            units[0][r / 3] |= 1 << (9 * (r % 3) + r);
            units[1][r / 3] |= 1 << (9 * (r % 3) + 8 - r);
        }
        for _ in 0..20_000 {
            let mut words = [0u32; 27];
            for w in &mut words {
                *w = next() & next() & next() & super::super::BAND;
            }
            let mut checked = words;
            for c in &mut checked {
                if next() % 3 == 0 {
                    *c ^= 1 << (next() % 27);
                }
            }
            let unsolved = [next(), next(), next()].map(|x| x & super::super::BAND);
            let (mut a, mut b) = (checked, checked);
            let portable = Portable::unit_scan(&words, &mut a, &unsolved, &units);
            let fast = X86V4::unit_scan(&words, &mut b, &unsolved, &units);
            assert_eq!(portable, fast);
            assert_eq!(a, b);
        }
    }
}
