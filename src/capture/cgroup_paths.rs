//! Which cgroup control files describe the target process: its groups' CPU quota,
//! throttling and use, memory limit and use, block I/O caps and I/O done (a cap on
//! the group, like a cloud volume's IOPS limit, holds the database's commits back
//! while the device itself looks idle). `start_and_end` reads them at the start
//! and at the end of a capture (docs/settings-snapshot.md, "cgroup control files");
//! the growth between the two shows a quota holding the process back while the host's
//! CPUs idle.
//!
//! The process's groups come from /proc/<pid>/cgroup and the hierarchies' mount
//! points from /proc/self/mountinfo. cgroup v1's cpu, cpuacct, memory and blkio hierarchies
//! are read where mounted; the v2 hierarchy only when none of those is (a hybrid
//! host's v2 tree carries no cpu or memory controller, and its root would be read as
//! the same `root` group as v1's).

use std::path::PathBuf;

/// The files read for each v1 controller.
const V1_FILES: [(&str, &[&str]); 4] = [
    (
        "cpu",
        &["cpu.cfs_period_us", "cpu.cfs_quota_us", "cpu.stat"],
    ),
    ("cpuacct", &["cpuacct.usage"]),
    (
        "memory",
        &[
            "memory.limit_in_bytes",
            "memory.usage_in_bytes",
            "memory.max_usage_in_bytes",
            "memory.failcnt",
            "memory.oom_control",
            "memory.stat",
        ],
    ),
    (
        "blkio",
        &[
            "blkio.throttle.read_iops_device",
            "blkio.throttle.write_iops_device",
            "blkio.throttle.read_bps_device",
            "blkio.throttle.write_bps_device",
            "blkio.throttle.io_serviced",
            "blkio.throttle.io_service_bytes",
        ],
    ),
];

/// The files read in a v2 group (those its enabled controllers provide).
const V2_FILES: [&str; 10] = [
    "cpu.max",
    "cpu.stat",
    "memory.max",
    "memory.high",
    "memory.current",
    "memory.peak",
    "memory.events",
    "memory.stat",
    "io.max",
    "io.stat",
];

/// The control files of the groups process `pid` is in (those that exist are read).
pub fn control_files(pid: u32) -> Vec<PathBuf> {
    let cgroup = std::fs::read_to_string(format!("/proc/{pid}/cgroup")).unwrap_or_default();
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    files_in_groups(&cgroup, &mountinfo)
}

/// One cgroup hierarchy's mount: where it is, the part of the tree it shows, and
/// its controllers (empty for v2).
struct Mount<'a> {
    root: &'a str,
    point: &'a str,
    v2: bool,
    controllers: Vec<&'a str>,
}

/// `36 35 98:0 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu`.
fn mounts(mountinfo: &str) -> Vec<Mount<'_>> {
    mountinfo
        .lines()
        .filter_map(|line| {
            let (left, right) = line.split_once(" - ")?;
            let mut left = left.split_whitespace().skip(3);
            let (root, point) = (left.next()?, left.next()?);
            let mut right = right.split_whitespace();
            let v2 = match right.next()? {
                "cgroup" => false,
                "cgroup2" => true,
                _ => return None,
            };
            let options = right.nth(1).unwrap_or("");
            Some(Mount {
                root,
                point,
                v2,
                controllers: options.split(',').collect(),
            })
        })
        .collect()
}

/// The directory of the group at `path` (as /proc/<pid>/cgroup gives it) in `mount`.
fn group_dir(mount: &Mount, path: &str) -> PathBuf {
    let inside = match mount.root {
        "/" => path,
        root => path.strip_prefix(root).unwrap_or(path),
    };
    PathBuf::from(format!(
        "{}/{}",
        mount.point.trim_end_matches('/'),
        inside.trim_start_matches('/')
    ))
    .components()
    .collect()
}

/// The control files to read for a process, from its /proc/<pid>/cgroup and the
/// mount table.
fn files_in_groups(cgroup: &str, mountinfo: &str) -> Vec<PathBuf> {
    let mounts = mounts(mountinfo);
    let mut files: Vec<PathBuf> = Vec::new();
    let mut v2_group = None;
    for line in cgroup.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        if controllers.is_empty() {
            v2_group = Some(path);
            continue;
        }
        for controller in controllers.split(',') {
            let Some((_, names)) = V1_FILES.iter().find(|(c, _)| *c == controller) else {
                continue;
            };
            let Some(mount) = mounts
                .iter()
                .find(|m| !m.v2 && m.controllers.contains(&controller))
            else {
                continue;
            };
            let dir = group_dir(mount, path);
            files.extend(names.iter().map(|name| dir.join(name)));
        }
    }
    if files.is_empty()
        && let Some(path) = v2_group
        && let Some(mount) = mounts.iter().find(|m| m.v2)
    {
        let dir = group_dir(mount, path);
        files.extend(V2_FILES.iter().map(|name| dir.join(name)));
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This project's test machine: v1 hierarchies one per controller, and a v2 tree
    /// without cpu or memory at /sys/fs/cgroup/unified.
    const HYBRID_MOUNTS: &str = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
37 31 0:34 / /sys/fs/cgroup/blkio rw,relatime - cgroup cgroup rw,blkio
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
";

    fn paths(files: &[PathBuf]) -> Vec<String> {
        files.iter().map(|f| f.display().to_string()).collect()
    }

    #[test]
    fn v1_groups_are_read_in_each_controllers_hierarchy() {
        let cgroup = "8:pids:/\n6:blkio:/db\n4:memory:/db\n2:cpuacct:/db\n1:cpu:/db\n0::/\n";
        let files = paths(&files_in_groups(cgroup, HYBRID_MOUNTS));
        assert_eq!(
            files[0],
            "/sys/fs/cgroup/blkio/db/blkio.throttle.read_iops_device"
        );
        assert!(files.contains(&"/sys/fs/cgroup/memory/db/memory.limit_in_bytes".to_string()));
        assert!(files.contains(&"/sys/fs/cgroup/cpuacct/db/cpuacct.usage".to_string()));
        assert!(files.contains(&"/sys/fs/cgroup/cpu/db/cpu.stat".to_string()));
        assert!(
            files.contains(&"/sys/fs/cgroup/blkio/db/blkio.throttle.write_iops_device".to_string())
        );
        // The v2 tree of a hybrid host is left alone.
        assert!(!files.iter().any(|f| f.contains("unified")), "{files:?}");
        assert_eq!(files.len(), 16);
    }

    #[test]
    fn co_mounted_and_v2_only_hosts() {
        let mounts = "30 25 0:26 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n";
        let files = paths(&files_in_groups("3:cpu,cpuacct:/docker/abc\n", mounts));
        assert_eq!(
            files,
            [
                "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us",
                "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us",
                "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.stat",
                "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpuacct.usage",
            ]
        );
        let v2 = "25 1 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n";
        let files = paths(&files_in_groups(
            "0::/system.slice/postgresql.service\n",
            v2,
        ));
        assert_eq!(
            files[0],
            "/sys/fs/cgroup/system.slice/postgresql.service/cpu.max"
        );
        assert_eq!(files.len(), 10);
        assert!(
            files.contains(&"/sys/fs/cgroup/system.slice/postgresql.service/io.max".to_string())
        );
        // Inside a container the mount shows only the container's part of the tree.
        let inner = "40 30 0:22 /kubepods/pod1 /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n";
        let files = paths(&files_in_groups("0::/kubepods/pod1\n", inner));
        assert_eq!(files[0], "/sys/fs/cgroup/cpu.max");
    }

    #[test]
    fn nothing_to_read_without_cgroups() {
        assert!(files_in_groups("", HYBRID_MOUNTS).is_empty());
        assert!(files_in_groups("1:cpu:/db\n", "").is_empty());
    }
}
