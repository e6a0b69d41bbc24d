//! The mutations that break the catalog's capability rules (src/catalog/rules/capabilities.rs) and the
//! kind of the derived prices' source: each names the rule that must refuse it (tests/catalog.rs runs them).
//! Among them the rules that replaced rules on id strings: quota families, ECS fee-cut classes and the
//! regions a group Capacity Block rate is stated for.

/// A chip, family or source given a capability that is not its own.
pub const BROKEN: &[super::Mutation] = &[
    (
        // The regional multiplier's source said to be published: its derived prices no longer match it.
        "derived_prices_say_so",
        r#""kind":"derived""#,
        r#""kind":"published""#,
        &["on_demand (", "field `derived` is true", "derived-multiplier"],
    ),
    (
        // H100 said to be Ampere while its arch text says Hopper.
        "generation_matches_arch",
        r#""arch":"Hopper","generation":"hopper""#,
        r#""arch":"Hopper","generation":"ampere""#,
        &["accelerators (h100)", "field `generation` Ampere", "`Hopper`"],
    ),
    (
        // Trainium said to run CUDA: its generation runs Neuron.
        "generation_matches_arch",
        r#""stack":"neuron","arch":"NeuronCore-v2 x2""#,
        r#""stack":"cuda","arch":"NeuronCore-v2 x2""#,
        &["accelerators (trainium)", "field `stack` Cuda", "Neuron2's Neuron"],
    ),
    (
        // An Ampere chip with an FP8 peak (H100's figures under an Ampere arch): Ampere has no FP8.
        "peaks_within_generation",
        r#""arch":"Hopper","generation":"hopper""#,
        r#""arch":"Ampere","generation":"ampere""#,
        &["accelerators (h100)", "field `fp8_tflops`", "generation Ampere"],
    ),
    (
        // T4 has a published FP16 peak: no assumption stands in for it.
        "assumed_peaks_where_unpublished",
        r#""No BF16 on Turing.","fp4_tflops":null,"assumed_peak":null"#,
        r#""No BF16 on Turing.","fp4_tflops":null,"assumed_peak":"a10g""#,
        &["accelerators (t4)", "field `assumed_peak` A10g"],
    ),
    (
        "assumed_peaks_where_unpublished",
        r#""assumed_peak":"gaudi""#,
        r#""assumed_peak":"a10g""#,
        &["accelerators (gaudi)", "A10g already stands for another chip"],
    ),
    (
        // inf2 counted against the P quota.
        "quota_families_named",
        r#""p":["p3","#,
        r#""p":["inf2","p3","#,
        &["quota_families (inf2)", "listed under P", "`p…`"],
    ),
    (
        // dl1 left out of the table.
        "quota_families_named",
        r#""dl":["dl1"]"#,
        r#""dl":[]"#,
        &[
            "instances (dl1.24xlarge)",
            "family `dl1` has no entry in `quota_families`",
        ],
    ),
    (
        "quota_families_named",
        r#""g":["g4dn","#,
        r#""g":["g4dn","g4dn","#,
        &["quota_families (g4dn)", "family listed twice"],
    ),
    (
        // A fee cut for a prefix ("gr…") rather than a quota family: it would apply to no type.
        "ecs_fee_cuts_name_quota_families",
        r#"{"service":"ecs","model":"g","offer":"g""#,
        r#"{"service":"ecs","model":"gr","offer":"g""#,
        &["managed (ecs gr all fee-cut)", "`gr` names no quota family"],
    ),
    (
        // The P-series cut said to be the G family's: two cuts for one class.
        "ecs_fee_cuts_name_quota_families",
        r#"{"service":"ecs","model":"p","offer":"p""#,
        r#"{"service":"ecs","model":"g","offer":"p""#,
        &["managed (ecs g all fee-cut)", "a second cut for the same quota family"],
    ),
    (
        // A P row for a quota family that does not exist: it would apply to no type.
        "sp_assumptions_one_per_family",
        r#""as_of":"2025-11-30","family":"p","basis":"median implied discount of published us-east-1 convertible RIs (1-year, no upfront)"#,
        r#""as_of":"2025-11-30","family":"px","basis":"median implied discount of published us-east-1 convertible RIs (1-year, no upfront)"#,
        &[
            "savings_plan_assumptions (Compute 1y No px)",
            "`px` names no quota family",
        ],
    ),
    (
        // The all-type row of a term dropped: the P row would stand alone, every other type without an assumption.
        "sp_assumptions_one_per_family",
        r#"{"plan":"compute","term_years":1,"payment":"no","discount_pct":22.6,"assumption":true,"source":"gpuplan-assumption","as_of":"2025-11-30","basis""#,
        r#"{"plan":"compute","term_years":1,"payment":"no","discount_pct":22.6,"assumption":true,"source":"gpuplan-assumption","as_of":"2025-11-30","family":"p","basis""#,
        &[
            "savings_plan_assumptions (Compute 1y No p)",
            "a second row for the same plan, term, payment and family",
        ],
    ),
    (
        // A misspelt US region: its own group rates would be called derived.
        "cb_group_rate_regions_priced",
        r#""group_rate_regions":["us-east-1","#,
        r#""group_rate_regions":["us-east-9","#,
        &[
            "capacity_blocks.group_rate_regions (us-east-9)",
            "no On-Demand price in this region",
        ],
    ),
    (
        "cb_group_rate_regions_priced",
        r#""group_rate_regions":["us-east-1","us-east-2","#,
        r#""group_rate_regions":["us-east-1","us-east-1","#,
        &["capacity_blocks.group_rate_regions (us-east-1)", "region listed twice"],
    ),
    (
        // Article 001 said to be a published page: its quotes no longer cite an article.
        "article_quotes_cite_articles",
        r#""date":"2026-08-12","kind":"article""#,
        r#""date":"2026-08-12","kind":"published""#,
        &[
            "article_quotes (p5.48xlarge od)",
            "`article-001` is not of kind `article`",
        ],
    ),
];
