//! The articles' combined strategies (seed 003 §7): one-click starting points that set scenario fields.

use super::*;

/// The articles' combined strategies (seed 003 §7), as starting points that set scenario fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Development and experiments: Spot with checkpoints every 15-30 minutes.
    DevSpot,
    /// Steady inference: a 1-year EC2 Instance Savings Plan (or RI) on an always-on fleet.
    SteadyInference,
    /// Large training in a fixed window: Capacity Blocks.
    FixedWindowTraining,
    /// Inference that can leave CUDA: Inferentia2.
    NeuronInference,
    /// No architecture change: a reseller's 15 % (8.5折).
    Reseller,
}

impl Strategy {
    pub const ALL: [Strategy; 5] = [
        Strategy::DevSpot,
        Strategy::SteadyInference,
        Strategy::FixedWindowTraining,
        Strategy::NeuronInference,
        Strategy::Reseller,
    ];

    /// Applies the strategy on top of the scenario, keeping the model and everything it does not concern.
    pub fn apply(self, s: &mut Scenario) {
        match self {
            Strategy::DevSpot => {
                if !s.task.is_job() {
                    s.task = Task::Finetune;
                }
                s.purchase.buy = Buy::Spot;
                s.purchase.ckpt_interval_min = 30.0;
            }
            Strategy::SteadyInference => {
                s.task = Task::Inference;
                s.serving = ServingMode::Online;
                s.hours_per_month = 730.0;
                s.purchase.buy = Buy::InstanceSp1;
            }
            Strategy::FixedWindowTraining => {
                s.task = Task::Training;
                s.multinode = true;
                s.purchase.buy = Buy::CapacityBlock;
                s.purchase.window_days = 14;
                s.target_days = 14.0;
            }
            Strategy::NeuronInference => {
                s.task = Task::Inference;
                s.cuda_only = false;
                s.urgent = false;
                s.architecture = Architecture::Transformer;
                s.priority = Priority::Cost;
                // Off CUDA means onto Inferentia2: the plan is made on its sizes, not left to a ranking that may pick a GPU.
                s.instances = ["inf2.xlarge", "inf2.8xlarge", "inf2.24xlarge", "inf2.48xlarge"]
                    .map(String::from)
                    .to_vec();
            }
            Strategy::Reseller => {
                s.purchase.reseller_pct = 15.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategies_set_what_they_promise() {
        let mut s = Scenario::default();
        Strategy::Reseller.apply(&mut s);
        assert_eq!(s.purchase.reseller_pct, 15.0);
        Strategy::FixedWindowTraining.apply(&mut s);
        assert_eq!(
            (s.task, s.purchase.buy, s.purchase.window_days),
            (Task::Training, Buy::CapacityBlock, 14)
        );
        Strategy::DevSpot.apply(&mut s);
        assert_eq!((s.task, s.purchase.buy), (Task::Training, Buy::Spot));
        Strategy::SteadyInference.apply(&mut s);
        assert_eq!((s.task, s.purchase.buy), (Task::Inference, Buy::InstanceSp1));
        Strategy::NeuronInference.apply(&mut s);
        assert!(!s.instances.is_empty() && s.instances.iter().all(|i| i.starts_with("inf2.")));
    }
}
