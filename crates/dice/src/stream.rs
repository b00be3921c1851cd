//! The seeded random stream of a game (docs/rulings.md, "One seeded stream a game").
//!
//! One ChaCha8 stream per game. Every die face and every shuffle comes from
//! this module's own arithmetic on the raw 32-bit words (uniform draws by
//! rejection sampling), never from `rand`'s distributions, so the values a seed
//! produces are fixed for every machine and every release. The test vector in
//! this module's tests pins them: if it ever has to change, old replays break.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The random stream of one game. Cloning it forks an identical stream, which
/// is what a search that clones the game wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stream {
    rng: ChaCha8Rng,
    /// Words given before the generator's own, the next one last: a game
    /// rebuilt from what a seat saw draws again the dice it saw
    /// ([`Stream::replaying`]). Emptied and freed once they are used up, so
    /// a game's stream carries nothing more.
    replay: Vec<u32>,
}

impl Stream {
    /// The stream for `seed`. The 256-bit ChaCha key is the seed's eight
    /// little-endian bytes followed by zeros: a plain, documented expansion
    /// that no library version can change.
    pub fn new(seed: u64) -> Self {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        Self {
            rng: ChaCha8Rng::from_seed(key),
            replay: Vec::new(),
        }
    }

    /// The stream for `seed` that first gives `words`, in order: the words a
    /// game has drawn since a point, so that a game rebuilt from that point
    /// rolls the dice it rolled, and then whatever `seed` gives.
    pub fn replaying(seed: u64, words: &[u32]) -> Self {
        let mut s = Self::new(seed);
        s.replay = words.iter().rev().copied().collect();
        s
    }

    /// The words drawn from `self` to reach `later`, a state of the same
    /// stream at most `limit` words on; `None` if it is not one.
    pub fn words_to(&self, later: &Stream, limit: usize) -> Option<Vec<u32>> {
        let mut s = self.clone();
        let mut words = Vec::new();
        while s != *later {
            if words.len() >= limit {
                return None;
            }
            words.push(s.next_u32());
        }
        Some(words)
    }

    /// The next raw 32-bit word.
    pub fn next_u32(&mut self) -> u32 {
        if let Some(w) = self.replay.pop() {
            if self.replay.is_empty() {
                self.replay = Vec::new();
            }
            return w;
        }
        self.rng.next_u32()
    }

    /// A uniform draw from `0..n` by rejection sampling: words below
    /// `2^32 mod n` are rejected so every residue is equally likely.
    ///
    /// # Panics
    /// If `n` is zero, which is a caller's bug, never a player's input.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Stream::below(0)");
        let reject_under = n.wrapping_neg() % n;
        loop {
            let x = self.next_u32();
            if x >= reject_under {
                return x % n;
            }
        }
    }

    /// A uniform index into a slice of length `len` (`len` > 0).
    pub fn index(&mut self, len: usize) -> usize {
        let n = u32::try_from(len).expect("index range fits in u32");
        self.below(n) as usize
    }

    /// A ten-sided die: 1 to 10, where 10 is the face printed "0".
    pub fn d10(&mut self) -> u8 {
        self.below(10) as u8 + 1
    }

    /// A six-sided die: 1 to 6.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Shuffles in place (Fisher–Yates from the last element down).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stability pin of docs/rulings.md, "One seeded stream a game". These numbers are the contract with
    /// every saved game: they must never change.
    #[test]
    fn test_vector_never_changes() {
        let mut s = Stream::new(2026);
        let words: Vec<u32> = (0..4).map(|_| s.next_u32()).collect();
        let d10s: Vec<u8> = (0..12).map(|_| s.d10()).collect();
        let d6s: Vec<u8> = (0..12).map(|_| s.d6()).collect();
        let mut deck: Vec<u8> = (0..10).collect();
        s.shuffle(&mut deck);
        assert_eq!(words, TEST_VECTOR_WORDS);
        assert_eq!(d10s, TEST_VECTOR_D10);
        assert_eq!(d6s, TEST_VECTOR_D6);
        assert_eq!(deck, TEST_VECTOR_SHUFFLE);
    }

    /// A stream given the words another drew rolls the same dice, then goes
    /// on as its own seed; the words between two states of one stream are
    /// found, and none between two streams.
    #[test]
    fn a_replaying_stream_rolls_the_dice_drawn_then_its_own() {
        let start = Stream::new(7);
        let mut game = start.clone();
        let rolled: Vec<u8> = (0..20).map(|_| game.d10()).collect();
        let words = start.words_to(&game, 1000).unwrap();
        assert!(words.len() >= 20);
        let mut rebuilt = Stream::replaying(99, &words);
        let again: Vec<u8> = (0..20).map(|_| rebuilt.d10()).collect();
        assert_eq!(again, rolled);
        // Used up: the seed's own stream, and nothing more carried.
        let mut own = Stream::new(99);
        assert_eq!(rebuilt, own);
        assert_eq!(rebuilt.next_u32(), own.next_u32());
        assert_eq!(start.words_to(&start, 0), Some(vec![]));
        assert_eq!(start.words_to(&Stream::new(8), 500), None);
        assert_eq!(Stream::replaying(5, &[]), Stream::new(5));
    }

    const TEST_VECTOR_WORDS: [u32; 4] = [3079730689, 3460758008, 1672221630, 3604385936];
    const TEST_VECTOR_D10: [u8; 12] = [6, 10, 4, 1, 7, 10, 1, 3, 5, 9, 4, 7];
    const TEST_VECTOR_D6: [u8; 12] = [6, 6, 6, 3, 4, 2, 3, 6, 2, 5, 6, 4];
    const TEST_VECTOR_SHUFFLE: [u8; 10] = [3, 1, 6, 0, 5, 9, 8, 7, 4, 2];

    #[test]
    fn key_is_the_seed_little_endian_then_zeros() {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&0x0102_0304_0506_0708u64.to_le_bytes());
        let mut reference = ChaCha8Rng::from_seed(key);
        let mut s = Stream::new(0x0102_0304_0506_0708);
        for _ in 0..16 {
            assert_eq!(s.next_u32(), reference.next_u32());
        }
    }

    #[test]
    fn different_seeds_give_different_streams() {
        let a: Vec<u32> = {
            let mut s = Stream::new(1);
            (0..8).map(|_| s.next_u32()).collect()
        };
        let b: Vec<u32> = {
            let mut s = Stream::new(2);
            (0..8).map(|_| s.next_u32()).collect()
        };
        assert_ne!(a, b);
    }

    #[test]
    fn clone_forks_an_identical_stream() {
        let mut a = Stream::new(9);
        a.d10();
        let mut b = a.clone();
        for _ in 0..100 {
            assert_eq!(a.d10(), b.d10());
        }
    }

    #[test]
    fn dice_stay_on_their_faces_and_hit_every_face() {
        let mut s = Stream::new(5);
        let mut seen10 = [0u32; 11];
        let mut seen6 = [0u32; 7];
        for _ in 0..60_000 {
            seen10[s.d10() as usize] += 1;
            seen6[s.d6() as usize] += 1;
        }
        assert_eq!(seen10[0], 0);
        assert_eq!(seen6[0], 0);
        for &n in &seen10[1..] {
            assert!((5_400..6_600).contains(&n), "d10 face count {n}");
        }
        for &n in &seen6[1..] {
            assert!((9_400..10_600).contains(&n), "d6 face count {n}");
        }
    }

    #[test]
    fn below_rejects_the_biased_low_words() {
        // For n = 3, 2^32 mod 3 = 1: the word 0 must be rejected, 1 accepted.
        assert_eq!(3u32.wrapping_neg() % 3, 1);
        assert_eq!(10u32.wrapping_neg() % 10, 6);
        // A power of two never rejects.
        assert_eq!(8u32.wrapping_neg() % 8, 0);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut s = Stream::new(11);
        let mut v: Vec<u32> = (0..52).collect();
        s.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
        assert_ne!(v, sorted, "52 cards shuffled into the same order");
    }
}
