//! Where a card's words are ruled: each keyword and kind of power with its
//! section and page of the book (`valerna_bov::rules::references`) and the
//! project's rulings on it, served as `docs/rulings.md` drawn as a page
//! (`/rulings`, one anchor a heading) for the cards gallery to link.

use std::collections::BTreeMap;

use axum::Json;
use axum::response::{Html, IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use valerna_bov::rules::keywords::{AttackKeyword, UnitKeyword};
use valerna_bov::rules::powers::{Timing, Trigger};
use valerna_bov::rules::references::{RuleRef, ULTIMATE, power_reference};

/// The project's rulings, as the repository holds them.
const RULINGS: &str = include_str!("../../../docs/rulings.md");

/// A heading's anchor: lower case, letters and digits kept, spaces and
/// hyphens as one hyphen (as a Markdown viewer makes them).
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if (c == ' ' || c == '-') && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_owned()
}

/// A ruling, linked.
#[derive(Debug, Serialize, ToSchema)]
pub struct RulingLink {
    /// Its heading in docs/rulings.md.
    pub title: String,
    /// `/rulings#anchor`.
    pub href: String,
}

/// Where one word of a card is ruled.
#[derive(Debug, Serialize, ToSchema)]
pub struct RuleLink {
    /// The section of BoV 5.1, headings joined by " > ".
    pub section: String,
    pub page: u16,
    pub rulings: Vec<RulingLink>,
}

impl From<RuleRef> for RuleLink {
    fn from(r: RuleRef) -> Self {
        RuleLink {
            section: r.section.to_owned(),
            page: r.page,
            rulings: r
                .rulings
                .iter()
                .map(|t| RulingLink {
                    title: (*t).to_owned(),
                    href: format!("/rulings#{}", slug(t)),
                })
                .collect(),
        }
    }
}

/// The rules a card's words link to.
#[derive(Debug, Serialize, ToSchema)]
pub struct RuleRefs {
    /// By the keyword's name as printed first on a card (`Command` for
    /// "Command Infantry", `Giant` for "Giant 2xblack").
    pub unit_keywords: BTreeMap<String, RuleLink>,
    /// By the attack keyword's name (`Poisoned`).
    pub attack_keywords: BTreeMap<String, RuleLink>,
    /// By a power's timing (`passive`, `action`, `reaction`) and
    /// `ultimate`.
    pub powers: BTreeMap<String, RuleLink>,
}

/// The table of where each keyword and kind of power is ruled.
pub fn refs() -> RuleRefs {
    let unit_keywords = UnitKeyword::ALL
        .iter()
        .map(|k| (k.name().to_owned(), k.reference().into()))
        .collect();
    let attack_keywords = AttackKeyword::ALL
        .iter()
        .map(|k| {
            let name = serde_json::to_value(k)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            (name, k.reference().into())
        })
        .collect();
    let mut powers: BTreeMap<String, RuleLink> = [
        ("passive", Timing::Passive),
        ("action", Timing::Action),
        ("reaction", Timing::Reaction(Trigger::EndOfTurn)),
    ]
    .into_iter()
    .map(|(n, t)| (n.to_owned(), power_reference(&t).into()))
    .collect();
    powers.insert("ultimate".into(), ULTIMATE.into());
    RuleRefs {
        unit_keywords,
        attack_keywords,
        powers,
    }
}

/// Where each keyword and kind of power is ruled: the book's section and
/// page, and the project's rulings (links into `/rulings`).
#[utoipa::path(get, path = "/api/bov/rules", responses((status = 200, body = RuleRefs)))]
pub async fn rules() -> Json<RuleRefs> {
    Json(refs())
}

/// docs/rulings.md as HTML (CommonMark with tables), each heading given
/// its anchor ([`slug`]) for the cards to link to.
pub fn rulings_html() -> String {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, html};
    let mut events: Vec<Event> = Vec::new();
    let mut heading: Option<(Tag, Vec<Event>)> = None;
    for e in Parser::new_ext(RULINGS, Options::ENABLE_TABLES) {
        match (e, &mut heading) {
            (Event::Start(t @ Tag::Heading { .. }), None) => heading = Some((t, Vec::new())),
            (Event::End(TagEnd::Heading(level)), Some(_)) => {
                let (tag, inner) = heading.take().unwrap_or((Tag::Paragraph, Vec::new()));
                let text: String = inner
                    .iter()
                    .filter_map(|e| match e {
                        Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                        _ => None,
                    })
                    .collect();
                let Tag::Heading { classes, attrs, .. } = tag else {
                    continue;
                };
                events.push(Event::Start(Tag::Heading {
                    level,
                    id: Some(slug(&text).into()),
                    classes,
                    attrs,
                }));
                events.extend(inner);
                events.push(Event::End(TagEnd::Heading(level)));
            }
            (e, Some((_, inner))) => inner.push(e),
            (e, None) => events.push(e),
        }
    }
    let mut body = String::new();
    html::push_html(&mut body, events.into_iter());
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Valerna · Rulings</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"/static/style.css\">\n</head>\n\
         <body class=\"lobby workshop rulings\" data-page=\"rulings\">\n\
         <header class=\"topbar\"><a href=\"/\" class=\"home\">Valerna</a>\
         <nav class=\"workshop-nav\" aria-label=\"Workshop\"><a href=\"/lists\">List builder</a> \
         <a href=\"/cards\">Cards</a> <a href=\"/cards/edit\">Card editor</a> \
         <a href=\"/odds\">Odds</a> <a href=\"/rulings\" aria-current=\"page\">Rulings</a></nav></header>\n\
         <main class=\"prose\">{body}</main>\n</body>\n</html>\n"
    )
}

/// The project's rulings as a page, each heading an anchor the cards link to.
pub async fn rulings_page() -> Response {
    Html(rulings_html()).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_linked_ruling_has_its_anchor_on_the_page() {
        let html = rulings_html();
        let r = refs();
        let links = r
            .unit_keywords
            .values()
            .chain(r.attack_keywords.values())
            .chain(r.powers.values())
            .flat_map(|l| &l.rulings);
        let mut n = 0;
        for l in links {
            let anchor = l.href.trim_start_matches("/rulings#");
            assert!(html.contains(&format!("id=\"{anchor}\"")), "{}", l.href);
            n += 1;
        }
        assert!(n > 10);
        assert_eq!(r.unit_keywords["Giant"].page, 22);
        assert!(r.attack_keywords.contains_key("Poisoned"));
        assert_eq!(
            slug("Giant's dice are on the card"),
            "giants-dice-are-on-the-card"
        );
    }

    /// The dice faces and the other tables of docs/rulings.md read as
    /// tables, not as rows of bars; a heading with code in it keeps its
    /// words in its anchor.
    #[test]
    fn the_rulings_tables_are_drawn_as_tables() {
        let html = rulings_html();
        assert!(!html.contains("| d10 |"), "a table left as text");
        assert!(
            html.contains("<th>d10</th><th>black</th><th>gray</th><th>white</th>"),
            "the dice table's header"
        );
        assert!(html.contains("<td>1-4</td><td>miss</td>"), "a row of faces");
        assert_eq!(html.matches("<h1").count(), 1, "one title");
        assert!(html.contains("<code>"), "code spans kept");
    }
}
