//! Numbers as a consultant writes them in a report: thousands grouped
//! (1,905,800 QPS), at most two decimals, changes signed with one decimal
//! (+68.2 %), and units after the value.

use crate::facts::Unit;
use crate::facts::value::format_number;

/// `1133074` → `1,133,074`; `3171.06` → `3,171.06`; `0.5` → `0.5`.
pub fn grouped(n: f64) -> String {
    let plain = format_number(n);
    let (sign, digits) = match plain.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", plain.as_str()),
    };
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    if !whole.bytes().all(|b| b.is_ascii_digit()) {
        return plain;
    }
    let mut out = String::from(sign);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    out
}

/// A value with its unit as reports print it; rates named by their metric (TPS, QPS)
/// and counts carry no unit.
pub fn with_unit(n: f64, unit: Unit) -> String {
    match unit {
        Unit::None | Unit::Count | Unit::PerSecond | Unit::PerMinute | Unit::Threads => grouped(n),
        unit => format!("{} {unit}", grouped(n)),
    }
}

/// A relative change: `+68.2 %`, `-9.1 %`, `±0 %`.
pub fn change_pct(pct: f64) -> String {
    let rounded = (pct * 10.0).round() / 10.0;
    if rounded == 0.0 {
        "±0 %".to_string()
    } else {
        format!("{rounded:+.1} %")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands_and_signs_changes() {
        let cases = [
            (1_133_074.0, "1,133,074"),
            (1_905_800.0, "1,905,800"),
            (3171.06, "3,171.06"),
            (999.0, "999"),
            (-45476.5, "-45,476.5"),
            (0.5, "0.5"),
        ];
        for (n, text) in cases {
            assert_eq!(grouped(n), text);
        }
        assert_eq!(change_pct(68.195), "+68.2 %");
        assert_eq!(change_pct(-9.06), "-9.1 %");
        assert_eq!(change_pct(0.01), "±0 %");
        assert_eq!(with_unit(101.13, Unit::Milliseconds), "101.13 ms");
        assert_eq!(with_unit(63421.21, Unit::PerSecond), "63,421.21");
    }
}
