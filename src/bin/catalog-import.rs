//! Refreshes catalog.json's prices from AWS files: `catalog-import [--catalog FILE] [--dry-run] (--offer FILE | --spot FILE)...`.

use gpuplan::import::{apply, Input};
use std::process::ExitCode;

const USAGE: &str =
    "usage: catalog-import [--catalog catalog.json] [--dry-run] (--offer OFFER.json | --spot SPOT.json)...\n\
  --offer  an AWS Price List bulk offer file for AmazonEC2 (one region), e.g.\n\
           https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/us-east-1/index.json\n\
  --spot   output of `aws ec2 describe-spot-price-history --product-descriptions Linux/UNIX --output json`\n\
  Updates On-Demand and Reserved rates and Spot medians for the catalog's instance types, records the\n\
  files as sources, prints what changed. Malformed input changes nothing.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut catalog_path = "catalog.json".to_string();
    let mut dry_run = false;
    let mut files: Vec<(bool, String)> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--catalog" | "--offer" | "--spot" => {
                let Some(v) = it.next() else {
                    eprintln!("catalog-import: {a} needs a file\n{USAGE}");
                    return ExitCode::from(2);
                };
                match a.as_str() {
                    "--catalog" => catalog_path = v.clone(),
                    "--offer" => files.push((true, v.clone())),
                    _ => files.push((false, v.clone())),
                }
            }
            "--dry-run" => dry_run = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => {
                eprintln!("catalog-import: unknown argument {a}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if files.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    let catalog = match read(&catalog_path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("catalog-import: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut texts = Vec::new();
    for (is_offer, path) in &files {
        match read(path) {
            Ok(t) => texts.push((*is_offer, path.as_str(), t)),
            Err(e) => {
                eprintln!("catalog-import: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let inputs: Vec<Input> = texts
        .iter()
        .map(|(is_offer, p, t)| {
            if *is_offer {
                Input::Offer(p, t)
            } else {
                Input::SpotHistory(p, t)
            }
        })
        .collect();
    match apply(&catalog, &inputs) {
        Ok((text, report)) => {
            for line in &report.lines {
                println!("{line}");
            }
            println!(
                "{} change(s){}",
                report.changed,
                if dry_run { " (dry run: nothing written)" } else { "" }
            );
            if !dry_run {
                if let Err(e) = std::fs::write(&catalog_path, text) {
                    eprintln!("catalog-import: {catalog_path}: {e}");
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("catalog-import: refused, {catalog_path} left untouched: {e}");
            ExitCode::FAILURE
        }
    }
}
