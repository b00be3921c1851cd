//! Whose seat is whose. In a network game the creator is given their own
//! seat's token and an invitation for each friend's seat; an invitation
//! acts for nothing until a browser exchanges it, once, for the seat's
//! token. So the creator never holds a friend's token, and cannot see or
//! act for a friend's seat once the friend has opened it. At one screen
//! (hot seat, chosen at creation) the creator holds every person's seat.

mod common;

use std::time::Duration;

use common::{TestServer, server};
use serde_json::{Value, json};
use valerna_server::client::Socket;

async fn create(s: &TestServer, body: Value) -> Value {
    let a = s.post("/api/games", None, &body.to_string()).await;
    assert_eq!(a.status, 201, "{}", a.raw);
    a.body
}

async fn join(s: &TestServer, id: &str, invite: &str) -> valerna_server::client::Answer {
    let body = json!({ "invite": invite }).to_string();
    s.post(&format!("/api/games/{id}/join"), None, &body).await
}

fn lobby_game<'a>(lobby: &'a Value, id: &str) -> &'a Value {
    lobby
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap()
}

#[tokio::test]
async fn the_creator_holds_only_their_own_seat_and_a_friend_s_seat_is_the_friend_s() {
    let s = server().await;
    let created = create(
        &s,
        json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"],
               "seed": 11, "first": 0, "me": 0}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["mode"], "network");
    assert!(created["link"].is_null(), "no one-screen link: {created}");
    let mine = created["seats"][0]["token"].as_str().unwrap().to_owned();
    assert!(created["seats"][0]["invite"].is_null());
    assert_eq!(
        created["seats"][0]["link"],
        format!("/play/{id}#seat=0&token={mine}")
    );
    // The friend's seat: an invitation, and no token anywhere in the answer.
    assert!(created["seats"][2]["token"].is_null(), "{created}");
    let invite = created["seats"][2]["invite"].as_str().unwrap().to_owned();
    assert_eq!(
        created["seats"][2]["link"],
        format!("/play/{id}#invite={invite}")
    );
    assert!(
        created["seats"][1]["invite"].is_null(),
        "a Faceless seat has none"
    );

    // Until the friend opens it, the seat is free, and the invitation acts
    // for nothing: it is no seat's token.
    let lobby = s.get("/api/games", None).await.body;
    let g = lobby_game(&lobby, &id);
    assert_eq!(
        (g["status"].as_str(), g["mode"].as_str()),
        (Some("open"), Some("network"))
    );
    assert_eq!(g["seats"][0]["taken"], true);
    assert_eq!(g["seats"][2]["taken"], false);
    let a = s.get(&format!("/api/games/{id}"), Some(&invite)).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (403, Some("wrong_token")),
        "{}",
        a.raw
    );
    assert!(
        a.body["message"].as_str().unwrap().contains("invitation"),
        "{}",
        a.raw
    );
    let a = s
        .post(
            &format!("/api/games/{id}/decisions"),
            Some(&invite),
            "{\"version\":0,\"option\":0}",
        )
        .await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (403, Some("wrong_token")),
        "{}",
        a.raw
    );
    let mut ws = Socket::connect(s.addr, &id).await.unwrap();
    ws.send(&json!({"type": "hello", "token": invite}))
        .await
        .unwrap();
    let (m, raw) = tokio::time::timeout(Duration::from_secs(5), ws.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (m["type"].as_str(), m["error"].as_str()),
        (Some("error"), Some("wrong_token")),
        "{raw}"
    );

    // The friend's browser opens the invitation: the seat's token, once.
    let a = join(&s, &id, &invite).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert_eq!(a.body["seat"], 2);
    let friend = a.body["token"].as_str().unwrap().to_owned();
    assert_eq!(a.body["link"], format!("/play/{id}#seat=2&token={friend}"));
    // Once the friend's browser has used the token, anyone else holding the
    // invitation (the creator) gets nothing more.
    assert_eq!(
        s.state(&id, Some(&friend)).await["viewer"],
        json!({"seat": 2})
    );
    let again = join(&s, &id, &invite).await;
    assert_eq!(
        (again.status, again.body["error"].as_str()),
        (409, Some("already_joined")),
        "{}",
        again.raw
    );
    let lobby = s.get("/api/games", None).await.body;
    let g = lobby_game(&lobby, &id);
    assert_eq!(
        (g["status"].as_str(), &g["seats"][2]["taken"]),
        (Some("playing"), &json!(true))
    );

    // Play: whenever seat 2 must decide, the creator's token sees no option
    // and its decision is refused, and the game stays as it was.
    let mut refused = 0;
    for _ in 0..400 {
        let st = s.state(&id, None).await;
        if st["status"] == "over" || refused >= 3 {
            break;
        }
        let (version, seat) = (
            st["version"].as_u64().unwrap(),
            st["question"]["seat"].as_u64(),
        );
        let token = match seat {
            Some(0) => &mine,
            Some(2) => {
                let seen = s.state(&id, Some(&mine)).await;
                assert_eq!(seen["viewer"], json!({"seat": 0}));
                assert!(
                    seen["question"]["options"].is_null(),
                    "the creator sees no option of seat 2: {seen}"
                );
                let body = json!({"version": version, "option": 0}).to_string();
                let a = s
                    .post(&format!("/api/games/{id}/decisions"), Some(&mine), &body)
                    .await;
                assert_eq!(
                    (a.status, a.body["error"].as_str()),
                    (409, Some("not_your_turn")),
                    "{}",
                    a.raw
                );
                let a = s
                    .post(&format!("/api/games/{id}/decisions"), Some(&invite), &body)
                    .await;
                assert_eq!(
                    (a.status, a.body["error"].as_str()),
                    (403, Some("wrong_token")),
                    "{}",
                    a.raw
                );
                assert_eq!(
                    s.state(&id, None).await["version"],
                    version,
                    "refusals change nothing"
                );
                refused += 1;
                &friend
            }
            _ => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let body = json!({"version": version, "option": 0}).to_string();
        let a = s
            .post(&format!("/api/games/{id}/decisions"), Some(token), &body)
            .await;
        assert_eq!(a.status, 200, "{}", a.raw);
    }
    assert_eq!(
        refused, 3,
        "seat 2 was asked, and the creator refused, three times"
    );

    // A restart keeps who holds what: the friend's token still acts, the
    // invitation still opens nothing, the seat is still taken.
    let restarted = s.restarted().await;
    let g = restarted.get("/api/games", None).await.body;
    assert_eq!(lobby_game(&g, &id)["seats"][2]["taken"], true, "{g}");
    let st = restarted.state(&id, Some(&friend)).await;
    assert_eq!(st["viewer"], json!({"seat": 2}));
    let again = join(&restarted, &id, &invite).await;
    assert_eq!(again.body["error"], "already_joined", "{}", again.raw);
}

#[tokio::test]
async fn at_one_screen_the_creator_holds_every_person_s_seat() {
    let s = server().await;
    let created = create(
        &s,
        json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"],
               "seed": 3, "mode": "hotseat"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    assert_eq!(created["mode"], "hotseat");
    let t0 = created["seats"][0]["token"].as_str().unwrap();
    let t2 = created["seats"][2]["token"].as_str().unwrap();
    assert!(created["seats"][2]["invite"].is_null());
    assert_eq!(created["link"], format!("/play/{id}#seats=0:{t0},2:{t2}"));
    assert_eq!(s.state(id, Some(t2)).await["mode"], "hotseat");
    assert_eq!(s.state(id, Some(t2)).await["viewer"], json!({"seat": 2}));
    let lobby = s.get("/api/games", None).await.body;
    assert_eq!(lobby_game(&lobby, id)["status"], "playing");
}

#[tokio::test]
async fn bad_seats_and_invitations_are_refused_by_name() {
    let s = server().await;
    for (body, code, says) in [
        (
            json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"], "me": 1}),
            "bad_setup",
            "not a person's seat",
        ),
        (
            json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"], "me": 9}),
            "bad_setup",
            "not a person's seat",
        ),
        (
            json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"],
                   "me": 0, "mode": "hotseat"}),
            "bad_setup",
            "`me`",
        ),
        (
            json!({"game": "lov", "seats": ["human", "faceless", "faceless", "faceless"],
                   "mode": "table"}),
            "bad_json",
            "`network` or `hotseat`",
        ),
    ] {
        let a = s.post("/api/games", None, &body.to_string()).await;
        assert_eq!(a.body["error"], code, "{body}: {}", a.raw);
        assert!(
            a.body["message"].as_str().unwrap().contains(says),
            "{body}: {}",
            a.raw
        );
    }
    let created = create(
        &s,
        json!({"game": "lov", "seats": ["human", "faceless", "faceless", "faceless"]}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let a = join(&s, id, "00000000000000000000000000000000").await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (403, Some("wrong_invite")),
        "{}",
        a.raw
    );
    let a = s
        .post(&format!("/api/games/{id}/join"), None, "{\"token\":\"x\"}")
        .await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (400, Some("bad_json")),
        "{}",
        a.raw
    );
    let a = join(&s, "nope", "00").await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (404, Some("no_game")),
        "{}",
        a.raw
    );
    // Without `me`, every person's seat is an invitation, the first too.
    assert!(created["seats"][0]["token"].is_null());
    let invite = created["seats"][0]["invite"].as_str().unwrap();
    assert_eq!(join(&s, id, invite).await.status, 200);
}

/// The next frame of `kind` on a socket (others skipped), within 10 s.
async fn frame(ws: &mut Socket, kind: &str) -> Value {
    loop {
        let (v, raw) = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a frame within 10 s")
            .expect("the socket is open");
        if v["type"] == kind {
            return v;
        }
        assert_ne!(v["type"], "closed", "{raw}");
    }
}

/// A seat's `taken` is one fact: the lobby, the state over HTTP and the
/// state a socket is pushed say the same, when the friend joins and after
/// a restart.
#[tokio::test]
async fn a_seat_s_taken_is_the_same_over_http_and_the_socket_and_after_a_restart() {
    let s = server().await;
    let created = create(
        &s,
        json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"], "me": 0, "seed": 4, "first": 0}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["seats"][2]["invite"].as_str().unwrap().to_owned();
    let taken = |v: &Value| -> Vec<bool> {
        v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["taken"].as_bool().unwrap())
            .collect()
    };
    let before = vec![true, true, false, true];
    assert_eq!(taken(&s.state(&id, None).await), before);
    assert_eq!(
        taken(lobby_game(&s.get("/api/games", None).await.body, &id)),
        before
    );
    let mut ws = Socket::connect(s.addr, &id).await.unwrap();
    ws.send(&json!({"type": "hello"})).await.unwrap();
    assert_eq!(taken(&frame(&mut ws, "state").await), before);
    let a = join(&s, &id, &invite).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let after = vec![true; 4];
    assert_eq!(
        taken(&frame(&mut ws, "state").await),
        after,
        "pushed on joining"
    );
    assert_eq!(taken(&s.state(&id, None).await), after);
    assert_eq!(
        taken(lobby_game(&s.get("/api/games", None).await.body, &id)),
        after
    );
    // After a restart, from the store.
    let restarted = s.restarted().await;
    assert_eq!(taken(&restarted.state(&id, None).await), after);
    let mut ws = Socket::connect(restarted.addr, &id).await.unwrap();
    ws.send(&json!({"type": "hello"})).await.unwrap();
    assert_eq!(taken(&frame(&mut ws, "state").await), after);
}

/// An error frame names the message it refuses: its `type` as `of` and the
/// client's `id` for it, so that a client resending after a reconnection
/// can match each refusal to its message.
#[tokio::test]
async fn an_error_frame_names_the_message_it_refuses() {
    let doc: Value = serde_json::from_str(&valerna_server::api::openapi_json()).unwrap();
    let schema =
        json!({"$ref": "#/components/schemas/SocketError", "components": doc["components"]});
    let valid = jsonschema::draft202012::new(&schema).unwrap();
    // Each error frame, as the document's `SocketError` says.
    let refusal = async |ws: &mut Socket| {
        let e = frame(ws, "error").await;
        let errors: Vec<String> = valid.iter_errors(&e).map(|x| x.to_string()).collect();
        assert!(errors.is_empty(), "{e}: {errors:?}");
        e
    };
    let s = server().await;
    let (id, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 2)
        .await;
    let mut ws = Socket::connect(s.addr, &id).await.unwrap();
    // Before hello: a decision is refused, naming it.
    ws.send(&json!({"type": "decide", "id": "d-1", "version": 0, "option": 0}))
        .await
        .unwrap();
    let e = refusal(&mut ws).await;
    assert_eq!(
        (e["error"].as_str(), e["of"].as_str(), e["id"].as_str()),
        (Some("no_token"), Some("decide"), Some("d-1")),
        "{e}"
    );
    ws.send(&json!({"type": "hello", "token": tokens[0], "id": 7}))
        .await
        .unwrap();
    frame(&mut ws, "state").await;
    ws.send(&json!({"type": "hello", "token": tokens[0], "id": 8}))
        .await
        .unwrap();
    let e = refusal(&mut ws).await;
    assert_eq!(
        (e["error"].as_str(), e["of"].as_str(), e["id"].as_u64()),
        (Some("bad_json"), Some("hello"), Some(8)),
        "a second hello: {e}"
    );
    ws.send(&json!({"type": "takeback", "id": "t", "version": 99}))
        .await
        .unwrap();
    let e = refusal(&mut ws).await;
    assert_eq!(
        (e["of"].as_str(), e["id"].as_str()),
        (Some("takeback"), Some("t")),
        "{e}"
    );
    // A message that is not one: its type if it had one, no id.
    ws.send(&json!({"type": "decide", "version": "x"}))
        .await
        .unwrap();
    let e = refusal(&mut ws).await;
    assert_eq!(
        (e["error"].as_str(), e["of"].as_str()),
        (Some("bad_json"), Some("decide")),
        "{e}"
    );
    assert!(e["id"].is_null(), "{e}");
    ws.send_text("not json".into()).await.unwrap();
    let e = refusal(&mut ws).await;
    assert!(e["of"].is_null() && e["id"].is_null(), "{e}");
    ws.send(&json!({"type": "ping", "id": [1]})).await.unwrap();
    let e = refusal(&mut ws).await;
    assert_eq!(
        e["error"], "bad_json",
        "an id that is not a string or a number: {e}"
    );
    // A message accepted with an id is answered as without one.
    ws.send(&json!({"type": "ping", "id": "p"})).await.unwrap();
    frame(&mut ws, "pong").await;
}

/// A network game of the creator (seat 0) and a friend (seat 2): its id,
/// the creator's token and the friend's invitation.
async fn with_a_friend(s: &TestServer) -> (String, String, String) {
    let created = create(
        s,
        json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"],
               "seed": 11, "first": 0, "me": 0}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let mine = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let invite = created["seats"][2]["invite"].as_str().unwrap().to_owned();
    (id, mine, invite)
}

/// A join whose answer is lost (the phone lost its signal, the server was
/// restarted) is answered the same token when tried again, until that
/// token is first used; from then on the invitation opens nothing.
#[tokio::test]
async fn a_join_whose_answer_was_lost_is_answered_again_until_the_token_is_used() {
    let s = server().await;
    let (id, _, invite) = with_a_friend(&s).await;
    let first = join(&s, &id, &invite).await;
    assert_eq!(first.status, 200, "{}", first.raw);
    let token = first.body["token"].as_str().unwrap().to_owned();
    // The answer never arrived: the retry, on this server and after a
    // restart, gets the same seat and token.
    let again = join(&s, &id, &invite).await;
    assert_eq!(again.status, 200, "{}", again.raw);
    assert_eq!(
        (&again.body["seat"], &again.body["token"]),
        (&json!(2), &json!(token))
    );
    let s2 = s.restarted().await;
    let after = join(&s2, &id, &invite).await;
    assert_eq!(after.status, 200, "{}", after.raw);
    assert_eq!(after.body["token"], json!(token));
    // The friend's browser uses it: the invitation is spent, here and
    // after another restart.
    assert_eq!(
        s2.state(&id, Some(&token)).await["viewer"],
        json!({"seat": 2})
    );
    let spent = join(&s2, &id, &invite).await;
    assert_eq!(
        (spent.status, spent.body["error"].as_str()),
        (409, Some("already_joined")),
        "{}",
        spent.raw
    );
    let s3 = s2.restarted().await;
    let spent = join(&s3, &id, &invite).await;
    assert_eq!(
        (spent.status, spent.body["error"].as_str()),
        (409, Some("already_joined")),
        "{}",
        spent.raw
    );
    assert_eq!(
        s3.state(&id, Some(&token)).await["viewer"],
        json!({"seat": 2})
    );
}

/// The creator issues a friend's seat a new invitation while nobody has
/// used it, or when their own browser holds it (a friend's invitation
/// opened by mistake): the old invitation and token open nothing, the
/// socket listening as the seat is closed, and the new invitation opens
/// the seat. Nobody else may, and a seat its friend plays is refused.
#[tokio::test]
async fn the_creator_invites_a_seat_again_that_nobody_else_has_used() {
    let s = server().await;
    let (id, mine, invite) = with_a_friend(&s).await;
    let path = format!("/api/games/{id}/invitations");
    let again = |token: Option<&str>, body: Value| {
        let s = &s;
        let path = path.clone();
        let token = token.map(str::to_owned);
        async move { s.post(&path, token.as_deref(), &body.to_string()).await }
    };
    // A seat not joined yet.
    let a = again(Some(&mine), json!({"seat": 2})).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let second = a.body["invite"].as_str().unwrap().to_owned();
    assert_eq!(a.body["link"], format!("/play/{id}#invite={second}"));
    let old = join(&s, &id, &invite).await;
    assert_eq!(
        (old.status, old.body["error"].as_str()),
        (403, Some("wrong_invite")),
        "{}",
        old.raw
    );

    // The creator opens it in their own browser by mistake, and uses it.
    let opened = join(&s, &id, &second).await;
    let held = opened.body["token"].as_str().unwrap().to_owned();
    assert_eq!(
        s.state(&id, Some(&held)).await["viewer"],
        json!({"seat": 2})
    );
    let mut ws = Socket::connect(s.addr, &id).await.unwrap();
    ws.send(&json!({"type": "hello", "token": held}))
        .await
        .unwrap();
    assert_eq!(frame(&mut ws, "state").await["viewer"], json!({"seat": 2}));
    // Used: without the seat's token the creator is refused ...
    let a = again(Some(&mine), json!({"seat": 2})).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (409, Some("seat_in_use")),
        "{}",
        a.raw
    );
    // ... with it (their browser holds the seat), a third invitation.
    let a = again(Some(&mine), json!({"seat": 2, "token": held})).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let third = a.body["invite"].as_str().unwrap().to_owned();
    let gone = s.get(&format!("/api/games/{id}"), Some(&held)).await;
    assert_eq!(
        (gone.status, gone.body["error"].as_str()),
        (403, Some("wrong_token")),
        "{}",
        gone.raw
    );
    let closed = frame(&mut ws, "closed").await;
    assert!(
        closed["reason"]
            .as_str()
            .unwrap()
            .contains("new invitation"),
        "{closed}"
    );
    let lobby = s.get("/api/games", None).await.body;
    assert_eq!(lobby_game(&lobby, &id)["seats"][2]["taken"], false);

    // The friend opens the third and plays: the seat is theirs.
    let friend = join(&s, &id, &third).await.body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        s.state(&id, Some(&friend)).await["viewer"],
        json!({"seat": 2})
    );
    let a = again(Some(&mine), json!({"seat": 2})).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (409, Some("seat_in_use")),
        "{}",
        a.raw
    );
    let a = again(Some(&mine), json!({"seat": 2, "token": held})).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (409, Some("seat_in_use")),
        "{}",
        a.raw
    );

    // Only the creator's seat asks, and only for a friend's seat.
    let a = again(Some(&friend), json!({"seat": 2})).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (403, Some("not_creator")),
        "{}",
        a.raw
    );
    let a = again(None, json!({"seat": 2})).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (401, Some("no_token")),
        "{}",
        a.raw
    );
    for seat in [0, 1, 9] {
        let a = again(Some(&mine), json!({"seat": seat})).await;
        assert_eq!(
            (a.status, a.body["error"].as_str()),
            (422, Some("bad_seat")),
            "{seat}: {}",
            a.raw
        );
    }
    // At one screen the creator holds every seat: no invitations.
    let hot = create(
        &s,
        json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"],
               "seed": 11, "first": 0, "mode": "hotseat"}),
    )
    .await;
    let hid = hot["id"].as_str().unwrap();
    let t0 = hot["seats"][0]["token"].as_str().unwrap();
    let a = s
        .post(
            &format!("/api/games/{hid}/invitations"),
            Some(t0),
            &json!({"seat": 2}).to_string(),
        )
        .await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (403, Some("not_creator")),
        "{}",
        a.raw
    );
}
