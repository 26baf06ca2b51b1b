use crate::support::*;
use perfsage::parse::process::proc_status::ProcStatus;

#[test]
fn affinity_and_size_of_a_real_process() {
    let p = parse_fixture("proc-status/postgres_status.txt");
    assert_eq!(p.tool(), Some("proc-status"));
    assert_eq!(p.text("proc.postgres.cpus_allowed"), "0-1");
    close(p.num("proc.postgres.cpus_allowed_count"), 2.0);
    assert_eq!(p.text("proc.postgres.mems_allowed"), "0");
    close(p.num("proc.postgres.threads"), 1.0);
    close(p.num("proc.postgres.rss_kib"), 30348.0);
    assert_eq!(p.get("proc.postgres.cpus_allowed").provenance.line, 55);
}

#[test]
fn concatenated_statuses_give_one_process_each() {
    let p = parse_fixture("proc-status/bash_and_postgres_status.txt");
    assert!(p.has("proc.bash.cpus_allowed") && p.has("proc.postgres.cpus_allowed"));
    let kunpeng = parse_fixture("proc-status/dmserver_status_kunpeng.txt");
    close(kunpeng.num("proc.dmserver.cpus_allowed_count"), 256.0);
    close(kunpeng.num("proc.dmserver.threads"), 412.0);
}

#[test]
fn empty_garbage_and_truncated_input() {
    assert!(run_parser(&ProcStatus, b"").is_err());
    assert!(run_parser(&ProcStatus, b"Name is not here\n").is_err());
    let full = read("proc-status/postgres_status.txt");
    let text = String::from_utf8(full).unwrap();
    let cut = text.find("Cpus_allowed_list").unwrap();
    let (facts, _) = run_parser(&ProcStatus, &text.as_bytes()[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "proc.postgres.threads"));
    assert!(!facts.iter().any(|f| f.key == "proc.postgres.cpus_allowed"));
}
