//! Each family's record against the published runs, for the page's range line (generated from the ledger: `UPDATE_EXPECT=1 cargo test --test ledger` rewrites this file; that test fails when it differs).

use super::{Family, Kind, Record};

#[rustfmt::skip]
pub const RECORDS: &[Record] = &[
    Record { family: Family::A100, kind: Kind::Training, moe: false, runs: 11, median_pct: 24, worst_pct: 59, within_25: 6 },
    Record { family: Family::A100, kind: Kind::Serving, moe: false, runs: 13, median_pct: -2, worst_pct: 108, within_25: 9 },
    Record { family: Family::A100, kind: Kind::Serving, moe: true, runs: 2, median_pct: 18, worst_pct: 23, within_25: 2 },
    Record { family: Family::H100, kind: Kind::Training, moe: false, runs: 12, median_pct: -16, worst_pct: 156, within_25: 9 },
    Record { family: Family::H100, kind: Kind::Training, moe: true, runs: 4, median_pct: -17, worst_pct: -19, within_25: 4 },
    Record { family: Family::H100, kind: Kind::Serving, moe: false, runs: 25, median_pct: -3, worst_pct: 103, within_25: 21 },
    Record { family: Family::H100, kind: Kind::Serving, moe: true, runs: 3, median_pct: 47, worst_pct: 120, within_25: 1 },
    Record { family: Family::H200, kind: Kind::Serving, moe: false, runs: 19, median_pct: -16, worst_pct: 84, within_25: 17 },
    Record { family: Family::H200, kind: Kind::Serving, moe: true, runs: 4, median_pct: 8, worst_pct: 18, within_25: 4 },
    Record { family: Family::B200, kind: Kind::Training, moe: false, runs: 2, median_pct: -19, worst_pct: -24, within_25: 2 },
    Record { family: Family::B200, kind: Kind::Training, moe: true, runs: 3, median_pct: 10, worst_pct: 61, within_25: 2 },
    Record { family: Family::B200, kind: Kind::Serving, moe: false, runs: 9, median_pct: -13, worst_pct: 61, within_25: 6 },
    Record { family: Family::B200, kind: Kind::Serving, moe: true, runs: 5, median_pct: -1, worst_pct: 28, within_25: 4 },
    Record { family: Family::Trainium, kind: Kind::Training, moe: false, runs: 9, median_pct: 4, worst_pct: 60, within_25: 8 },
    Record { family: Family::Trainium, kind: Kind::Serving, moe: false, runs: 12, median_pct: 2, worst_pct: 408, within_25: 9 },
    Record { family: Family::Trainium2, kind: Kind::Serving, moe: false, runs: 4, median_pct: -5, worst_pct: -44, within_25: 2 },
    Record { family: Family::Inferentia2, kind: Kind::Serving, moe: false, runs: 5, median_pct: 8, worst_pct: 288, within_25: 3 },
    Record { family: Family::L40s, kind: Kind::Serving, moe: false, runs: 6, median_pct: -13, worst_pct: -31, within_25: 5 },
    Record { family: Family::A10g, kind: Kind::Serving, moe: false, runs: 17, median_pct: 12, worst_pct: 141, within_25: 9 },
];
