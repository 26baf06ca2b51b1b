//! `--redact`: host names, IP addresses (v4 and v6) and MAC addresses replaced by
//! stable hashes everywhere in a report model, so the report can leave the customer's
//! site. The same name always becomes the same token (`host-1a2b3c4d`, `ip-…`,
//! `mac-…`), in every format and across reports made with the same key, so a before and
//! an after report still line up.
//!
//! The replacement runs over every string of the serialised model (values and keys)
//! and reads the model back, so no field can be missed. Host names are those the
//! diagnosis knows: each host's name, its `host.name` evidence and the host folders
//! of the bundle. Without `--redact-key` the hash has no secret, and an IPv4 address
//! (2^32 values) could be found again by trying them all; give a key to prevent that.

use crate::diagnosis::Diagnosis;
use regex::Regex;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};
use std::net::Ipv6Addr;
use std::sync::LazyLock;

static MAC: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){5}").expect("valid regex"));
static IPV6: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:[0-9A-Fa-f:.]*").expect("valid regex")
});
static IPV4: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\d{1,3}(?:\.\d{1,3}){3}").expect("valid regex"));

pub struct Redactor {
    key: String,
    /// Host names, longest first so `db1.example.com` goes before `db1`.
    hosts: Vec<String>,
}

impl Redactor {
    pub fn new(key: &str) -> Redactor {
        Redactor {
            key: key.to_string(),
            hosts: Vec::new(),
        }
    }

    /// Adds the host names a diagnosis knows.
    pub fn learn_hosts(&mut self, d: &Diagnosis) {
        for host in &d.hosts {
            self.add_host(&host.host);
            for e in host.findings.iter().chain(&host.off_path_findings) {
                for evidence in &e.evidence {
                    if evidence.key == "host.name"
                        && let crate::facts::Value::Text(name) = &evidence.value
                    {
                        self.add_host(name);
                    }
                }
            }
            for capture in &host.captures {
                if let Some((folder, _)) = capture.file.split_once('/') {
                    self.add_host(folder);
                }
            }
        }
    }

    fn add_host(&mut self, name: &str) {
        let name = name.trim();
        if name.is_empty() || self.hosts.iter().any(|h| h.eq_ignore_ascii_case(name)) {
            return;
        }
        self.hosts.push(name.to_string());
        self.hosts
            .sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    }

    /// The model with every string redacted.
    pub fn apply<T: Serialize + DeserializeOwned>(&self, model: &T) -> anyhow::Result<T> {
        let mut value = serde_json::to_value(model)?;
        self.walk(&mut value);
        Ok(serde_json::from_value(value)?)
    }

    fn walk(&self, value: &mut serde_json::Value) {
        match value {
            serde_json::Value::String(s) => *s = self.text(s),
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| self.walk(v)),
            serde_json::Value::Object(map) => {
                let old = std::mem::take(map);
                for (k, mut v) in old {
                    self.walk(&mut v);
                    map.insert(self.text(&k), v);
                }
            }
            _ => {}
        }
    }

    /// One text with its addresses and host names replaced.
    pub fn text(&self, s: &str) -> String {
        let s = replace(s, &MAC, |m, before, after| {
            let seps: Vec<char> = m.chars().filter(|c| *c == ':' || *c == '-').collect();
            (seps.windows(2).all(|w| w[0] == w[1])
                && !continues(before, |c| c.is_ascii_hexdigit() || c == ':' || c == '-')
                && !continues(after, |c| c.is_ascii_hexdigit() || c == ':' || c == '-'))
            .then(|| self.token("mac", &m.to_ascii_lowercase().replace('-', ":")))
        });
        let s = replace(&s, &IPV6, |m, before, after| {
            let m = m.trim_end_matches('.');
            if continues(before, |c| c.is_alphanumeric() || c == '_' || c == ':')
                || continues(after, |c| c.is_alphanumeric() || c == '_')
                || !m.chars().any(|c| c.is_ascii_hexdigit())
            {
                return None;
            }
            let addr: Ipv6Addr = m.parse().ok()?;
            Some(self.token("ip", &addr.to_string()))
        });
        let s = replace(&s, &IPV4, |m, before, after| {
            let dotted_digit = after
                .strip_prefix('.')
                .is_some_and(|a| a.starts_with(|c: char| c.is_ascii_digit()));
            (m.split('.')
                .all(|octet| octet.parse::<u16>().is_ok_and(|n| n <= 255))
                && !continues(before, |c| c.is_alphanumeric() || c == '.')
                && !continues(after, char::is_alphanumeric)
                && !dotted_digit)
                .then(|| self.token("ip", m))
        });
        let mut s = s;
        for host in &self.hosts {
            s = replace_host(&s, host, &self.token("host", &host.to_ascii_lowercase()));
        }
        s
    }

    /// `<kind>-<8 hex digits>` from the key and the value.
    fn token(&self, kind: &str, value: &str) -> String {
        let mut hasher = Sha256::new();
        hasher.update(self.key.as_bytes());
        hasher.update([0]);
        hasher.update(kind.as_bytes());
        hasher.update([0]);
        hasher.update(value.as_bytes());
        let digest = hasher.finalize();
        let hex: String = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
        format!("{kind}-{hex}")
    }
}

/// Whether the text on that side of a match continues the token (`before` is read
/// from its end, `after` from its start).
fn continues(side: &str, part_of_token: impl Fn(char) -> bool) -> bool {
    side.chars().next().is_some_and(&part_of_token)
}

/// Replaces each match of `re` that `check(match, text before reversed, text after)`
/// turns into a replacement.
fn replace(s: &str, re: &Regex, check: impl Fn(&str, &str, &str) -> Option<String>) -> String {
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for m in re.find_iter(s) {
        let before: String = s[..m.start()].chars().rev().take(1).collect();
        if let Some(replacement) = check(m.as_str(), &before, &s[m.end()..]) {
            out.push_str(&s[last..m.start()]);
            out.push_str(&replacement);
            last = m.end();
        }
    }
    out.push_str(&s[last..]);
    out
}

/// Replaces `host` where it stands as a whole name (ASCII case ignored).
fn replace_host(s: &str, host: &str, token: &str) -> String {
    let name_char = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let lower = s.to_ascii_lowercase();
    let needle = host.to_ascii_lowercase();
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    let mut from = 0;
    while let Some(found) = lower[from..].find(&needle) {
        let start = from + found;
        let end = start + needle.len();
        let before_ok = !s[..start].chars().next_back().is_some_and(name_char);
        let after_ok = !s[end..].chars().next().is_some_and(name_char);
        if before_ok && after_ok {
            out.push_str(&s[last..start]);
            out.push_str(token);
            last = end;
        }
        from = end;
    }
    out.push_str(&s[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redactor(hosts: &[&str]) -> Redactor {
        let mut r = Redactor::new("");
        for h in hosts {
            r.add_host(h);
        }
        r
    }

    #[test]
    fn addresses_become_stable_tokens() {
        let r = redactor(&[]);
        assert_eq!(
            r.text("iostat_10.1.2.3.txt"),
            format!("iostat_{}.txt", r.token("ip", "10.1.2.3"))
        );
        let once = r.text("db at 10.1.2.3:3306, gw 10.1.2.3");
        assert!(!once.contains("10.1.2.3"), "{once}");
        let token = r.token("ip", "10.1.2.3");
        assert_eq!(once, format!("db at {token}:3306, gw {token}"));
        let mac = r.text("ether 52:54:00:AB:cd:01 and 52-54-00-ab-cd-01");
        let token = r.token("mac", "52:54:00:ab:cd:01");
        assert_eq!(mac, format!("ether {token} and {token}"));
        let v6 = r.text("inet6 fe80::5054:ff:feab:cd01/64 and ::1");
        assert!(
            v6.starts_with("inet6 ip-") && v6.contains("/64 and ip-"),
            "{v6}"
        );
    }

    #[test]
    fn versions_times_and_symbols_are_left_alone() {
        let r = redactor(&[]);
        for text in [
            "4.19.90-2107.6.0.0100.oe1.bclinux.aarch64",
            "sysbench 1.0.20",
            "12:30:45 AM",
            "std::io::Read",
            "999.1.1.1",
            "1.2.3.4.5",
        ] {
            assert_eq!(r.text(text), text);
        }
    }

    #[test]
    fn host_names_are_replaced_as_whole_names_only() {
        let r = redactor(&["db1", "greatdb-db1"]);
        let t = r.text("greatdb-db1 and DB1/iostat.txt but not db10 or mydb1");
        let long = r.token("host", "greatdb-db1");
        let short = r.token("host", "db1");
        assert_eq!(
            t,
            format!("{long} and {short}/iostat.txt but not db10 or mydb1")
        );
    }

    #[test]
    fn the_key_changes_every_token() {
        let plain = Redactor::new("").text("10.0.0.1");
        let keyed = Redactor::new("secret").text("10.0.0.1");
        assert_ne!(plain, keyed);
    }
}
