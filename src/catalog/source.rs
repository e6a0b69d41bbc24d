//! `Source`: where a figure comes from, what kind of source it is (`SourceKind`), its web address when it
//! has one, and the name the page gives it (`Catalog::source_title`).

use super::IsoDate;
use serde::Deserialize;

/// Where a figure comes from.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Source {
    pub id: String,
    pub title: String,
    pub publisher: String,
    #[serde(rename = "where")]
    pub location: String,
    pub date: IsoDate,
    pub kind: SourceKind,
}

/// What a source is, as the page must label its figures (rules `derived_prices_say_so` and
/// `article_quotes_cite_articles` hold the kinds to the entries that cite them).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// A vendor's or a third party's published page, file or data set.
    #[default]
    Published,
    /// One of the source articles: a figure quoted there is not AWS's published price list.
    Article,
    /// Computed by gpuplan from other sources' figures (a regional multiplier), not published anywhere.
    Derived,
    /// gpuplan's own labelled assumption where no public figure exists.
    Assumption,
}

impl SourceKind {
    /// Every kind, in the order build.rs numbers them for the page's copy of the catalog.
    pub const ALL: [SourceKind; 4] = [
        SourceKind::Published,
        SourceKind::Article,
        SourceKind::Derived,
        SourceKind::Assumption,
    ];
}

impl Source {
    /// A web address for the source when its location is one (`https://…`, or a host name followed by
    /// a path such as `aws.amazon.com/savingsplans/faqs`); `None` for files in a repository or here.
    pub fn url(&self) -> Option<String> {
        let first = self.location.split_whitespace().next()?;
        if first.starts_with("https://") || first.starts_with("http://") {
            return Some(first.to_string());
        }
        let host = first.split('/').next()?;
        let is_host = host.contains('.')
            && !host.starts_with('.')
            && !host.ends_with('.')
            && host.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
        // A file name such as `build_catalog.py` is no host: a host has a path after it or a known ending.
        (is_host && first.contains('/')).then(|| format!("https://{first}"))
    }
}

impl super::Catalog {
    /// Whether a figure citing `id` comes from a source article (not AWS's published price list).
    pub fn from_article(&self, id: &str) -> bool {
        self.source(id).is_some_and(|s| s.kind == SourceKind::Article)
    }

    /// A source as the page names it: its title up to the first colon or parenthesis ("SkyPilot catalog
    /// v8 AWS vms.csv"), the id where the catalog has no such source. A user never meets a catalog id.
    pub fn source_title(&self, id: &str) -> String {
        self.source(id).map_or_else(
            || id.to_string(),
            |s| {
                let end = s.title.find([':', '(']).unwrap_or(s.title.len());
                s.title[..end].trim_end().to_string()
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(location: &str) -> Option<String> {
        Source {
            id: "x".into(),
            title: "x".into(),
            publisher: "x".into(),
            location: location.into(),
            date: IsoDate {
                year: 2026,
                month: 1,
                day: 1,
            },
            kind: SourceKind::Published,
        }
        .url()
    }

    #[test]
    fn web_locations_become_links_and_files_do_not() {
        assert_eq!(
            at("aws.amazon.com/savingsplans/faqs").as_deref(),
            Some("https://aws.amazon.com/savingsplans/faqs")
        );
        assert_eq!(
            at("aws.amazon.com/ec2/capacityblocks/pricing (mirror)").as_deref(),
            Some("https://aws.amazon.com/ec2/capacityblocks/pricing")
        );
        assert_eq!(at("https://example.com/a").as_deref(), Some("https://example.com/a"));
        for file in [
            "pkg/providers/pricing/zz_generated.pricing_aws.go",
            "../shared/reference/accelerators.csv",
            "scripts/build_catalog.py",
            "catalogs/v8/aws/vms.csv @ 00148f2a",
            "build_catalog.py",
            "",
            "javascript:alert(1)",
        ] {
            assert_eq!(at(file), None, "{file}");
        }
    }
}
