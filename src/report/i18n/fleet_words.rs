//! The sentences of a fleet summary in English or Chinese: its headline, how many
//! hosts a list leaves out.

use super::labels::Lang;
use crate::report::numbers::grouped;

/// `12 hosts in 10 bundles diagnosed; bundles that could not be read: 1.`
pub fn headline(hosts: usize, bundles: usize, failures: usize, lang: Lang) -> String {
    let (hosts, bundles, failures) = (
        grouped(hosts as f64),
        grouped(bundles as f64),
        grouped(failures as f64),
    );
    match lang {
        Lang::En => format!(
            "{hosts} hosts in {bundles} bundles diagnosed; bundles that could not be read: {failures}."
        ),
        Lang::Zh => {
            format!(
                "已诊断 {bundles} 个数据包中的 {hosts} 台主机；无法读取的数据包：{failures} 个。"
            )
        }
    }
}

/// What follows the hosts a list names: `and 3 more`.
pub fn and_more(count: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("and {count} more"),
        Lang::Zh => format!("等另外 {count} 台"),
    }
}
