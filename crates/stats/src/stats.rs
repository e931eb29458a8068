//! The median: the one implementation in the workspace, for figures over seeds, runs
//! and timings.

/// The middle of a sorted list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Middle<T> {
    /// An odd count: the middle element.
    One(T),
    /// An even count: the two middle elements, lower first.
    Two(T, T),
}

/// The middle of `sorted` (already in order), `None` when it is empty.
pub fn middle<T: Copy>(sorted: &[T]) -> Option<Middle<T>> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(Middle::One(sorted[n / 2])),
        _ => Some(Middle::Two(sorted[n / 2 - 1], sorted[n / 2])),
    }
}

/// The median of `values` in any order: the middle value, or the mean of the two middle
/// ones for an even count; `None` when there are none. NaN sorts above every number.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    middle(&v).map(|m| match m {
        Middle::One(x) => x,
        Middle::Two(a, b) => (a + b) / 2.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_by_hand() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[f64::NAN, 1.0, 2.0]), Some(2.0));
        assert_eq!(middle(&[1, 2, 3, 4]), Some(Middle::Two(2, 3)));
        assert_eq!(middle::<u8>(&[]), None);
    }
}
