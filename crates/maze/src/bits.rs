//! A fixed-size bit set over `u64` words: one bit per cell, no per-cell allocation.

/// `len` bits, all clear at the start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    pub(crate) fn new(len: usize) -> Self {
        BitSet {
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// Grows the set to hold at least `len` bits (new bits clear); never shrinks.
    pub(crate) fn grow_to(&mut self, len: usize) {
        let words = len.div_ceil(64);
        if words > self.words.len() {
            self.words.resize(words, 0);
        }
    }

    /// Number of bits the set holds (a multiple of 64).
    pub(crate) fn capacity(&self) -> usize {
        self.words.len() * 64
    }

    /// Makes the set exactly `len` bits long (bits past `len` must be clear) and
    /// returns spare capacity to the allocator.
    pub(crate) fn fit_to(&mut self, len: usize) {
        self.words.resize(len.div_ceil(64), 0);
        self.words.shrink_to_fit();
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> bool {
        (self.words[i >> 6] >> (i & 63)) & 1 == 1
    }

    #[inline]
    pub(crate) fn set(&mut self, i: usize) {
        self.words[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub(crate) fn clear(&mut self, i: usize) {
        self.words[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub(crate) fn assign(&mut self, i: usize, value: bool) {
        if value {
            self.set(i);
        } else {
            self.clear(i);
        }
    }

    /// Sets the bits `i..i + n` (`n <= 57`) that are set in `bits` (bit `k` of `bits`
    /// for bit `i + k`); the others are left as they are.
    #[inline]
    pub(crate) fn or_bits(&mut self, i: usize, bits: u64, n: usize) {
        debug_assert!(n <= 57 && bits >> n == 0);
        let (w, b) = (i >> 6, i & 63);
        self.words[w] |= bits << b;
        if b + n > 64 {
            self.words[w + 1] |= bits >> (64 - b);
        }
    }

    /// Sets bit `i` and reports whether it was clear before.
    #[inline]
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        let word = &mut self.words[i >> 6];
        let mask = 1 << (i & 63);
        let was_clear = *word & mask == 0;
        *word |= mask;
        was_clear
    }

    /// Clears bit `i` and reports whether it was set before.
    #[inline]
    pub(crate) fn take(&mut self, i: usize) -> bool {
        let word = &mut self.words[i >> 6];
        let mask = 1 << (i & 63);
        let was_set = *word & mask != 0;
        *word &= !mask;
        was_set
    }

    /// The words, bit `i` at bit `i % 64` of word `i / 64`.
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.words.len() * 8
    }
}
