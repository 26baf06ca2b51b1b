//! CPU lists as Linux prints them (`0-23,48-71`, `0,2,4`): in /proc status files,
//! lscpu, numactl and taskset. Parsed into CPU numbers so affinities and NUMA nodes can
//! be counted and compared; written back the way util-linux does.

/// More CPUs than any machine has; bounds what a corrupt list can make us hold.
const MAX_CPUS: u64 = 1 << 16;

/// The CPUs of a list, sorted and without duplicates; `None` when it is not a list.
pub fn parse_cpu_list(list: &str) -> Option<Vec<u64>> {
    let mut cpus = Vec::new();
    for part in list
        .trim()
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let (start, end) = match part.split_once('-') {
            Some((a, b)) => (a.trim().parse::<u64>().ok()?, b.trim().parse::<u64>().ok()?),
            None => {
                let cpu = part.parse::<u64>().ok()?;
                (cpu, cpu)
            }
        };
        if start > end || end >= MAX_CPUS || cpus.len() as u64 + (end - start) >= MAX_CPUS {
            return None;
        }
        cpus.extend(start..=end);
    }
    if cpus.is_empty() {
        return None;
    }
    cpus.sort_unstable();
    cpus.dedup();
    Some(cpus)
}

/// How many CPUs a list names.
pub fn count_cpus(list: &str) -> Option<usize> {
    parse_cpu_list(list).map(|cpus| cpus.len())
}

/// Writes CPU numbers the way util-linux does: runs of three or more as `a-b`,
/// shorter runs as single numbers, comma-separated.
pub fn format_cpu_list(cpus: &[u64]) -> String {
    let mut sorted = cpus.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut out = String::new();
    let mut i = 0;
    while i < sorted.len() {
        let start = sorted[i];
        let mut end = i;
        while end + 1 < sorted.len() && sorted[end + 1] == sorted[end] + 1 {
            end += 1;
        }
        let piece = match end - i {
            0 => start.to_string(),
            1 => format!("{start},{}", sorted[end]),
            _ => format!("{start}-{}", sorted[end]),
        };
        if !out.is_empty() {
            out.push(',');
        }
        out.push_str(&piece);
        i = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ranges_and_singles() {
        assert_eq!(
            parse_cpu_list("0-3,8,10-11"),
            Some(vec![0, 1, 2, 3, 8, 10, 11])
        );
        assert_eq!(count_cpus("0-255"), Some(256));
        assert_eq!(
            count_cpus("1-28,32-60,64-92,96-124"),
            Some(28 + 29 + 29 + 29)
        );
        assert_eq!(parse_cpu_list(""), None);
        assert_eq!(parse_cpu_list("a-b"), None);
        assert_eq!(parse_cpu_list("5-2"), None);
        assert_eq!(parse_cpu_list("0-99999999"), None);
    }

    #[test]
    fn writes_like_util_linux() {
        assert_eq!(format_cpu_list(&[0, 1, 2, 3, 8, 10, 11]), "0-3,8,10,11");
        assert_eq!(format_cpu_list(&[5, 4, 4]), "4,5");
    }
}
