//! The hint: what the search bot makes of each option of the question, for
//! the one person of a game against bots or the Faceless, from what that
//! person's seat knows only; off in games between people.

mod common;

use common::server_with;
use serde_json::Value;
use valerna_server::Config;

fn config() -> Config {
    Config {
        bot_delay: std::time::Duration::ZERO,
        ismcts_iterations: 120,
        ..Config::default()
    }
}

#[tokio::test]
async fn a_solo_player_gets_every_option_weighed_and_people_get_none() {
    let s = server_with(config()).await;
    let (id, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 4)
        .await;
    let st = s.state(&id, Some(&tokens[0])).await;
    let options = st["question"]["options"].as_array().unwrap().clone();
    assert!(options.len() > 1, "{st}");
    let path = format!("/api/games/{id}/hint");
    let a = s.get(&path, Some(&tokens[0])).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let hint = &a.body;
    assert_eq!(hint["version"], st["version"]);
    assert_eq!(hint["iterations"], 120);
    let weighed = hint["options"].as_array().unwrap();
    assert_eq!(weighed.len(), options.len());
    let mut visits = 0;
    for (i, (w, o)) in weighed.iter().zip(&options).enumerate() {
        assert_eq!(w["index"], i);
        assert_eq!(w["label"], o["label"]);
        visits += w["visits"].as_u64().unwrap();
        match &w["win"] {
            Value::Null => assert_eq!(w["visits"], 0, "{w}"),
            win => {
                let p = win.as_f64().unwrap();
                assert!((0.0..=1.0).contains(&p), "{w}");
            }
        }
    }
    // Every iteration went through one option of the question.
    assert!(visits > 0 && visits <= 120, "{visits}");
    // The same position, the same hint; and asking changed nothing.
    let again = s.get(&path, Some(&tokens[0])).await;
    assert_eq!(again.body, a.body);
    assert_eq!(
        s.state(&id, Some(&tokens[0])).await["version"],
        st["version"]
    );

    // No token, and a spectator: refused.
    assert_eq!(s.get(&path, None).await.status, 401);

    // Between people, a hint would be a third player at the table.
    let (id, tokens) = s
        .create(&["human", "human", "faceless", "faceless"], 7)
        .await;
    let a = s
        .get(&format!("/api/games/{id}/hint"), Some(&tokens[0]))
        .await;
    assert_eq!(a.status, 403, "{}", a.raw);
    assert_eq!(a.body["error"], "hint_off");
}
