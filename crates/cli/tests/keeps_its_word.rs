//! Every command keeps its word: one clear error and exit 2 for bad input,
//! no panic, nothing lost and nothing left behind.

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Scratch, scratch, valerna};

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// An empty folder of the test's own (`tmp`), inside a [`Scratch`] that
/// also holds what is written beside it (`tmp.log`).
fn scratch_tmp(name: &str) -> (Scratch, PathBuf) {
    let root = scratch(&format!("word-{name}"));
    let tmp = root.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    (root, tmp)
}

fn names_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// Waits for `child` at most `limit`; kills it if it is still running.
fn wait_at_most(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// `serve --openapi | head -c0` ends quietly; into a full disk it fails
/// with one line, never a panic.
#[test]
fn openapi_into_a_closed_pipe_or_a_full_disk_is_not_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(["serve", "--openapi"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    if Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_valerna"))
            .args(["serve", "--openapi"])
            .stdout(full)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(
            err.starts_with("error: could not write the output"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Times a load test cannot keep are refused as usage errors.
#[test]
fn loadtest_refuses_times_and_sizes_it_cannot_keep() {
    for args in [
        &["--seconds", "inf"][..],
        &["--seconds", "1e30"],
        &["--seconds", "NaN"],
        &["--seconds", "-1"],
        &["--warm-up", "inf"],
        &["--think-ms", "18446744073709551615"],
        &["--games", "18446744073709551615"],
        &["--games", "0"],
        &["--seconds", "3", "--warm-up", "5"],
    ] {
        let mut all = vec!["loadtest"];
        all.extend_from_slice(args);
        let out = valerna(&all);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// Starts a load test whose temporary folder is under `tmp`.
fn loadtest(tmp: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_valerna"))
        .arg("loadtest")
        .args(args)
        .env("TMPDIR", tmp)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(tmp.with_extension("log")).unwrap())
        .spawn()
        .unwrap()
}

/// A think time longer than the run does not make the run longer; and a
/// finished run leaves no database behind.
#[test]
fn a_long_think_ends_with_the_run() {
    let (_root, tmp) = scratch_tmp("think");
    let mut child = loadtest(
        &tmp,
        &[
            "--games",
            "2",
            "--seconds",
            "2",
            "--warm-up",
            "0",
            "--think-ms",
            "3600000",
        ],
    );
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert!(status.is_some(), "a 2 s run still ran after 60 s");
    assert!(status.unwrap().success());
    assert!(names_in(&tmp).is_empty(), "{:?}", names_in(&tmp));
}

/// A load test stopped by Ctrl-C (SIGINT) or SIGTERM stops its server and
/// removes its database.
#[test]
fn a_stopped_loadtest_leaves_nothing_behind() {
    for signal in ["-INT", "-TERM"] {
        let (_root, tmp) = scratch_tmp(&format!("signal{signal}"));
        let mut child = loadtest(
            &tmp,
            &["--games", "1", "--seconds", "120", "--warm-up", "0"],
        );
        // Wait for the server's database.
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(60) {
            let made = names_in(&tmp)
                .iter()
                .any(|d| tmp.join(d).join("load.db").exists());
            if made {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        std::thread::sleep(Duration::from_millis(500));
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = wait_at_most(&mut child, Duration::from_secs(30));
        assert!(status.is_some(), "{signal}: still running");
        // Read from a file: a server left running would hold a pipe open.
        let err = std::fs::read_to_string(tmp.with_extension("log")).unwrap();
        assert!(!err.contains("panicked"), "{err}");
        assert!(
            names_in(&tmp).is_empty(),
            "{signal}: left {:?}",
            names_in(&tmp)
        );
    }
}

/// A FIFO nobody writes to does not hang a command that reads a file: it
/// is refused with one line naming it, exit 2.
#[test]
fn a_fifo_with_no_writer_is_refused_naming_it() {
    let dir = scratch("word-fifo");
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let f = fifo.to_str().unwrap().to_owned();
    let out = dir.join("out.svg").to_str().unwrap().to_owned();
    let map = dir.join("out.ron").to_str().unwrap().to_owned();
    let lists = format!("{f},tyveria_swarm");
    let commands: Vec<Vec<String>> = [
        vec!["lov", "replay", &f],
        vec!["lov", "play", "--load", &f],
        vec!["bov", "list", "validate", &f],
        vec!["bov", "sim", "--games", "1", "--lists", &lists],
        vec!["bov", "sim", "--games", "1", "--map", &f],
        vec!["bov", "render", &f, "-o", &out],
        vec!["bov", "map", &f, "-o", &map],
        vec!["bov", "replay", &f],
    ]
    .iter()
    .map(|c| c.iter().map(|s| (*s).to_owned()).collect())
    .collect();
    let runs: Vec<_> = commands
        .into_iter()
        .map(|args| {
            std::thread::spawn(move || {
                let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
                    .args(&args)
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                let status = wait_at_most(&mut child, Duration::from_secs(40));
                let mut err = String::new();
                if status.is_some() {
                    child
                        .stderr
                        .take()
                        .unwrap()
                        .read_to_string(&mut err)
                        .unwrap();
                }
                (args, status, err)
            })
        })
        .collect();
    for run in runs {
        let (args, status, err) = run.join().unwrap();
        let status = status.unwrap_or_else(|| panic!("{args:?} hung on the FIFO"));
        assert_eq!(status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(&f), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    assert!(!Path::new(&out).exists() && !Path::new(&map).exists());
}

/// `bov render` writes the format its output's name says, or refuses it
/// before any work.
#[test]
fn render_refuses_a_format_it_cannot_write() {
    let dir = scratch("word-render");
    let log = dir.join("game.json");
    let out = valerna(&[
        "bov",
        "sim",
        "--games",
        "1",
        "--save-log",
        log.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    for name in ["r.jpg", "r", "r.svg.txt"] {
        let target = dir.join(name);
        let out = valerna(&[
            "bov",
            "render",
            log.to_str().unwrap(),
            "-o",
            target.to_str().unwrap(),
        ]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(".svg or .png"), "{err}");
        assert!(!target.exists(), "{name} was written");
    }
    let svg = dir.join("R.SVG");
    let out = valerna(&[
        "bov",
        "render",
        log.to_str().unwrap(),
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}

/// Runs `args` and waits at most `limit`: the status, stdout and stderr.
fn run_within(args: &[&str], env: &[(&str, &str)], limit: Duration) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let outs = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let errs = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let status = wait_at_most(&mut child, limit);
    let (out, err) = (outs.join().unwrap(), errs.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("{args:?} still ran after {limit:?}: {err}"));
    (status.code().unwrap_or(-1), out, err)
}

/// A number of games no machine plays, or of threads, is a usage error at
/// once: not an abort on a terabyte allocation, nor a run whose memory
/// grows without end.
#[test]
fn huge_games_and_jobs_are_refused_at_once() {
    for args in [
        &["bov", "sim", "--games", "4294967295"][..],
        &["lov", "balance", "--games", "4294967295"],
        &["bov", "balance", "--games", "4294967295"],
        &["lov", "arena", "--games", "4294967295"],
        &[
            "bov",
            "arena",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "4294967294",
        ],
        &["lov", "arena", "--jobs", "100000"],
        &[
            "bov", "arena", "--a", "greedy", "--b", "random", "--jobs", "100000",
        ],
    ] {
        let (code, _, err) = run_within(args, &[], Duration::from_secs(30));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("memory"),
            "{err}"
        );
    }
}

/// `lov arena` as its help documents it, with no argument, plays a match.
#[test]
fn lov_arena_plays_with_its_defaults() {
    let (code, out, err) = run_within(
        &["lov", "arena", "--games", "4", "--json"],
        &[],
        Duration::from_secs(120),
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["players"][0]["bot"], "heuristic");
    assert_eq!(v["players"][1]["bot"], "faceless");
}

/// What a shared (bonded) win is counts for both seats: every figure of a
/// win says how many were won alone beside it.
#[test]
fn wins_alone_are_printed_beside_shared_wins() {
    let (code, out, err) = run_within(
        &["lov", "sim", "--games", "60", "--seed", "1", "--json"],
        &[],
        Duration::from_secs(120),
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let sum = |k: &str| {
        v[k].as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .sum::<u64>()
    };
    let shared = v["shared_wins"].as_u64().unwrap();
    assert!(shared > 0, "{v}");
    // Each game has one winner alone or a bonded pair.
    assert_eq!(sum("wins_alone_by_seat") + shared, 60, "{v}");
    assert_eq!(sum("wins_by_seat"), sum("wins_alone_by_seat") + 2 * shared);
    let (_, text, _) = run_within(
        &["lov", "sim", "--games", "60", "--seed", "1"],
        &[],
        Duration::from_secs(120),
    );
    assert!(
        text.contains("alone") && text.contains("won by a bonded pair"),
        "{text}"
    );
    let (code, out, err) = run_within(
        &[
            "lov",
            "arena",
            "--seat0",
            "heuristic",
            "--games",
            "8",
            "--json",
        ],
        &[],
        Duration::from_secs(120),
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let p = &v["players"][0];
    assert_eq!(
        p["wins"].as_u64().unwrap(),
        p["wins_alone"].as_u64().unwrap() + p["wins_shared"].as_u64().unwrap()
    );
    assert!(p["win_rate_alone"].is_number());
    let (_, text, _) = run_within(
        &["lov", "arena", "--seat0", "heuristic", "--games", "8"],
        &[],
        Duration::from_secs(120),
    );
    assert!(
        text.contains(" alone ") && text.contains(" shared "),
        "{text}"
    );
}

/// A long run says how far it is when no one watches a terminal: a line
/// every few seconds (here every step) on stderr, the output unchanged.
#[test]
fn a_long_run_reports_progress_to_a_log() {
    let args = [
        "lov",
        "arena",
        "--seat0",
        "heuristic",
        "--games",
        "6",
        "--jobs",
        "1",
        "--json",
    ];
    let (code, out, err) = run_within(
        &args,
        &[("VALERNA_PROGRESS_SECONDS", "0")],
        Duration::from_secs(120),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("arena: 1/6 (") && err.contains("left)"),
        "{err}"
    );
    let (_, quiet, _) = run_within(&args, &[], Duration::from_secs(120));
    assert_eq!(out, quiet);
}

/// `bov arena --battle N` says which battle it played, not "1 battles".
#[test]
fn one_battle_is_named_as_one() {
    let (code, out, err) = run_within(
        &[
            "bov", "arena", "--a", "random", "--b", "random", "--games", "4", "--battle", "1",
        ],
        &[],
        Duration::from_secs(300),
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("1 battles"), "{out}");
    assert!(out.starts_with("battle 1 of 4 battles"), "{out}");
}

/// `bov balance --bot` names its own flag.
#[test]
fn bov_balance_names_its_bot_flag() {
    let (code, _, err) = run_within(
        &["bov", "balance", "--bot", "nonsense"],
        &[],
        Duration::from_secs(30),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--bot 'nonsense'") && !err.contains("--bots"),
        "{err}"
    );
}

/// A report's folder is checked before any game is played, and the two
/// games' reports do not write over each other's README.md.
#[test]
fn balance_outputs_are_checked_before_the_games() {
    let dir = scratch("word-balance");
    let file = dir.join("file");
    std::fs::write(&file, "x").unwrap();
    let under_a_file = file.join("out");
    for game in ["lov", "bov"] {
        for out in [&under_a_file, &file] {
            let args = ["bov", "balance", "--out", out.to_str().unwrap()];
            let mut args = args.to_vec();
            args[0] = game;
            let (code, _, err) = run_within(&args, &[], Duration::from_secs(20));
            assert_eq!(code, 2, "{game}: {err}");
            assert!(err.contains(out.to_str().unwrap()), "{err}");
        }
    }
    // The other game's report in the folder: refused, left as it was.
    let lov_dir = dir.join("lov");
    std::fs::create_dir_all(&lov_dir).unwrap();
    let lov_readme = "# Lords of Vaala: balance report\n\nfigures\n";
    std::fs::write(lov_dir.join("README.md"), lov_readme).unwrap();
    let (code, _, err) = run_within(
        &[
            "bov",
            "balance",
            "--games",
            "2",
            "--out",
            lov_dir.to_str().unwrap(),
        ],
        &[],
        Duration::from_secs(20),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Lords of Vaala report"), "{err}");
    assert_eq!(
        std::fs::read_to_string(lov_dir.join("README.md")).unwrap(),
        lov_readme
    );
    let bov_dir = dir.join("bov");
    std::fs::create_dir_all(&bov_dir).unwrap();
    let bov_readme = "# Battles of Valerna: balance report\n\nfigures\n";
    std::fs::write(bov_dir.join("README.md"), bov_readme).unwrap();
    let (code, _, err) = run_within(
        &[
            "lov",
            "balance",
            "--games",
            "1",
            "--bots",
            "random",
            "--out",
            bov_dir.to_str().unwrap(),
        ],
        &[],
        Duration::from_secs(60),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Battles of Valerna report"), "{err}");
    assert_eq!(
        std::fs::read_to_string(bov_dir.join("README.md")).unwrap(),
        bov_readme
    );
    // Its own earlier report is rewritten.
    let (code, _, err) = run_within(
        &[
            "lov",
            "balance",
            "--games",
            "1",
            "--bots",
            "random",
            "--out",
            lov_dir.to_str().unwrap(),
        ],
        &[],
        Duration::from_secs(60),
    );
    assert_eq!(code, 0, "{err}");
}

/// A chart's title is drawn whole, on two lines if it must.
#[test]
fn a_long_chart_title_is_not_cut_off() {
    let dir = scratch("word-title");
    let svg = dir.join("w.svg");
    let (code, _, err) = run_within(
        &[
            "calc",
            "bov",
            "--attack",
            "2xblack,1xgray",
            "--models",
            "4",
            "--attack-mod",
            "+1",
            "--defense",
            "black",
            "--defense-mod",
            "-1",
            "--plot",
            svg.to_str().unwrap(),
        ],
        &[],
        Duration::from_secs(30),
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    let words: Vec<&str> = text
        .split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>').map(|(_, rest)| rest))
        .filter_map(|t| t.split_once("</text>").map(|(inside, _)| inside.trim()))
        .collect();
    let all = words.join(" ");
    assert!(!all.contains('…'), "{all}");
    assert!(
        all.contains("against black defense") && all.contains("(net downgrade (-1))"),
        "{all}"
    );
}

/// Bad paths given to `serve --db`, `bov sim --save-log` and `bov map -o`
/// are usage errors (exit 2, not 1), found before any work.
#[test]
fn bad_paths_are_usage_errors_found_first() {
    let dir = scratch("word-paths");
    let file = dir.join("file");
    std::fs::write(&file, "x").unwrap();
    let under_a_file = file.join("x.db");
    let u = under_a_file.to_str().unwrap();
    for args in [
        vec!["serve", "--db", u, "--port", "0"],
        vec!["serve", "--db", dir.to_str().unwrap(), "--port", "0"],
        vec!["bov", "sim", "--games", "100000", "--save-log", u],
    ] {
        let (code, _, err) = run_within(&args, &[], Duration::from_secs(20));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// The processes whose command line names `path`.
fn processes_naming(path: &Path) -> Vec<String> {
    let wanted = path.to_str().unwrap();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(wanted))
        .collect()
}

/// A load test killed outright (SIGKILL, which no program can catch) takes
/// its server with it, and the next load test removes the folder it left.
#[test]
fn a_killed_loadtest_is_cleaned_up_after() {
    let (_root, tmp) = scratch_tmp("sigkill");
    let mut child = loadtest(
        &tmp,
        &["--games", "1", "--seconds", "120", "--warm-up", "0"],
    );
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60)
        && !names_in(&tmp)
            .iter()
            .any(|d| tmp.join(d).join("load.db").exists())
    {
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(500));
    child.kill().unwrap();
    child.wait().unwrap();
    let start = Instant::now();
    while !processes_naming(&tmp).is_empty() && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        processes_naming(&tmp).is_empty(),
        "the server outlived its load test: {:?}",
        processes_naming(&tmp)
    );
    assert_eq!(names_in(&tmp).len(), 1, "the killed test's folder");
    let mut next = loadtest(&tmp, &["--games", "1", "--seconds", "1", "--warm-up", "0"]);
    let status = wait_at_most(&mut next, Duration::from_secs(60));
    assert!(status.is_some_and(|s| s.success()));
    assert!(names_in(&tmp).is_empty(), "{:?}", names_in(&tmp));
}

/// A chart or board named onto a pipe (or a device) is refused at once,
/// naming it, rather than waiting for ever for a reader to open its other
/// end.
#[test]
fn a_picture_onto_a_pipe_is_refused_at_once() {
    let dir = scratch("word-fifo");
    let fifo = dir.join("fifo.svg");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let shown = fifo.to_str().unwrap();
    let args = [
        "calc",
        "bov",
        "--attack",
        "3xblack",
        "--defense",
        "gray",
        "--plot",
        shown,
    ];
    let (code, out, err) = run_within(&args, &[], Duration::from_secs(30));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("--plot '{shown}'")) && err.contains("not a regular file"),
        "{err}"
    );
}

/// A picture the disk will not take (here a file-size limit, which fails
/// the write as a full disk does) is said in words, naming the file, with
/// exit 1; nothing is left behind and a picture already there is kept
/// whole.
#[test]
fn a_picture_the_disk_refuses_is_said_in_words() {
    let dir = scratch("word-fsize");
    for name in ["odds.png", "odds.svg"] {
        let target = dir.join(name);
        std::fs::write(&target, b"the picture before").unwrap();
        let shown = target.to_str().unwrap();
        // 1 KiB at most a file; SIGXFSZ ignored, so the write fails with
        // EFBIG rather than the signal killing the command.
        let script = format!(
            "trap '' XFSZ; ulimit -f 1; exec \"$0\" calc bov --attack 3xblack --defense gray \
             --plot '{shown}'"
        );
        let out = Command::new("bash")
            .args(["-c", &script, env!("CARGO_BIN_EXE_valerna")])
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: {err}");
        assert!(
            err.contains(&format!(
                "--plot '{shown}': cannot be written: File too large"
            )),
            "{name}: {err}"
        );
        assert!(
            !err.contains("Os {") && !err.contains("Error("),
            "{name}: {err}"
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"the picture before");
        assert_eq!(names_in(&dir), [name], "{name}: left behind");
        std::fs::remove_file(&target).unwrap();
    }
}

/// A load test pointed at a server that is not there measured nothing:
/// it prints its report, then fails (exit 1) naming the errors.
#[test]
fn a_load_test_whose_requests_failed_fails() {
    let args = [
        "loadtest",
        "--server",
        "http://127.0.0.1:1",
        "--seconds",
        "2",
        "--warm-up",
        "0",
        "--games",
        "2",
    ];
    let (code, out, err) = run_within(&args, &[], Duration::from_secs(60));
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("errors"), "the report is printed: {out}");
    assert!(err.contains("requests of the load test failed"), "{err}");
    assert!(err.contains("create_connection"), "{err}");
}
