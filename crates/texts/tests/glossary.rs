//! The Italian and French words of Lords of Vaala are the books' words: the
//! locales and the content pack hold to `locales/GLOSSARY.md`, whose last two
//! tables this test reads (LoV IT and FR rulebooks, "Glossario" and
//! "Glossaire").

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::BTreeMap;

const LOCALES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/locales");
const PACK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/lov");

/// Every Lords of Vaala message of a language, its variants and the terms
/// it refers to written out, so that a word in any of them is seen.
fn messages(lang: &str) -> BTreeMap<String, String> {
    let sources: Vec<String> = ["lov.ftl", "web.ftl"]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{LOCALES}/{lang}/{f}")).unwrap())
        .collect();
    let resources: Vec<_> = sources
        .iter()
        .map(|s| fluent_syntax::parser::parse(s.as_str()).unwrap_or_else(|(r, _)| r))
        .collect();
    let mut terms = BTreeMap::new();
    for e in resources.iter().flat_map(|r| &r.body) {
        if let Entry::Term(t) = e {
            terms.insert(t.id.name, &t.value);
        }
    }
    let mut out = BTreeMap::new();
    for e in resources.iter().flat_map(|r| &r.body) {
        let Entry::Message(m) = e else { continue };
        let id = m.id.name;
        // Battles of Valerna has no Italian or French book: its words are not
        // this glossary's.
        let bov = id.contains("bov")
            || [
                "web-ws",
                "web-scenario",
                "web-battlefield",
                "web-edition",
                "web-lobby-battlefield",
                "web-lobby-scenario",
                "web-lobby-edition",
                "web-lobby-monsters",
                "web-lobby-terrain",
                "web-lobby-map",
            ]
            .iter()
            .any(|p| id.starts_with(p));
        if bov {
            continue;
        }
        let mut text = String::new();
        for p in m.value.iter().chain(m.attributes.iter().map(|a| &a.value)) {
            flatten(p, &terms, &mut text);
        }
        out.insert(id.to_string(), text);
    }
    out
}

fn flatten(p: &Pattern<&str>, terms: &BTreeMap<&str, &Pattern<&str>>, out: &mut String) {
    for el in &p.elements {
        match el {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => expr(expression, terms, out),
        }
    }
}

fn expr(e: &Expression<&str>, terms: &BTreeMap<&str, &Pattern<&str>>, out: &mut String) {
    match e {
        Expression::Inline(i) => inline(i, terms, out),
        Expression::Select { variants, .. } => {
            for v in variants {
                out.push_str(" | ");
                flatten(&v.value, terms, out);
            }
            out.push_str(" | ");
        }
    }
}

fn inline(e: &InlineExpression<&str>, terms: &BTreeMap<&str, &Pattern<&str>>, out: &mut String) {
    match e {
        InlineExpression::StringLiteral { value } => out.push_str(value),
        InlineExpression::TermReference { id, .. } => {
            if let Some(p) = terms.get(id.name) {
                flatten(p, terms, out);
            }
        }
        InlineExpression::Placeable { expression } => expr(expression, terms, out),
        _ => {}
    }
}

/// The rows of the table under `heading` in the glossary.
fn table(heading: &str) -> Vec<Vec<String>> {
    let glossary = std::fs::read_to_string(format!("{LOCALES}/GLOSSARY.md")).unwrap();
    let section = glossary
        .split_once(heading)
        .unwrap_or_else(|| panic!("GLOSSARY.md has no {heading:?}"))
        .1;
    let rows: Vec<Vec<String>> = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    assert!(!rows.is_empty(), "GLOSSARY.md: {heading:?} has no rows");
    rows
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-'
}

/// Whether `text` holds `word` starting at a word's start; `whole` also
/// asks it to end at a word's end (an English plural "s" allowed).
fn holds(text: &str, word: &str, whole: bool) -> bool {
    let text = text.to_lowercase();
    let word = word.to_lowercase();
    text.match_indices(&word).any(|(at, _)| {
        let starts = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !is_word_char(c));
        let rest = &text[at + word.len()..];
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        starts && (!whole || rest.chars().next().is_none_or(|c| !is_word_char(c)))
    })
}

fn any_form(text: &str, forms: &str) -> bool {
    forms.split(';').any(|f| holds(text, f.trim(), false))
}

/// Fails with every message off the glossary, one a line.
fn none_off(wrong: &[String]) {
    assert!(
        wrong.is_empty(),
        "{} off the glossary:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The pack's Italian or French texts: every string of its translation file.
fn pack(lang: &str) -> String {
    std::fs::read_to_string(format!("{PACK}/{lang}.jsonc")).unwrap()
}

#[test]
fn a_concept_named_in_english_is_named_by_the_books_word_in_italian_and_french() {
    let rows = table("### One concept, one word");
    let (en, it, fr) = (messages("en"), messages("it"), messages("fr"));
    assert!(en.len() > 300, "{} English messages", en.len());
    let mut wrong = Vec::new();
    let mut checked = 0;
    for row in &rows {
        let [english, italian, french] = &row[..] else {
            panic!("GLOSSARY.md: {row:?} is not three cells")
        };
        for (id, text) in &en {
            if !holds(text, english, true) {
                continue;
            }
            checked += 1;
            for (lang, words, forms) in [("it", &it, italian), ("fr", &fr, french)] {
                let said = words.get(id).map(String::as_str).unwrap_or("");
                if !any_form(said, forms) {
                    wrong.push(format!(
                        "{lang} {id}: {english:?} is not {forms:?} in {said:?}"
                    ));
                }
            }
        }
    }
    assert!(checked > 200, "only {checked} messages name a concept");
    none_off(&wrong);
}

/// The pack's Dragonbond abilities carry the books' names (LoV IT and FR,
/// the four Character cards).
#[test]
fn the_packs_dragonbond_abilities_carry_each_books_name() {
    let content = valerna_lov::content::Content::default_pack().unwrap();
    let rows = table("### One concept, one word");
    let mut named = 0;
    for c in content.characters.iter() {
        for row in &rows {
            if !c.bond_text.starts_with(row[0].as_str()) {
                continue;
            }
            named += 1;
            for (lang, name) in [("it", &row[1]), ("fr", &row[2])] {
                let bond = c.bond_in(lang);
                assert!(
                    bond.starts_with(name.as_str()),
                    "{lang}: {bond:?} is not {name:?}"
                );
            }
        }
    }
    assert_eq!(named, 4, "the four abilities are in the glossary");
}

#[test]
fn no_message_or_pack_text_uses_a_word_the_books_do_not() {
    let rows = table("### Words the books do not use");
    let mut wrong = Vec::new();
    for row in &rows {
        let [lang, not, book] = &row[..] else {
            panic!("GLOSSARY.md: {row:?} is not three cells")
        };
        for (id, text) in messages(lang) {
            if holds(&text, not, false) {
                wrong.push(format!(
                    "{lang} {id}: {not:?} (the book: {book}) in {text:?}"
                ));
            }
        }
        for line in pack(lang).lines().filter(|l| holds(l, not, false)) {
            wrong.push(format!(
                "{lang}.jsonc: {not:?} (the book: {book}) in {}",
                line.trim()
            ));
        }
    }
    none_off(&wrong);
}

#[test]
fn the_words_are_found_at_a_words_start_only() {
    assert!(holds("Potere speso", "spes", false));
    assert!(!holds("sospeso", "spes", false));
    assert!(holds("two Dragons", "Dragon", true));
    assert!(!holds("Dragonbond", "Dragon", true));
    assert!(holds("Sans-Visages", "Sans-Visage", false));
}
