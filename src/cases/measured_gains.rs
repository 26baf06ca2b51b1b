//! What each rule's step measurably brought wherever a case's chain carried it out:
//! every case with several bundles is replayed as an engagement, and each change the
//! chain attributes to a rule (declared, or the recommended step whose finding went
//! away) with a measured gain is collected under that rule. `rules list` and
//! `rules doc` show them beside the one figure the rule's source document gave;
//! `cases gains` writes them into the knowledge base for ranking next actions.

use super::Case;
use crate::bundle::Bundle;
use crate::bundle::host_facts::read_bundle;
use crate::diagnosis::diagnose;
use crate::engagement::{self, Outcome, Run};
use crate::error::InputError;
use crate::knowledge::KnowledgeBase;
pub use crate::knowledge::measured::{MeasuredGain, MeasuredGains};
use crate::report::numbers::change_pct;

/// Rule id → the gains its step measured across `cases`, in case order.
pub fn collect(cases: &[Case], kb: &KnowledgeBase) -> Result<MeasuredGains, InputError> {
    let rule = |id: &str| kb.rules.rules.iter().map(|r| &r.meta).find(|m| m.id == id);
    let mut gains = MeasuredGains::new();
    for case in cases.iter().filter(|c| c.bundles.len() > 1) {
        let mut runs = Vec::new();
        for bundle in &case.bundles {
            let opened = Bundle::open(&case.bundle_path(bundle))?;
            runs.push(Run {
                label: bundle.id.clone(),
                configuration: None,
                diagnosis: diagnose(read_bundle(&opened), kb),
            });
        }
        let e = engagement::build(case.id.clone(), None, runs, &rule);
        for change in e.chain.iter().filter_map(|r| r.change.as_ref()) {
            if let (Some(step), Some(gain_pct)) = (&change.step, change.measured_gain_pct)
                && change.outcome != Outcome::NotMeasured
            {
                gains.entry(step.clone()).or_default().push(MeasuredGain {
                    case_id: case.id.clone(),
                    gain_pct,
                });
            }
        }
    }
    Ok(gains)
}

/// The gains as `rules list` and `rules doc` print them: `+68.2 % (dm8-kunpeng-sysbench)`
/// for each case chain, comma-separated, or `—` when no chain carried the step out.
pub fn describe(gains: Option<&[MeasuredGain]>) -> String {
    match gains {
        Some(gains) if !gains.is_empty() => gains
            .iter()
            .map(|g| format!("{} ({})", change_pct(g.gain_pct), g.case_id))
            .collect::<Vec<_>>()
            .join(", "),
        _ => "—".to_string(),
    }
}
