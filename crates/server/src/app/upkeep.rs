//! What the server puts away by itself: games without decisions, private
//! links never opened again, and the links one address may make a day.

use super::*;

impl App {
    /// Puts away every game with no decision for `after` (see
    /// [`Config::expire_after`]).
    pub async fn expire(&self, after: Duration) {
        let before = now() - after.as_secs().min(i64::MAX as u64) as i64;
        match self.store.expire(before).await {
            Ok(ids) => {
                for id in &ids {
                    self.evict(
                        id,
                        "the game was put away for want of decisions: open its link to take it up again",
                    )
                    .await;
                    if let Some(node) = &self.node {
                        let _ = self.store.release(&node.id, Some(id)).await;
                    }
                }
                if !ids.is_empty() {
                    tracing::info!(games = ids.len(), "games put away for want of decisions");
                }
            }
            Err(e) => tracing::warn!(error = %e, "putting away the games without decisions"),
        }
    }

    /// Forgets the workshop's links unopened for `after` (see
    /// [`Config::links_expire_after`]).
    pub async fn forget_links(&self, after: Duration) {
        let before = now() - after.as_secs().min(i64::MAX as u64) as i64;
        match self.store.forget(before).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(links = n, "private links unopened for long forgotten"),
            Err(e) => tracing::warn!(error = %e, "forgetting the links unopened for long"),
        }
    }

    /// Counts a private link made by `address` today: refused 429
    /// `link_quota` past [`Config::links_per_day`], until the next day
    /// (UTC).
    pub fn new_link(&self, address: Option<std::net::IpAddr>) -> Result<(), ApiError> {
        let (Some(ip), quota) = (address, self.config.links_per_day) else {
            return Ok(());
        };
        if quota == 0 {
            return Ok(());
        }
        let day = now().div_euclid(86_400);
        let key = crate::limit::Key::address(ip);
        let mut made = self.links_made.lock().unwrap_or_else(|e| e.into_inner());
        // Yesterday's counts are no one's.
        made.retain(|_, (d, _)| *d == day);
        // Bounded, whatever addresses a flood invents.
        if made.len() >= 65_536 && !made.contains_key(&key) {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "link_quota",
                "too many addresses made links today: try again tomorrow (UTC)",
            ));
        }
        let count = made.entry(key).or_insert((day, 0));
        if count.1 >= quota {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "link_quota",
                format!(
                    "this address has made {quota} links today, the most a day: save over a \
                     link you have (PUT), or try again tomorrow (UTC)"
                ),
            ));
        }
        count.1 += 1;
        Ok(())
    }
}

/// Puts away the games with no decision for [`Config::expire_after`], at
/// start and every hour after (and as often as a tenth of the time, when
/// it is short): out of the store's games being played, then out of memory,
/// their listeners told how to come back.
pub(super) async fn put_away(app: std::sync::Weak<App>) {
    loop {
        let Some((games, links)) = app
            .upgrade()
            .map(|a| (a.config.expire_after, a.config.links_expire_after))
        else {
            return;
        };
        if let Some(app) = app.upgrade() {
            if app.shutting_down() {
                return;
            }
            if let Some(after) = games {
                app.expire(after).await;
            }
            if let Some(after) = links {
                app.forget_links(after).await;
            }
        }
        let every = [games, links]
            .into_iter()
            .flatten()
            .min()
            .map_or(Duration::from_secs(3600), |d| d / 10);
        tokio::time::sleep(every.clamp(Duration::from_millis(50), Duration::from_secs(3600))).await;
    }
}
