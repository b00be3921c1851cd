//! The user-interface texts in the three languages of the Lords of Vaala
//! books. They live in Project Fluent resources, `locales/{en,it,fr}/*.ftl`,
//! compiled into the binary: nothing is read from the disk at run time. A
//! terminal and a web table render the same messages through [`Texts`].
//!
//! A message missing from a language falls back to English, then to its id,
//! so a gap shows as a visible id and never stops a game; the tests require
//! every message in every language.
#![forbid(unsafe_code)]

pub mod bov;
pub mod lov;

use clap::ValueEnum;
pub use fluent_bundle::FluentValue;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentError, FluentResource};
use unic_langid::LanguageIdentifier;

/// A language of the user interface, with the game terms of its rulebook.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    It,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::It, Lang::Fr];

    /// The BCP 47 code, which also picks Fluent's plural rules.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::It => "it",
            Lang::Fr => "fr",
        }
    }

    /// The `web.ftl` resource of this language (the web pages' own words).
    pub fn web_source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en/web.ftl"),
            Lang::It => include_str!("../locales/it/web.ftl"),
            Lang::Fr => include_str!("../locales/fr/web.ftl"),
        }
    }

    /// The `bov.ftl` resource of this language, as compiled in.
    pub fn bov_source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en/bov.ftl"),
            Lang::It => include_str!("../locales/it/bov.ftl"),
            Lang::Fr => include_str!("../locales/fr/bov.ftl"),
        }
    }

    /// The `lov.ftl` resource of this language, as compiled in.
    pub fn lov_source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en/lov.ftl"),
            Lang::It => include_str!("../locales/it/lov.ftl"),
            Lang::Fr => include_str!("../locales/fr/lov.ftl"),
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

/// The messages of one language (and English behind them).
pub struct Texts {
    lang: Lang,
    bundle: Bundle,
    english: Option<Bundle>,
}

impl std::fmt::Debug for Texts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Texts").field("lang", &self.lang).finish()
    }
}

/// Why a message could not be rendered cleanly.
#[derive(Debug)]
pub enum TextError {
    /// The language has no message of this id.
    Missing,
    /// The message rendered with Fluent errors (e.g. an unknown variable).
    Fluent(Vec<FluentError>),
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextError::Missing => write!(f, "no such message"),
            TextError::Fluent(errors) => {
                let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
                write!(f, "{}", all.join("; "))
            }
        }
    }
}

fn bundle(lang: Lang) -> Bundle {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Terminal output: no Unicode isolation marks around arguments.
    b.set_use_isolating(false);
    // A resource with syntax errors keeps its good entries, and a duplicate
    // id keeps its first entry; the tests reject both.
    for source in [lang.lov_source(), lang.bov_source(), lang.web_source()] {
        let res = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(r, _)| r);
        let _ = b.add_resource(res);
    }
    b
}

fn format(b: &Bundle, id: &str, args: &FluentArgs) -> Option<(String, Vec<FluentError>)> {
    let pattern = b.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let s = b.format_pattern(pattern, Some(args), &mut errors);
    Some((s.into_owned(), errors))
}

fn to_args<'a>(args: &[(&'a str, FluentValue<'a>)]) -> FluentArgs<'a> {
    let mut a = FluentArgs::with_capacity(args.len());
    for (k, v) in args {
        a.set(*k, v.clone());
    }
    a
}

impl Texts {
    pub fn new(lang: Lang) -> Texts {
        Texts {
            lang,
            bundle: bundle(lang),
            english: (lang != Lang::En).then(|| bundle(Lang::En)),
        }
    }

    /// Message `id` with `args`: this language, else English, else the id.
    pub fn get(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let a = to_args(args);
        format(&self.bundle, id, &a)
            .map(|(s, e)| (self.typeset(s), e))
            .or_else(|| self.english.as_ref().and_then(|e| format(e, id, &a)))
            .map_or_else(|| id.to_owned(), |(s, _)| s)
    }

    /// This language's spelling rules that a message cannot know before its
    /// arguments are in: French elides "de", "le", "la" and "que" before a
    /// word that starts with a vowel ("la carte Action d'Elyse").
    fn typeset(&self, s: String) -> String {
        match self.lang {
            Lang::Fr => elide(&s),
            Lang::En | Lang::It => s,
        }
    }

    /// Message `id` in this language only, and only if it renders cleanly.
    pub fn try_get(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> Result<String, TextError> {
        match format(&self.bundle, id, &to_args(args)) {
            None => Err(TextError::Missing),
            Some((s, e)) if e.is_empty() => Ok(self.typeset(s)),
            Some((_, e)) => Err(TextError::Fluent(e)),
        }
    }

    /// Every message of the `web.ftl` resource, rendered in this language,
    /// each variable `$name` left as `{name}` for the page to fill in. The
    /// web pages get their words from here, never from Fluent source.
    pub fn web_messages(&self) -> Vec<(String, String)> {
        let source = Lang::En.web_source();
        let Ok(res) = FluentResource::try_new(source.to_owned()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for entry in res.entries() {
            let fluent_syntax::ast::Entry::Message(m) = entry else {
                continue;
            };
            let id = m.id.name;
            let mut vars = Vec::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            let args: Vec<(&str, FluentValue)> = vars
                .iter()
                .map(|v| (v.as_str(), FluentValue::from(format!("{{{v}}}"))))
                .collect();
            out.push((id.to_owned(), self.get(id, &args)));
        }
        out
    }

    /// Whether this language (or English behind it) has message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id) || self.english.as_ref().is_some_and(|e| e.has_message(id))
    }

    /// The language of these texts.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// `x` with `digits` decimals and this language's decimal separator.
    pub fn decimal(&self, x: f64, digits: usize) -> String {
        let s = format!("{x:.digits$}");
        match self.lang {
            Lang::En => s,
            Lang::It | Lang::Fr => s.replace('.', ","),
        }
    }
}

/// French elision: "de", "le", "la" and "que" (or "De", "Le"...) before a
/// word starting with a vowel become "d'", "l'", "qu'" ("de Elyse" is
/// "d'Elyse", "le Allaria" "l'Allaria"). A word after a hyphen is left alone
/// (an imperative's pronoun: "prenez-le avec"), and so is an "h", which the
/// game's names aspirate ("du Haut-Primalian").
pub fn elide(s: &str) -> String {
    const VOWELS: &str = "aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ";
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while !rest.is_empty() {
        let at_word = out
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || matches!(c, '(' | '«' | '"' | '“'));
        let elided = at_word
            .then(|| {
                ["de ", "De ", "le ", "Le ", "la ", "La ", "que ", "Que "]
                    .into_iter()
                    .find(|w| {
                        rest.strip_prefix(w)
                            .and_then(|after| after.chars().next())
                            .is_some_and(|c| VOWELS.contains(c))
                    })
            })
            .flatten();
        if let Some(w) = elided {
            // "de " -> "d'", "que " -> "qu'".
            out.push_str(&w[..w.len() - 2]);
            out.push('\'');
            rest = &rest[w.len()..];
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The variable names a pattern uses (selectors and variants included).
fn pattern_vars(p: &fluent_syntax::ast::Pattern<&str>, out: &mut Vec<String>) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement};
    fn inline(e: &InlineExpression<&str>, out: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } if !out.iter().any(|v| v == id.name) => {
                out.push(id.name.to_owned());
            }
            InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    fn expr(e: &Expression<&str>, out: &mut Vec<String>) {
        match e {
            Expression::Inline(i) => inline(i, out),
            Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    pattern_vars(&v.value, out);
                }
            }
        }
    }
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr(expression, out);
        }
    }
}

/// `tr!(texts, "message-id", name = value, ...)`: renders a message; the
/// names become Fluent variables (`{ $name }`).
#[macro_export]
macro_rules! tr {
    ($t:expr, $id:literal $(, $k:ident = $v:expr)* $(,)?) => {
        $t.get($id, &[$((stringify!($k), $crate::FluentValue::from($v))),*])
    };
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;

    /// Message (and `-term`) ids of a resource, each with its variables.
    type Catalogue = BTreeMap<String, BTreeSet<String>>;

    fn inline_vars(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_owned());
            }
            ast::InlineExpression::Placeable { expression } => expr_vars(expression, out),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_vars(a, out);
                }
                for a in &arguments.named {
                    inline_vars(&a.value, out);
                }
            }
            _ => {}
        }
    }

    fn expr_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Inline(i) => inline_vars(i, out),
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, out);
                for v in variants {
                    pattern_vars(&v.value, out);
                }
            }
        }
    }

    fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for el in &p.elements {
            if let ast::PatternElement::Placeable { expression } = el {
                expr_vars(expression, out);
            }
        }
    }

    /// Parses a language's resources strictly: any syntax error fails, and
    /// so does an id in both.
    fn catalogue(lang: Lang) -> Catalogue {
        let mut c = Catalogue::new();
        for (file, source) in [
            ("lov", lang.lov_source()),
            ("bov", lang.bov_source()),
            ("web", lang.web_source()),
        ] {
            let res = fluent_syntax::parser::parse(source).unwrap_or_else(|(_, e)| {
                panic!("{}/{file}.ftl does not parse: {e:?}", lang.code())
            });
            add_entries(&mut c, lang, &res);
        }
        c
    }

    fn add_entries(c: &mut Catalogue, lang: Lang, res: &ast::Resource<&str>) {
        for entry in &res.body {
            let (id, vars) = match entry {
                ast::Entry::Message(m) => {
                    let mut vars = BTreeSet::new();
                    let value = m.value.as_ref();
                    assert!(
                        value.is_some(),
                        "{}: {} has no value",
                        lang.code(),
                        m.id.name
                    );
                    pattern_vars(value.unwrap(), &mut vars);
                    (m.id.name.to_owned(), vars)
                }
                ast::Entry::Term(t) => (format!("-{}", t.id.name), BTreeSet::new()),
                ast::Entry::Junk { content } => panic!("{}: junk {content:?}", lang.code()),
                _ => continue,
            };
            assert!(
                c.insert(id.clone(), vars).is_none(),
                "{}: {id} twice",
                lang.code()
            );
        }
    }

    #[test]
    fn every_message_exists_in_all_three_languages_with_the_same_variables() {
        let en = catalogue(Lang::En);
        assert!(en.len() > 60, "{} messages", en.len());
        for lang in [Lang::It, Lang::Fr] {
            let other = catalogue(lang);
            for (id, vars) in &en {
                match other.get(id) {
                    None => panic!("{}/lov.ftl has no {id}", lang.code()),
                    Some(v) => assert_eq!(v, vars, "{}: variables of {id}", lang.code()),
                }
            }
            for id in other.keys() {
                assert!(
                    en.contains_key(id),
                    "{}: {id} is not in English",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn every_message_renders_in_every_language_without_fluent_errors() {
        let en = catalogue(Lang::En);
        for lang in Lang::ALL {
            let t = Texts::new(lang);
            for (id, vars) in en.iter().filter(|(id, _)| !id.starts_with('-')) {
                // Numbers reach every plural variant; strings every default.
                let numbers: [FluentValue; 4] = [0.into(), 1.into(), 2.into(), 5.into()];
                let values = numbers.into_iter().chain(["yes".into(), "other".into()]);
                for value in values {
                    let args: Vec<(&str, FluentValue)> =
                        vars.iter().map(|v| (v.as_str(), value.clone())).collect();
                    match t.try_get(id, &args) {
                        Ok(s) => {
                            assert!(!s.is_empty(), "{}: {id} is empty", lang.code());
                            assert!(
                                !s.contains(['{', '}', '\u{2068}', '\u{2069}']),
                                "{}: {id} renders {s:?}",
                                lang.code()
                            );
                        }
                        Err(e) => panic!("{}: {id}: {e}", lang.code()),
                    }
                }
            }
        }
    }

    /// Every message id the Lords of Vaala words render names a message
    /// of the English resource (and so, by the test above, of all three).
    #[test]
    fn every_message_the_narration_uses_exists() {
        let en = catalogue(Lang::En);
        let mut used = 0;
        for piece in include_str!("lov.rs").split("tr!(").skip(1) {
            let Some(id) = piece.split('"').nth(1) else {
                continue;
            };
            if !id.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                continue;
            }
            assert!(en.contains_key(id), "lov.rs uses {id}, not in en/lov.ftl");
            used += 1;
        }
        assert!(used > 100, "{used} uses found");
    }

    /// Every message id the Battles of Valerna words render names a
    /// message of the English resources.
    #[test]
    fn every_message_the_battle_narration_uses_exists() {
        let en = catalogue(Lang::En);
        let mut used = 0;
        for piece in include_str!("bov.rs").split("tr!(").skip(1) {
            let Some(id) = piece.split('"').nth(1) else {
                continue;
            };
            if !id.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                continue;
            }
            assert!(en.contains_key(id), "bov.rs uses {id}, not in en/bov.ftl");
            used += 1;
        }
        assert!(used > 40, "{used} uses found");
    }

    /// Regions and Denizens take the names the Italian and French books
    /// print, from the pack's own translations.
    #[test]
    fn content_names_come_from_the_books_through_the_pack() {
        let content = valerna_lov::content::Content::default_pack().unwrap();
        let region = |id: &str| content.region(id).unwrap();
        let denizen = |id: &str| content.denizens.iter().position(|d| d.id == id).unwrap() as u8;
        // LoV Italian, "Preparazione": Tyveria starts on Via del Commercio;
        // French, "Mise en place": Route Commerciale.
        let (it, fr) = (Texts::new(Lang::It), Texts::new(Lang::Fr));
        assert_eq!(
            lov::region_name(&content, &it, region("trade_road")),
            "Via del Commercio"
        );
        assert_eq!(
            lov::region_name(&content, &fr, region("trade_road")),
            "Route Commerciale"
        );
        // French FAQ: "les Chevaliers Griffon ou les Chasseurs Qirin Fai".
        assert_eq!(
            lov::denizen_name(&content, &fr, denizen("fai_hunters")),
            "Chasseurs Qirin Fai"
        );
        assert_eq!(
            lov::denizen_name(&content, &it, denizen("oathguard")),
            "Guardia Giurata"
        );
        assert_eq!(
            lov::region_name(&content, &Texts::new(Lang::En), region("trade_road")),
            "Trade Road"
        );
    }

    #[test]
    fn french_elides_de_le_la_que_before_a_vowel() {
        assert_eq!(elide("la carte Action de Elyse"), "la carte Action d'Elyse");
        assert_eq!(elide("le Général de Adrael"), "le Général d'Adrael");
        assert_eq!(elide("de Ysval, le Événement"), "d'Ysval, l'Événement");
        assert_eq!(elide("(de Allaria) « la Unité"), "(d'Allaria) « l'Unité");
        assert_eq!(elide("De Elyse"), "D'Elyse");
        // Consonants, an aspirated h and a pronoun after a hyphen stay.
        assert_eq!(
            elide("de Ferellon, du Haut, de Haut, prenez-le avec garde elle"),
            "de Ferellon, du Haut, de Haut, prenez-le avec garde elle"
        );
        let fr = Texts::new(Lang::Fr);
        assert_eq!(
            tr!(fr, "ev-general-injured", who = "Adrael", region = "Ysval"),
            "le Général d'Adrael est blessé dans la Région Ysval"
        );
        // Italian keeps "di"; the book's state is "inabile" (LoV IT, Glossario: Inabile).
        let it = Texts::new(Lang::It);
        assert_eq!(
            tr!(it, "ev-general-injured", who = "Adrael", region = "Ysval"),
            "il Generale di Adrael è inabile nella Regione Ysval"
        );
    }

    /// French typography: a space before ":", "?", "!" and ";" in every
    /// French message.
    #[test]
    fn french_puts_a_space_before_a_colon() {
        for source in [Lang::Fr.lov_source(), Lang::Fr.web_source()] {
            for line in source.lines().filter(|l| !l.starts_with('#')) {
                let chars: Vec<char> = line.chars().collect();
                for (k, c) in chars.iter().enumerate() {
                    if matches!(c, ':' | '?' | '!' | ';') && k > 0 {
                        assert!(chars[k - 1] == ' ', "no space before {c:?} in {line:?}");
                    }
                }
            }
        }
    }

    /// The neutral Units are many: their verbs agree in all three languages.
    #[test]
    fn the_neutral_units_take_a_plural_verb() {
        use valerna_lov::log::{Event, Shield};
        use valerna_lov::state::NONE;
        let content = valerna_lov::content::Content::default_pack().unwrap();
        let rolled = Event::Rolled {
            seat: NONE,
            region: 0,
            faces: [1, 1, 0, 0, 0],
        };
        let ignored = Event::HitIgnored {
            seat: NONE,
            region: 0,
            shield: Shield::City,
        };
        let placed = Event::UnitsPlaced {
            seat: NONE,
            region: 0,
            units: [2, 0, 0],
        };
        let said = |lang| {
            let t = Texts::new(lang);
            [&rolled, &ignored, &placed].map(|e| lov::event_text(&content, &t, e))
        };
        assert_eq!(
            said(Lang::En),
            [
                "the neutral Units roll [✓] [·]: 0 critical, 1 standard hit",
                "the neutral Units ignore a hit: the city, which is removed",
                "2 neutral Units are placed in Ysval",
            ]
        );
        let [r, i, p] = said(Lang::It);
        assert!(r.starts_with("le Unità neutrali lanciano "), "{r}");
        assert!(i.starts_with("le Unità neutrali ignorano "), "{i}");
        assert_eq!(p, "2 Unità neutrali sono piazzate nella Regione Ysval");
        let [r, i, p] = said(Lang::Fr);
        assert!(r.starts_with("les Unités Neutres lancent "), "{r}");
        assert!(i.starts_with("les Unités Neutres ignorent "), "{i}");
        assert_eq!(p, "2 Unités Neutres sont placées dans la Région Ysval");
    }

    /// A glyph "of" a card: "della carta" in Italian, "de la carte", "du
    /// glyphe" and "d'Elyse" in French.
    #[test]
    fn a_glyph_of_a_card_takes_the_article_of_each_language() {
        use valerna_lov::effect::Glyph;
        use valerna_lov::log::{Ask, Card};
        let content = valerna_lov::content::Content::default_pack().unwrap();
        let action = Ask::Glyph {
            glyph: Glyph::Move,
            card: Card::Action { id: 0 },
        };
        let board = Ask::Glyph {
            glyph: Glyph::Vaala,
            card: Card::Board {
                seat: 0,
                glyph: Glyph::Vaala,
            },
        };
        let said = |lang| {
            let t = Texts::new(lang);
            [&action, &board].map(|a| lov::ask_text(&content, &t, a))
        };
        assert_eq!(
            said(Lang::It),
            [
                "Schieramento della carta Azione di Elyse Schieramento + Assalto + Raccolto: attivarlo?",
                "Vaala del Glifo Vaala della plancia di Elyse: attivarlo?",
            ]
        );
        assert_eq!(
            said(Lang::Fr),
            [
                "Déploiement de la carte Action d'Elyse Déploiement + Assaut + Récolte : l'activer ?",
                "Vaala du Glyphe Vaala du plateau d'Elyse : l'activer ?",
            ]
        );
        assert_eq!(
            said(Lang::En)[0],
            "Deploy of Elyse's Action card Deploy + Assault + Harvest: activate it?"
        );
    }

    #[test]
    fn counts_take_the_plural_rules_of_each_language() {
        let (en, it, fr) = (
            Texts::new(Lang::En),
            Texts::new(Lang::It),
            Texts::new(Lang::Fr),
        );
        assert_eq!(tr!(en, "player-hand", cards = 1), "hand 1 card");
        assert_eq!(tr!(en, "player-hand", cards = 2), "hand 2 cards");
        assert_eq!(tr!(en, "player-hand", cards = 0), "hand 0 cards");
        assert_eq!(tr!(it, "player-hand", cards = 1), "mano 1 carta");
        assert_eq!(tr!(it, "player-hand", cards = 0), "mano 0 carte");
        // French counts 0 and 1 as singular.
        assert_eq!(tr!(fr, "player-hand", cards = 0), "main 0 carte");
        assert_eq!(tr!(fr, "player-hand", cards = 3), "main 3 cartes");
    }

    #[test]
    fn a_missing_message_falls_back_to_its_id() {
        let t = Texts::new(Lang::Fr);
        assert_eq!(t.get("no-such-message", &[]), "no-such-message");
        assert!(matches!(
            t.try_get("no-such-message", &[]),
            Err(TextError::Missing)
        ));
        // A missing variable is a Fluent error, not a panic.
        assert!(matches!(
            t.try_get("question", &[]),
            Err(TextError::Fluent(_))
        ));
    }

    /// One set of texts can serve every table of a server.
    #[test]
    fn texts_are_shared_across_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<Texts>();
    }

    #[test]
    fn game_terms_come_from_each_book() {
        // LoV English, Italian and French, "Glyphs" / "Glifi" / "Glyphes".
        let terms = |lang| {
            let t = Texts::new(lang);
            [
                tr!(t, "glyph-assault"),
                tr!(t, "glyph-wrath"),
                tr!(t, "player-faceless"),
            ]
        };
        assert_eq!(terms(Lang::En), ["Assault", "Wrath", "Faceless"]);
        assert_eq!(terms(Lang::It), ["Assalto", "Ira", "Senzavolto"]);
        assert_eq!(terms(Lang::Fr), ["Assaut", "Courroux", "Sans-Visage"]);
        assert_eq!(Texts::new(Lang::Fr).decimal(12.25, 1), "12,2");
    }

    /// LoV table, "No option that does nothing": not assaulting says so
    /// ("stay" read as a move), in every language.
    #[test]
    fn declining_an_assault_says_so() {
        use valerna_lov::decision::Decision;
        use valerna_lov::log::{Ask, Meaning};
        let content = valerna_lov::content::Content::default_pack().unwrap();
        let m = Meaning {
            ask: Ask::AssaultRegion,
            decision: Decision::Done,
            owner: 0,
            subject: valerna_lov::state::NONE,
        };
        let said = |lang| lov::option_text(&content, &Texts::new(lang), &m);
        assert_eq!(said(Lang::En), "don't assault");
        assert_eq!(said(Lang::It), "non assaltare");
        assert_eq!(said(Lang::Fr), "ne pas attaquer");
    }
}
