//! The bundled catalog, read at start-up from the token stream build.rs makes of catalog.json. The page
//! uses this (no JSON parser in the wasm); tests/catalog.rs checks it equals the validated parse.

use crate::catalog::*;

/// catalog.json as build.rs wrote it: a text table, then every field's value in the order read below
/// (tables column by column), separated by U+001F. See build.rs for the format.
static TOKENS: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog.tokens"));

/// Reads the token stream in order: `step` tokens apart inside a table's row, 1 elsewhere. The data is
/// fixed at build time and checked by a test, so a malformed token reads as a neutral value instead of
/// failing (which the equality test would catch).
#[derive(Clone, Copy)]
struct Reader<'a> {
    words: &'a [&'static str],
    texts: &'a [&'static str],
    at: usize,
    step: usize,
}

impl Reader<'_> {
    fn word(&mut self) -> &'static str {
        let w = self.words.get(self.at).copied().unwrap_or("");
        self.at += self.step;
        w
    }
    /// The table text a reference names.
    fn lookup(&self, reference: &str) -> &'static str {
        reference
            .parse()
            .ok()
            .and_then(|i: usize| self.texts.get(i))
            .copied()
            .unwrap_or("")
    }
    fn str(&mut self) -> &'static str {
        let w = self.word();
        self.lookup(w)
    }
    fn text(&mut self) -> String {
        self.str().to_string()
    }
    fn opt_text(&mut self) -> Option<String> {
        Some(self.word())
            .filter(|w| !w.is_empty())
            .map(|w| self.lookup(w).to_string())
    }
    fn opt_f64(&mut self) -> Option<f64> {
        crate::num::parse(self.word())
    }
    fn f64(&mut self) -> f64 {
        self.opt_f64().unwrap_or(f64::NAN)
    }
    fn u32(&mut self) -> u32 {
        self.word().parse().unwrap_or(0)
    }
    fn opt_u32(&mut self) -> Option<u32> {
        self.word().parse().ok()
    }
    fn bool(&mut self) -> bool {
        self.word() == "1"
    }
    fn opt_bool(&mut self) -> Option<bool> {
        match self.word() {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        }
    }
    fn date(&mut self) -> IsoDate {
        IsoDate::parse(self.str()).unwrap_or(IsoDate {
            year: 0,
            month: 1,
            day: 1,
        })
    }
    /// A list of texts: its references in one token, comma-separated.
    fn texts(&mut self) -> Vec<String> {
        let w = self.word();
        w.split(',')
            .filter(|r| !r.is_empty())
            .map(|r| self.lookup(r).to_string())
            .collect()
    }
    /// A table: its row count, then column by column, so row `i`'s fields are `n` tokens apart.
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> T) -> Vec<T> {
        let (n, start) = (self.u32() as usize, self.at);
        let mut rows = Vec::with_capacity(n);
        for i in 0..n {
            let mut row = Reader {
                at: start + i,
                step: n,
                ..*self
            };
            rows.push(item(&mut row));
            self.at = row.at - i;
        }
        rows
    }
    /// A closed choice: its index in the enum's `ALL` as one character from `0` (build.rs writes the same
    /// order); `None` for an empty token.
    fn choice<T: Copy>(&mut self, all: &[T]) -> Option<T> {
        let c = *self.word().as_bytes().first()?;
        all.get(usize::from(c.wrapping_sub(b'0'))).copied()
    }
    fn stack(&mut self) -> Stack {
        match self.str() {
            "neuron" => Stack::Neuron,
            "synapse" => Stack::Synapse,
            _ => Stack::Cuda,
        }
    }
    fn interconnect(&mut self) -> Interconnect {
        match self.str() {
            "nvlink" => Interconnect::Nvlink,
            "nvswitch" => Interconnect::Nvswitch,
            "neuronlink" => Interconnect::Neuronlink,
            "roce" => Interconnect::Roce,
            _ => Interconnect::Pcie,
        }
    }
    fn payment(&mut self) -> Payment {
        payment_of(self.str())
    }
    fn opt_payment(&mut self) -> Option<Payment> {
        self.opt_text().map(|p| payment_of(&p))
    }
    fn plan(&mut self) -> SavingsPlan {
        if self.str() == "ec2instance" {
            SavingsPlan::Ec2instance
        } else {
            SavingsPlan::Compute
        }
    }
}

fn payment_of(p: &str) -> Payment {
    match p {
        "all" => Payment::All,
        "partial" => Payment::Partial,
        _ => Payment::No,
    }
}

/// The bundled catalog. Struct fields are read in the order build.rs wrote them.
pub fn catalog() -> Catalog {
    let words: Vec<&str> = TOKENS.split('\u{1f}').collect();
    let n_texts = words
        .first()
        .and_then(|w| w.parse().ok())
        .unwrap_or(0usize)
        .min(words.len() - 1);
    let r = &mut Reader {
        words: &words[1 + n_texts..],
        texts: &words[1..=n_texts],
        at: 0,
        step: 1,
    };
    Catalog {
        schema_version: r.u32(),
        as_of: r.date(),
        sources: r.list(|r| Source {
            id: r.text(),
            title: r.text(),
            publisher: r.text(),
            location: r.text(),
            date: r.date(),
            kind: r.choice(&SourceKind::ALL).unwrap_or_default(),
        }),
        accelerators: r.list(|r| Accelerator {
            id: r.text(),
            name: r.text(),
            vendor: String::new(),
            stack: r.stack(),
            arch_name: String::new(),
            generation: r.choice(&Generation::ALL).unwrap_or_default(),
            mem_gb: r.opt_f64(),
            mem_bw_gbs: r.opt_f64(),
            bf16_tflops: r.opt_f64(),
            fp16_tflops: r.opt_f64(),
            fp8_tflops: r.opt_f64(),
            int8_tops: r.opt_f64(),
            fp64_tflops: r.opt_f64(),
            tdp_w: r.opt_f64(),
            graphics: r.bool(),
            llm_decode: r.bool(),
            llm_decode_source: String::new(),
            trains: r.bool(),
            trains_source: String::new(),
            source: r.text(),
            as_of: r.date(),
            note: r.text(),
            fp4_tflops: r.opt_f64(),
            assumed_peak: r.choice(&AssumedPeak::ALL),
        }),
        instances: r.list(|r| Instance {
            id: r.text(),
            family: r.text(),
            accelerator: r.text(),
            count: r.opt_u32(),
            fraction: r.f64(),
            accel_mem_gib: r.f64(),
            vcpus: r.opt_f64(),
            ram_gib: r.opt_f64(),
            net_gbps: r.opt_f64(),
            efa_interfaces: r.opt_f64(),
            interconnect: r.interconnect(),
            nvme_gb: r.opt_f64(),
            neuron_cores: r.opt_f64(),
            legacy: r.bool(),
            ultraserver: r.bool(),
            regions: r.texts(),
            source: r.text(),
            as_of: r.date(),
            note: r.text(),
        }),
        on_demand: r.list(|r| OnDemandPrice {
            instance: r.text(),
            region: r.text(),
            usd_hr: r.f64(),
            source: r.text(),
            as_of: r.date(),
            derived: r.bool(),
            multiplier: r.opt_f64(),
        }),
        spot: r.list(|r| SpotPrice {
            instance: r.text(),
            region: r.text(),
            median_usd_hr: r.f64(),
            min_usd_hr: None,
            max_usd_hr: None,
            n_az: r.u32(),
            n_az_at_od: r.u32(),
            source: r.text(),
            as_of: r.date(),
            interruption_band: r.opt_text(),
            band_source: None,
        }),
        reserved: r.list(|r| ReservedRate {
            instance: r.text(),
            region: r.text(),
            class: if r.str() == "convertible" {
                RiClass::Convertible
            } else {
                RiClass::Standard
            },
            term_years: r.u32(),
            payment: r.payment(),
            effective_usd_hr: r.f64(),
            source: r.text(),
            as_of: r.date(),
        }),
        savings_plan_assumptions: r.list(|r| SavingsPlanAssumption {
            plan: r.plan(),
            term_years: r.u32(),
            payment: r.payment(),
            discount_pct: r.f64(),
            assumption: r.bool(),
            source: r.text(),
            as_of: r.date(),
            sp_basis: String::new(),
            family: r.opt_text(),
        }),
        savings_plan_rates: r.list(|r| SavingsPlanRate {
            instance: r.text(),
            region: r.text(),
            plan: r.plan(),
            term_years: r.u32(),
            payment: r.opt_payment(),
            effective_usd_hr: r.f64(),
            upfront_usd: r.opt_f64(),
            source: r.text(),
            as_of: r.date(),
        }),
        capacity_blocks: CapacityBlocks {
            families: r.texts(),
            min_days: r.u32(),
            max_daily_days: r.u32(),
            weekly_step_days: r.u32(),
            max_days: r.u32(),
            max_instances: r.u32(),
            max_lead_weeks: r.u32(),
            group_rate_regions: r.texts(),
            source: r.text(),
            as_of: r.date(),
            rates: r.list(|r| CapacityBlockRate {
                instance: r.text(),
                region: r.text(),
                usd_hr: r.f64(),
                as_of: r.date(),
                source: r.text(),
                rate_note: String::new(),
            }),
            changes: r.list(|r| CbChange {
                from: r.date(),
                source: r.text(),
                change_note: String::new(),
            }),
        },
        spot_rules: SpotRules {
            notice_minutes: r.u32(),
            max_discount_pct: r.f64(),
            bands: r.texts(),
            source: r.text(),
            as_of: r.date(),
        },
        price_coverage: PriceCoverage {
            families: r.texts(),
            regions: r.texts(),
            source: r.text(),
            as_of: r.date(),
        },
        price_history: r.list(|r| PricePoint {
            instance: r.text(),
            region: r.text(),
            from: r.date(),
            usd_hr: r.f64(),
            source: r.text(),
            option: Buy::ALL.get(r.u32() as usize).copied().unwrap_or_default(),
            payment: r.opt_payment(),
            class: r.opt_text().map(|c| match c.as_str() {
                "convertible" => RiClass::Convertible,
                _ => RiClass::Standard,
            }),
        }),
        article_quotes: r.list(|r| ArticleQuote {
            source: r.text(),
            quote: r.text(),
            instance: r.text(),
            kind: r.text(),
            usd: r.f64(),
            status: r.text(),
            note_en: r.text(),
            note_zh: r.text(),
        }),
        links: r.list(|r| Link {
            instance: r.text(),
            kind: r.interconnect(),
            name: r.text(),
            link_gbs: r.opt_f64(),
            link_basis: String::new(),
            source: r.text(),
            as_of: r.date(),
            domain: r.u32(),
            domain_source: r.text(),
            net_gbps_per_accel: r.opt_f64(),
            net_basis: String::new(),
            gdr: r.opt_bool(),
            gdr_source: r.opt_text(),
            link_note: String::new(),
        }),
        grid_intensity: r.list(|r| GridIntensity {
            region: r.text(),
            gco2e_per_kwh: r.f64(),
            data_year: r.text(),
            grid_basis: String::new(),
            source: r.text(),
            as_of: r.date(),
        }),
        pue: Pue {
            value: r.f64(),
            source: r.text(),
            as_of: r.date(),
            pue_basis: String::new(),
        },
        managed: r.list(|r| ManagedPrice {
            service: r.text(),
            model: r.text(),
            offer: r.text(),
            region: r.text(),
            tier: r.text(),
            in_usd_m: r.opt_f64(),
            out_usd_m: r.opt_f64(),
            usd_hr: r.opt_f64(),
            pct: r.opt_f64(),
            until: r.opt_text().and_then(|d| IsoDate::parse(&d)),
            source: r.text(),
            as_of: r.date(),
            terms_note: String::new(),
        }),
        quota_families: QuotaFamilies {
            p: r.texts(),
            g: r.texts(),
            inf: r.texts(),
            trn: r.texts(),
            dl: r.texts(),
            source: r.text(),
            as_of: r.date(),
        },
    }
}
