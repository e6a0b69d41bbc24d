//! The catalog's rules for what chips, families, regions and sources are: a chip's generation agrees with its
//! arch text and stack and bounds the peaks it may have, an assumed peak stands only where none is published,
//! every family has its vCPU quota, an ECS fee cut names the quota family its class is, a Capacity Block rate
//! stated for a group of regions names regions the catalog prices, and article quotes cite articles.

use super::*;

/// An accelerator's `generation` is the one its `arch` text names, and runs its `stack`: the engine asks
/// the generation what the chip can do (FP8, FP4, BF16), so a new chip cannot borrow another's.
pub(super) fn generation_matches_arch(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for a in &c.accelerators {
        let g = a.generation;
        if !a.arch_name.starts_with(g.arch_prefix()) {
            let arch = &a.arch_name;
            return Err(broken(
                &a.label(),
                format!("field `generation` {g:?} does not match `arch` `{arch}`"),
            ));
        }
        if a.stack != g.stack() {
            let (stack, want) = (a.stack, g.stack());
            return Err(broken(
                &a.label(),
                format!("field `stack` {stack:?} is not generation {g:?}'s {want:?}"),
            ));
        }
    }
    Ok(())
}

/// A chip has a peak only in a format its generation has: an FP8 figure needs FP8 tensor math, an FP4
/// figure FP4, a BF16 figure BF16 (Volta and Turing have FP16 only).
pub(super) fn peaks_within_generation(c: &Catalog, _: &Index) -> Result<(), Broken> {
    for a in &c.accelerators {
        let g = a.generation;
        let lacking = [
            ("fp8_tflops", a.fp8_tflops.is_some() && !g.fp8()),
            ("fp4_tflops", a.fp4_tflops.is_some() && !g.fp4()),
            ("bf16_tflops", a.bf16_tflops.is_some() && !g.bf16()),
        ];
        if let Some((field, _)) = lacking.iter().find(|(_, bad)| *bad) {
            return Err(broken(
                &a.label(),
                format!("field `{field}` is given, but generation {g:?} has no such tensor math"),
            ));
        }
    }
    Ok(())
}

/// An assumed 16-bit peak stands in only where no source gives one (no `bf16_tflops` nor `fp16_tflops`),
/// and each assumption for one chip: it is labelled with that chip's name on the Assumptions view.
pub(super) fn assumed_peaks_where_unpublished(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let mut seen = HashSet::new();
    for a in &c.accelerators {
        let Some(p) = a.assumed_peak else { continue };
        if a.bf16_tflops.is_some() || a.fp16_tflops.is_some() {
            return Err(broken(
                &a.label(),
                format!("field `assumed_peak` {p:?} stands in for a 16-bit peak the catalog gives"),
            ));
        }
        if !seen.insert(p) {
            return Err(broken(
                &a.label(),
                format!("field `assumed_peak` {p:?} already stands for another chip"),
            ));
        }
    }
    Ok(())
}

/// Every instance family has one vCPU quota, named by the letters that begin the family's name (AWS's
/// naming: P, G and VT, Inf, Trn, DL), so a new family cannot count against another's quota unseen.
pub(super) fn quota_families_named(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let lists = c.quota_families.lists();
    let label = |f: &str| format!("quota_families ({f})");
    for (quota, families) in lists {
        let letters = quota.letters();
        if let Some(f) = families.iter().find(|f| !f.starts_with(letters)) {
            return Err(broken(
                &label(f),
                format!("listed under {quota:?}, whose families are named `{letters}…`"),
            ));
        }
    }
    let all = lists.iter().flat_map(|(_, l)| l.iter()).map(|f| (f.clone(), label(f)));
    if let Some(f) = first_repeat(all) {
        return Err(broken(&f, "family listed twice"));
    }
    match c.instances.iter().find(|i| c.quota_family(&i.family).is_none()) {
        Some(i) => Err(broken(
            &i.label(),
            format!("family `{}` has no entry in `quota_families`", i.family),
        )),
        None => Ok(()),
    }
}

/// An ECS Managed Instances fee cut (`tier` fee-cut) names, as its `model`, the vCPU quota family whose
/// instance families it applies to (`quota_families`' key: `g`, `p`, `trn`, ...), one cut per family: the
/// engine finds a type's cut through its family's quota family, so a class that names none would never apply.
pub(super) fn ecs_fee_cuts_name_quota_families(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let cuts = c.managed.iter().filter(|m| m.service == "ecs" && m.tier == "fee-cut");
    let quotas = c.quota_families.lists();
    for m in cuts.clone() {
        if !quotas.iter().any(|(q, _)| q.letters() == m.model) {
            return Err(broken(
                &m.label(),
                format!("field `model` `{}` names no quota family", m.model),
            ));
        }
    }
    match first_repeat(cuts.map(|m| (m.model.clone(), m.label()))) {
        Some(label) => Err(broken(&label, "a second cut for the same quota family")),
        None => Ok(()),
    }
}

/// Savings Plan assumptions: one row for every type per plan, term and payment, and at most one per quota family
/// (`family`, `quota_families`' key: a P type's Compute SP) beside it; the engine takes a type's family's row, else
/// the all-type row (`Catalog::sp_assumption`), so a family that names no quota would never apply, and a second
/// row for one key would be read in the catalog's order.
pub(super) fn sp_assumptions_one_per_family(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let quotas = c.quota_families.lists();
    let rows = &c.savings_plan_assumptions;
    for a in rows {
        if let Some(f) = &a.family {
            if !quotas.iter().any(|(q, _)| q.letters() == f) {
                return Err(broken(
                    &a.label(),
                    format!("field `family` `{f}` names no quota family"),
                ));
            }
        }
    }
    let key = |a: &crate::catalog::SavingsPlanAssumption| {
        format!("{:?} {} {:?} {:?}", a.plan, a.term_years, a.payment, a.family)
    };
    if let Some(label) = first_repeat(rows.iter().map(|a| (key(a), a.label()))) {
        return Err(broken(
            &label,
            "a second row for the same plan, term, payment and family",
        ));
    }
    for a in rows.iter().filter(|a| a.family.is_some()) {
        if !rows
            .iter()
            .any(|b| b.family.is_none() && (b.plan, b.term_years, b.payment) == (a.plan, a.term_years, a.payment))
        {
            return Err(broken(&a.label(), "no row for every type beside this family's"));
        }
    }
    Ok(())
}

/// The regions a Capacity Block rate stated for a group of regions (`region` "*") is stated for are regions
/// the catalog prices On-Demand, each listed once: elsewhere the rate is derived, so a misspelt region would
/// call its own rate derived unseen.
pub(super) fn cb_group_rate_regions_priced(c: &Catalog, _: &Index) -> Result<(), Broken> {
    let regions = &c.capacity_blocks.group_rate_regions;
    let label = |r: &str| format!("capacity_blocks.group_rate_regions ({r})");
    if let Some(r) = regions.iter().find(|r| !c.on_demand.iter().any(|p| &p.region == *r)) {
        return Err(broken(&label(r), "no On-Demand price in this region"));
    }
    match first_repeat(regions.iter().map(|r| (r.clone(), label(r)))) {
        Some(label) => Err(broken(&label, "region listed twice")),
        None => Ok(()),
    }
}

/// An article quote cites a source of kind `article`: the page labels such figures as the articles'.
pub(super) fn article_quotes_cite_articles(c: &Catalog, index: &Index) -> Result<(), Broken> {
    let article = |id: &str| index.sources.get(id) == Some(&SourceKind::Article);
    match c.article_quotes.iter().find(|q| !article(&q.source)) {
        Some(q) => Err(broken(
            &q.label(),
            format!("field `source` `{}` is not of kind `article`", q.source),
        )),
        None => Ok(()),
    }
}
