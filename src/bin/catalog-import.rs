//! Refreshes catalog.json's prices from AWS files: `catalog-import [--catalog FILE] [--dry-run] [--fetched DATE] (--offer FILE | --savings-plans FILE | --spot FILE | --spot-feed FILE | --spot-advisor FILE)...`.
#![cfg_attr(all(unix, not(test)), no_main)]

use gpuplan::catalog::IsoDate;
use gpuplan::import::{apply_at, Input, Open};
use std::path::Path;

#[path = "common/edge.rs"]
mod edge;

const USAGE: &str =
    "usage: catalog-import [--catalog catalog.json] [--dry-run] [--fetched YYYY-MM-DD]\n\
                      (--offer OFFER.json | --spot SPOT.json | --savings-plans SP.json | --spot-feed spot.json | --spot-advisor ADVISOR.json)...\n\
  --offer  an AWS Price List bulk offer file for AmazonEC2 (one region), e.g.\n\
           https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/us-east-1/index.json\n\
  --savings-plans  an AWS Savings Plans offer file (one region), e.g.\n\
           https://pricing.us-east-1.amazonaws.com/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/us-east-1/index.json\n\
  --spot   output of `aws ec2 describe-spot-price-history --product-descriptions Linux/UNIX --output json`\n\
  --spot-feed  the public Spot price feed (regional prices, no zones), https://website.spot.ec2.aws.a2z.com/spot.json\n\
           (or its JSONP form spot.js)\n\
  --spot-advisor  the Spot Instance Advisor data (interruption bands),\n\
           https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json\n\
  --fetched  the day --spot-feed and --spot-advisor files were downloaded (neither carries a date); required with them\n\
  Updates On-Demand and Reserved rates, Savings Plan rates, Spot prices and bands for the catalog's instance\n\
  types, records the files as sources, prints what changed. Malformed input changes nothing.";

/// What the command line asks for: the catalog to update, whether to write it, and the files as
/// (is an offer file, path).
#[derive(Debug, PartialEq)]
struct Args {
    catalog: String,
    dry_run: bool,
    files: Vec<(Kind, String)>,
    /// The day the Spot feed and Advisor files were fetched.
    fetched: Option<IsoDate>,
}

/// What a file is.
#[derive(Debug, PartialEq, Clone, Copy)]
enum Kind {
    Offer,
    Spot,
    SavingsPlans,
    SpotFeed,
    SpotAdvisor,
}

/// Why the command stops before reading anything: help was asked for, or the line is wrong (the
/// message to print).
#[derive(Debug, PartialEq)]
enum Stop {
    Help,
    Usage(String),
}

fn parse_args(args: &[String]) -> Result<Args, Stop> {
    let mut out = Args {
        catalog: "catalog.json".to_string(),
        dry_run: false,
        files: Vec::new(),
        fetched: None,
    };
    let usage = |m: String| Err(Stop::Usage(format!("catalog-import: {m}\n{USAGE}")));
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let kind = match a.as_str() {
            "--offer" => Some(Kind::Offer),
            "--spot" => Some(Kind::Spot),
            "--savings-plans" => Some(Kind::SavingsPlans),
            "--spot-feed" => Some(Kind::SpotFeed),
            "--spot-advisor" => Some(Kind::SpotAdvisor),
            _ => None,
        };
        match a.as_str() {
            "--catalog" | "--fetched" => {}
            "--dry-run" => {
                out.dry_run = true;
                continue;
            }
            "-h" | "--help" => return Err(Stop::Help),
            _ if kind.is_some() => {}
            _ => return usage(format!("unknown argument {a}")),
        }
        let Some(v) = it.next() else {
            let what = if a == "--fetched" {
                "a date YYYY-MM-DD"
            } else {
                "a file"
            };
            return usage(format!("{a} needs {what}"));
        };
        match (kind, a.as_str()) {
            (Some(k), _) => out.files.push((k, v.clone())),
            (None, "--catalog") => out.catalog = v.clone(),
            _ => match IsoDate::parse(v) {
                Some(d) => out.fetched = Some(d),
                None => return usage(format!("--fetched needs a date YYYY-MM-DD, got `{}`", v.escape_debug())),
            },
        }
    }
    if out.files.is_empty() {
        return Err(Stop::Usage(USAGE.to_string()));
    }
    let dated = |k: &Kind| matches!(k, Kind::SpotFeed | Kind::SpotAdvisor);
    if out.fetched.is_none() && out.files.iter().any(|(k, _)| dated(k)) {
        return usage("--spot-feed and --spot-advisor need --fetched YYYY-MM-DD, the day the files were downloaded (neither carries a date)".into());
    }
    Ok(out)
}

edge::entry_point!(run_main);

/// The program: reads the arguments, answers, returns the exit status.
fn run_main() -> u8 {
    let (args, not_utf8) = edge::text_args(std::env::args_os().skip(1));
    if let Some(bad) = not_utf8.first() {
        // A path that is not text cannot be named in the catalog's sources: refuse before reading anything.
        edge::say(&format!(
            "catalog-import: argument {} is not UTF-8 ({:?}); give paths as UTF-8 text. Nothing was read or written.",
            bad.position, bad.lossy
        ));
        return 2;
    }
    match parse_args(&args) {
        Ok(a) => run(&a),
        Err(Stop::Help) => edge::exit_for("catalog-import", edge::write_stdout(&format!("{USAGE}\n"))),
        Err(Stop::Usage(msg)) => {
            edge::say(&msg);
            2
        }
    }
}

/// The catalog's text and each Spot file's, in order (an offer or Savings Plans file is read later, as a stream, so a
/// multi-gigabyte file is never in memory: only its path is checked here); the first that cannot be read
/// is the error.
fn read_all(a: &Args) -> Result<(String, Vec<String>), String> {
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    let catalog = read(&a.catalog)?;
    let texts = a
        .files
        .iter()
        .map(|(kind, p)| match kind {
            Kind::Offer | Kind::SavingsPlans => std::fs::File::open(p)
                .map(|_| String::new())
                .map_err(|e| format!("{p}: {e}")),
            Kind::Spot | Kind::SpotFeed | Kind::SpotAdvisor => read(p),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((catalog, texts))
}

/// Opens the file at `path` from its start, at each call.
fn opener(path: &str) -> Box<Open> {
    let path = std::path::PathBuf::from(path);
    Box::new(move || std::fs::File::open(&path).map(|f| Box::new(f) as Box<dyn std::io::Read>))
}

/// Applies the files to the catalog, prints what changed, and writes the catalog unless a dry run.
fn run(a: &Args) -> u8 {
    let (catalog, texts) = match read_all(a) {
        Ok(t) => t,
        Err(e) => {
            edge::say(&format!("catalog-import: {e}"));
            return 1;
        }
    };
    // parse_args refuses a feed without --fetched; the epoch is never used.
    let fetched = a.fetched.unwrap_or(IsoDate::from_days_since_epoch(0));
    // The streamed files are opened here, at the binary's edge, each time the importer walks one.
    let openers: Vec<Box<Open>> = a.files.iter().map(|(_, p)| opener(p)).collect();
    let inputs: Vec<Input> = a
        .files
        .iter()
        .zip(&texts)
        .zip(&openers)
        .map(|(((kind, p), t), open)| match kind {
            Kind::Offer => Input::OfferReader(p, &**open),
            Kind::Spot => Input::SpotHistory(p, t),
            Kind::SavingsPlans => Input::SavingsPlansReader(p, &**open),
            Kind::SpotFeed => Input::SpotFeed(p, t, fetched),
            Kind::SpotAdvisor => Input::SpotAdvisor(p, t, fetched),
        })
        .collect();
    let catalog_path = &a.catalog;
    // Today by the machine's clock: a file dated later is refused (a clock before 1970 means no check).
    let today = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .and_then(|d| i64::try_from(d.as_secs() / 86_400).ok())
        .map(IsoDate::from_days_since_epoch);
    match apply_at(&catalog, &inputs, today) {
        Ok((text, report)) => {
            // The catalog first: a reader of the report that went away must not stop the write.
            if !a.dry_run {
                if let Err(e) = replace_file(Path::new(catalog_path), &text) {
                    edge::say(&format!("catalog-import: {catalog_path} left untouched: {e}"));
                    return 1;
                }
            }
            let mut out = String::new();
            for line in &report.lines {
                out.push_str(line);
                out.push('\n');
            }
            let dry = if a.dry_run { " (dry run: nothing written)" } else { "" };
            let refused = match report.refused {
                0 => String::new(),
                n => format!(", {n} figure(s) refused as implausible (lines starting \"refused:\")"),
            };
            out.push_str(&format!("{} change(s){refused}{dry}\n", report.changed));
            edge::exit_for("catalog-import", edge::write_stdout(&out))
        }
        Err(e) => {
            edge::say(&format!("catalog-import: refused, {catalog_path} left untouched: {e}"));
            1
        }
    }
}

/// Writes `text` over `path` so that a reader sees the old file or the new one, never a part: the text goes
/// to a temporary file in the same folder, is flushed to disk and read back, and only then renamed over
/// the old file (a rename within one folder is atomic). A failed write (a full disk, a file-size limit)
/// leaves the old file as it was and removes the temporary one.
fn replace_file(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.import-tmp"));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        if std::fs::read(&tmp)? != text.as_bytes() {
            return Err(std::io::Error::other(
                "the temporary copy does not read back as written",
            ));
        }
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Args, Stop> {
        parse_args(&line.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn the_line_names_the_catalog_and_the_files_in_order() {
        let a = parse("--dry-run --spot s.json --catalog c.json --offer o.json");
        let files = vec![(Kind::Spot, "s.json".to_string()), (Kind::Offer, "o.json".to_string())];
        let want = Args {
            catalog: "c.json".into(),
            dry_run: true,
            files,
            fetched: None,
        };
        assert_eq!(a, Ok(want));
        assert_eq!(parse("--offer o.json").map(|a| a.catalog), Ok("catalog.json".into()));
    }

    #[test]
    fn the_spot_feed_and_advisor_need_the_day_they_were_fetched() {
        let a = parse("--spot-advisor a.json --fetched 2026-11-30 --spot-feed s.json");
        let files = vec![
            (Kind::SpotAdvisor, "a.json".to_string()),
            (Kind::SpotFeed, "s.json".to_string()),
        ];
        assert_eq!(a.as_ref().map(|a| &a.files), Ok(&files));
        assert_eq!(a.map(|a| a.fetched), Ok(IsoDate::parse("2026-11-30")));
        let usage = |line: &str| match parse(line) {
            Err(Stop::Usage(m)) => m,
            other => panic!("{other:?}"),
        };
        assert!(usage("--spot-feed s.json").contains("need --fetched YYYY-MM-DD"));
        assert!(usage("--spot-feed s.json --fetched 30.11.2026").contains("got `30.11.2026`"));
        assert!(usage("--spot-feed s.json --fetched").contains("--fetched needs a date"));
    }

    #[test]
    fn a_wrong_line_stops_with_the_usage() {
        assert_eq!(parse("--offer o.json -h"), Err(Stop::Help));
        let usage = |line: &str| match parse(line) {
            Err(Stop::Usage(m)) => m,
            other => panic!("{other:?}"),
        };
        assert!(usage("--offer").starts_with("catalog-import: --offer needs a file\nusage:"));
        assert!(usage("--offer o.json --bogus").starts_with("catalog-import: unknown argument --bogus\n"));
        assert_eq!(usage("--dry-run"), USAGE);
    }
}
