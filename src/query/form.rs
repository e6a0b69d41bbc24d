//! The serving form's prompt field, which is not a link key: edits of the prompt and the output as the link pairs they make.

use crate::scenario::Scenario;

/// The serving form's prompt and output fields as link pairs. The prompt is not a key: it is `ctx` less
/// `out`. A new prompt sets `ctx`; a new output sets `out` and moves `ctx` with it, so the prompt stays.
/// Text that is not a whole number passes to the key it edits, whose parser says why; other keys pass
/// through.
pub fn form_pairs(s: &Scenario, key: &str, value: &str) -> Vec<(String, String)> {
    let whole = crate::num::parse(value.trim()).filter(|v| *v >= 0.0 && v.fract() == 0.0 && *v < 1e12);
    let sum = |a: u32, b: f64| crate::num::shortest(f64::from(a) + b);
    match (key, whole) {
        ("prompt", Some(p)) => vec![("ctx".into(), sum(s.output_tokens, p))],
        ("prompt", None) => vec![("ctx".into(), value.into())],
        ("out", Some(o)) => vec![("out".into(), value.into()), ("ctx".into(), sum(s.prompt_tokens(), o))],
        _ => vec![(key.into(), value.into())],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_static::catalog;

    /// Applies the form's edit the way the page does: its pairs through the link parser.
    fn edit(s: &mut Scenario, key: &str, value: &str) -> Vec<crate::query::Warning> {
        let (c, mut w) = (catalog(), Vec::new());
        for (k, v) in form_pairs(s, key, value) {
            crate::query::apply_pair(s, &k, &v, &c, &mut w);
        }
        w
    }

    #[test]
    fn the_prompt_is_the_context_less_the_output_and_stays_when_the_output_changes() {
        let mut s = Scenario::default();
        assert_eq!((s.prompt_tokens(), s.output_tokens), (8192, 0));
        assert!(edit(&mut s, "prompt", "2000").is_empty());
        assert_eq!((s.context_tokens, s.prompt_tokens()), (2000, 2000));
        assert!(edit(&mut s, "out", "500").is_empty());
        assert_eq!(
            (s.context_tokens, s.prompt_tokens(), s.output_tokens),
            (2500, 2000, 500)
        );
        assert!(edit(&mut s, "out", "1e3").is_empty());
        assert_eq!((s.context_tokens, s.prompt_tokens()), (3000, 2000));
        assert!(edit(&mut s, "prompt", "4096").is_empty());
        assert_eq!((s.context_tokens, s.output_tokens), (5096, 1000));
        // The link carries ctx and out; reading it back gives the same prompt.
        let (back, w) = crate::query::parse(&crate::query::encode(&s), &catalog());
        assert_eq!((back.prompt_tokens(), back.output_tokens), (4096, 1000));
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn text_that_is_not_a_count_reaches_the_key_it_edits() {
        let mut s = Scenario::default();
        let w = edit(&mut s, "prompt", "lots");
        assert_eq!(w.len(), 1);
        assert_eq!((w[0].field.as_str(), s.context_tokens), ("ctx", 8192));
        let w = edit(&mut s, "out", "-5");
        assert_eq!(w.len(), 1);
        assert_eq!((w[0].field.as_str(), s.output_tokens), ("out", 0));
        assert_eq!(
            form_pairs(&s, "batch", "9"),
            vec![("batch".to_string(), "9".to_string())]
        );
    }
}
