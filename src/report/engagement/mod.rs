//! Exporters for an engagement: the chain of runs first (each run's verdict, figures,
//! the change applied and whether it brought what was expected), then the latest run
//! in full, and earlier runs in full only when asked (`--all`; folded in HTML). What
//! each format says is decided once in `document`.

mod document;
pub mod html;
pub mod markdown;
mod rows;
pub mod table;

use crate::engagement::Engagement;

pub trait EngagementExporter {
    fn serialize(&self, engagement: &Engagement) -> anyhow::Result<Vec<u8>>;
}
