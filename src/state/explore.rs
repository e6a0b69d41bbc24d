//! Explore's settings as plain data: the price unit and divisor, the columns (sorted on, hidden), the filters; their link words.

use crate::catalog::Stack;
use crate::query::{choice, word_of, Choice};

/// The time unit Explore shows prices in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PriceUnit {
    Hour,
    Day,
    Month,
    Year,
}

impl PriceUnit {
    pub const ALL: [PriceUnit; 4] = [PriceUnit::Hour, PriceUnit::Day, PriceUnit::Month, PriceUnit::Year];

    pub fn hours(self) -> f64 {
        match self {
            PriceUnit::Hour => 1.0,
            PriceUnit::Day => 24.0,
            PriceUnit::Month => 730.0,
            PriceUnit::Year => 8760.0,
        }
    }

    pub fn key(self) -> &'static str {
        word_of(&self)
    }
}

choice!(
    PriceUnit,
    "h|d|mo|y",
    [PriceUnit::Hour, PriceUnit::Day, PriceUnit::Month, PriceUnit::Year]
);

/// What Explore divides prices by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PricePer {
    Instance,
    Accelerator,
    AcceleratorGib,
    /// Per vCPU: what the host side costs, for CPU-heavy preprocessing, rendering and HPC.
    Vcpu,
    /// Per GiB of host RAM.
    RamGib,
}

impl PricePer {
    pub const ALL: [PricePer; 5] = [
        PricePer::Instance,
        PricePer::Accelerator,
        PricePer::AcceleratorGib,
        PricePer::Vcpu,
        PricePer::RamGib,
    ];

    pub fn key(self) -> &'static str {
        word_of(&self)
    }
}

choice!(
    PricePer,
    "inst|accel|gib|vcpu|ram",
    [
        PricePer::Instance,
        PricePer::Accelerator,
        PricePer::AcceleratorGib,
        PricePer::Vcpu,
        PricePer::RamGib
    ]
);

/// Explore's columns; each can be sorted on and hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    Instance,
    Accelerator,
    Count,
    MemGib,
    TotalMemGib,
    Vcpus,
    RamGib,
    NetGbps,
    Efa,
    OnDemand,
    Spot,
}

impl Column {
    pub const ALL: [Column; 11] = [
        Column::Instance,
        Column::Accelerator,
        Column::Count,
        Column::MemGib,
        Column::TotalMemGib,
        Column::Vcpus,
        Column::RamGib,
        Column::NetGbps,
        Column::Efa,
        Column::OnDemand,
        Column::Spot,
    ];

    pub fn key(self) -> &'static str {
        word_of(&self)
    }

    /// The column a link word names, if any (the page reads it from a column's `data-key`).
    pub fn from_key(k: &str) -> Option<Column> {
        let i = COLUMN_WORDS.split('|').position(|w| w == k)?;
        Column::ALL.get(i).copied()
    }
}

const COLUMN_WORDS: &str = "id|acc|n|mem|tmem|cpu|ram|net|efa|od|spot";

impl Choice for Column {
    fn words(&self) -> &'static str {
        COLUMN_WORDS
    }
    fn index(&self) -> usize {
        Column::ALL.iter().position(|c| c == self).unwrap_or(0)
    }
    fn set_index(&mut self, i: usize) {
        if let Some(c) = Column::ALL.get(i) {
            *self = *c;
        }
    }
}

/// Explore's filters, sort, units and columns.
#[derive(Clone, Debug, PartialEq)]
pub struct ExploreState {
    /// Family prefix filter, e.g. "g6" (empty = all).
    pub family: String,
    /// Accelerator id filter (empty = all).
    pub accelerator: String,
    pub min_mem_gib: f64,
    pub efa_only: bool,
    pub stack: Option<Stack>,
    /// Only types offered in the scenario's region.
    pub in_region: bool,
    pub sort: Column,
    pub descending: bool,
    pub unit: PriceUnit,
    pub per: PricePer,
    pub hidden: Vec<Column>,
}

impl Default for ExploreState {
    fn default() -> Self {
        ExploreState {
            family: String::new(),
            accelerator: String::new(),
            min_mem_gib: 0.0,
            efa_only: false,
            stack: None,
            in_region: false,
            sort: Column::OnDemand,
            descending: false,
            unit: PriceUnit::Hour,
            per: PricePer::Instance,
            hidden: vec![Column::NetGbps],
        }
    }
}

/// Explore's stack filter: all, or one software stack.
impl Choice for Option<Stack> {
    fn words(&self) -> &'static str {
        "all|cuda|neuron"
    }
    fn index(&self) -> usize {
        match self {
            Some(Stack::Cuda) => 1,
            Some(Stack::Neuron) => 2,
            _ => 0,
        }
    }
    fn set_index(&mut self, i: usize) {
        *self = [None, Some(Stack::Cuda), Some(Stack::Neuron)].get(i).copied().flatten();
    }
    fn alias(&self, value: &str) -> Option<usize> {
        value.is_empty().then_some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn price_units_are_hours_and_words_name_their_values() {
        let hours: Vec<f64> = PriceUnit::ALL.iter().map(|u| u.hours()).collect();
        assert_eq!(hours, [1.0, 24.0, 730.0, 8760.0]);
        let keys: Vec<&str> = PricePer::ALL.iter().map(|p| p.key()).collect();
        assert_eq!(keys.join("|"), "inst|accel|gib|vcpu|ram");
        for c in Column::ALL {
            assert_eq!(Column::from_key(c.key()), Some(c));
        }
        assert_eq!(Column::from_key("bogus"), None);
    }

    #[test]
    fn the_stack_filter_reads_all_and_empty_as_no_filter() {
        let mut s = Some(Stack::Cuda);
        assert_eq!((s.index(), s.alias(""), s.alias("cuda")), (1, Some(0), None));
        s.set_index(2);
        assert_eq!(s, Some(Stack::Neuron));
        s.set_index(0);
        assert_eq!(s, None);
        assert!(ExploreState::default().hidden == [Column::NetGbps]);
    }
}
