//! Fast decimal parsing for tool output. sysstat and sysbench print plain decimals
//! (`12.34`, `-0.5`, sometimes `12,34` in comma-decimal locales); parsing them with
//! `str::parse` dominates a day-long capture, so the common shape is parsed by hand
//! and anything unusual (exponents, `inf`) falls back to the standard parser.
//! sysstat's own shape, two decimals (`99.50`, `0,00`), has a shorter path still.

const POW10: [f64; 19] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18,
];

/// Parses `[-+]digits[(.|,)digits]`, returning `None` for anything else that the
/// standard parser also rejects. A comma is accepted as the decimal separator.
#[inline]
pub fn parse_f64(bytes: &[u8]) -> Option<f64> {
    match parse_hundredths(bytes) {
        Some(value) => Some(value),
        None => parse_other(bytes),
    }
}

/// `parse_f64` for every shape but sysstat's: kept out of line so that the fast path
/// stays small enough to inline into the parsers' loops.
#[inline(never)]
fn parse_other(bytes: &[u8]) -> Option<f64> {
    let (negative, digits) = match bytes.first()? {
        b'-' => (true, &bytes[1..]),
        b'+' => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    if digits.len() <= 15 {
        // At most 15 digits: the mantissa is exact whatever they are, so the
        // significant-digit bookkeeping below is not needed (the common case).
        return parse_short(digits, negative).or_else(|| slow_parse(bytes));
    }
    let mut mantissa: u64 = 0;
    let mut seen_digit = false;
    let mut fraction_digits: usize = 0;
    let mut in_fraction = false;
    let mut significant = 0usize;
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                seen_digit = true;
                if mantissa != 0 || b != b'0' {
                    significant += 1;
                }
                if significant > 15 {
                    return slow_parse(bytes);
                }
                mantissa = mantissa * 10 + u64::from(b - b'0');
                if in_fraction {
                    fraction_digits += 1;
                }
            }
            b'.' | b',' if !in_fraction => in_fraction = true,
            _ => return slow_parse(bytes),
        }
    }
    if !seen_digit || fraction_digits >= POW10.len() {
        return slow_parse(bytes);
    }
    // With at most 15 significant digits both operands are exact in f64, so the one
    // rounding of the division yields the nearest double, as `str::parse` does.
    let value = mantissa as f64 / POW10[fraction_digits];
    Some(if negative { -value } else { value })
}

/// Values below this many hundredths are looked up whole in `HUNDREDTHS`.
const SMALL_HUNDREDTHS: usize = 1600;

/// `HUNDREDTHS[m]` is m / 100 rounded to the nearest double (computed at build time by
/// the compiler's IEEE arithmetic).
static HUNDREDTHS: [f64; SMALL_HUNDREDTHS] = {
    let mut table = [0.0; SMALL_HUNDREDTHS];
    let mut m = 0;
    while m < SMALL_HUNDREDTHS {
        table[m] = m as f64 / 100.0;
        m += 1;
    }
    table
};

/// `[-]digits(.|,)dd`, the way sysstat prints every figure (`%.2f`); `None` for any
/// other shape. No division, which would bound a parser's loop: below 16 the value
/// is looked up whole; from 16 on it is `units + HUNDREDTHS[cents]`, which rounds
/// like `str::parse`. Why: the lookup is off from the true fraction by at most 2^-54,
/// while `units.cents` (not a binary fraction unless cents is 0, 25, 50 or 75, when the
/// lookup is exact) lies at least 2^-49/25 > 2^-54 from any halfway point between two
/// doubles of 16 or more; so the sum rounds to the same double. (Below 16 the sum is
/// off for 43 of the 1600 values, `1.14` among them.)
#[inline]
fn parse_hundredths(bytes: &[u8]) -> Option<f64> {
    let (negative, digits) = match bytes {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, bytes),
    };
    // At most 13 whole digits: exact in f64.
    if !(4..=16).contains(&digits.len()) {
        return None;
    }
    let (whole, &[separator, tenths, hundredths]) = digits.split_last_chunk::<3>()?;
    if separator != b'.' && separator != b',' {
        return None;
    }
    let (tenths, hundredths) = (tenths.wrapping_sub(b'0'), hundredths.wrapping_sub(b'0'));
    if tenths > 9 || hundredths > 9 {
        return None;
    }
    let mut units: u64 = 0;
    for &b in whole {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        units = units * 10 + u64::from(d);
    }
    Some(hundredths_value(units, tenths * 10 + hundredths, negative))
}

/// `units.cents`, negated when `negative`, rounded as `str::parse` does (see
/// `parse_hundredths`); `units` has at most 13 digits, `cents` is below 100.
#[inline(always)]
fn hundredths_value(units: u64, cents: u8, negative: bool) -> f64 {
    let all = units * 100 + u64::from(cents);
    let value = if all < SMALL_HUNDREDTHS as u64 {
        HUNDREDTHS[all as usize]
    } else {
        // Through i64 (it fits): a signed conversion is one instruction on x86_64.
        units as i64 as f64 + HUNDREDTHS[usize::from(cents)]
    };
    if negative { -value } else { value }
}

const ONES: u64 = 0x0101_0101_0101_0101;

/// `parse_f64` of the field of `line` that ends at `end` (where a blank or the end
/// of the line follows), when that field has sysstat's shape `[-]d.dd` with at most
/// seven whole digits and a blank before it; `None` otherwise, and the caller parses
/// the field the usual way. The eight bytes before the decimal point are read as one
/// word, and the whole digits found and combined in it without a loop: a column of
/// figures costs no branch per digit, and its field need not be cut out of the line
/// first.
#[inline(always)]
pub fn parse_hundredths_before(line: &[u8], end: usize) -> Option<f64> {
    let tail: [u8; 11] = *line.get(..end)?.last_chunk::<11>()?;
    let [.., separator, tenths, hundredths] = tail;
    let (tenths, hundredths) = (tenths.wrapping_sub(b'0'), hundredths.wrapping_sub(b'0'));
    if (separator != b'.' && separator != b',') || tenths > 9 || hundredths > 9 {
        return None;
    }
    let word = u64::from_le_bytes(*tail.first_chunk::<8>().expect("8 of 11 bytes"));
    // Digits become their values; anything else has a high nibble or a low one of
    // 10 or more. The high bit of each byte marks a non-digit.
    let x = word ^ (ONES * u64::from(b'0'));
    let low = ONES * 0x0f;
    let non_digit = ((((x >> 4) & low) + ONES * 0x7f) | ((x & low) + ONES * 0x76)) & (ONES * 0x80);
    // The whole part runs down from the last byte (the most significant in the word)
    // to the first non-digit, which must be a blank, or a minus sign after a blank.
    if non_digit >> 63 != 0 || non_digit == 0 {
        return None;
    }
    let stop = (63 - non_digit.leading_zeros()) / 8;
    let byte = |i: u32| (word >> (8 * i)) as u8;
    let negative = match byte(stop) {
        b' ' | b'\t' => false,
        b'-' if stop > 0 && matches!(byte(stop - 1), b' ' | b'\t') => true,
        _ => return None,
    };
    // The whole digits, zeros below them: eight digits combined pairwise (the usual
    // SWAR reduction; the first byte is the most significant digit).
    let digits = x & (u64::MAX << (8 * (stop + 1))) & low;
    let pairs = (digits * 10 + (digits >> 8)) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs * 100 + (pairs >> 16)) & 0x0000_ffff_0000_ffff;
    let units = (quads * 10_000 + (quads >> 32)) & 0xffff_ffff;
    Some(hundredths_value(units, tenths * 10 + hundredths, negative))
}

/// `digits[(.|,)digits]` of at most 15 bytes; `None` sends the caller to the slow path.
#[inline]
fn parse_short(digits: &[u8], negative: bool) -> Option<f64> {
    let mut mantissa: u64 = 0;
    let mut fraction_digits = 0usize;
    let mut in_fraction = false;
    let mut seen_digit = false;
    for &b in digits {
        let d = b.wrapping_sub(b'0');
        if d < 10 {
            mantissa = mantissa * 10 + u64::from(d);
            fraction_digits += usize::from(in_fraction);
            seen_digit = true;
        } else if (b == b'.' || b == b',') && !in_fraction {
            in_fraction = true;
        } else {
            return None;
        }
    }
    if !seen_digit {
        return None;
    }
    let value = mantissa as f64 / POW10[fraction_digits];
    Some(if negative { -value } else { value })
}

fn slow_parse(bytes: &[u8]) -> Option<f64> {
    let text = std::str::from_utf8(bytes).ok()?;
    let value: f64 = text.replace(',', ".").parse().ok()?;
    value.is_finite().then_some(value)
}

/// Parses an unsigned decimal integer such as a CPU number or a thread count.
pub fn parse_u64(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() || bytes.len() > 19 {
        return None;
    }
    let mut value: u64 = 0;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value * 10 + u64::from(b - b'0');
    }
    Some(value)
}

/// Parses a number that may carry a trailing unit or percent sign, e.g. `99%`,
/// `60.0058s`, `25%±3%` (the part before `±` is taken).
pub fn parse_f64_lenient(text: &str) -> Option<f64> {
    let text = text.trim();
    let text = text.split('±').next().unwrap_or(text).trim();
    let end = text
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || c == ',' || (i == 0 && c == '-')))
        .map_or(text.len(), |(i, _)| i);
    let number = &text[..end];
    let rest = text[end..].trim();
    if !(rest.is_empty() || matches!(rest, "%" | "s" | "ms" | "/s" | "(/s)")) {
        return None;
    }
    // A thousands separator (`1,133,074`) and a decimal comma (`12,5`) look alike;
    // more than one comma, or three digits after a single one followed by nothing
    // else, means thousands.
    let commas = number.matches(',').count();
    let normalized = if commas > 1 || (commas == 1 && number.contains('.')) {
        number.replace(',', "")
    } else {
        number.replace(',', ".")
    };
    normalized.parse().ok().filter(|v: &f64| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::fields::fields;

    fn case(input: &str, expected: Option<f64>) {
        assert_eq!(parse_f64(input.as_bytes()), expected, "input {input:?}");
    }

    #[test]
    fn parse_in_place_agrees_with_parse_f64() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut random = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as usize
        };
        let alphabet = b"0123456789012345678901234567890123456789 \t-.,x";
        let mut read = 0;
        for _ in 0..200_000 {
            let length = random(16);
            let mut line: Vec<u8> = (0..length)
                .map(|_| alphabet[random(alphabet.len() as u64)])
                .collect();
            if random(2) == 0 {
                // Half the lines end in something close to a figure.
                if random(5) > 0 {
                    line.push(b' ');
                }
                let whole = random(10);
                line.extend((0..whole).map(|_| b'0' + random(10) as u8));
                line.push(if random(20) == 0 { b',' } else { b'.' });
                line.push(b'0' + random(10) as u8);
            }
            line.push(b'0' + random(10) as u8);
            let field = fields(&line).last().unwrap();
            if let Some(value) = parse_hundredths_before(&line, line.len()) {
                let expected = parse_f64(field).unwrap();
                assert_eq!(value.to_bits(), expected.to_bits(), "{line:?}");
                read += 1;
            }
        }
        assert!(read > 20_000, "{read}");
        for (text, value) in [
            ("     100.00", 100.0),
            ("    -12.50", -12.5),
            ("      \t1,25", 1.25),
            (" 1234567.89", 1_234_567.89),
        ] {
            let line = format!("x{text}");
            assert_eq!(
                parse_hundredths_before(line.as_bytes(), line.len()),
                Some(value)
            );
        }
        for text in [
            "   12345678.00",
            "     x-1.00",
            "      1.000",
            "       -1.0",
            "      1.00x",
            "1.00",
            "      --1.00",
            "   12345.0a",
        ] {
            assert_eq!(
                parse_hundredths_before(text.as_bytes(), text.len()),
                None,
                "{text}"
            );
        }
    }

    #[test]
    fn parses_tool_decimals() {
        case("12.34", Some(12.34));
        case("0.00", Some(0.0));
        case("-3.5", Some(-3.5));
        case("100", Some(100.0));
        case("12,5", Some(12.5));
        case("1172.19", Some(1172.19));
        case("1e3", Some(1000.0));
        case("", None);
        case("-", None);
        case("abc", None);
        case("1.2.3", None);
        case("nan", None);
    }

    #[test]
    fn matches_std_parser_on_many_values() {
        for i in 0..20_000u32 {
            let text = format!("{}.{:02}", i / 7, i % 100);
            assert_eq!(parse_f64(text.as_bytes()), text.parse().ok(), "{text}");
        }
    }

    /// What `str::parse` makes of a figure, reading a decimal comma as a point.
    fn std_parse(text: &str) -> Option<f64> {
        text.replace(',', ".")
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
    }

    /// Both the sysstat fast path (when it takes the input) and the whole parser give
    /// exactly the bits `str::parse` gives, sign of zero included.
    fn same_as_std(text: &str) {
        let expected = std_parse(text).map(f64::to_bits);
        assert_eq!(
            parse_f64(text.as_bytes()).map(f64::to_bits),
            expected,
            "{text:?}"
        );
        if let Some(fast) = parse_hundredths(text.as_bytes()) {
            assert_eq!(Some(fast.to_bits()), expected, "fast path, {text:?}");
        }
    }

    #[test]
    fn hundredths_match_std_parser_exactly() {
        for hundredths in 0..=1_000_000u64 {
            let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
            assert!(parse_hundredths(text.as_bytes()).is_some(), "{text}");
            same_as_std(&text);
            if hundredths % 7 == 0 {
                same_as_std(&format!("-{text}"));
                same_as_std(&text.replace('.', ","));
            }
        }
        // Wide figures (iostat's kB/s), up to the 13 whole digits the fast path takes.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let whole = seed % 10u64.pow(1 + (seed >> 40) as u32 % 13);
            let text = format!("{whole}.{:02}", (seed >> 20) % 100);
            same_as_std(&text);
            same_as_std(&format!("-{text}"));
        }
    }

    #[test]
    fn edge_cases_match_std_parser() {
        for text in [
            "100.00",
            "0.00",
            "-0.00",
            "00.50",
            "12,50",
            "-12,50",
            "9999999999999.99",
            "99999999999999.99",
            "1234567890123456.78",
            "1.5",
            "1.",
            ".50",
            "+1.00",
            "--1.00",
            "1.2.3",
            "1,2.30",
            "12.3a",
            "a2.34",
            "1 .00",
            "1e3",
            "1.0e2",
            "inf",
            "nan",
            "-",
            "",
            ".",
            ",00",
        ] {
            same_as_std(text);
        }
    }

    #[test]
    fn parses_integers() {
        assert_eq!(parse_u64(b"512"), Some(512));
        assert_eq!(parse_u64(b"all"), None);
        assert_eq!(parse_u64(b""), None);
    }

    #[test]
    fn lenient_accepts_units_and_spread() {
        assert_eq!(parse_f64_lenient("99%"), Some(99.0));
        assert_eq!(parse_f64_lenient("25%±3%"), Some(25.0));
        assert_eq!(parse_f64_lenient(" 23443.77 "), Some(23443.77));
        assert_eq!(parse_f64_lenient("1,133,074.43"), Some(1133074.43));
        assert_eq!(parse_f64_lenient("60.0058s"), Some(60.0058));
        assert_eq!(parse_f64_lenient("n/a"), None);
        assert_eq!(parse_f64_lenient("12 apples"), None);
    }
}
