//! How an answer is shown, never what is asked: the language, the display currency and its rate. The engine never sees it (`Scenario` has no field of it), so switching either recomputes nothing.

use crate::catalog::Catalog;
use crate::i18n::{t, Msg};
use crate::query::{apply_slot, doc_text, slot_text, Key, Slot, Warning};
use crate::scenario::{Currency, Lang};

/// The keys of how the answer is shown, never of what is asked. They were scenario keys when v1 was
/// written and keep their names, words and meaning; a canonical link writes each where v1 did
/// (`PRESENTATION_AFTER`).
pub static PRESENTATION_KEYS: &[Key<Presentation>] = &[
    Key {
        name: "cur",
        slot: |p| Slot::Word(&mut p.currency),
        unit: "",
        help: doc_text!("display currency"),
    },
    Key {
        name: "fx",
        slot: |p| Slot::Num(&mut p.cny_per_usd, 0.01, 1000.0),
        unit: doc_text!("CNY per USD"),
        help: doc_text!("the exchange rate you use (an assumption to set)"),
    },
    Key {
        name: "lang",
        slot: |p| Slot::Word(&mut p.lang),
        unit: "",
        help: doc_text!("language"),
    },
];

/// The scenario key each of `PRESENTATION_KEYS` follows in a canonical link (`query::encode_link`): v1's
/// order, so a link re-encodes to the same text it always did (`cur` after `ricls`, `fx` after `discall`,
/// `lang` last).
pub(crate) const PRESENTATION_AFTER: [&str; 3] = ["ricls", "discall", "window"];

/// The language and money of a page, a CLI answer or an embed's message (the link keys `lang`, `cur`
/// and `fx`: `query::PRESENTATION_KEYS`). All arithmetic is in USD; only the writing of figures changes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Presentation {
    pub lang: Lang,
    pub currency: Currency,
    /// CNY per USD, set by the user (an assumption the page labels).
    pub cny_per_usd: f64,
}

impl Default for Presentation {
    fn default() -> Self {
        Presentation {
            lang: Lang::En,
            currency: Currency::Usd,
            cny_per_usd: 7.1,
        }
    }
}

/// A language with the default money (US dollars).
impl From<Lang> for Presentation {
    fn from(lang: Lang) -> Presentation {
        Presentation::default().in_lang(lang)
    }
}

impl Presentation {
    /// Applies one presentation key (`lang`, `cur`, `fx`) as a link or the page's own switch sets it: a bad
    /// value keeps the old one and warns. `false` if `key` is not one.
    pub fn apply(&mut self, key: &str, value: &str, catalog: &Catalog, warnings: &mut Vec<Warning>) -> bool {
        match PRESENTATION_KEYS.iter().find(|k| k.name == key) {
            Some(k) => {
                apply_slot((k.slot)(self), key, value, catalog, warnings);
                true
            }
            None => false,
        }
    }

    /// A presentation key's value as a link writes it; `None` for any other key.
    pub fn value(&self, key: &str) -> Option<String> {
        let k = PRESENTATION_KEYS.iter().find(|k| k.name == key)?;
        slot_text((k.slot)(&mut self.clone()))
    }

    /// The same money in another language.
    pub fn in_lang(self, lang: Lang) -> Presentation {
        Presentation { lang, ..self }
    }

    pub fn t(&self, m: Msg) -> &'static str {
        t(self.lang, m)
    }

    /// Money in the display currency.
    pub fn money(&self, usd: f64) -> String {
        crate::format::money(usd, self.currency, self.cny_per_usd)
    }

    /// The decimals one table column of these amounts shares (in the display currency).
    pub fn decimals_of(&self, usd: &[f64]) -> usize {
        let rate = if self.currency == Currency::Cny {
            self.cny_per_usd
        } else {
            1.0
        };
        let shown: Vec<f64> = usd.iter().map(|v| v * rate).collect();
        crate::format::column_decimals(&shown)
    }

    /// Money at a column's precision (`decimals_of`).
    pub fn money_at(&self, usd: f64, decimals: usize) -> String {
        crate::format::money_at(usd, self.currency, self.cny_per_usd, decimals)
    }

    /// The currency's code, for axis titles.
    pub fn code(&self) -> &'static str {
        match self.currency {
            Currency::Cny => "CNY",
            Currency::Usd => "USD",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's input cannot carry how its answer is shown: no field of `Scenario` is a language, a
    /// currency or its rate, and no engine module names this one outside its tests.
    #[test]
    fn the_scenario_carries_no_presentation() {
        let fields = format!("{:#?}", crate::scenario::Scenario::default());
        for name in ["lang:", "currency:", "cny_per_usd:"] {
            assert!(!fields.contains(name), "Scenario has `{name}`");
        }
        let shown = format!("{:#?}", Presentation::default());
        assert!(
            ["lang:", "currency:", "cny_per_usd:"].iter().all(|f| shown.contains(f)),
            "{shown}"
        );
        let engine = concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine");
        let mut dirs = vec![std::path::PathBuf::from(engine)];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let code = text.split("#[cfg(test)]").next().unwrap_or_default();
                assert!(!code.contains("presentation"), "{} names presentation", path.display());
            }
        }
    }
}
