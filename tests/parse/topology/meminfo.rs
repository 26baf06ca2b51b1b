use crate::support::*;
use perfsage::parse::topology::meminfo::Meminfo;

#[test]
fn meminfo_of_this_machine() {
    let p = parse_fixture("meminfo/meminfo.txt");
    assert_eq!(p.tool(), Some("meminfo"));
    close(p.num("mem.total_kib"), 24683584.0);
    close(p.series("mem.free_kib").avg, 19547672.0);
    close(p.series("mem.available_kib").avg, 22719104.0);
    close(p.num("mem.swap_total_kib"), 0.0);
    close(p.num("mem.swap_used_kib"), 0.0);
    close(p.num("mem.anon_huge_kib"), 0.0);
    close(p.num("mem.hugepages_total"), 0.0);
    close(p.num("mem.hugepages_free"), 0.0);
    close(p.num("mem.hugepage_size_kib"), 2048.0);
    assert_eq!(p.get("mem.hugepage_size_kib").provenance.line, 50);
}

#[test]
fn swap_in_use_and_reserved_huge_pages() {
    let text = b"MemTotal:       263498812 kB\nMemFree:        189407600 kB\nSwapTotal:       4194300 kB\nSwapFree:        4184060 kB\nHugePages_Total:   40960\nHugePages_Free:     1024\nHugepagesize:       2048 kB\n";
    let (facts, _) = run_parser(&Meminfo, text).unwrap();
    let get = |k: &str| {
        facts
            .iter()
            .find(|f| f.key == k)
            .unwrap()
            .value
            .as_number()
            .unwrap()
    };
    close(get("mem.swap_used_kib"), 10240.0);
    close(get("mem.hugepages_total"), 40960.0);
    close(get("mem.hugepages_free"), 1024.0);
}

#[test]
fn free_and_numastat_m_are_not_meminfo() {
    for f in ["free/free.txt", "numastat/numastat-m.txt"] {
        assert_ne!(parse_fixture(f).tool(), Some("meminfo"), "{f}");
    }
    let per_node = b"Node 0 MemTotal:       24683584 kB\nNode 0 MemFree:        19547672 kB\n";
    assert_eq!(parse_bytes("node0-meminfo", per_node).tool(), None);
}

#[test]
fn empty_and_garbage_input() {
    assert!(run_parser(&Meminfo, b"").is_err());
    assert!(run_parser(&Meminfo, b"MemTotal: lots\nhello: 12 parsecs\n").is_err());
}

#[test]
fn truncated_capture_keeps_complete_lines() {
    let full = read("meminfo/meminfo.txt");
    // Cut inside `SwapTotal:` (line 15): no swap facts, a warning naming that line.
    let cut = full.windows(10).position(|w| w == b"SwapTotal:").unwrap() + 14;
    let (facts, warnings) = run_parser(&Meminfo, &full[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "mem.available_kib"));
    assert!(!facts.iter().any(|f| f.key.starts_with("mem.swap")));
    assert_eq!(warnings[0].line, 15);
}
