//! Flood limits: a token bucket per client address and per seat token,
//! shared by HTTP requests and WebSocket messages.
//!
//! Each key holds a bucket of `burst` permits that refills at `per_second`;
//! a request or message takes one permit from its address's bucket and,
//! when it carries a token, one from the token's. The buckets live in one
//! map of at most `max_keys` entries: a full bucket is the same as no
//! bucket, so those are dropped first when the map is full, then the
//! longest idle; memory stays bounded whatever addresses or tokens a flood
//! invents.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

/// A sustained rate with a burst allowance. A rate of 0 turns the limit off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Permits added per second.
    pub per_second: f64,
    /// The most permits a bucket holds: how many may come at once.
    pub burst: u32,
}

impl Rate {
    pub const OFF: Rate = Rate {
        per_second: 0.0,
        burst: 0,
    };

    pub fn is_off(&self) -> bool {
        self.per_second <= 0.0 || self.burst == 0
    }
}

/// The limits of a server.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Per client address (IPv6 addresses by their /64 network, which one
    /// client usually holds whole).
    pub per_address: Rate,
    /// Per seat token.
    pub per_token: Rate,
    /// How many socket messages in a row may be refused before the socket
    /// is closed.
    pub strikes: u32,
    /// The most keys remembered at once.
    pub max_keys: usize,
}

impl Default for Limits {
    /// Far above what a person, a browser loading a page, or the browser
    /// tests send, far below a flood.
    fn default() -> Self {
        Limits {
            per_address: Rate {
                per_second: 100.0,
                burst: 1000,
            },
            per_token: Rate {
                per_second: 20.0,
                burst: 200,
            },
            strikes: 50,
            max_keys: 65_536,
        }
    }
}

/// Who a permit is counted against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// An IPv4 address.
    V4([u8; 4]),
    /// An IPv6 /64 network.
    V6([u8; 8]),
    /// The first 16 bytes of a token's SHA-256 (the token itself is not
    /// kept).
    Token([u8; 16]),
}

impl Key {
    pub fn address(ip: IpAddr) -> Key {
        match ip.to_canonical() {
            IpAddr::V4(v4) => Key::V4(v4.octets()),
            IpAddr::V6(v6) => {
                let mut k = [0u8; 8];
                k.copy_from_slice(&v6.octets()[..8]);
                Key::V6(k)
            }
        }
    }

    pub fn token(token: &str) -> Key {
        let h = Sha256::digest(token.as_bytes());
        let mut k = [0u8; 16];
        k.copy_from_slice(&h[..16]);
        Key::Token(k)
    }
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    permits: f64,
    at: Instant,
}

/// The buckets of every key, behind one lock (each check is a few
/// arithmetic steps).
#[derive(Debug)]
pub struct Limiter {
    limits: Limits,
    buckets: Mutex<HashMap<Key, Bucket>>,
}

/// A refusal: how long until a permit is back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limited {
    pub retry_after: Duration,
}

impl Limited {
    /// Whole seconds, at least 1, for `Retry-After`.
    pub fn retry_after_secs(&self) -> u64 {
        self.retry_after.as_secs_f64().ceil().max(1.0) as u64
    }
}

impl Limiter {
    pub fn new(limits: Limits) -> Limiter {
        Limiter {
            limits,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// How many keys are remembered now.
    pub fn keys(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn rate(&self, key: &Key) -> Rate {
        match key {
            Key::V4(_) | Key::V6(_) => self.limits.per_address,
            Key::Token(_) => self.limits.per_token,
        }
    }

    /// Takes one permit from every key's bucket, or none if any is empty.
    pub fn check(&self, keys: &[Key]) -> Result<(), Limited> {
        self.check_at(keys, Instant::now())
    }

    /// [`Limiter::check`] at a given instant.
    pub fn check_at(&self, keys: &[Key], now: Instant) -> Result<(), Limited> {
        let keys: Vec<(Key, Rate)> = keys
            .iter()
            .map(|k| (*k, self.rate(k)))
            .filter(|(_, r)| !r.is_off())
            .collect();
        if keys.is_empty() {
            return Ok(());
        }
        let mut map = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let mut wait = Duration::ZERO;
        let mut refilled = Vec::with_capacity(keys.len());
        for (key, rate) in &keys {
            let b = match map.get(key) {
                Some(b) => refill(*b, *rate, now),
                None => Bucket {
                    permits: f64::from(rate.burst),
                    at: now,
                },
            };
            if b.permits < 1.0 {
                wait = wait.max(Duration::from_secs_f64((1.0 - b.permits) / rate.per_second));
            }
            refilled.push(b);
        }
        if wait > Duration::ZERO {
            return Err(Limited { retry_after: wait });
        }
        for ((key, _), mut b) in keys.iter().zip(refilled) {
            b.permits -= 1.0;
            if !map.contains_key(key) && map.len() >= self.limits.max_keys.max(1) {
                self.evict(&mut map, now);
            }
            map.insert(*key, b);
        }
        Ok(())
    }

    /// Makes room: forgets every bucket that has refilled (the same as no
    /// bucket), and if that frees less than an eighth of the map, the
    /// longest idle too, so each eviction pays for many insertions.
    fn evict(&self, map: &mut HashMap<Key, Bucket>, now: Instant) {
        map.retain(|k, b| refill(*b, self.rate(k), now).permits < f64::from(self.rate(k).burst));
        let max = self.limits.max_keys.max(1);
        let target = max - max / 8 - 1;
        if map.len() > target {
            let mut ages: Vec<(Instant, Key)> = map.iter().map(|(k, b)| (b.at, *k)).collect();
            ages.sort_unstable_by_key(|(at, _)| *at);
            for (_, k) in ages.iter().take(map.len() - target) {
                map.remove(k);
            }
        }
    }
}

fn refill(b: Bucket, rate: Rate, now: Instant) -> Bucket {
    let secs = now.saturating_duration_since(b.at).as_secs_f64();
    Bucket {
        permits: (b.permits + secs * rate.per_second).min(f64::from(rate.burst)),
        at: now,
    }
}

/// The flood limits' keys of a request: its client's address (when the
/// server was started with its peers' addresses) and its seat token.
pub fn limit_keys(extensions: &axum::http::Extensions, token: Option<&str>) -> Vec<Key> {
    let mut keys = Vec::with_capacity(2);
    if let Some(axum::extract::ConnectInfo(addr)) =
        extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
    {
        keys.push(Key::address(addr.ip()));
    }
    if let Some(t) = token {
        keys.push(Key::token(t));
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(max_keys: usize) -> Limits {
        Limits {
            per_address: Rate {
                per_second: 10.0,
                burst: 5,
            },
            per_token: Rate {
                per_second: 1.0,
                burst: 2,
            },
            strikes: 3,
            max_keys,
        }
    }

    fn ip(s: &str) -> Key {
        Key::address(s.parse().unwrap())
    }

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let l = Limiter::new(limits(100));
        let t0 = Instant::now();
        let a = ip("10.0.0.1");
        for _ in 0..5 {
            assert_eq!(l.check_at(&[a], t0), Ok(()));
        }
        let refused = l.check_at(&[a], t0).unwrap_err();
        assert_eq!(refused.retry_after, Duration::from_millis(100));
        assert_eq!(refused.retry_after_secs(), 1);
        // One permit back after 100 ms at 10 per second, not two.
        let t1 = t0 + Duration::from_millis(100);
        assert_eq!(l.check_at(&[a], t1), Ok(()));
        assert!(l.check_at(&[a], t1).is_err());
        // Another address has its own bucket.
        assert_eq!(l.check_at(&[ip("10.0.0.2")], t1), Ok(()));
    }

    #[test]
    fn a_token_and_its_address_both_count_and_a_refusal_takes_nothing() {
        let l = Limiter::new(limits(100));
        let t0 = Instant::now();
        let (a, t) = (ip("10.0.0.1"), Key::token("secret"));
        assert!(l.check_at(&[a, t], t0).is_ok());
        assert!(l.check_at(&[a, t], t0).is_ok());
        // The token's bucket (2) is empty; the address had 3 left and
        // still has: the refused request took nothing.
        assert!(l.check_at(&[a, t], t0).is_err());
        for _ in 0..3 {
            assert!(l.check_at(&[a], t0).is_ok());
        }
        assert!(l.check_at(&[a], t0).is_err());
    }

    #[test]
    fn ipv6_addresses_count_by_their_64_network() {
        assert_eq!(ip("2001:db8:1:2::1"), ip("2001:db8:1:2:ffff::9"));
        assert_ne!(ip("2001:db8:1:2::1"), ip("2001:db8:1:3::1"));
        assert_eq!(ip("::ffff:10.0.0.1"), ip("10.0.0.1"));
        assert_ne!(ip("::a00:1"), ip("10.0.0.1"));
    }

    #[test]
    fn an_off_rate_never_refuses_and_remembers_nothing() {
        let l = Limiter::new(Limits {
            per_address: Rate::OFF,
            ..limits(100)
        });
        let a = ip("10.0.0.1");
        let t0 = Instant::now();
        for _ in 0..1000 {
            assert!(l.check_at(&[a], t0).is_ok());
        }
        assert_eq!(l.keys(), 0);
    }

    #[test]
    fn the_keys_remembered_stay_bounded_and_a_flooder_stays_limited() {
        let l = Limiter::new(limits(64));
        let t0 = Instant::now();
        let flooder = ip("10.9.9.9");
        for _ in 0..5 {
            l.check_at(&[flooder], t0).unwrap();
        }
        // 10,000 other addresses, each once, within the same millisecond.
        for i in 0..10_000u32 {
            let k = Key::address(IpAddr::from(i.to_be_bytes()));
            let _ = l.check_at(&[k], t0 + Duration::from_micros(u64::from(i) / 10));
            assert!(l.keys() <= 64, "{} keys", l.keys());
        }
        // Full buckets were dropped first; the flooder may have been
        // dropped too only as the longest idle, so at worst it starts again
        // from a fresh bucket: never more than one burst.
        let t1 = t0 + Duration::from_millis(1);
        let allowed = (0..20)
            .filter(|_| l.check_at(&[flooder], t1).is_ok())
            .count();
        assert!(allowed <= 5, "{allowed}");
    }
}
