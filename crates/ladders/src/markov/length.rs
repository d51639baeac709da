//! The length distribution of a one-player game, turn by turn.

use std::ops::ControlFlow;

use super::{Chain, LengthDistribution};

impl Chain {
    /// The distribution of the length of a one-player game, by iterating the chain
    /// turn by turn from the start: O(squares x faces) per turn. Stops when the
    /// probability of a game still running falls to `tolerance` or after `max_turns`
    /// turns, whichever comes first; what is left is [`LengthDistribution::unfinished`].
    /// Probability that flows into a [trap](Chain::trap) is counted in
    /// [`LengthDistribution::never`] at once.
    pub fn length_distribution(&self, tolerance: f64, max_turns: usize) -> LengthDistribution {
        self.length_distribution_with_progress(tolerance, max_turns, &mut |_| {
            ControlFlow::Continue(())
        })
    }

    /// [`Chain::length_distribution`], calling `progress(t)` after each turn `t` (for a
    /// progress bar on large boards); a `ControlFlow::Break` from it stops the iteration
    /// there, as `max_turns` would (what is left is [`LengthDistribution::unfinished`]):
    /// the hook of a caller that may be interrupted.
    ///
    /// Each turn is a convolution, not a walk over the moves: the mass landing on
    /// square `t` by a roll that stays on the board is `(1/faces) x sum of p[t - r]`
    /// over the rolls `r` (`faces` passes over contiguous memory, which the compiler
    /// vectorizes), then the jumps move the mass landing on their start to their end,
    /// and the few squares within `faces` of the end add their rolls past it (as
    /// [`crate::Rules::landing`] says).
    pub fn length_distribution_with_progress(
        &self,
        tolerance: f64,
        max_turns: usize,
        progress: &mut dyn FnMut(usize) -> ControlFlow<()>,
    ) -> LengthDistribution {
        let last = self.last as usize;
        let n = last + 1;
        let mut exactly = vec![0.0f64];
        let mut never = 0.0;
        let mut p = vec![0.0f64; n];
        let mut next = vec![0.0f64; n];
        let mut moved = vec![0.0f64; self.jump_squares.len()];
        let mut running = 1.0;
        if self.start == self.last {
            exactly[0] = 1.0;
            running = 0.0;
        } else if !self.finishes[self.start as usize] {
            never = 1.0;
            running = 0.0;
        } else {
            p[self.start as usize] = 1.0;
        }
        let faces = self.faces as usize;
        let inv = 1.0 / f64::from(self.faces);
        // Squares with a roll past the end, and squares that cannot finish.
        let near_end = last.saturating_sub(faces - 1)..last;
        let stuck: Vec<usize> = (0..n).filter(|&s| !self.finishes[s]).collect();
        while running > tolerance && exactly.len() <= max_turns {
            convolve(&p, &mut next, faces, inv);
            for (m, &j) in moved.iter_mut().zip(&self.jump_squares) {
                *m = next[j as usize];
                next[j as usize] = 0.0;
            }
            for (m, &j) in moved.iter().zip(&self.jump_squares) {
                next[self.dest[j as usize] as usize] += m;
            }
            for s in near_end.clone() {
                let mass = p[s] * inv;
                if mass == 0.0 {
                    continue;
                }
                for roll in (last - s + 1) as u32..=self.faces {
                    let to = match self.rules.landing(s as u32, roll, self.last) {
                        Some(t) => self.dest[t as usize],
                        None => s as u32,
                    };
                    next[to as usize] += mass;
                }
            }
            std::mem::swap(&mut p, &mut next);
            let finished = p[last];
            p[last] = 0.0;
            let mut lost = 0.0;
            for &s in &stuck {
                lost += p[s];
                p[s] = 0.0;
            }
            running = p.iter().sum();
            never += lost;
            exactly.push(finished);
            if progress(exactly.len() - 1).is_break() {
                break;
            }
        }
        LengthDistribution {
            exactly,
            unfinished: running,
            never,
        }
    }
}

/// `next[t] = inv x (p[t - 1] + ... + p[t - faces])` (terms below square 0 omitted):
/// one pass, the sum over the rolls unrolled for the common dice.
fn convolve(p: &[f64], next: &mut [f64], faces: usize, inv: f64) {
    match faces {
        4 => convolve_fixed::<4>(p, next, inv),
        6 => convolve_fixed::<6>(p, next, inv),
        8 => convolve_fixed::<8>(p, next, inv),
        10 => convolve_fixed::<10>(p, next, inv),
        12 => convolve_fixed::<12>(p, next, inv),
        20 => convolve_fixed::<20>(p, next, inv),
        _ => {
            next.fill(0.0);
            let n = p.len();
            for r in 1..=faces.min(n - 1) {
                for (x, y) in next[r..].iter_mut().zip(&p[..n - r]) {
                    *x += y;
                }
            }
            next.iter_mut().for_each(|x| *x *= inv);
        }
    }
}

fn convolve_fixed<const F: usize>(p: &[f64], next: &mut [f64], inv: f64) {
    let n = p.len();
    let head = F.min(n);
    for t in 0..head {
        next[t] = p[..t].iter().sum::<f64>() * inv;
    }
    for (x, window) in next[head..].iter_mut().zip(p.windows(F)) {
        let w: &[f64; F] = window
            .try_into()
            .unwrap_or_else(|_| unreachable!("windows of F"));
        *x = w.iter().sum::<f64>() * inv;
    }
}
