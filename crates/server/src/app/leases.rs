//! Several nodes on one database: where a game is served, taken up from
//! the store under its lease, let go, and the leases renewed.

use super::*;

impl App {
    /// Where game `id` is served: here, taking its lease (and replaying
    /// it from the store) if no other node holds it, or by the node that
    /// does. Without leases every game is served here.
    pub async fn locate(self: &Arc<Self>, id: &str) -> Result<Place, ApiError> {
        let Some(node) = &self.node else {
            return Ok(Place::Here);
        };
        let here = self.slot(id).ok();
        if here.as_ref().is_some_and(|s| s.leased()) || self.playable(id).is_err() {
            return Ok(Place::Here);
        }
        // Not here, or here with a lease that may have run out (a renewal
        // that failed, a node that was stopped): asked for again before
        // this copy answers for the game.
        let asked = Instant::now();
        let lease = self
            .store
            .lease(id, node, self.lease_ms())
            .await
            .map_err(ApiError::store)?;
        match (lease, here) {
            (Lease::Held, Some(slot)) => {
                slot.lease_from(asked, self.config.lease);
                Ok(Place::Here)
            }
            (Lease::Held, None) => {
                self.adopt(id, Some(asked)).await?;
                Ok(Place::Here)
            }
            (Lease::Free, _) => Ok(Place::Here),
            (Lease::Elsewhere(url), here) => {
                if here.is_some() {
                    self.evict(id, "the game moved to another server: reconnect")
                        .await;
                }
                Ok(Place::There(url))
            }
        }
    }

    /// Replays game `id` from the store into memory, unless it is here
    /// already: taken over from another node, or read again after this
    /// node's copy fell behind the store. A game that is broken or over
    /// stays in the store, served read-only, and its lease is given up.
    /// `leased`: when this node asked for the lease it holds, if leases
    /// are kept.
    pub(super) async fn adopt(
        self: &Arc<Self>,
        id: &str,
        leased: Option<Instant>,
    ) -> Result<(), ApiError> {
        // Taking a lease again is harmless; replaying twice is not.
        let _one = self.adopting.lock().await;
        if self.slot(id).is_ok() {
            return Ok(());
        }
        let release = || async {
            if let Some(node) = &self.node {
                let _ = self.store.release(&node.id, Some(id)).await;
            }
        };
        let slot = match self.replayed(id).await {
            Ok(Some(slot)) => slot,
            // Gone, or a game this build cannot host (kept as broken):
            // no one's to hold.
            Ok(None) => {
                release().await;
                return Ok(());
            }
            Err(e) if e.code == "broken" => {
                release().await;
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        let live = slot.live.lock().await;
        if let Some(reason) = &live.broken {
            // Served read-only from the store, by any node.
            tracing::warn!(game = %id, %reason, "game broken");
            let _ = self.store.mark_broken(id, reason.clone()).await;
            release().await;
            return Ok(());
        }
        if live.table.is_over() {
            let _ = self.store.finish(id).await;
            release().await;
            return Ok(());
        }
        if let Some(asked) = leased {
            slot.lease_from(asked, self.config.lease);
        }
        self.insert(slot.clone());
        slot.summarise(&live);
        self.schedule_bot(&slot, &live);
        tracing::info!(game = %id, version = live.version, "game read from the store");
        Ok(())
    }

    /// Lets game `id` go from memory, its listeners told to reconnect
    /// (they reach it again through [`App::locate`]): another node took it
    /// over, or its store moved past this copy.
    pub(super) async fn evict(&self, id: &str, reason: &str) {
        let slot = self
            .games
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
        if let Some(slot) = slot {
            tracing::info!(game = %id, reason, "game let go");
            let mut live = slot.live.lock().await;
            slot.gone.store(true, Ordering::Relaxed);
            for sub in live.subs.drain(..) {
                let _ = sub.tx.try_send(Push::Close(reason.to_owned()));
            }
        }
    }

    /// A failed write of game `slot`: a conflict means the store holds
    /// more of the game than this copy (another node wrote it, or a write
    /// whose answer was lost went through), so the copy is replayed from
    /// the store: with leases it leaves memory, taken up again on the next
    /// request; on a node of its own it is replaced at once. The refusal as
    /// the API words it.
    pub(super) fn store_failed(self: &Arc<Self>, slot: &Slot, e: StoreError) -> ApiError {
        if matches!(e, StoreError::Conflict) {
            let app = self.clone();
            let id = slot.id.clone();
            tokio::spawn(async move {
                if app.node.is_some() {
                    app.evict(&id, "the game moved on elsewhere: reconnect")
                        .await;
                } else {
                    app.reload(&id).await;
                }
            });
        }
        ApiError::store(e)
    }

    /// Game `id` read again from the store in place of the copy in memory,
    /// never missing from it meanwhile (a request in between is served the
    /// old copy, not told there is no game); the old copy's listeners are
    /// told to reconnect, and reach the new one.
    async fn reload(self: &Arc<Self>, id: &str) {
        let slot = match self.replayed(id).await {
            Ok(Some(slot)) => slot,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(game = %id, error = %e.message, "game not read again");
                return;
            }
        };
        let old = self
            .games
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.to_owned(), slot.clone());
        {
            let live = slot.live.lock().await;
            slot.summarise(&live);
            self.schedule_bot(&slot, &live);
            tracing::info!(game = %id, version = live.version, "game read from the store");
        }
        if let Some(old) = old {
            let mut live = old.live.lock().await;
            old.gone.store(true, Ordering::Relaxed);
            for sub in live.subs.drain(..) {
                let _ = sub
                    .tx
                    .try_send(Push::Close("the game was read again: reconnect".to_owned()));
            }
        }
    }

    /// Gives up every lease this node holds (a graceful shutdown): the
    /// games' next requests are taken by the other nodes at once, not
    /// after the leases run out.
    pub async fn release_leases(&self) {
        if let Some(node) = &self.node
            && let Err(e) = self.store.release(&node.id, None).await
        {
            tracing::warn!(error = %e, "releasing the leases");
        }
    }
}

/// Renews this node's leases every third of their length while the app
/// lives and is not shutting down; a game whose lease another node took
/// leaves memory.
pub(super) async fn renew_leases(app: std::sync::Weak<App>) {
    loop {
        let every = match app.upgrade() {
            Some(app) => app.config.lease / 3,
            None => return,
        };
        tokio::time::sleep(every.max(Duration::from_millis(50))).await;
        let Some(app) = app.upgrade() else {
            return;
        };
        let Some(node) = app.node.clone() else {
            return;
        };
        if app.shutting_down() {
            return;
        }
        let held: Vec<String> = app
            .games
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .filter(|s| {
                let p = s.published();
                p.broken.is_none() && !p.table.is_over()
            })
            .map(|s| s.id.clone())
            .collect();
        let asked = Instant::now();
        match app
            .store
            .renew(&node.id, held.clone(), app.lease_ms())
            .await
        {
            Ok(kept) => {
                for id in &kept {
                    if let Ok(slot) = app.slot(id) {
                        slot.lease_from(asked, app.config.lease);
                    }
                }
                let kept: std::collections::HashSet<String> = kept.into_iter().collect();
                for id in held.iter().filter(|id| !kept.contains(*id)) {
                    app.evict(id, "the game moved to another server: reconnect")
                        .await;
                }
            }
            // The leases may run out: another node then takes the games,
            // and this one's writes at their versions are refused.
            Err(e) => tracing::warn!(error = %e, "renewing the leases"),
        }
    }
}
