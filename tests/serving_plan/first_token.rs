//! Time to first token and reading speed (issue 23 item 3, issue 26 item 1): the prefill and its wait, a
//! `ttft` target, and the room that stops at a readable speed.

use super::*;

/// Time to first token (issue 23 item 3, issue 26 item 1): the prompt's prefill plus the M/D/1 wait for
/// the replica's prefill slot, the other users sending a prompt once a request (out ÷ each one's speed).
#[test]
fn time_to_first_token_is_the_prefill_and_the_wait_for_a_prefill_slot() {
    let one = run(&scenario(
        "v=1&model=llama3.1-8b&ctx=2500&out=500&batch=1&inst=p5.4xlarge",
    ));
    let r = only(&one, "p5.4xlarge");
    // One user never waits: the prefill alone.
    assert_eq!(r.ttft_s(), r.prefill_s, "{:?}", r.first_token);
    let many = run(&scenario(
        "v=1&model=llama3.1-8b&ctx=2500&out=500&batch=50&inst=p5.4xlarge",
    ));
    let r = only(&many, "p5.4xlarge");
    let (p, m) = (r.prefill_s.unwrap_or(0.0), r.prefill_marginal_s.unwrap_or(0.0));
    let n = f64::from(r.serving_unit.map_or(0, |u| u.load.users_per_replica));
    let request_s = 500.0 / r.tokens_per_s_per_seq.unwrap_or(1.0);
    let rho = (n - 1.0) * m / request_s;
    let want = p + rho * m / (2.0 * (1.0 - rho));
    let got = r.ttft_s().unwrap_or(0.0);
    assert!(
        n > 1.0 && rho > 0.0 && (got - want).abs() < 1e-12,
        "{got} vs {want}, ρ {rho}"
    );
    assert!(got > p);
    // The per-request figure's first token is the same figure.
    assert_eq!(r.per_request(500).and_then(|x| x.prefill_s), Some(got));
}

/// A `ttft` target (issue 26 item 1): types that cannot meet it at the stated load are excluded naming
/// the best they reach; a type that can picks the layout that does (here TP8 for a 32K prompt).
#[test]
fn a_ttft_target_excludes_types_naming_the_best_they_reach() {
    const Q: &str = "v=1&model=llama3.1-70b&prec=fp8&ctx=32768&out=512&batch=32";
    let free = run(&scenario(Q));
    let b200 = only(&free, "p6-b200.48xlarge");
    assert!(b200.ttft_s().unwrap_or(0.0) > 1.5, "{:?}", b200.first_token);
    let inf2_free = only(&free, "inf2.48xlarge").ttft_s().unwrap_or(0.0);
    let held = run(&scenario(&format!("{Q}&ttft=1.5")));
    let b200 = only(&held, "p6-b200.48xlarge");
    assert!(b200.ttft_s().unwrap_or(9.0) <= 1.5, "{:?}", b200.first_token);
    assert_eq!(b200.parallelism.as_ref().map(|p| p.tp), Some(8));
    for r in held.recommendations.iter().filter(|r| r.fits) {
        assert!(
            r.ttft_s().is_some_and(|t| t <= 1.5),
            "{}: {:?}",
            r.instance,
            r.first_token
        );
    }
    match excluded_for(&held, "inf2.48xlarge") {
        Some(Exclusion::SlowFirstToken {
            best_s: Some(best),
            target_s,
        }) => {
            assert_eq!(*target_s, 1.5);
            assert!(*best > 1.5 && *best <= inf2_free + 1e-9, "{best} vs {inf2_free}");
            let text = gpuplan::explain::exclusion(
                &Exclusion::SlowFirstToken {
                    best_s: Some(*best),
                    target_s: 1.5,
                },
                gpuplan::scenario::Lang::En,
            );
            assert!(
                text.contains("to the first token at this load") && text.contains("short of the 1.5 s asked for"),
                "{text}"
            );
        }
        other => panic!("{other:?}"),
    }
    // Without a compute figure there is no best to name: the words say so, never "about — s".
    let none = Exclusion::SlowFirstToken {
        best_s: None,
        target_s: 1.5,
    };
    for lang in [gpuplan::scenario::Lang::En, gpuplan::scenario::Lang::Zh] {
        let text = gpuplan::explain::exclusion(&none, lang);
        assert!(!text.contains('—') && text.contains("1.5"), "{text}");
    }
}

/// Online serving below a readable speed carries a notice; the room figure never counts users who
/// would get less than a readable ~10 tokens/s (issue 26 item 1: it said "~634 more users, each then
/// ~5.8 tokens/s" for this scenario).
#[test]
fn the_room_stops_at_a_readable_speed_and_slow_serving_says_so() {
    let q = "v=1&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&batch=64&inst=p5.48xlarge";
    let o = run(&scenario(q));
    let r = only(&o, "p5.48xlarge");
    let load = r.serving_unit.map(|u| u.load).unwrap_or_default();
    assert!(load.room_users > 0 && load.room_users < 634, "{load:?}");
    assert!(
        load.room_tokens_per_s_per_seq >= gpuplan::scenario::READABLE_TOKENS_PER_S,
        "{load:?}"
    );
    assert!(!r.reasons.iter().any(|w| matches!(w, Why::BelowReadingSpeed { .. })));
    // 600 users on the same instance: ~6.6 tokens/s each, a notice, and no room.
    let slow = run(&scenario(
        "v=1&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&batch=600&inst=p5.48xlarge",
    ));
    let r = only(&slow, "p5.48xlarge");
    assert!(r.tokens_per_s_per_seq.unwrap_or(99.0) < 10.0);
    let notice = r.reasons.iter().find(|w| matches!(w, Why::BelowReadingSpeed { .. }));
    let notice = notice.unwrap_or_else(|| panic!("{:?}", r.reasons));
    assert!(gpuplan::explain::why(notice, gpuplan::scenario::Lang::En).contains("less than a readable ~10 tokens/s"));
    assert!(gpuplan::explain::why(notice, gpuplan::scenario::Lang::Zh).contains("每位用户低于可读的约 10 token/秒"));
    assert_eq!(r.serving_unit.map(|u| u.load.room_users), Some(0));
    // Batch serving is read by no one: neither the notice nor the cap.
    let batch = run(&scenario(
        "v=1&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&batch=600&inst=p5.48xlarge&mode=batch",
    ));
    let r = only(&batch, "p5.48xlarge");
    assert!(!r.reasons.iter().any(|w| matches!(w, Why::BelowReadingSpeed { .. })));
    // The threshold is an assumption (`readtps`): at 5 tokens/s the 600 users read (no notice) and there is
    // room again; at 60 the 64-user plan (~40 tokens/s each) carries the notice, naming 60, and no room.
    let lax = run(&scenario(
        "v=1&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&batch=600&inst=p5.48xlarge&readtps=5",
    ));
    let r = only(&lax, "p5.48xlarge");
    assert!(
        !r.reasons.iter().any(|w| matches!(w, Why::BelowReadingSpeed { .. })),
        "{:?}",
        r.reasons
    );
    assert!(r.serving_unit.is_some_and(|u| u.load.room_users > 0));
    let strict = run(&scenario(
        "v=1&model=llama3.1-70b&prec=fp8&ctx=4096&out=512&batch=64&inst=p5.48xlarge&readtps=60",
    ));
    let r = only(&strict, "p5.48xlarge");
    let notice = r.reasons.iter().find(|w| matches!(w, Why::BelowReadingSpeed { .. }));
    let notice = notice.unwrap_or_else(|| panic!("{:?}", r.reasons));
    assert!(gpuplan::explain::why(notice, gpuplan::scenario::Lang::En).contains("~60 tokens/s"));
    assert_eq!(r.serving_unit.map(|u| u.load.room_users), Some(0));
}
