//! `net.tcp.retrans_pct`: the share of TCP segments sent that were retransmissions over
//! the capture, from the per-second rates sar -n ETCP,TCP (or two timed nstat / netstat -s
//! snapshots) gave. Both averages cover the same intervals, so their ratio is the ratio
//! of the segments counted; rates from two files (sar -n ETCP alone next to nstat) cover
//! different windows and give no share. The kernel's OutSegs leaves retransmissions
//! out, so the share is of the segments sent for the first time.

use super::{Facts, Unit, Value, fact, span};

pub fn derive(facts: &mut Facts) {
    let (Some(retrans), Some(sent)) = (
        facts.get("net.tcp.retrans_per_s"),
        facts.get("net.tcp.segments_out_per_s"),
    ) else {
        return;
    };
    let (Some(retrans_rate), Some(sent_rate)) = (retrans.value.as_number(), sent.value.as_number())
    else {
        return;
    };
    // sar -n ETCP without -n TCP and nstat's snapshots cover different windows.
    if sent_rate <= 0.0 || retrans.provenance.file != sent.provenance.file {
        return;
    }
    let share = retrans_rate / sent_rate * 100.0;
    let provenance = span(&sent.provenance, &retrans.provenance);
    facts.derive(fact(
        "net.tcp.retrans_pct",
        Value::Number((share * 1000.0).round() / 1000.0),
        Unit::Percent,
        provenance,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::Provenance;

    fn rate(key: &str, value: f64, file: &str, line: u64) -> crate::facts::Fact {
        let provenance = Provenance {
            file: file.into(),
            line,
            line_end: line,
            tool: "sar".into(),
        };
        fact(key, Value::Number(value), Unit::PerSecond, provenance)
    }

    #[test]
    fn the_share_of_segments_sent_from_one_file() {
        let mut facts = Facts::default();
        facts.insert(rate("net.tcp.segments_out_per_s", 173_122.2, "sar.txt", 15));
        facts.insert(rate("net.tcp.retrans_per_s", 4086.2, "sar.txt", 18));
        derive(&mut facts);
        let share = facts.get("net.tcp.retrans_pct").unwrap();
        assert_eq!(share.value.as_number(), Some(2.36));
        assert_eq!((share.provenance.line, share.provenance.line_end), (15, 18));
    }

    #[test]
    fn no_share_from_two_files_or_without_traffic() {
        let mut facts = Facts::default();
        facts.insert(rate("net.tcp.segments_out_per_s", 1000.0, "nstat.txt", 3));
        facts.insert(rate("net.tcp.retrans_per_s", 50.0, "sar.txt", 18));
        derive(&mut facts);
        assert!(!facts.contains("net.tcp.retrans_pct"));
        let mut idle = Facts::default();
        idle.insert(rate("net.tcp.segments_out_per_s", 0.0, "sar.txt", 15));
        idle.insert(rate("net.tcp.retrans_per_s", 0.0, "sar.txt", 18));
        derive(&mut idle);
        assert!(!idle.contains("net.tcp.retrans_pct"));
    }
}
