//! A cgroup control file saved alone (`cat cpu.stat > cpu.stat`), without the `# path`
//! line the loops print: its content alone must say which file it is. Only files whose
//! keys no other capture has together are recognised: `cpu.stat` (v1 `nr_periods`,
//! `nr_throttled`, `throttled_time`; v2 `usage_usec`, `user_usec`, `system_usec`),
//! `memory.events` (`low`, `high`, `max`, `oom`, `oom_kill` and nothing else) and
//! `memory.stat` (v1 `cache`, `rss`, `mapped_file`, `pgmajfault`; v2 `anon`, `file`,
//! `kernel_stack`, `pgmajfault`). The group is then the folder the file is in within
//! the bundle (docs/settings-snapshot.md).

use super::snapshot_time::stamp_seconds;

/// `name value`: a lower-case key and a whole number.
fn key_of(line: &str) -> Option<&str> {
    let mut words = line.split_ascii_whitespace();
    let (key, value, None) = (words.next()?, words.next()?, words.next()) else {
        return None;
    };
    let named = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    let number = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    (named && number).then_some(key)
}

/// The control file `head` is, when every line (time stamps aside) is `key value` and
/// the keys are one of the sets above.
pub fn bare_control_file(head: &str) -> Option<&'static str> {
    let mut keys = Vec::new();
    for line in head.lines().take(200).map(str::trim) {
        if line.is_empty() || stamp_seconds(line).is_some() {
            continue;
        }
        keys.push(key_of(line)?);
    }
    let has = |wanted: &[&str]| wanted.iter().all(|w| keys.contains(w));
    if has(&["nr_periods", "nr_throttled", "throttled_time"])
        || has(&["usage_usec", "user_usec", "system_usec"])
    {
        return Some("cpu.stat");
    }
    const EVENTS: [&str; 6] = ["low", "high", "max", "oom", "oom_kill", "oom_group_kill"];
    if has(&EVENTS[..5]) && keys.iter().all(|k| EVENTS.contains(k)) {
        return Some("memory.events");
    }
    if has(&["cache", "rss", "mapped_file", "pgmajfault"])
        || has(&["anon", "file", "kernel_stack", "pgmajfault"])
    {
        return Some("memory.stat");
    }
    None
}

/// The control file a bare capture's first content line begins (`nr_periods 30` →
/// `cpu.stat`), once `bare_control_file` has recognised the whole.
pub fn file_starting_with(line: &str) -> Option<&'static str> {
    Some(match key_of(line)? {
        "nr_periods" | "usage_usec" => "cpu.stat",
        "low" => "memory.events",
        "cache" | "anon" => "memory.stat",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_by_their_keys_alone() {
        let v1 = "nr_periods 30\nnr_throttled 2\nthrottled_time 1000\nnr_bursts 0\nburst_time 0\n";
        assert_eq!(bare_control_file(v1), Some("cpu.stat"));
        let stamped = format!("1796370835\n{v1}1796370855\n{v1}");
        assert_eq!(bare_control_file(&stamped), Some("cpu.stat"));
        let events = "low 0\nhigh 0\nmax 12\noom 0\noom_kill 0\noom_group_kill 0\n";
        assert_eq!(bare_control_file(events), Some("memory.events"));
        assert_eq!(file_starting_with("low 0"), Some("memory.events"));
    }

    #[test]
    fn other_counters_are_not_taken() {
        // /proc/vmstat-like lines, a key of its own, text values.
        assert_eq!(
            bare_control_file("nr_free_pages 1\npgfault 2\npgmajfault 3\n"),
            None
        );
        assert_eq!(
            bare_control_file("low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\nother 1\n"),
            None
        );
        assert_eq!(
            bare_control_file("nr_periods 30\nnr_throttled x\nthrottled_time 1\n"),
            None
        );
        assert_eq!(bare_control_file(""), None);
    }
}
