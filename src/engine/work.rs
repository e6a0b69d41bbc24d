//! Counts the engine's units of work (training layouts evaluated, serving estimates computed, plan cover cells) per thread, so a test bounds the worst case by counting, not by timing; on wasm32 the counting compiles to nothing and `counts` stays zero.

#[cfg(not(target_arch = "wasm32"))]
use std::cell::Cell;

/// Units of work done on this thread since the last `reset`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Training layouts (TP × PP × micro-batch × recomputation) evaluated by `parallel::best_plan`.
    pub layouts: u64,
    /// Serving estimates (one replica at one load) computed by the serving planner.
    pub estimates: u64,
    /// Cells of the plans' covers: months × (terms + 1) for each instance-layer covered.
    pub cover_cells: u64,
}

/// One kind of work the engine counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    Layout,
    Estimate,
    CoverCell,
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static COUNTS: Cell<Counts> = const { Cell::new(Counts { layouts: 0, estimates: 0, cover_cells: 0 }) };
}

/// Adds `n` units of `unit` to this thread's counts (nothing on wasm32).
#[inline]
pub(crate) fn add(unit: Unit, n: u64) {
    #[cfg(not(target_arch = "wasm32"))]
    COUNTS.with(|c| {
        let mut k = c.get();
        let slot = match unit {
            Unit::Layout => &mut k.layouts,
            Unit::Estimate => &mut k.estimates,
            Unit::CoverCell => &mut k.cover_cells,
        };
        *slot = slot.saturating_add(n);
        c.set(k);
    });
    #[cfg(target_arch = "wasm32")]
    let _ = (unit, n);
}

/// Sets this thread's counts to zero.
pub fn reset() {
    #[cfg(not(target_arch = "wasm32"))]
    COUNTS.with(|c| c.set(Counts::default()));
}

/// This thread's counts since the last `reset` (always zero on wasm32).
pub fn counts() -> Counts {
    #[cfg(not(target_arch = "wasm32"))]
    return COUNTS.with(Cell::get);
    #[cfg(target_arch = "wasm32")]
    Counts::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_and_reset() {
        reset();
        add(Unit::Layout, 2);
        add(Unit::Estimate, 1);
        add(Unit::CoverCell, 5);
        assert_eq!(
            counts(),
            Counts {
                layouts: 2,
                estimates: 1,
                cover_cells: 5
            }
        );
        reset();
        assert_eq!(counts(), Counts::default());
    }
}
