//! Where the database keeps its pages and its log, for rules that compare them with
//! the storage: the page size (PostgreSQL-family engines always use 8 KiB, MySQL reads
//! `innodb_page_size`, DM8 fixes it at dminit and must be declared), and the disks
//! that hold the data directory and the WAL/redo directory, found by matching the
//! directories against the mount points (`db.data_disk`, `db.wal_disk`). Without a
//! declared WAL directory, PostgreSQL-family WAL lives inside the data directory.

use super::{Facts, Provenance, Unit, Value, fact};

pub fn derive(facts: &mut Facts) {
    page_size(facts);
    let data_dir = facts
        .get("db.data_dir")
        .or_else(|| facts.get("db.param.data_directory"))
        .and_then(|f| {
            text_of(&f.value).map(|dir| {
                (
                    dir.trim_matches(['\'', '"']).to_string(),
                    f.provenance.clone(),
                )
            })
        });
    let wal_dir = facts
        .get("db.wal_dir")
        .and_then(|f| text_of(&f.value).map(|dir| (dir.to_string(), f.provenance.clone())));
    let engine = facts.text("db.engine").unwrap_or("").to_string();
    let wal_dir = wal_dir.or_else(|| {
        let (data, provenance) = data_dir.clone()?;
        let inside = match engine.as_str() {
            "postgresql" => "pg_wal",
            "opengauss" => "pg_xlog",
            _ => return None,
        };
        Some((
            format!("{}/{inside}", data.trim_end_matches('/')),
            provenance,
        ))
    });
    for (role, dir) in [("data", data_dir), ("wal", wal_dir)] {
        let Some((dir, _)) = dir else { continue };
        if let Some((device, mount)) = device_of(facts, &dir) {
            facts.derive(fact(
                &format!("db.{role}_device"),
                Value::Text(device.clone()),
                Unit::None,
                mount.clone(),
            ));
            facts.derive(fact(
                &format!("db.{role}_disk"),
                Value::Text(whole_disk(&device)),
                Unit::None,
                mount,
            ));
        }
    }
}

fn page_size(facts: &mut Facts) {
    let derived = match facts.get("db.engine") {
        Some(engine) if matches!(&engine.value, Value::Text(e) if e == "postgresql" || e == "opengauss") => {
            Some((8.0, engine.provenance.clone()))
        }
        Some(engine) if matches!(&engine.value, Value::Text(e) if e == "mysql") => {
            let declared = facts.get("db.param.innodb_page_size");
            let kib = declared
                .and_then(|f| text_of(&f.value))
                .map_or(Some(16.0), parse_size_kib);
            kib.map(|k| {
                (
                    k,
                    declared.map_or(engine.provenance.clone(), |f| f.provenance.clone()),
                )
            })
        }
        _ => None,
    };
    if let Some((kib, provenance)) = derived {
        facts.derive(fact(
            "db.page_size_kib",
            Value::Number(kib),
            Unit::Kibibytes,
            provenance,
        ));
    }
}

fn text_of(value: &Value) -> Option<&str> {
    match value {
        Value::Text(t) => Some(t),
        _ => None,
    }
}

/// `16k`, `16K`, `16384` → KiB.
fn parse_size_kib(text: &str) -> Option<f64> {
    let t = text.trim().trim_matches(['\'', '"']).to_ascii_lowercase();
    if let Some(k) = t.strip_suffix('k') {
        return k.parse().ok();
    }
    t.parse::<f64>().ok().map(|bytes| bytes / 1024.0)
}

/// The device whose mount point is the longest prefix of `dir`.
fn device_of(facts: &Facts, dir: &str) -> Option<(String, Provenance)> {
    let dir = dir.trim_end_matches('/');
    facts
        .with_prefix("fs.")
        .filter_map(|f| {
            let device = f.key.strip_prefix("fs.")?.strip_suffix(".mount_point")?;
            let mount = text_of(&f.value)?.trim_end_matches('/');
            let inside = dir == mount || mount.is_empty() || dir.starts_with(&format!("{mount}/"));
            inside.then(|| (mount.len(), device.to_string(), f.provenance.clone()))
        })
        .max_by_key(|(len, _, _)| *len)
        .map(|(_, device, provenance)| (device, provenance))
}

/// The disk a partition belongs to: `nvme0n1p1` → `nvme0n1`, `sda2` → `sda`; other
/// devices (`dm-0`, `vg-data`) are their own disk.
fn whole_disk(device: &str) -> String {
    if device.starts_with("nvme") || device.starts_with("mmcblk") {
        if let Some(p) = device.rfind('p')
            && p > 0
            && device[p + 1..].bytes().all(|b| b.is_ascii_digit())
            && !device[p + 1..].is_empty()
        {
            return device[..p].to_string();
        }
        return device.to_string();
    }
    let is_partitionable = ["sd", "vd", "hd", "xvd"]
        .iter()
        .any(|p| device.starts_with(p));
    if is_partitionable {
        return device
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .to_string();
    }
    device.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_belong_to_their_disk() {
        assert_eq!(whole_disk("nvme0n1p1"), "nvme0n1");
        assert_eq!(whole_disk("nvme0n1"), "nvme0n1");
        assert_eq!(whole_disk("sda2"), "sda");
        assert_eq!(whole_disk("vdb"), "vdb");
        assert_eq!(whole_disk("dm-0"), "dm-0");
        assert_eq!(whole_disk("vg-data"), "vg-data");
    }

    #[test]
    fn page_sizes_from_mysql_settings() {
        assert_eq!(parse_size_kib("16k"), Some(16.0));
        assert_eq!(parse_size_kib("'8K'"), Some(8.0));
        assert_eq!(parse_size_kib("65536"), Some(64.0));
        assert_eq!(parse_size_kib("big"), None);
    }
}
