//! `IsoDate`: the catalog's calendar dates (`YYYY-MM-DD`), strictly parsed, and day arithmetic.

use serde::Deserialize;
use std::fmt;

/// A calendar date, `YYYY-MM-DD`, as the catalog writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IsoDate {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl IsoDate {
    /// Parses `YYYY-MM-DD`; `None` for anything else, including impossible days.
    pub fn parse(s: &str) -> Option<IsoDate> {
        let mut it = s.split('-');
        let (y, m, d) = (it.next()?, it.next()?, it.next()?);
        if it.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let date = IsoDate {
            year: y.parse().ok()?,
            month: m.parse().ok()?,
            day: d.parse().ok()?,
        };
        let leap = date.year % 4 == 0 && (date.year % 100 != 0 || date.year % 400 == 0);
        let days_in_month = match date.month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (date.day >= 1 && date.day <= days_in_month).then_some(date)
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    pub fn days_since_epoch(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01: the inverse of `days_since_epoch` (Howard Hinnant's
    /// civil_from_days). For the importer's clock.
    pub fn from_days_since_epoch(days: i64) -> IsoDate {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        IsoDate {
            year: i32::try_from(year).unwrap_or(i32::MAX),
            month: u32::try_from(month).unwrap_or(1),
            day: u32::try_from(day).unwrap_or(1),
        }
    }

    /// Whole days from `self` to `later` (negative if `later` is earlier).
    pub fn days_until(self, later: IsoDate) -> i64 {
        later.days_since_epoch() - self.days_since_epoch()
    }
}

impl fmt::Display for IsoDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl<'de> Deserialize<'de> for IsoDate {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        IsoDate::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a YYYY-MM-DD date")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_since_epoch_and_back_are_inverse_over_four_centuries() {
        let start = IsoDate::parse("1900-01-01").map(IsoDate::days_since_epoch).unwrap_or(0);
        let mut prev: Option<IsoDate> = None;
        for days in start..start + 146_097 {
            let d = IsoDate::from_days_since_epoch(days);
            assert_eq!(d.days_since_epoch(), days, "{d}");
            assert_eq!(IsoDate::parse(&d.to_string()), Some(d));
            assert!(prev.is_none_or(|p| p < d));
            prev = Some(d);
        }
        assert_eq!(IsoDate::from_days_since_epoch(0).to_string(), "1970-01-01");
        assert_eq!(IsoDate::from_days_since_epoch(20_789).to_string(), "2026-12-02");
    }

    #[test]
    fn dates_parse_strictly() {
        assert_eq!(
            IsoDate::parse("2026-07-20").map(|d| d.to_string()),
            Some("2026-07-20".into())
        );
        for bad in [
            "2026-7-20",
            "2026-02-30",
            "2025-02-29",
            "20260720",
            "2026-13-01",
            "",
            "2026-07-20-1",
        ] {
            assert_eq!(IsoDate::parse(bad), None, "{bad}");
        }
        assert!(IsoDate::parse("2024-02-29").is_some());
    }

    #[test]
    fn day_arithmetic() {
        let d = |s| IsoDate::parse(s).unwrap_or_else(|| panic!("{s}"));
        assert_eq!(d("1970-01-01").days_since_epoch(), 0);
        assert_eq!(d("2026-07-20").days_until(d("2026-11-29")), 132);
        assert_eq!(d("2024-01-01").days_until(d("2025-01-01")), 366);
    }
}
