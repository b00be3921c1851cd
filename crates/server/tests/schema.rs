//! Every answer of the API is what docs/openapi.json says it is: whole games
//! of Lords of Vaala (four seats, Faceless among them) and Battles of
//! Valerna (a person against a bot) are played through the API, and every
//! body the server answers, refusals included, is validated against the
//! schema the document gives for its route and status. The document has no
//! free-form object either: each object says its properties, or is a map
//! that says its values' type.

mod common;

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{Value, json};
use valerna_server::client::{Answer, http};

/// The committed document (crates/server/tests/openapi.rs checks it is the
/// generated one).
fn document() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/openapi.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Validates answers against the document, collecting every violation.
struct Checker {
    doc: Value,
    validators: HashMap<String, jsonschema::Validator>,
    checked: usize,
    violations: Vec<String>,
}

impl Checker {
    fn new() -> Checker {
        Checker {
            doc: document(),
            validators: HashMap::new(),
            checked: 0,
            violations: Vec::new(),
        }
    }

    /// Checks one answer to `method` on the route `template`.
    fn check(&mut self, method: &str, template: &str, a: &Answer) {
        self.checked += 1;
        let key = format!("{method} {template} {}", a.status);
        if !self.validators.contains_key(&key) {
            let op = &self.doc["paths"][template][method.to_lowercase()];
            assert!(op.is_object(), "{method} {template} is not documented");
            let status = a.status.to_string();
            let response = &op["responses"][&status];
            let Some(schema) = response["content"]["application/json"]["schema"].as_object() else {
                self.violations.push(format!(
                    "{key}: no JSON body documented for this status: {}",
                    a.raw
                ));
                return;
            };
            let mut root = schema.clone();
            root.insert("components".into(), self.doc["components"].clone());
            let v = jsonschema::draft202012::new(&Value::Object(root))
                .unwrap_or_else(|e| panic!("{key}: the schema does not compile: {e}"));
            self.validators.insert(key.clone(), v);
        }
        let v = &self.validators[&key];
        let errors: Vec<String> = v
            .iter_errors(&a.body)
            .take(3)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        if !errors.is_empty() {
            let raw: String = a.raw.chars().take(400).collect();
            self.violations
                .push(format!("{key}: {} in {raw}", errors.join("; ")));
        }
    }

    fn assert_none(&self) {
        assert!(
            self.violations.is_empty(),
            "{} of {} answers break the document:\n{}",
            self.violations.len(),
            self.checked,
            self.violations
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// A client that checks every answer it gets.
struct Client<'a> {
    s: &'a common::TestServer,
    c: Checker,
}

impl Client<'_> {
    async fn call(
        &mut self,
        method: &str,
        template: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        let body = body.map(|b| b.to_string());
        let a = http(self.s.addr, method, path, token, body.as_deref())
            .await
            .unwrap();
        self.c.check(method, template, &a);
        a
    }

    async fn get(&mut self, template: &str, path: &str, token: Option<&str>) -> Answer {
        self.call("GET", template, path, token, None).await
    }

    async fn post(
        &mut self,
        template: &str,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> Answer {
        self.call("POST", template, path, token, Some(body)).await
    }

    /// Creates a network game and joins every person's seat.
    async fn create(&mut self, body: Value) -> (String, Vec<Option<String>>) {
        let a = self.post("/api/games", "/api/games", None, body).await;
        assert_eq!(a.status, 201, "{}", a.raw);
        let id = a.body["id"].as_str().unwrap().to_owned();
        let mut tokens = Vec::new();
        for seat in a.body["seats"].as_array().unwrap().clone() {
            tokens.push(match seat["invite"].as_str() {
                Some(invite) => {
                    let j = self
                        .post(
                            "/api/games/{id}/join",
                            &format!("/api/games/{id}/join"),
                            None,
                            json!({ "invite": invite }),
                        )
                        .await;
                    assert_eq!(j.status, 200, "{}", j.raw);
                    Some(j.body["token"].as_str().unwrap().to_owned())
                }
                None => None,
            });
        }
        (id, tokens)
    }

    /// Plays the game to its end: each person's seat picks an option (a
    /// seeded choice, `Pass` last), now and then asks for a take-back or
    /// sends a stale decision; spectators and seats read the state and
    /// their events as they go. The number of decisions made.
    async fn play(&mut self, id: &str, tokens: &[Option<String>], seed: u64) -> usize {
        let decide = format!("/api/games/{id}/decisions");
        let mut from = vec![0u64; tokens.len()];
        let mut made = 0;
        let mut r = seed;
        for _ in 0..20_000 {
            let spectator = self
                .get("/api/games/{id}", &format!("/api/games/{id}"), None)
                .await;
            assert_eq!(spectator.status, 200, "{}", spectator.raw);
            if spectator.body["status"] == "over" {
                return made;
            }
            let seat = spectator.body["question"]["seat"].as_u64();
            let Some(token) = seat.and_then(|s| tokens[s as usize].as_deref()) else {
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            };
            let seat = seat.unwrap() as usize;
            let lang = ["en", "it", "fr"][made % 3];
            let st = self
                .get(
                    "/api/games/{id}",
                    &format!("/api/games/{id}?lang={lang}"),
                    Some(token),
                )
                .await;
            let ev = self
                .get(
                    "/api/games/{id}/events",
                    &format!("/api/games/{id}/events?from={}", from[seat]),
                    Some(token),
                )
                .await;
            from[seat] += ev.body["events"].as_array().map_or(0, |e| e.len() as u64);
            let Some(options) = st.body["question"]["options"].as_array() else {
                continue;
            };
            if options.is_empty() || st.body["question"]["seat"] != json!(seat) {
                continue;
            }
            r = r
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let n = options.len();
            let acts: Vec<usize> = (0..n)
                .filter(|&k| options[k]["decision"] != "Pass")
                .collect();
            let pick = match acts.len() {
                0 => 0,
                m => acts[(r >> 33) as usize % m],
            };
            let version = st.body["version"].clone();
            // Half of the decisions by value, half by index.
            let body = if made % 2 == 0 {
                json!({"version": version, "option": pick})
            } else {
                json!({"version": version, "decision": options[pick]["decision"]})
            };
            let a = self
                .post("/api/games/{id}/decisions", &decide, Some(token), body)
                .await;
            assert!(a.status == 200 || a.status == 409, "{}", a.raw);
            if a.status == 200 {
                made += 1;
            }
            if made % 17 == 5 {
                // A stale decision, an option out of range, a take-back.
                self.post(
                    "/api/games/{id}/decisions",
                    &decide,
                    Some(token),
                    json!({"version": version, "option": 0}),
                )
                .await;
                self.post(
                    "/api/games/{id}/decisions",
                    &decide,
                    Some(token),
                    json!({"version": a.body["version"], "option": 999}),
                )
                .await;
                self.post(
                    "/api/games/{id}/takeback",
                    &format!("/api/games/{id}/takeback"),
                    Some(token),
                    json!({"version": a.body["version"]}),
                )
                .await;
            }
        }
        panic!("game {id} did not end");
    }

    /// Reads what a finished game offers: its record, its replay steps,
    /// the lobby.
    async fn after(&mut self, id: &str) {
        let record = self
            .get(
                "/api/games/{id}/record",
                &format!("/api/games/{id}/record"),
                None,
            )
            .await;
        assert_eq!(record.status, 200, "{}", record.raw);
        let total = record.body["decisions"].as_array().unwrap().len();
        for k in [0, 1, total / 2, total, total + 1] {
            self.get(
                "/api/games/{id}/at/{k}",
                &format!("/api/games/{id}/at/{k}"),
                None,
            )
            .await;
        }
        self.get("/api/games", "/api/games", None).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_of_whole_games_follows_the_document() {
    let s = common::server_with(common::at_full_speed()).await;
    let mut c = Client {
        s: &s,
        c: Checker::new(),
    };
    c.get("/healthz", "/healthz", None).await;
    for lang in ["en", "it", "fr", "de"] {
        c.get("/api/texts/{lang}", &format!("/api/texts/{lang}"), None)
            .await;
    }
    for game in ["lov", "bov", "nope"] {
        c.get("/api/content/{game}", &format!("/api/content/{game}"), None)
            .await;
    }
    let mut decisions = 0;
    // Lords of Vaala: two people, a Faceless player and a bot.
    for seed in [3u64, 8] {
        let (id, tokens) = c
            .create(json!({"game": "lov", "seed": seed, "first": 2,
                           "seats": ["human", "faceless", "human", "heuristic"]}))
            .await;
        // Before the end the record is not public.
        c.get(
            "/api/games/{id}/record",
            &format!("/api/games/{id}/record"),
            None,
        )
        .await;
        decisions += c.play(&id, &tokens, seed).await;
        c.after(&id).await;
    }
    // Battles of Valerna: a person against the greedy bot.
    let (id, tokens) = c
        .create(
            json!({"game": "bov", "seed": 21, "seats": ["human", "greedy"],
                       "options": {"lists": ["allaria_guild_line", "tyveria_swarm"]}}),
        )
        .await;
    decisions += c.play(&id, &tokens, 21).await;
    c.after(&id).await;
    // Refusals.
    c.get("/api/games/{id}", "/api/games/nope", None).await;
    c.post(
        "/api/games",
        "/api/games",
        None,
        json!({"game": "chess", "seats": []}),
    )
    .await;
    c.post("/api/games", "/api/games", None, json!({"game": "lov"}))
        .await;
    assert!(decisions > 200, "{decisions} decisions");
    assert!(c.c.checked > 1000, "{} answers", c.c.checked);
    c.c.assert_none();
}

/// Every object schema of the document says what it holds.
#[test]
fn no_schema_is_a_free_form_object() {
    fn walk(at: &str, v: &Value, bad: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                let is_object = m.get("type").is_some_and(|t| {
                    t == "object" || t.as_array().is_some_and(|a| a.contains(&json!("object")))
                });
                let says = m.contains_key("properties")
                    || m.get("additionalProperties").is_some_and(Value::is_object)
                    || m.contains_key("$ref")
                    || m.contains_key("oneOf")
                    || m.contains_key("anyOf")
                    || m.contains_key("allOf");
                if is_object && !says {
                    bad.push(at.to_owned());
                }
                for (k, x) in m {
                    walk(&format!("{at}/{k}"), x, bad);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(&format!("{at}/{i}"), x, bad);
                }
            }
            _ => {}
        }
    }
    let doc = document();
    let mut bad = Vec::new();
    walk("#/components", &doc["components"], &mut bad);
    walk("#/paths", &doc["paths"], &mut bad);
    // A schema of no type at all (`{}`) takes anything: none either, but
    // for a field that is a game's own type, which says it in `anyOf`.
    fn empty(at: &str, v: &Value, bad: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    if ["schema", "items", "additionalProperties"].contains(&k.as_str())
                        && x.as_object()
                            .is_some_and(|o| o.is_empty() || o.keys().all(|k| k == "description"))
                    {
                        bad.push(format!("{at}/{k} takes anything"));
                    }
                    empty(&format!("{at}/{k}"), x, bad);
                }
                if let Some(props) = m.get("properties").and_then(Value::as_object) {
                    for (k, x) in props {
                        if x.as_object().is_some_and(|o| {
                            !o.keys().any(|k| {
                                ["type", "$ref", "oneOf", "anyOf", "allOf", "enum", "const"]
                                    .contains(&k.as_str())
                            })
                        }) {
                            bad.push(format!("{at}/properties/{k} takes anything"));
                        }
                    }
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    empty(&format!("{at}/{i}"), x, bad);
                }
            }
            _ => {}
        }
    }
    empty("#", &doc, &mut bad);
    assert!(bad.is_empty(), "free-form schemas:\n{}", bad.join("\n"));
}

/// The socket's answers to tries, looks and routes, and its refusals,
/// follow their schemas in the document (`Tried`, `Looked`, `Routed`,
/// `SocketError`): a client written from the document reads them.
#[tokio::test]
async fn the_socket_s_answers_follow_the_document() {
    let s = common::server().await;
    let (id, tokens) = s.create_battle(&["human", "greedy"], 21, json!({})).await;
    let st = s.state(&id, Some(&tokens[0])).await;
    assert_eq!(st["question"]["seat"], 0, "{st}");
    let legal = st["question"]["options"][0]["decision"].clone();
    let version = st["version"].as_u64().unwrap();
    let doc = document();
    let valid = |name: &str, frame: &Value| {
        let mut root = json!({"$ref": format!("#/components/schemas/{name}")});
        root["components"] = doc["components"].clone();
        let v = jsonschema::draft202012::new(&root).unwrap();
        let errors: Vec<String> = v.iter_errors(frame).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{name}: {errors:?} in {frame}");
    };
    let mut ws = valerna_server::client::Socket::connect(s.addr, &id)
        .await
        .unwrap();
    ws.send(&json!({"type": "hello", "token": tokens[0]}))
        .await
        .unwrap();
    let sent = [
        (
            json!({"type": "try", "version": version, "seq": 1, "decision": legal}),
            "Tried",
        ),
        (
            json!({"type": "try", "version": version + 9, "seq": 2, "decision": legal}),
            "Tried",
        ),
        (
            json!({"type": "try", "version": version, "seq": 3, "decision": "Pass"}),
            "Tried",
        ),
        (
            json!({"type": "look", "seq": 4, "from": 0, "to": 1}),
            "Looked",
        ),
        (
            json!({"type": "look", "seq": 5, "from": 0, "to": 999}),
            "Looked",
        ),
        (
            json!({"type": "why", "seq": 8, "unit": 0, "target": 1}),
            "WhyNot",
        ),
        (
            json!({"type": "why", "seq": 9, "unit": 999, "target": 1}),
            "WhyNot",
        ),
        (
            json!({"type": "route", "seq": 6, "unit": 0, "x": 10.0, "y": 10.0}),
            "Routed",
        ),
        (
            json!({"type": "route", "seq": 7, "unit": 999, "x": 1.0, "y": 1.0}),
            "Routed",
        ),
        (
            json!({"type": "decide", "version": version + 9, "option": 0, "id": "d"}),
            "SocketError",
        ),
    ];
    for (message, _) in &sent {
        ws.send(message).await.unwrap();
    }
    let mut seen = 0;
    while seen < sent.len() {
        let (m, raw) = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("every message is answered")
            .unwrap();
        let name = match m["type"].as_str() {
            Some("tried") => "Tried",
            Some("looked") => "Looked",
            Some("routed") => "Routed",
            Some("why_not") => "WhyNot",
            Some("error") => "SocketError",
            _ => continue,
        };
        assert!(sent.iter().any(|(_, n)| *n == name), "{raw}");
        valid(name, &m);
        seen += 1;
    }
}
