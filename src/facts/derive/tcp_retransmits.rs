//! `net.tcp.retrans_pct`: the share of TCP segments sent that were retransmissions over
//! the capture, from the per-second rates sar -n ETCP,TCP (or two timed nstat / netstat -s
//! snapshots) gave. Both averages cover the same intervals, so their ratio is the ratio
//! of the segments counted; the kernel's OutSegs leaves retransmissions out, so the share
//! is of the original segments, as `nstat`-based checks compute it.

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
    if sent_rate <= 0.0 {
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
