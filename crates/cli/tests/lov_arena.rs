//! `valerna lov arena` and the bot seats of `valerna lov play`, as run from
//! a shell.

use std::process::{Command, Output, Stdio};

fn valerna(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("valerna runs")
}

/// A bad bot name exits 2 with one line naming the argument and the bot.
#[test]
fn a_bad_bot_is_refused_with_one_line() {
    for args in [
        &["lov", "arena", "--seat0", "ismcts:iters=x"][..],
        &["lov", "arena", "--seat2", "greedy"],
        &["lov", "play", "--seat1", "ismcts:think=soon"],
    ] {
        let out = valerna(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: --seat"), "{err}");
    }
    // Four Faceless and no bot is no match.
    let out = valerna(&["lov", "arena", "--seat0", "faceless"]);
    assert_eq!(out.status.code(), Some(2));
}

/// An arena's JSON report adds up: every game is won by someone or drawn,
/// and the report is the same for one thread and two.
#[test]
fn an_arena_reports_every_game_the_same_on_any_threads() {
    let run = |jobs: &str| {
        let out = valerna(&[
            "lov",
            "arena",
            "--seat0",
            "heuristic",
            "--seat2",
            "random",
            "--games",
            "12",
            "--seed",
            "3",
            "--json",
            "--jobs",
            jobs,
        ]);
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(v["games"], 12);
    let ended: u64 = ["power", "events", "elimination"]
        .iter()
        .map(|k| v["ended_by"][k].as_u64().unwrap())
        .sum();
    assert_eq!(ended, 12);
    assert_eq!(v["players"][0]["bot"], "heuristic");
    assert_eq!(v["players"][1]["bot"], "faceless");
}

/// Every seat of a game played by bots: it runs to its end unattended.
#[test]
fn play_with_every_seat_a_bot_runs_to_the_end() {
    let out = valerna(&[
        "lov",
        "play",
        "--seed",
        "9",
        "--seat0",
        "heuristic",
        "--seat1",
        "random",
        "--seat2",
        "ismcts:iters=20",
        "--seat3",
        "faceless",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("game over"), "{text}");
}
