//! The link words of every closed choice: the `Choice` trait, the `choice!` macro that implements it, and
//! each enum's words in link order.

use crate::catalog::{Payment, RiClass};
use crate::scenario::{
    Architecture, Buy, Currency, FinetuneMethod, Lang, Precision, Priority, ServingMode, Speculation, Task,
};

/// A closed set of words a key takes, in order; `words` is `a|b|c`.
pub trait Choice {
    fn words(&self) -> &'static str;
    fn index(&self) -> usize;
    fn set_index(&mut self, i: usize);
    /// Another spelling an old link may use, as the index of the word it means.
    fn alias(&self, _value: &str) -> Option<usize> {
        None
    }
}

/// Implements `Choice` for a `Copy + PartialEq` type from its words and values in the same order.
macro_rules! choice {
    ($t:ty, $words:literal, $all:expr $(,)?) => {
        impl $crate::query::Choice for $t {
            fn words(&self) -> &'static str {
                $words
            }
            fn index(&self) -> usize {
                $all.iter().position(|x| x == self).unwrap_or(0)
            }
            fn set_index(&mut self, i: usize) {
                if let Some(v) = $all.get(i) {
                    *self = *v;
                }
            }
        }
    };
}
pub(crate) use choice;

/// The word of a choice as links write it.
pub fn word_of(c: &dyn Choice) -> &'static str {
    c.words().split('|').nth(c.index()).unwrap_or("")
}

choice!(Task, "infer|train|finetune|graphics|hpc", Task::ALL);
choice!(ServingMode, "online|batch", [ServingMode::Online, ServingMode::Batch]);
choice!(FinetuneMethod, "full|lora|qlora", FinetuneMethod::ALL);
choice!(Speculation, "off|eagle|draft", Speculation::ALL);
choice!(Precision, "fp32|bf16|fp16|fp8|int8|int4|fp4", Precision::ALL);
choice!(Priority, "cost|perf|balanced", Priority::ALL);
choice!(
    Architecture,
    "transformer|other",
    [Architecture::Transformer, Architecture::Other]
);
choice!(Lang, "zh|en", [Lang::Zh, Lang::En]);
// One list of the purchase options, in link-word order: `Buy::ALL`.
choice!(Buy, "od|spot|csp1|csp3|isp1|isp3|ri1|ri3|cb", Buy::ALL);
choice!(Payment, "no|partial|all", [Payment::No, Payment::Partial, Payment::All]);
choice!(
    RiClass,
    "standard|convertible",
    [RiClass::Standard, RiClass::Convertible]
);
choice!(Currency, "usd|cny", [Currency::Usd, Currency::Cny]);
