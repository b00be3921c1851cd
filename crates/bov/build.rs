//! Lists the default pack's files for `content::DEFAULT_SOURCES`: the
//! keywords, every unit card file of `content/bov/units/` (the four
//! shipped files first, in their order, as a card's id is its place in the
//! pack; then any other `.ron` file dropped there, such as the card
//! editor's export, by name), the Vaala and Artifact cards.

use std::{env, fs, path::Path};

const SHIPPED: [&str; 4] = ["allaria.ron", "tyveria.ron", "neutral.ron", "captains.ron"];

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/bov/units");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut extra: Vec<String> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".ron") && !SHIPPED.contains(&n.as_str()))
                .collect()
        })
        .unwrap_or_default();
    extra.sort();
    let content = dir.join("..");
    let files = std::iter::once(("keywords.ron".to_owned(), "Keywords"))
        .chain(
            SHIPPED
                .iter()
                .map(|s| s.to_string())
                .chain(extra)
                .map(|n| (format!("units/{n}"), "Units")),
        )
        .chain([
            ("cards/vaala.ron".to_owned(), "Vaala"),
            ("cards/artifacts.ron".to_owned(), "Artifacts"),
        ]);
    let mut out = String::from("&[\n");
    for (name, kind) in files {
        let path = content.join(&name);
        println!("cargo:rerun-if-changed={}", path.display());
        out.push_str(&format!(
            "    Source {{ file: {name:?}, kind: FileKind::{kind}, text: include_str!({:?}) }},\n",
            path.display().to_string()
        ));
    }
    out.push_str("]\n");
    let target = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("sources.rs");
    fs::write(target, out).expect("writing the unit sources");
}
