//! Wall-clock time stamps for what a capture writes: UTC in RFC 3339 form
//! (`2026-12-02T12:40:12Z`), so bundle.yaml and the /proc samples read the same on
//! every machine whatever its time zone.

use std::time::{SystemTime, UNIX_EPOCH};

/// `time` as `YYYY-MM-DDTHH:MM:SSZ` (whole seconds, UTC).
pub fn utc_stamp(time: SystemTime) -> String {
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (seconds / 86_400) as i64;
    let of_day = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60
    )
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (the classic
/// era-based conversion: 400-year eras of 146 097 days, years starting in March).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn formats_known_instants() {
        let case = |seconds: u64, want: &str| {
            assert_eq!(utc_stamp(UNIX_EPOCH + Duration::from_secs(seconds)), want);
        };
        case(0, "1970-01-01T00:00:00Z");
        case(951_782_400, "2000-02-29T00:00:00Z");
        case(1_796_215_212, "2026-12-02T12:40:12Z");
        case(4_102_444_799, "2099-12-31T23:59:59Z");
    }
}
