//! `valerna calc` as a user runs it: the binary, its output and exit codes.

mod common;
use common::{json, run, scratch, valerna};

fn pmf(v: &serde_json::Value) -> Vec<f64> {
    v["pmf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

/// The headline: each black die deals 0.3 critical wounds and 0.5 standard
/// hits, half of them blocked by gray dice: 3 × 0.55 = 1.65.
#[test]
fn three_black_against_gray_means_1_65_wounds() {
    let v = json("calc bov --attack 3xblack --defense gray --json");
    let mean = v["mean"].as_f64().unwrap();
    assert!((mean - 1.65).abs() < 1e-9, "mean {mean}");
    let p = pmf(&v);
    assert_eq!(p.len(), 7, "0 to 6 wounds");
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // No wounds: every die misses, or its standard hits are all blocked.
    // Per die: 0.4 + 0.3·½ + 0.1·¼ = 0.575.
    assert!((p[0] - 0.575f64.powi(3)).abs() < 1e-12);
}

#[test]
fn models_multiply_the_dice_and_health_adds_models_lost() {
    let one = json("calc bov --attack 3xblack --defense gray --json");
    let four = json(
        "calc bov --attack 3xblack --defense gray --models 4 --health 2 --target-models 3 --json",
    );
    let (m1, m4) = (
        one["mean"].as_f64().unwrap(),
        four["mean"].as_f64().unwrap(),
    );
    assert!((m4 - 4.0 * m1).abs() < 1e-9);
    let lost = pmf(&four["models_lost"]);
    assert_eq!(lost.len(), 4, "a 3-model unit loses 0 to 3 models");
    // Losing no model means at most 1 wound with Health 2.
    let wounds = pmf(&four);
    assert!((lost[0] - (wounds[0] + wounds[1])).abs() < 1e-12);
}

#[test]
fn modifiers_move_the_mean_the_right_way() {
    let base = json("calc bov --attack 2xgray --defense gray --json");
    let up = json("calc bov --attack 2xgray --defense gray --attack-mod +1 --json");
    let down = json("calc bov --attack 2xgray --defense gray --defense-mod -1 --json");
    let m = |v: &serde_json::Value| v["mean"].as_f64().unwrap();
    // Gray upgraded is black: 2 × 0.55.
    assert!((m(&up) - 1.1).abs() < 1e-9, "{}", m(&up));
    assert!(m(&base) < m(&up) && m(&base) < m(&down));
}

#[test]
fn lov_charge_and_morale_answer_in_json() {
    let v = json("calc lov --combat-value 5 --json");
    assert!(
        (v["mean"].as_f64().unwrap() - 4.0).abs() < 1e-9,
        "5 dice × 0.8 hits"
    );
    assert!((v["immediate_wounds"]["mean"].as_f64().unwrap() - 1.5).abs() < 1e-9);
    let v = json("calc charge --speed 8 --distance 10.5 --json");
    // Just over 10" with Speed 8 needs 3 hits or more: 57/125.
    assert!((v["reach_probability"].as_f64().unwrap() - 57.0 / 125.0).abs() < 1e-12);
    assert_eq!(pmf(&v).len(), 15, "8 to 14 inches, indexed from 0");
    let v = json("calc morale --die gray --mod +1 --json");
    assert!((v["pass_probability"].as_f64().unwrap() - 4.0 / 6.0).abs() < 1e-12);
}

#[test]
fn the_table_shows_every_outcome_with_mean_and_sd() {
    let out = run("calc bov --attack 3xblack --defense gray");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("P(=k)") && text.contains("P(>=k)"), "{text}");
    assert!(text.contains("mean 1.650"), "{text}");
    assert!(text.contains('█'), "{text}");
}

#[test]
fn bad_input_gets_one_line_naming_the_argument_and_exit_2() {
    let cases = [
        ("calc bov --attack 3xpurple --defense gray", "--attack"),
        ("calc bov --attack 3xblack --defense purple", "--defense"),
        ("calc bov --attack 0xblack --defense gray", "--attack"),
        ("calc bov --attack -2xblack --defense gray", "--attack"),
        ("calc bov --attack 10000xblack --defense gray", "--attack"),
        (
            "calc bov --attack 100xblack --models 100 --defense gray",
            "--models",
        ),
        (
            "calc bov --attack 3xblack --defense gray --models -1",
            "--models",
        ),
        (
            "calc bov --attack 3xblack --defense gray --attack-mod +x",
            "--attack-mod",
        ),
        (
            "calc bov --attack 3xblack --defense gray --defense-mod 1.5",
            "--defense-mod",
        ),
        ("calc bov --attack 3xblack", "--defense"),
        ("calc lov --combat-value 0", "--combat-value"),
        ("calc morale --die red", "--die"),
        (
            "calc bov --attack 3xblack --defense gray --plot chart.gif",
            "--plot",
        ),
    ];
    for (command, names) in cases {
        let out = run(command);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{command}: {err}");
        assert!(err.contains(names), "{command} should name {names}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty(), "{command} printed an answer anyway");
    }
}

#[test]
fn plots_are_written_as_svg_and_png() {
    let dir = scratch("plot");
    let svg = dir.join("wounds.svg");
    let png = dir.join("wounds.png");
    for path in [&svg, &png] {
        let out = valerna(&[
            "calc",
            "bov",
            "--attack",
            "3xblack",
            "--defense",
            "gray",
            "--plot",
            path.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        svg_text.starts_with("<svg") && svg_text.contains("wounds"),
        "not an SVG chart"
    );
    // One bar per outcome 0..=6 drawn as a filled rectangle.
    assert!(svg_text.matches("<rect").count() >= 7);
    let png_bytes = std::fs::read(&png).unwrap();
    assert!(png_bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
}

/// Input once accepted as nonsense, or refused for the wrong reason.
#[test]
fn nonsense_is_refused_and_sense_accepted() {
    // BoV 5.1, "Apply Wounds": wounds reaching Health remove a model, so a
    // unit never carries as many counters as its Health.
    for command in [
        "calc bov --attack 3xblack --defense gray --health 2 --wounds 5",
        "calc bov --attack 3xblack --defense gray --health 2 --target-models 3 --wounds 100",
    ] {
        let out = run(command);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert!(err.contains("--wounds") && err.contains("0 to 1"), "{err}");
    }
    // A modifier of 1000 is out of range, not "not a whole number".
    let out = run("calc bov --attack 3xblack --defense gray --attack-mod 1000");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("out of range") && err.contains("--attack-mod"),
        "{err}"
    );
    // +5 is one upgrade, and the header says so.
    let out = run("calc bov --attack 3xblack --defense gray --attack-mod 5");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("+5: one upgrade"), "{text}");
    let five = json("calc bov --attack 3xblack --defense gray --attack-mod 5 --json");
    let one = json("calc bov --attack 3xblack --defense gray --attack-mod 1 --json");
    assert_eq!(five["mean"], one["mean"]);
    // The content files' form of a pool.
    let plus = json("calc bov --attack 2xblack+1xgray --defense gray --json");
    let comma = json("calc bov --attack 2xblack,1xgray --defense gray --json");
    assert_eq!(plus["mean"], comma["mean"]);
}

/// A charge that cannot reach has probability 0, never "-0.00%" or -0.0.
#[test]
fn an_unreachable_charge_is_zero_not_minus_zero() {
    let out = run("calc charge --speed 8 --distance 15");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(": 0.00%"), "{text}");
    assert!(!text.contains("-0.00%"), "{text}");
    let out = run("calc charge --speed 8 --distance 15 --json");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("-0.0"), "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["reach_probability"].as_f64(), Some(0.0));
}

/// A chart into a missing directory names the path, not a debug dump.
#[test]
fn a_plot_that_cannot_be_written_names_its_path() {
    let out = run("calc bov --attack 3xblack --defense gray --plot /nonexistent/x.png");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("'/nonexistent/x.png'"), "{err}");
    assert!(!err.contains("IoError"), "{err}");
}

/// A chart that cannot be written is refused before the answer: nothing is
/// printed and the command fails once, for every kind of odds.
#[test]
fn a_plot_that_cannot_be_written_is_refused_before_the_answer() {
    for command in [
        "calc bov --attack 3xblack --defense gray --plot /nonexistent/x.svg",
        "calc lov --combat-value 5 --plot /nonexistent/x.svg",
        "calc charge --speed 8 --distance 10.5 --plot /nonexistent/x.png",
        "calc morale --die gray --models 5 --plot /nonexistent/x.svg",
    ] {
        let out = run(command);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert!(out.stdout.is_empty(), "{command}: printed its answer first");
        assert!(err.contains("'/nonexistent/x."), "{err}");
    }
}
