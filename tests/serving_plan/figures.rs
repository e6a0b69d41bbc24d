//! Serving figures that add up (issue 23 item 1): the users spread over every replica the paid instances host,
//! the fleet's tokens/s their sum, $ per million tokens the hour over those tokens; a throughput target packs.

use super::*;

#[test]
fn sixty_four_users_on_one_p5_are_spread_over_its_replicas_not_counted_four_times() {
    // 70B FP8 fits one H100 pair many times over; one p5.48xlarge hosts 4 TP2, 2 TP4 or 1 TP8 replicas.
    // Spread over TP2 × 4: 16 users each, ~31.9 tokens/s each (the hand figure, ~31) = ~2,040
    // tokens/s; over TP4 × 2: 32 each, ~39.4 tokens/s = ~2,520; one TP8 replica at all 64 (the all-reduce is
    // one-shot over NVSwitch, so TP8 pays no more latency than TP2): ~40.4 tokens/s = ~2,580 tokens/s. The
    // planner keeps the one instance and picks the most the users get. Before: TP2 × 4 each at all 64
    // users, 3,582 tokens/s, $4.27/M.
    let q = "v=1&task=infer&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&batch=64&inst=p5.48xlarge";
    let s = scenario(q);
    let o = run(&s);
    let r = only(&o, "p5.48xlarge");
    let p = r.parallelism.as_ref().unwrap_or_else(|| panic!("no plan"));
    assert_eq!((r.n_instances, p.tp, p.dp, p.micro_batch), (1, 8, 1, 64));
    let tp2 = replica(&s, "p5.48xlarge", 2, 16).tokens_per_s_per_seq;
    assert!((29.0..33.0).contains(&tp2), "TP2 at 16 users: {tp2}");
    let tp4 = replica(&s, "p5.48xlarge", 4, 32).tokens_per_s_per_seq;
    let tp8 = replica(&s, "p5.48xlarge", 8, 64).tokens_per_s_per_seq;
    assert!((r.tokens_per_s_per_seq.unwrap_or(0.0) - tp8).abs() < 1e-9);
    assert!(64.0 * tp8 > 64.0 * tp4 && 64.0 * tp4 > 64.0 * tp2, "{tp2} {tp4} {tp8}");
    adds_up(r, 64);
    let fleet = r.tokens_per_s.unwrap_or(0.0);
    assert!((2_500.0..2_650.0).contains(&fleet), "{fleet}");
    // $40,179.20 a month (730 h × $55.04) over 2,584 tokens/s: ~$5.92 per million, not $4.27.
    let m = r.usd_per_million_tokens.unwrap_or(0.0);
    assert!((5.7..6.1).contains(&m), "{m}");
    // The room is its own figure: memory holds far more than 64 in the replica, each then slower, counted only
    // while each still reads at ~10 tokens/s (the most the TP8 replica serves at that speed, then one more misses it).
    let u = r.serving_unit.unwrap_or_else(|| panic!("no unit"));
    assert_eq!(u.load.replicas, 1);
    let per = u.load.room_users + 64;
    assert!(u.load.room_users > 64 && per < u.seqs_per_replica.max(per + 1));
    assert!(u.load.room_tokens_per_s_per_seq < tp8 && u.load.room_tokens_per_s_per_seq >= 10.0);
    assert!(replica(&s, "p5.48xlarge", 8, per + 1).tokens_per_s_per_seq < 10.0);
    assert!(r
        .reasons
        .iter()
        .any(|w| matches!(w, Why::ServingPlan { tp: 8, replicas: 1, .. })));
}

#[test]
fn eight_users_on_an_inf2_48xlarge_generate_what_eight_users_do() {
    // inf2.48xlarge: 12 Inferentia2 devices. 8 INT8 users: before, 12 TP1 replicas each at all 8 users, 4,622 tokens/s
    // and $0.78/M; 8 users at TP1 get ~48 tokens/s each: ~385 tokens/s, ~$9.4/M. With Neuron's published step
    // time and collective latency (nstepms, nhop), the fastest shape for 8 users is one replica holding all 8:
    // TP8 (~134 tokens/s each; TP12 would keep the 8 KV heads 1.5 times over, `memory::kv_copies`, and
    // reads that much more cache a step): ~1,070 tokens/s, ~$3.4/M.
    let q = "v=1&model=llama3.1-8b&prec=int8&batch=8&inst=inf2.48xlarge";
    let s = scenario(q);
    let o = run(&s);
    let r = only(&o, "inf2.48xlarge");
    let p = r.parallelism.as_ref().unwrap_or_else(|| panic!("no plan"));
    assert_eq!((r.n_instances, p.tp, p.dp, p.micro_batch), (1, 8, 1, 8));
    adds_up(r, 8);
    let tp1 = replica(&s, "inf2.48xlarge", 1, 1).tokens_per_s_per_seq;
    assert!(r.tokens_per_s_per_seq.unwrap_or(0.0) > tp1);
    let fleet = r.tokens_per_s.unwrap_or(0.0);
    assert!((1_050.0..1_250.0).contains(&fleet) && fleet < 8.0 * 150.0, "{fleet}");
    let m = r.usd_per_million_tokens.unwrap_or(0.0);
    assert!((2.9..3.4).contains(&m), "{m}");
}

#[test]
fn a_three_year_p5_plan_for_32_users_prices_the_tokens_32_users_generate() {
    // Before: TP2 × 4 each at all 32 users, 4,517 tokens/s and $3.39/M over 36 months; 32 users generate
    // 32 × their speed: spread TP2 × 4 (8 each) ~1,530 tokens/s, ~$10/M (the figure, $10.2); with the
    // one-shot all-reduce over NVSwitch the planner picks one TP8 replica (32 users, ~101.6 tokens/s each):
    // ~3,250 tokens/s, ~$4.70/M.
    let q = "v=1&task=infer&model=llama3.1-70b&prec=fp8&batch=32&inst=p5.48xlarge&months=36";
    let s = scenario(q);
    let o = run(&s);
    let r = only(&o, "p5.48xlarge");
    adds_up(r, 32);
    let p = r.parallelism.as_ref().unwrap_or_else(|| panic!("no plan"));
    let each = replica(&s, "p5.48xlarge", p.tp, 32 / (8 / p.tp)).tokens_per_s_per_seq;
    assert!((r.tokens_per_s_per_seq.unwrap_or(0.0) - each).abs() < 1e-9);
    let m = r.usd_per_million_tokens.unwrap_or(0.0);
    assert!((4.5..4.9).contains(&m), "{m}");
    let tp2 = 32.0 * replica(&s, "p5.48xlarge", 2, 8).tokens_per_s_per_seq;
    let tp2_per_m = r.hourly_usd.unwrap_or(0.0) / (tp2 * 3600.0) * 1e6;
    assert!((9.5..11.0).contains(&tp2_per_m), "{tp2_per_m}");
}

#[test]
fn a_throughput_target_packs_each_replica_to_its_memory_and_says_so() {
    // 50,000 tokens/s of batch work, cost first: before, 62 × inf2.24xlarge at the default 8 sequences a
    // replica ($293,766 a month); packed to memory, 39.
    // On inf2.24xlarge (the pick before Neuron's published serving efficiency; now a B200 pair is cheaper):
    // 3 TP2 replicas an instance, each packed to the 81 sequences its memory holds.
    let s = scenario("v=1&mode=batch&ctx=4096&out=256&tps=50000&prio=cost&inst=inf2.24xlarge");
    let o = run(&s);
    let r = o
        .recommendations
        .iter()
        .find(|r| r.fits)
        .unwrap_or_else(|| panic!("none fits"));
    let p = r.parallelism.as_ref().unwrap_or_else(|| panic!("no plan"));
    assert_eq!((r.instance.as_str(), p.tp, p.micro_batch), ("inf2.24xlarge", 2, 81));
    let one = replica(&s, "inf2.24xlarge", 2, 81).tokens_per_s;
    // The replicas the target needs, rounded up to whole instances of 3; every hosted replica serves.
    let needed = (50_000.0 / one).ceil() as u32;
    assert_eq!((r.n_instances, p.dp), (needed.div_ceil(3), 3 * needed.div_ceil(3)));
    let u = r.serving_unit.unwrap_or_else(|| panic!("no unit"));
    assert_eq!(u.load.users, u.load.replicas * u.load.users_per_replica);
    adds_up(r, u.load.users);
    assert!(r.tokens_per_s.unwrap_or(0.0) >= 50_000.0);
    assert!(r.reasons.iter().any(|w| matches!(w, Why::PackedForTarget { by_seq_target: false, per_replica, max_fit, .. } if per_replica == max_fit)));
}

#[test]
fn three_thousand_tokens_a_second_on_g6e_xlarge_need_what_a_packed_replica_gives() {
    // One L40S replica packed to the most sequences its memory holds (L), at L × its per-sequence speed;
    // instances = ⌈3,000 ÷ that⌉: 9, where the default 8 sequences a replica bought 16.
    let s = scenario("v=1&tps=3000&inst=g6e.xlarge");
    let o = run(&s);
    let r = only(&o, "g6e.xlarge");
    let Some(Why::PackedForTarget {
        per_replica, max_fit, ..
    }) = r
        .reasons
        .iter()
        .find(|w| matches!(w, Why::PackedForTarget { .. }))
        .cloned()
    else {
        panic!("{:?}", r.reasons)
    };
    assert_eq!(per_replica, max_fit);
    let one = replica(&s, "g6e.xlarge", 1, per_replica).tokens_per_s;
    assert_eq!(f64::from(r.n_instances), (3_000.0 / one).ceil());
    assert_eq!(r.n_instances, 9);
    adds_up(r, 9 * per_replica);
}

#[test]
fn a_per_user_target_counts_the_speed_at_the_spread_load() {
    // 8 INT8 users, 140 tokens/s each, on inf2.48xlarge: one TP8 replica holding all 8 gives ~134 tokens/s,
    // short of the target; two instances spread them 4 a replica at ~143. The speed checked is the spread
    // load's, not a full replica's.
    let s = scenario("v=1&model=llama3.1-8b&prec=int8&batch=8&inst=inf2.48xlarge&seqtps=140");
    let o = run(&s);
    let r = only(&o, "inf2.48xlarge");
    let p = r.parallelism.as_ref().unwrap_or_else(|| panic!("no plan"));
    assert_eq!((r.n_instances, p.tp, p.dp, p.micro_batch), (2, 8, 2, 4));
    assert!(r.tokens_per_s_per_seq.unwrap_or(0.0) >= 140.0);
    adds_up(r, 8);
    assert!(replica(&s, "inf2.48xlarge", 12, 8).tokens_per_s_per_seq < 140.0);
    assert!(replica(&s, "inf2.48xlarge", 12, 4).tokens_per_s_per_seq >= 140.0);
}
