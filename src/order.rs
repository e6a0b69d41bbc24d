//! One sorting routine for the crate: comparisons are passed as trait objects, so the sort is compiled once instead of at every call site (eight copies cost ~25 KB of wasm). Stable, like `sort_by`.

use std::cmp::Ordering;

/// The stable order of `n` items under `cmp` (indices): a bottom-up merge sort, a few hundred bytes of
/// wasm where std's stable sort (driftsort) costs ~4 KB.
fn order(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    let mut buf = idx.clone();
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut i, mut j) = (start, mid);
            for slot in buf.iter_mut().take(end).skip(start) {
                // Equal items keep their order: the left run wins ties.
                let left = match (idx.get(i), idx.get(j)) {
                    (Some(a), Some(b)) if i < mid && j < end => cmp(*a, *b) != Ordering::Greater,
                    _ => i < mid,
                };
                let from = if left { &mut i } else { &mut j };
                *slot = idx.get(*from).copied().unwrap_or_default();
                *from += 1;
            }
            start = end;
        }
        std::mem::swap(&mut idx, &mut buf);
        width *= 2;
    }
    idx
}

/// `items` sorted by `cmp`, stable.
pub fn sorted<T>(items: Vec<T>, cmp: &dyn Fn(&T, &T) -> Ordering) -> Vec<T> {
    let idx = order(items.len(), &|a, b| match (items.get(a), items.get(b)) {
        (Some(x), Some(y)) => cmp(x, y),
        _ => Ordering::Equal,
    });
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    idx.into_iter()
        .filter_map(|i| slots.get_mut(i).and_then(Option::take))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably() {
        let v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (0, 'd'), (1, 'e')];
        assert_eq!(
            sorted(v, &|x, y| x.0.cmp(&y.0)),
            vec![(0, 'd'), (1, 'b'), (1, 'e'), (2, 'a'), (2, 'c')]
        );
        assert_eq!(sorted(Vec::<u8>::new(), &|x, y| x.cmp(y)), Vec::<u8>::new());
    }

    proptest::proptest! {
        /// The same order as std's stable sort, ties and all.
        #[test]
        fn matches_std_stable_sort(v in proptest::collection::vec((0u8..6, 0u16..1000), 0..70)) {
            let mut want = v.clone();
            #[allow(clippy::disallowed_methods)]
            want.sort_by_key(|a| a.0);
            proptest::prop_assert_eq!(sorted(v, &|a, b| a.0.cmp(&b.0)), want);
        }
    }
}
