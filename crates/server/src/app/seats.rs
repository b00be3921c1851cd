//! Whose seat is whose: a seat's secrets, the join that gives a friend's
//! browser its token (the same token again until its first use), and the
//! creator's new invitation for a seat nobody else has used.

use super::*;

/// A seat's secrets: the SHA-256 (hex) of its token and of its
/// invitation, each empty where there is none; and the token itself from
/// the join that gave it until its first use, so that a join whose answer
/// was lost is answered the same token again (kept in the store as
/// `given:` and the token, [`crate::store::Store::set_seat`]).
#[derive(Clone, Debug, Default)]
pub(super) struct SeatAuth {
    pub(super) token: String,
    pub(super) invite: String,
    pub(super) given: Option<String>,
}

/// How the store marks a token given and not yet used.
pub(super) const GIVEN: &str = "given:";

impl SeatAuth {
    /// A seat's secrets from the store's token entry and invitation hash.
    pub(super) fn stored(entry: &str, invite: &str) -> SeatAuth {
        match entry.strip_prefix(GIVEN) {
            Some(token) => SeatAuth {
                token: token_hash(token),
                invite: invite.to_owned(),
                given: Some(token.to_owned()),
            },
            None => SeatAuth {
                token: entry.to_owned(),
                invite: invite.to_owned(),
                given: None,
            },
        }
    }

    /// The token entry as the store keeps it.
    pub(super) fn entry(&self) -> String {
        match &self.given {
            Some(token) => format!("{GIVEN}{token}"),
            None => self.token.clone(),
        }
    }
}

impl App {
    /// Exchanges an invitation for its seat's token, once: the seat is then
    /// the joining browser's alone, and the invitation opens nothing more.
    /// The token is durable before it is given.
    pub async fn join(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        invite: &str,
    ) -> Result<(Seat, String), ApiError> {
        let (app, slot, invite) = (self.clone(), slot.clone(), invite.to_owned());
        carried(async move { app.join_now(&slot, &invite).await }).await
    }

    /// [`App::join`] on the caller's own future.
    pub(super) async fn join_now(
        &self,
        slot: &Arc<Slot>,
        invite: &str,
    ) -> Result<(Seat, String), ApiError> {
        let mut live = slot.live.lock().await;
        slot.check_here()?;
        check_open(
            live.broken.as_deref(),
            &*live.table,
            live.version,
            live.version,
        )?;
        let h = token_hash(invite);
        let seat = {
            let auth = slot.auth();
            let Some(seat) = auth
                .iter()
                .position(|a| !a.invite.is_empty() && a.invite == h)
            else {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "wrong_invite",
                    "no seat of this game has this invitation",
                ));
            };
            if !auth[seat].token.is_empty() {
                // Given and not yet used: the same join again, whose
                // answer was lost on its way.
                return match &auth[seat].given {
                    Some(token) => Ok((seat as Seat, token.clone())),
                    None => Err(ApiError::already_joined()),
                };
            }
            seat as Seat
        };
        let token = new_token();
        let given = SeatAuth {
            token: token_hash(&token),
            invite: h,
            given: Some(token.clone()),
        };
        self.store
            .join(&slot.id, seat, given.entry())
            .await
            .map_err(ApiError::store)?;
        if let Some(a) = slot.auth().get_mut(usize::from(seat)) {
            *a = given;
        }
        slot.summarise(&live);
        // Every socket hears that the seat is taken, as the lobby says.
        self.push(slot, &mut live);
        tracing::info!(game = %slot.id, seat, "seat joined");
        Ok((seat, token))
    }

    /// Who a token makes its holder ([`Slot::viewer`]). A seat's token
    /// used for the first time since the join that gave it is from then on
    /// kept as its hash alone: its invitation opens nothing more.
    pub async fn viewer(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
    ) -> Result<Viewer, ApiError> {
        let viewer = slot.viewer(token)?;
        if let Viewer::Seat(seat) = viewer {
            self.first_use(slot, seat).await;
        }
        Ok(viewer)
    }

    /// The seat a token acts for ([`Slot::seat`]), as [`App::viewer`].
    pub async fn seat(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
    ) -> Result<Seat, ApiError> {
        let seat = slot.seat(token)?;
        self.first_use(slot, seat).await;
        Ok(seat)
    }

    /// Marks `seat`'s token used if it was given and not yet used. A store
    /// that fails leaves it given, to be marked at its next use.
    pub async fn first_use(self: &Arc<Self>, slot: &Arc<Slot>, seat: Seat) {
        let at = usize::from(seat);
        if slot.auth().get(at).is_none_or(|a| a.given.is_none()) {
            return;
        }
        let (app, slot) = (self.clone(), slot.clone());
        let marked = carried(async move {
            // One change of the seat's secrets at a time.
            let _live = slot.live.lock().await;
            let Some(from) = slot.auth().get(at).filter(|a| a.given.is_some()).cloned() else {
                return Ok(());
            };
            app.store
                .set_seat(&slot.id, seat, from.entry(), from.token.clone(), None)
                .await
                .map_err(ApiError::store)?;
            if let Some(a) = slot.auth().get_mut(at) {
                a.given = None;
            }
            Ok(())
        })
        .await;
        if let Err(e) = marked {
            tracing::warn!(seat, error = %e.message, "a seat's first use not marked");
        }
    }

    /// A new invitation for `seat`, a friend's seat of a network game,
    /// asked for by `by`, the creator's own seat: the old invitation and
    /// any token it gave stop opening the seat (its sockets are closed).
    /// Refused once the seat's holder has used its token, unless `held`
    /// is that token (the seat is held by the asking browser itself, as
    /// when the creator opened a friend's invitation).
    pub async fn reinvite(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        by: Seat,
        seat: Seat,
        held: Option<String>,
    ) -> Result<String, ApiError> {
        let (app, slot) = (self.clone(), slot.clone());
        carried(async move {
            let mut live = slot.live.lock().await;
            slot.check_here()?;
            check_open(live.broken.as_deref(), &*live.table, live.version, live.version)?;
            let at = usize::from(seat);
            let from = {
                let auth = slot.auth();
                let human = |s: usize| slot.seats.get(s) == Some(&SeatKind::Human);
                let creator = slot.mode == Mode::Network
                    && human(usize::from(by))
                    && auth.get(usize::from(by)).is_some_and(|a| a.invite.is_empty());
                if !creator {
                    return Err(ApiError::new(
                        StatusCode::FORBIDDEN,
                        "not_creator",
                        "only the seat of the game's creator issues invitations",
                    ));
                }
                let Some(a) = auth.get(at).filter(|a| human(at) && !a.invite.is_empty()) else {
                    return Err(ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "bad_seat",
                        format!("seat {seat} is not a friend's seat of this game (one that has an invitation)"),
                    ));
                };
                let holds = held.as_deref().map(token_hash) == Some(a.token.clone());
                if !(a.token.is_empty() || a.given.is_some() || holds) {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        "seat_in_use",
                        format!(
                            "seat {seat} is played from the browser that opened its invitation; \
                             a browser that holds the seat itself gives its token to issue a new one"
                        ),
                    ));
                }
                a.clone()
            };
            let invite = new_token();
            let fresh = SeatAuth {
                token: String::new(),
                invite: token_hash(&invite),
                given: None,
            };
            app.store
                .set_seat(&slot.id, seat, from.entry(), String::new(), Some(fresh.invite.clone()))
                .await
                .map_err(ApiError::store)?;
            if let Some(a) = slot.auth().get_mut(at) {
                *a = fresh;
            }
            // Whoever listened as the seat holds a token that opens nothing.
            live.subs.retain(|sub| {
                let theirs = sub.viewer == Viewer::Seat(seat);
                if theirs {
                    let _ = sub
                        .tx
                        .try_send(Push::Close("this seat was given a new invitation".into()));
                }
                !theirs
            });
            slot.summarise(&live);
            app.push(&slot, &mut live);
            tracing::info!(game = %slot.id, seat, "invitation issued again");
            Ok(invite)
        })
        .await
    }
}
