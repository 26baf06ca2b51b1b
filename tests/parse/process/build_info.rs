use crate::support::*;
use perfsage::parse::process::build_info::BuildInfo;
use perfsage::parse::process::gcc_version::GccVersion;

#[test]
fn the_newest_gcc_named_in_the_binary_wins() {
    let p = parse_fixture("build-info/readelf_comment_node.txt");
    assert_eq!(p.tool(), Some("build-info"));
    assert_eq!(p.text("build.gcc_version"), "10.3.1");
    close(p.num("build.gcc_major"), 10.0);
    assert_eq!(p.get("build.gcc_version").provenance.line, 4);
    let dm = parse_fixture("build-info/readelf_comment_dmserver_gcc6.txt");
    assert_eq!(dm.text("build.gcc_version"), "6.3.0");
}

#[test]
fn recorded_switches_and_the_binary_from_a_transcript() {
    let p = parse_fixture("build-info/readelf_gcc_command_line_hello.txt");
    assert_eq!(
        p.text("build.compile_flags"),
        "-march=x86-64-v2 -mtune=znver3 -O2 -fasynchronous-unwind-tables"
    );
    let dump = String::from_utf8(read("build-info/readelf_comment_dmserver_gcc6.txt")).unwrap();
    let transcript =
        format!("[dmdba@kunpeng ~]$ readelf -p .comment /home/dmdba/dm/bin/dmserver\n{dump}");
    let t = parse_bytes("session.txt", transcript.as_bytes());
    assert_eq!(t.text("build.binary"), "/home/dmdba/dm/bin/dmserver");
}

#[test]
fn system_compiler_version() {
    let p = parse_fixture("gcc-version/gcc_version_debian.txt");
    assert_eq!(p.tool(), Some("gcc-version"));
    assert_eq!(p.text("os.gcc_version"), "12.2.0");
    close(p.num("os.gcc_major"), 12.0);
    close(
        parse_fixture("gcc-version/gcc_version_10.3.1_openeuler.txt").num("os.gcc_major"),
        10.0,
    );
}

#[test]
fn empty_garbage_and_truncated_input() {
    assert!(run_parser(&BuildInfo, b"").is_err());
    assert!(
        run_parser(
            &BuildInfo,
            b"String dump of section '.comment':\n  [     0]  clang version 17\n"
        )
        .is_err()
    );
    assert!(run_parser(&GccVersion, b"").is_err());
    assert!(run_parser(&GccVersion, b"gcc: command not found\n").is_err());
    let full = read("build-info/readelf_comment_node.txt");
    let (facts, _) = run_parser(&BuildInfo, &full[..full.len() - 50]).unwrap();
    let version = facts.iter().find(|f| f.key == "build.gcc_version").unwrap();
    assert_eq!(
        version.value,
        text("8.5.0"),
        "the cut line names no second compiler"
    );
}
