//! How much one client may make a public server do: a sliding window of events per key
//! (rooms made per address per hour, key guesses per room), in bounded memory.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::time::{Duration, Instant};

/// At most `per` events per key in any `span`, for at most `keys` keys at once.
#[derive(Debug)]
pub struct Window<K> {
    per: usize,
    span: Duration,
    keys: usize,
    seen: HashMap<K, VecDeque<Instant>>,
}

/// Why an event was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// This key had its `per` events in the window: the next is allowed after this wait.
    TooMany(Duration),
    /// The window tracks as many keys as it may: everyone waits for old ones to expire
    /// (the server never grows without bound for a flood of addresses).
    Busy,
}

impl<K: Hash + Eq + Clone> Window<K> {
    /// A window allowing `per` events a key in `span`, tracking at most `keys` keys.
    pub fn new(per: usize, span: Duration, keys: usize) -> Window<K> {
        Window { per, span, keys, seen: HashMap::new() }
    }

    /// Counts an event for `key` at `now`, or refuses it (and counts nothing).
    pub fn allow(&mut self, key: &K, now: Instant) -> Result<(), Refused> {
        if self.per == 0 {
            return Err(Refused::TooMany(self.span));
        }
        let span = self.span;
        let expired = |t: &Instant| now.saturating_duration_since(*t) >= span;
        if !self.seen.contains_key(key) && self.seen.len() >= self.keys {
            self.seen.retain(|_, times| {
                while times.front().is_some_and(expired) {
                    times.pop_front();
                }
                !times.is_empty()
            });
            if self.seen.len() >= self.keys {
                return Err(Refused::Busy);
            }
        }
        let times = self.seen.entry(key.clone()).or_default();
        while times.front().is_some_and(expired) {
            times.pop_front();
        }
        if times.len() >= self.per {
            let oldest = times.front().copied().unwrap_or(now);
            return Err(Refused::TooMany(
                span.saturating_sub(now.saturating_duration_since(oldest)),
            ));
        }
        times.push_back(now);
        Ok(())
    }

    /// Whether an event for `key` at `now` would be allowed, counting nothing: asked
    /// before a key is checked, so that a client past its share of wrong keys cannot go
    /// on guessing (a right guess would otherwise still get in).
    pub fn would_allow(&self, key: &K, now: Instant) -> bool {
        if self.per == 0 {
            return false;
        }
        match self.seen.get(key) {
            Some(times) => {
                times.iter().filter(|t| now.saturating_duration_since(**t) < self.span).count()
                    < self.per
            }
            None => true,
        }
    }

    /// Keys tracked now (for the operator's view and the tests).
    pub fn tracked(&self) -> usize {
        self.seen.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: Duration = Duration::from_secs(3600);

    #[test]
    fn a_key_gets_its_events_and_then_waits_for_the_oldest_to_expire() {
        let t0 = Instant::now();
        let mut w = Window::new(3, HOUR, 100);
        for i in 0..3 {
            assert_eq!(w.allow(&"a", t0 + Duration::from_secs(i * 60)), Ok(()));
        }
        assert_eq!(
            w.allow(&"a", t0 + Duration::from_secs(600)),
            Err(Refused::TooMany(Duration::from_secs(3000)))
        );
        // Another key is not held back by the first.
        assert_eq!(w.allow(&"b", t0 + Duration::from_secs(600)), Ok(()));
        // An hour after the first event, one more is allowed, and only one.
        assert_eq!(w.allow(&"a", t0 + HOUR), Ok(()));
        assert!(w.allow(&"a", t0 + HOUR).is_err());
        assert!(!w.would_allow(&"a", t0 + HOUR));
        assert!(w.would_allow(&"c", t0 + HOUR));
        assert!(w.would_allow(&"a", t0 + HOUR + Duration::from_secs(60)));
    }

    #[test]
    fn a_flood_of_keys_is_bounded() {
        let t0 = Instant::now();
        let mut w = Window::new(5, HOUR, 1000);
        for k in 0..1000u32 {
            assert_eq!(w.allow(&k, t0), Ok(()));
        }
        assert_eq!(w.allow(&5000, t0), Err(Refused::Busy));
        assert_eq!(w.tracked(), 1000);
        // Known keys still count; once the hour is over, new keys come in again.
        assert_eq!(w.allow(&7, t0), Ok(()));
        assert_eq!(w.allow(&5000, t0 + HOUR), Ok(()));
        assert_eq!(w.tracked(), 1);
    }

    #[test]
    fn no_events_means_none() {
        let mut w = Window::new(0, HOUR, 10);
        assert!(w.allow(&1, Instant::now()).is_err());
    }
}
