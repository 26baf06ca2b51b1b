//! uname -a: kernel release and host name.

use super::Spec;
use super::collector::{COREUTILS, Collector, Id, When};

pub const UNAME_A: &str = "uname -a";

pub static SPEC: Spec = Spec {
    id: "uname",
    captures: &[UNAME_A],
    facts: &[&["cpu.arch", "host.name", "os.kernel"]],
    catalog: &[],
    collectors: &[Collector {
        id: Id::Uname,
        name: "uname",
        what: "kernel release and host name",
        when: When::AtStart,
        command: "uname -a",
        files: &["uname.txt"],
        program: Some("uname"),
        package: Some(COREUTILS),
        needs_root: false,
        needs_process: false,
    }],
};
