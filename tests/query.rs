//! The query format: lenient parsing, warnings naming the field, canonical encoding, round trips, no panics.
#![allow(clippy::disallowed_methods)] // native tests: std sorts are fine outside the wasm

use gpuplan::catalog::Payment;
use gpuplan::presentation::{Presentation, PRESENTATION_KEYS};
use gpuplan::query::{encode, encode_link, parse, parse_link, slot_text, Key, Problem, Slot, KEYS, MAX_WARNINGS};
use gpuplan::scenario::{
    Architecture, Buy, Currency, FinetuneMethod, Lang, ModelChoice, Precision, Priority, Scenario, ServingMode, Task,
};
use gpuplan::state::{encode_state, parse_state, AppState, PAGE_KEYS};
use proptest::prelude::*;

mod common;
use common::{catalog, fuzz_cases};

#[path = "query/generated.rs"]
mod generated;
#[path = "query/keys.rs"]
mod keys;

#[test]
fn defaults_encode_to_just_the_version() {
    assert_eq!(encode(&Scenario::default()), "v=1");
    let (s, w) = parse("v=1", catalog());
    assert_eq!((s, w), (Scenario::default(), vec![]));
}

#[test]
fn bad_fields_warn_and_keep_the_rest() {
    let (s, w) = parse(
        "v=1&task=train&ctx=abc&prec=fp99&mfu=7&zzz=1&model=gpt-9&region=mars-1&inst=p5.48xlarge,bogus&batch=2",
        catalog(),
    );
    assert_eq!(s.task, Task::Training);
    assert_eq!(s.batch, 2);
    assert_eq!(s.instances, vec!["p5.48xlarge".to_string()]);
    let fields: Vec<_> = w.iter().map(|x| x.field.as_str()).collect();
    assert_eq!(fields, ["ctx", "prec", "mfu", "zzz", "model", "region", "inst"]);
    assert_eq!(w[0].used, "8192");
    assert!(matches!(w[2].problem, Problem::OutOfRange { .. }));
    assert_eq!(w[3].problem, Problem::UnknownField);
}

/// Links as v1 wrote them, one (at least) per key; their meaning must never change. Each decodes to a
/// state pinned field by field in `fixtures/v1_links.snap` (every field that differs from the
/// defaults is listed, so every other field is pinned at its default). `UPDATE_EXPECT=1` rewrites it.
const V1_LINKS: &[&str] = &[
    "v=1",
    "v=2&task=train",
    "v=1&task=train",
    "v=1&mode=batch",
    "v=1&task=finetune&method=qlora",
    "v=1&model=llama3.1-70b",
    "v=1&params=30",
    "v=1&task=train&params=30&active=3&tokens=500&days=14&cuda=1",
    "v=1&prec=fp8",
    "v=1&task=infer&model=llama3.1-70b&prec=fp8&ctx=32768&batch=16&prio=perf",
    "v=1&task=train&tokens=500",
    "v=1&task=train&days=14",
    "v=1&tps=2000",
    "v=1&model=llama2-70b&batch=1&ctx=4096&seqtps=35",
    "v=1&ctx=4096&out=512&batch=32&seqtps=20&ttft=1.5",
    "v=1&ctx=2500&out=500&batch=50",
    "v=1&arlat=10&arhop=3&stepms=1&seatuse=0.9",
    "v=1&nvsar=6",
    "v=1&inst=inf2.48xlarge&pfmfu=0.5&nmfu=0.25&nhop=2&nstepms=2.5",
    "v=1&model=llama3.1-70b&batch=64&readtps=15",
    "v=1&model=llama3.1-70b&prec=fp8&batch=4&spec=draft&specn=5&specm=3&speca=0.7",
    "v=1&spec=eagle",
    "v=1&task=graphics&seats=12&gmem=16&vcpu=8&ram=32",
    "v=1&task=hpc&fp64=40",
    "v=1&mfu=0.35&bweff=0.8&usable=0.95&overhead=2",
    "v=1&prio=perf&budgetx=2",
    "v=1&task=finetune&model=qwen2.5-14b&method=qlora&prec=int4&rank=64&lang=zh",
    "v=1&hours=176&months=36",
    "v=1&cuda=1&urgent=1&multinode=0&arch=other",
    "v=1&prio=cost&region=us-west-2",
    "v=1&inst=g6.xlarge,g5.xlarge",
    "v=1&buy=isp1",
    "v=1&buy=ri3&pay=all&ricls=convertible",
    "v=1&cur=cny&fx=7.25",
    "v=1&disc=15&discall=1",
    "v=1&buy=spot&spotdisc=60&irate=5",
    "v=1&buy=csp1&cspdisc=30&ispdisc=50",
    "v=1&task=train&buy=spot&ckpt=15&ckptw=1&restart=5",
    "v=1&inst=g6.xlarge&burst=2&bursth=100",
    "v=1&growth=5",
    "v=1&task=train&buy=cb&window=14",
    "v=1&task=train&gbatch=1024&teff=0.5&linkeff=0.7&overlap=0.5&fp8x=1.3&nogdr=0.4&ppchunks=2&a10g=70&rtx6000=400&gaudi=90",
    "v=1&task=train&window=10&spotwin=1&reacq=30&spotmax=8",
    "v=1&lang=zh",
    "v=1&task=train&model=llama3.1-8b&inst=trn1.32xlarge&nteff=0.3",
    "v=1&task=train&model=qwen3-30b-a3b&tokens=10&moeb=100",
    "v=1&task=infer&mode=batch&ctx=750&out=150&reqs=20000000&days=3",
    "v=1&model=qwen3-30b-a3b&moes=52",
    "v=1&model=llama3.3-70b&prec=fp4&fp4x=1.5",
    "v=1&task=train&model=deepseek-v3&moecap=1.1&ggeff=0.8&a2aov=0.5",
    "v=1&view=explore&xfam=g6&xacc=l4&xmem=24&xefa=1&xreg=1&xstack=neuron&xsort=-mem&xunit=mo&xper=accel&xhide=net,spot",
    "v=1&view=compare&cmp=p5.48xlarge,g6e.xlarge",
    "v=1&pick=g6e.xlarge",
    "v=1&embed=1&bg=transparent&cat=2025-01-15",
    "v=1&embed=card",
    "v=1&embed=line&theme=dark",
    "v=1&embed=calc&view=assumptions",
];

/// Flattens a pretty `Debug` into `path = value` lines, so two values can be compared field by field.
fn fields(debug: &str) -> Vec<String> {
    let mut path: Vec<String> = Vec::new();
    let mut index: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    for line in debug.lines().skip(1) {
        let t = line.trim().trim_end_matches(',');
        if matches!(t, "}" | "]" | ")") {
            path.pop();
            index.pop();
            continue;
        }
        let (name, value) = match t.split_once(": ") {
            Some((n, v)) if !n.contains(' ') && !n.starts_with('"') => (n.to_string(), v.to_string()),
            _ => {
                let i = index.last_mut().map_or(0, |i| {
                    *i += 1;
                    *i - 1
                });
                (format!("[{i}]"), t.to_string())
            }
        };
        if value.ends_with('{') || value.ends_with('[') || value.ends_with('(') {
            path.push(name);
            index.push(0);
        } else {
            out.push(format!(
                "{} = {value}",
                path.iter().chain([&name]).cloned().collect::<Vec<_>>().join(".")
            ));
        }
    }
    out
}

#[test]
fn v1_links_decode_to_pinned_states() {
    for k in every_key_name() {
        assert!(
            V1_LINKS
                .iter()
                .any(|q| gpuplan::query::pairs(q).any(|(key, _)| key == k)),
            "add a v1 fixture for `{k}`"
        );
    }
    let default = fields(&format!("{:#?}", AppState::default()));
    let mut out = String::new();
    for q in V1_LINKS {
        let (st, w) = parse_state(q, catalog());
        out.push_str(&format!("{q}\n"));
        for f in fields(&format!("{st:#?}")) {
            if !default.contains(&f) {
                out.push_str(&format!("    {f}\n"));
            }
        }
        for f in &default {
            let path = f.split(" = ").next().unwrap_or("");
            if !fields(&format!("{st:#?}"))
                .iter()
                .any(|x| x.starts_with(&format!("{path} = ")))
            {
                out.push_str(&format!("    {path}: (gone)\n"));
            }
        }
        for w in w {
            out.push_str(&format!("    warning: {w:?}\n"));
        }
        // And v1 links re-encode to themselves' meaning.
        assert_eq!(parse_state(&encode_state(&st), catalog()).0, st, "{q}");
    }
    expect_test::expect_file!["fixtures/v1_links.snap"].assert_eq(&out);
}

/// Links with the presentation keys as the encoder wrote them while `lang`, `cur` and `fx` were scenario
/// fields (each the `query` field of the CLI built from the commit before they left `Scenario`): each reads
/// as the scenario of the same link without those keys plus the presentation the keys say, warns of
/// nothing, and re-encodes to the very same text, alone and as a page link.
#[test]
fn presentation_keys_keep_their_meaning_and_their_place() {
    let p = |lang, currency, cny_per_usd| Presentation {
        lang,
        currency,
        cny_per_usd,
    };
    let cases = [
        ("v=1&lang=zh", p(Lang::Zh, Currency::Usd, 7.1)),
        ("v=1&cur=cny&fx=7.25", p(Lang::En, Currency::Cny, 7.25)),
        ("v=1&prio=cost&cur=cny&lang=zh", p(Lang::Zh, Currency::Cny, 7.1)),
        ("v=1&task=hpc&fp64=40&cur=cny", p(Lang::En, Currency::Cny, 7.1)),
        (
            "v=1&task=train&model=llama3.1-70b&tokens=200&cur=cny&fx=6.9&lang=zh",
            p(Lang::Zh, Currency::Cny, 6.9),
        ),
        (
            "v=1&model=llama3.1-70b&buy=ri3&pay=all&ricls=convertible&cur=cny&disc=15&discall=1&fx=7.3&growth=5&lang=zh",
            p(Lang::Zh, Currency::Cny, 7.3),
        ),
        (
            "v=1&mode=batch&ctx=750&out=150&days=3&reqs=20000000&cur=cny&lang=zh",
            p(Lang::Zh, Currency::Cny, 7.1),
        ),
    ];
    for (q, want) in cases {
        let (s, shown, w) = parse_link(q, catalog());
        assert!(w.is_empty(), "{q}: {w:?}");
        assert_eq!(shown, want, "{q}");
        let bare: Vec<String> = gpuplan::query::pairs(q)
            .filter(|(k, _)| !PRESENTATION_KEYS.iter().any(|p| p.name == k))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        assert_eq!(parse(&bare.join("&"), catalog()), (s.clone(), vec![]), "{q}");
        assert_eq!(parse(q, catalog()), (s.clone(), vec![]), "{q}");
        assert_eq!(encode_link(&s, &shown), q);
        let (st, _) = parse_state(q, catalog());
        assert_eq!((&st.scenario, st.presentation), (&s, shown), "{q}");
        assert_eq!(encode_state(&st), q);
    }
}

/// README's key tables are generated from the definitions; `UPDATE_EXPECT=1` rewrites them.
#[test]
fn readme_key_tables_are_the_definitions() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let readme = std::fs::read_to_string(path).unwrap_or_default();
    let mut fixed = readme.clone();
    for (marker, table) in [
        ("<!-- keys:scenario", gpuplan::query::keys_markdown(KEYS)),
        (
            "<!-- keys:presentation",
            gpuplan::query::keys_markdown(PRESENTATION_KEYS),
        ),
        ("<!-- keys:page", gpuplan::query::keys_markdown(PAGE_KEYS)),
    ] {
        let start = fixed.find(marker).expect("README has the marker");
        let body = start + fixed[start..].find("-->\n").expect("marker ends") + 4;
        let end = body + fixed[body..].find("<!-- /keys -->").expect("README has the end marker");
        fixed.replace_range(body..end, &table);
    }
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(path, &fixed).expect("README is writable");
    } else {
        assert!(
            readme == fixed,
            "README's key tables differ from the definitions; run `UPDATE_EXPECT=1 cargo test --test query readme`"
        );
    }
}

#[test]
fn warnings_are_one_per_key_and_bounded() {
    // 300 unknown keys, 50 bad `ctx` values and 40 unknown instance types: one warning per key, at most
    // MAX_WARNINGS of them, then one "and N more" counting every warning left out.
    let mut q = String::from("v=1");
    for i in 0..300 {
        q.push_str(&format!("&k{i}=1"));
    }
    for _ in 0..50 {
        q.push_str("&ctx=abc");
    }
    q.push_str("&inst=");
    q.push_str(&(0..40).map(|i| format!("zz{i}")).collect::<Vec<_>>().join(","));
    let (_, w) = parse(&q, catalog());
    assert_eq!(w.len(), MAX_WARNINGS + 1);
    assert_eq!(
        w.last().map(|x| &x.problem),
        Some(&Problem::More(300 - MAX_WARNINGS + 50 + 40))
    );
    let (_, w) = parse("v=1&inst=zz1,zz2,g6.xlarge,zz3&ctx=a&ctx=b", catalog());
    let fields: Vec<_> = w.iter().map(|x| (x.field.as_str(), x.value.as_str())).collect();
    assert_eq!(fields, [("inst", "zz1, zz2, zz3"), ("ctx", "a, b")]);
}

#[test]
fn an_active_size_above_the_total_is_named() {
    let (s, w) = parse("v=1&params=7&active=9", catalog());
    assert_eq!(
        s.model,
        ModelChoice::Custom {
            params_b: 7.0,
            active_b: None
        }
    );
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(
        (w[0].field.as_str(), w[0].value.as_str(), w[0].used.as_str()),
        ("active", "9", "7 (dense)")
    );
    assert_eq!(w[0].problem, Problem::OutOfRange { min: 0.001, max: 7.0 });
    // The order of the keys does not matter.
    assert_eq!(parse("v=1&active=9&params=7", catalog()), (s, w));
}

#[test]
fn china_regions_get_an_explicit_notice_not_a_silent_fallback() {
    for region in gpuplan::query::CHINA_REGIONS {
        let (s, w) = parse(&format!("v=1&region={region}&task=hpc"), catalog());
        assert_eq!(s.region, "us-east-1");
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(
            (w[0].problem.clone(), w[0].used.as_str()),
            (Problem::ChinaRegion, "us-east-1")
        );
        let en = gpuplan::explain::warning(&w[0], Lang::En);
        let zh = gpuplan::explain::warning(&w[0], Lang::Zh);
        for (text, words) in [
            (&en, ["separate partition", "CNY", "ap-east-1", "us-east-1"]),
            (&zh, ["独立分区", "人民币", "ap-east-1", "us-east-1"]),
        ] {
            for word in words {
                assert!(text.contains(word), "{text} lacks {word}");
            }
        }
    }
    // The suggested region is one the catalog prices.
    assert!(catalog()
        .on_demand
        .iter()
        .any(|p| p.region == gpuplan::query::NEAREST_TO_CHINA));
}

proptest::proptest! {
    /// Whatever a link carries, what a warning echoes is visible text: no control, bidi, zero-width or
    /// other invisible character survives, and it is capped.
    #[test]
    fn echoed_link_text_is_visible_and_capped(raw in proptest::collection::vec(
        proptest::prop_oneof![proptest::char::any(), proptest::char::range(' ', '~'), proptest::char::range('\u{2000}', '\u{2070}')], 0..120)) {
        let raw: String = raw.into_iter().collect();
        let shown = gpuplan::query::quote_link_text(&raw, 80);
        proptest::prop_assert!(shown.chars().count() <= 81, "{shown:?}");
        for c in shown.chars() {
            let u = u32::from(c);
            let hidden = c.is_control()
                || matches!(u, 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0xFEFF | 0x061C | 0xE0000..=0xE0FFF);
            proptest::prop_assert!(!hidden, "U+{u:04X} in {shown:?}");
        }
        // Printable text within the cap is kept as it is.
        if raw.chars().count() <= 80 && raw.chars().all(|c| c.is_ascii_graphic() || c == ' ' || ('\u{4E00}'..='\u{9FFF}').contains(&c)) {
            proptest::prop_assert_eq!(shown, raw);
        }
    }
}

/// Every key of both tables, given a hostile value: the value is either taken (the state changes and
/// reads back the same from its own link, or it is what the key already held) or a warning names the key.
/// Nothing is dropped or changed silently.
fn assert_taken_or_warned(key: &str, value: &str) -> Result<(), String> {
    let c = catalog();
    let q = format!("v=1&{key}={}", gpuplan::query::percent_encode(value));
    let (st, warnings) = parse_state(&q, c);
    let warned = warnings.iter().any(|w| w.field == key);
    // Taken: the key now holds exactly the value given (as text or the same number).
    let mut st2 = st.clone();
    if warned || same_value(&key_text(key, &mut st2), value) {
        return Ok(());
    }
    Err(format!(
        "{key}={value:?}: neither taken nor warned; state {:?}",
        encode_state(&st)
    ))
}

fn every_key_name() -> Vec<&'static str> {
    KEYS.iter()
        .map(|k| k.name)
        .chain(PRESENTATION_KEYS.iter().map(|k| k.name))
        .chain(PAGE_KEYS.iter().map(|k| k.name))
        .filter(|k| *k != "v")
        .collect()
}

#[test]
fn every_key_warns_on_every_hostile_value_it_does_not_take() {
    let hostile = [
        "<junk>",
        "7",
        "zz,yy",
        "-1e309",
        "NaN",
        "\u{202E}x",
        "id",
        "1e400",
        "od,<junk>",
        "-",
        "0x10",
        " 8",
    ];
    let failures: Vec<String> = every_key_name()
        .into_iter()
        .flat_map(|k| hostile.iter().map(move |v| (k, *v)))
        .filter_map(|(k, v)| assert_taken_or_warned(k, v).err())
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn any_value_of_any_key_is_taken_or_warned(pick in 0usize..1000, value in prop_oneof!["[ -~]{1,12}", "\\PC{1,6}"]) {
        let names = every_key_name();
        let key = names[pick % names.len()];
        if let Err(e) = assert_taken_or_warned(key, &value) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// What `key` holds in `st`, read from the key's own slot.
fn key_text(key: &str, st: &mut AppState) -> Option<String> {
    if let Some(k) = PRESENTATION_KEYS.iter().find(|k| k.name == key) {
        return slot_text((k.slot)(&mut st.presentation));
    }
    match KEYS.iter().find(|k| k.name == key) {
        Some(k) => slot_text((k.slot)(&mut st.scenario)),
        None => PAGE_KEYS
            .iter()
            .find(|k| k.name == key)
            .and_then(|k| slot_text((k.slot)(st))),
    }
}

/// Whether a key's text is the value given: the same text, the same number, or both empty ("," is the empty list).
fn same_value(held: &Option<String>, value: &str) -> bool {
    let value = if value.split(',').all(str::is_empty) { "" } else { value };
    let Some(text) = held else { return value.is_empty() };
    let num = |v: &str| v.trim().parse::<f64>().ok().filter(|x| x.is_finite());
    text == value || (num(text).is_some() && num(text) == num(value))
}

/// A `ttft` the planner cannot use is a warning naming the field; the rest of the link is kept.
#[test]
fn a_bad_ttft_warns_naming_the_field() {
    for bad in ["abc", "-1", "1e9"] {
        let (s, w) = gpuplan::query::parse(&format!("v=1&batch=32&ttft={bad}"), catalog());
        assert!(w.iter().any(|w| w.field == "ttft"), "{bad}: {w:?}");
        assert_eq!(s.batch, 32, "{bad}");
        assert_eq!(s.ttft_s, 0.0, "{bad}");
    }
    let (s, w) = gpuplan::query::parse("v=1&ttft=0.8", catalog());
    assert!(w.is_empty() && s.ttft_s == 0.8, "{w:?}");
}
