//! Hostile importer files: offer and Spot files (history, the public feed, the Advisor data) truncated, with keys duplicated, values of the wrong type,
//! huge numbers and control characters, through the whole importer. It never panics, and whatever it
//! accepts is a catalog the page builds (`Catalog::parse` holds the token stream's rules). `scripts/fuzz`
//! runs the same properties longer (`GPUPLAN_FUZZ_CASES`) and prints the counts.

use gpuplan::catalog::{Catalog, BUNDLED_JSON};
use gpuplan::import::{apply, Input};
use proptest::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

mod common;
use common::fuzz_cases;

const OFFER: &str = include_str!("fixtures/prices/offer-us-east-1.json");
const SPOT: &str = include_str!("fixtures/spot-history.json");
const FEED: &str = include_str!("fixtures/prices/spot.json");
const ADVISOR: &str = include_str!("fixtures/prices/spot-advisor-data.json");

/// The day the recorded Spot feed and Advisor data stand for as fetched (spot-fetched.txt).
fn fetched() -> gpuplan::catalog::IsoDate {
    gpuplan::catalog::IsoDate::from_days_since_epoch(20_787)
}

static INPUTS: AtomicUsize = AtomicUsize::new(0);
static REFUSED: AtomicUsize = AtomicUsize::new(0);
static ACCEPTED: AtomicUsize = AtomicUsize::new(0);
static BROKEN: AtomicUsize = AtomicUsize::new(0);

/// Values a hostile file puts where a field's value was.
fn hostile_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("null".to_string()),
        Just("[]".to_string()),
        Just("{}".to_string()),
        Just("true".to_string()),
        Just("1e308".to_string()),
        Just("-1e308".to_string()),
        Just("1e999".to_string()),
        Just("-0".to_string()),
        Just("\"1e12\"".to_string()),
        Just("\"NaN\"".to_string()),
        Just("\"-5\"".to_string()),
        Just("\"9999-12-31T00:00:00Z\"".to_string()),
        Just("\"us-east-1\\u001f\"".to_string()),
        Just("\"p5.48xlarge\\u0000\"".to_string()),
        Just("\"\\u202eus-east-1\"".to_string()),
        Just("\"zz-junk-9\"".to_string()),
        "\"[ -~]{0,12}\"".prop_map(|s| s.replace(['"', '\\'], "")),
        (0u64..u64::MAX).prop_map(|n| n.to_string()),
    ]
}

/// One mutation of a JSON text, as a cut-off download, a hand edit or a corrupted copy would make.
#[derive(Debug, Clone)]
enum Mutation {
    /// Cut the text at this share of its length.
    Truncate(u16),
    /// Replace the n-th string value (after a `": `) with a hostile value.
    Value(usize, String),
    /// Repeat the n-th `"key": value` pair of an object (a duplicated key).
    Duplicate(usize),
    /// Insert bytes at this share of the length.
    Insert(u16, String),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0u16..1000).prop_map(Mutation::Truncate),
        (0usize..120, hostile_value()).prop_map(|(n, v)| Mutation::Value(n, v)),
        (0usize..60).prop_map(Mutation::Duplicate),
        (0u16..1000, "[\\[\\]{}:,\"0-9a-z\\\\ ]{1,6}").prop_map(|(at, s)| Mutation::Insert(at, s)),
    ]
}

/// A char boundary at `share`/1000 of `text`.
fn at_share(text: &str, share: u16) -> usize {
    let mut at = text.len() * usize::from(share) / 1000;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn mutate(text: &str, m: &Mutation) -> String {
    match m {
        Mutation::Truncate(share) => text[..at_share(text, *share)].to_string(),
        Mutation::Insert(share, s) => {
            let at = at_share(text, *share);
            format!("{}{s}{}", &text[..at], &text[at..])
        }
        Mutation::Value(n, v) => {
            // The n-th `": "` followed by a string value: replace that string.
            let starts: Vec<usize> = text.match_indices("\": \"").map(|(i, _)| i + 3).collect();
            let Some(&start) = starts.get(n % starts.len().max(1)) else {
                return text.to_string();
            };
            let end = text[start + 1..].find('"').map_or(text.len(), |e| start + 1 + e + 1);
            format!("{}{v}{}", &text[..start], &text[end..])
        }
        Mutation::Duplicate(n) => {
            // Repeat a `"key": "value",` pair in place.
            let pairs: Vec<(usize, usize)> = text
                .match_indices("\": \"")
                .filter_map(|(i, _)| {
                    let key_start = text[..i].rfind('"')?;
                    let value_end = text[i + 4..].find('"')? + i + 4 + 1;
                    Some((key_start, value_end))
                })
                .collect();
            let Some(&(a, b)) = pairs.get(n % pairs.len().max(1)) else {
                return text.to_string();
            };
            format!("{}, {}", &text[..b], &text[a..])
        }
    }
}

/// Runs the importer on one hostile input; records what happened; fails on a catalog that does not parse.
fn check(input: Input) -> Result<(), TestCaseError> {
    INPUTS.fetch_add(1, Ordering::Relaxed);
    match apply(BUNDLED_JSON, &[input]) {
        Err(e) => {
            REFUSED.fetch_add(1, Ordering::Relaxed);
            prop_assert!(!e.file.is_empty(), "a refusal names its file: {e}");
        }
        Ok((text, _)) => {
            ACCEPTED.fetch_add(1, Ordering::Relaxed);
            if let Err(e) = Catalog::parse(&text) {
                BROKEN.fetch_add(1, Ordering::Relaxed);
                prop_assert!(false, "the importer wrote a catalog that does not parse: {e}");
            }
            prop_assert!(!text.contains('\u{1f}'), "U+001F would break the page's token stream");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz_cases(48), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_hostile_offer_file_is_refused_or_imported_into_a_catalog_that_builds(ms in prop::collection::vec(mutation(), 1..4)) {
        let text = ms.iter().fold(OFFER.to_string(), |t, m| mutate(&t, m));
        check(Input::Offer("offer.json", &text))?;
    }

    #[test]
    fn a_hostile_spot_file_is_refused_or_imported_into_a_catalog_that_builds(ms in prop::collection::vec(mutation(), 1..4)) {
        let text = ms.iter().fold(SPOT.to_string(), |t, m| mutate(&t, m));
        check(Input::SpotHistory("spot.json", &text))?;
    }

    #[test]
    fn a_hostile_spot_feed_or_advisor_file_is_refused_or_imported_into_a_catalog_that_builds(ms in prop::collection::vec(mutation(), 1..4)) {
        let feed = ms.iter().fold(FEED.to_string(), |t, m| mutate(&t, m));
        check(Input::SpotFeed("spot.json", &feed, fetched()))?;
        let advisor = ms.iter().fold(ADVISOR.to_string(), |t, m| mutate(&t, m));
        check(Input::SpotAdvisor("spot-advisor-data.json", &advisor, fetched()))?;
    }
}

#[test]
fn the_fixtures_fetch_day_is_spot_fetched_txt() {
    let recorded = include_str!("fixtures/prices/spot-fetched.txt").trim();
    assert_eq!(fetched().to_string(), recorded);
}

#[test]
fn the_mutations_do_what_they_say() {
    let t = r#"{"a": "x", "b": "y"}"#;
    assert_eq!(mutate(t, &Mutation::Truncate(500)), r#"{"a": "x","#);
    assert_eq!(
        mutate(t, &Mutation::Value(1, "1e308".into())),
        r#"{"a": "x", "b": 1e308}"#
    );
    assert_eq!(mutate(t, &Mutation::Duplicate(0)), r#"{"a": "x", "a": "x", "b": "y"}"#);
    assert_eq!(mutate(t, &Mutation::Insert(0, "]".into())), r#"]{"a": "x", "b": "y"}"#);
}

/// Printed by `scripts/fuzz` (runs last in its own invocation, after the properties).
#[test]
fn zz_counts() {
    if std::env::var("GPUPLAN_FUZZ_CASES").is_ok() {
        println!(
            "fuzz: importer inputs {}, refused {}, accepted {}, accepted but not buildable {}",
            INPUTS.load(Ordering::Relaxed),
            REFUSED.load(Ordering::Relaxed),
            ACCEPTED.load(Ordering::Relaxed),
            BROKEN.load(Ordering::Relaxed)
        );
    }
}

/// What a host page may post as `{gpuplan: "query", query}`: any text, and links aimed at the embedding's
/// own keys (embed mode, theme, background, view, language, currency) with hostile values.
fn host_query_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "(.{0,40}|[a-z]{1,8}=.{0,20})(&[a-z]{1,8}=[^&]{0,24}){0,6}",
        "v=1(&(embed|theme|bg|view|lang|cur|cat|task|model|inst|buy)=[a-z0-9%<>\"'&=.\\-]{0,12}){0,5}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz_cases(24), failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 29 item 8: a hostile host message changes the scenario as a link would, never the embedding
    /// (mode, theme, background, view, catalog date; language and currency unless named), and the result
    /// message the page then posts is JSON that equals serde's writing of it, whose query re-reads to itself.
    #[test]
    fn a_hostile_host_query_keeps_the_embedding_and_the_next_message_parses(
        q in host_query_text(),
        line in any::<bool>(),
        zh in any::<bool>(),
    ) {
        use gpuplan::state::{host_query, parse_state};
        let c = common::catalog();
        let start = if line { "v=1&embed=line&theme=dark&bg=transparent&cur=cny" } else { "v=1&embed=1" };
        let (mut now, _) = parse_state(start, c);
        if zh {
            now.presentation.lang = gpuplan::scenario::Lang::Zh;
        }
        let (next, warnings) = host_query(&now, &q, c);
        prop_assert_eq!(next.embed, now.embed, "{}", q);
        prop_assert_eq!(next.theme, now.theme, "{}", q);
        prop_assert_eq!(next.transparent, now.transparent, "{}", q);
        prop_assert_eq!(next.view, now.view, "{}", q);
        prop_assert_eq!(next.catalog_date, now.catalog_date, "{}", q);
        let names = |key: &str| gpuplan::query::pairs(&q).any(|(k, _)| k == key);
        if !names("lang") {
            prop_assert_eq!(next.presentation.lang, now.presentation.lang, "{}", q);
        }
        if !names("cur") {
            prop_assert_eq!(next.presentation.currency, now.presentation.currency, "{}", q);
        }
        prop_assert!(warnings.len() <= gpuplan::query::MAX_WARNINGS + 1, "{}: {} warnings", q, warnings.len());
        let o = gpuplan::engine::recommend(c, &next.scenario);
        let msg = gpuplan::message::result_message(c, &next.scenario, &next.presentation, &warnings, &o);
        let text = msg.to_json();
        let parsed: Result<serde_json::Value, _> = serde_json::from_str(&text);
        prop_assert!(parsed.is_ok(), "{}: not JSON: {}", q, text);
        let serde = serde_json::to_value(&msg).unwrap_or_default();
        // Numbers are written as JavaScript writes them (shortest round-trip), serde's by ryu: equal as numbers.
        prop_assert!(same_json(&parsed.unwrap_or_default(), &serde), "{}: {} vs serde", q, text);
        let (again, shown, _) = gpuplan::query::parse_link(&msg.query, c);
        prop_assert_eq!(gpuplan::query::encode_link(&again, &shown), msg.query.clone(), "{}", q);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz_cases(24), failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 27: any link (a hostile one included) gets a first frame from the small wasm or is left to the page, never a panic
    /// (one would stop the frame's wasm on the visitor's page); a frame is drawn only for a Plan link with no warnings, and names
    /// the answer the engine gives for the link's scenario.
    #[test]
    fn a_hostile_link_gets_its_own_answer_as_first_frame_or_none(q in host_query_text()) {
        use gpuplan::state::{parse_state, Embed, View};
        let c = common::catalog();
        let frame = gpuplan::render::site::link_frame(c, &q);
        let (st, warnings) = parse_state(&q, c);
        let laid_out = warnings.is_empty() && st.view == View::Plan && st.embed == Embed::No;
        prop_assert_eq!(frame.is_some(), laid_out, "{}", q);
        if let Some(html) = frame {
            let o = gpuplan::engine::recommend(c, &st.scenario);
            if let Some(best) = o.chosen(&st.pick) {
                let marker = format!("data-instance=\"{}\"", best.instance);
                prop_assert!(html.contains(&marker), "{}", q);
            }
        }
    }
}

/// Two JSON values equal field for field, numbers within a relative 1e-12 (two shortest writings of one f64).
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::{Array, Number, Object};
    match (a, b) {
        (Number(x), Number(y)) => {
            let (x, y) = (x.as_f64().unwrap_or(f64::NAN), y.as_f64().unwrap_or(f64::NAN));
            (x - y).abs() <= 1e-12 * x.abs().max(y.abs()).max(1e-300)
        }
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y)),
        (Object(x), Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}
