//! Probability mass functions over the counts 0, 1, 2, ...

use serde::{Deserialize, Serialize};

/// `p[k]` is the probability of exactly `k`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pmf {
    p: Vec<f64>,
}

/// Written as its list of probabilities, `p[k]` that of exactly `k`.
#[cfg(feature = "schema")]
impl utoipa::PartialSchema for Pmf {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
        ArrayBuilder::new()
            .items(
                ObjectBuilder::new()
                    .schema_type(Type::Number)
                    .minimum(Some(0))
                    .maximum(Some(1)),
            )
            .description(Some("`p[k]` is the probability of exactly `k`"))
            .into()
    }
}

#[cfg(feature = "schema")]
impl utoipa::ToSchema for Pmf {
    fn name() -> std::borrow::Cow<'static, str> {
        "DicePmf".into()
    }
}

impl Pmf {
    /// Certainly `k`.
    pub fn point(k: usize) -> Self {
        let mut p = vec![0.0; k + 1];
        p[k] = 1.0;
        Self { p }
    }

    /// From raw probabilities; trailing zeros are dropped.
    pub fn from_vec(p: Vec<f64>) -> Self {
        let mut pmf = Self { p };
        pmf.trim();
        pmf
    }

    /// The empirical distribution of observed counts.
    pub fn from_counts(counts: &[u64]) -> Self {
        let n: u64 = counts.iter().sum();
        Self::from_vec(counts.iter().map(|&c| c as f64 / n as f64).collect())
    }

    fn trim(&mut self) {
        while self.p.len() > 1 && self.p.last() == Some(&0.0) {
            self.p.pop();
        }
    }

    pub fn probabilities(&self) -> &[f64] {
        &self.p
    }

    /// The largest value with non-zero probability.
    pub fn max(&self) -> usize {
        self.p.len() - 1
    }

    /// P(X = k).
    pub fn p(&self, k: usize) -> f64 {
        self.p.get(k).copied().unwrap_or(0.0)
    }

    /// P(X ≥ k), summed from the smallest tail terms up for accuracy, and
    /// never above 1 by rounding.
    pub fn at_least(&self, k: usize) -> f64 {
        self.p.iter().skip(k).rev().sum::<f64>().min(1.0)
    }

    pub fn total(&self) -> f64 {
        self.p.iter().sum()
    }

    pub fn mean(&self) -> f64 {
        self.p.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }

    pub fn variance(&self) -> f64 {
        let m = self.mean();
        self.p
            .iter()
            .enumerate()
            .map(|(k, p)| (k as f64 - m).powi(2) * p)
            .sum()
    }

    pub fn std_dev(&self) -> f64 {
        self.variance().sqrt()
    }

    /// The distribution of the sum of two independent variables.
    pub fn convolve(&self, other: &Pmf) -> Pmf {
        let mut out = vec![0.0; self.p.len() + other.p.len() - 1];
        for (i, &a) in self.p.iter().enumerate() {
            if a == 0.0 {
                continue;
            }
            for (j, &b) in other.p.iter().enumerate() {
                out[i + j] += a * b;
            }
        }
        Pmf::from_vec(out)
    }

    /// The sum of `n` independent copies (n = 0 gives certainly 0), by
    /// repeated squaring.
    pub fn power(&self, mut n: u32) -> Pmf {
        let mut result = Pmf::point(0);
        let mut base = self.clone();
        while n > 0 {
            if n & 1 == 1 {
                result = result.convolve(&base);
            }
            n >>= 1;
            if n > 0 {
                base = base.convolve(&base);
            }
        }
        result
    }

    /// The distribution of `f(X)`.
    pub fn map(&self, f: impl Fn(usize) -> usize) -> Pmf {
        let mut out = vec![0.0; 1];
        for (k, &p) in self.p.iter().enumerate() {
            let j = f(k);
            if out.len() <= j {
                out.resize(j + 1, 0.0);
            }
            out[j] += p;
        }
        Pmf::from_vec(out)
    }

    /// The largest gap between the two distributions at any value.
    pub fn max_abs_diff(&self, other: &Pmf) -> f64 {
        let n = self.p.len().max(other.p.len());
        (0..n)
            .map(|k| (self.p(k) - other.p(k)).abs())
            .fold(0.0, f64::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coin() -> Pmf {
        Pmf::from_vec(vec![0.5, 0.5])
    }

    #[test]
    fn binomial_by_convolution() {
        let b = coin().power(4);
        let expect = [1.0, 4.0, 6.0, 4.0, 1.0].map(|c| c / 16.0);
        assert_eq!(b.probabilities(), expect);
        assert_eq!(b.mean(), 2.0);
        assert_eq!(b.variance(), 1.0);
        assert_eq!(b.at_least(3), 5.0 / 16.0);
    }

    #[test]
    fn power_zero_and_one() {
        assert_eq!(coin().power(0), Pmf::point(0));
        assert_eq!(coin().power(1), coin());
    }

    #[test]
    fn map_merges_outcomes() {
        let b = coin().power(2).map(|k| k / 2);
        assert_eq!(b.probabilities(), [0.75, 0.25]);
    }

    #[test]
    fn trailing_zeros_are_dropped() {
        assert_eq!(Pmf::from_vec(vec![0.5, 0.5, 0.0]).max(), 1);
        assert_eq!(Pmf::from_vec(vec![1.0, 0.0]).max(), 0);
    }

    #[test]
    fn empirical_from_counts() {
        let p = Pmf::from_counts(&[1, 3]);
        assert_eq!(p.probabilities(), [0.25, 0.75]);
        assert_eq!(p.max_abs_diff(&coin()), 0.25);
    }
}
