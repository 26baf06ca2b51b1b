//! Rule helpers for the roles of the processes a bundle names (`proc.<name>.*` facts):
//! which are database servers, which are benchmark clients, and which may be the
//! application. One list each, so rules that pair the database with its application
//! or its load generator agree on who is who.

use rhai::{Array, Dynamic, Engine};

/// Database server processes, in the order rules look for them.
pub const DATABASE_PROCESSES: &[&str] = &[
    "dmserver", "mysqld", "mariadbd", "postgres", "gaussdb", "mogdb", "greatdb",
];

/// Benchmark client processes.
pub const LOAD_GENERATORS: &[&str] = &["sysbench"];

/// Programs that run beside a workload without being its application: shells, admin
/// and monitoring tools, and the companions of the database servers.
const SUPPORT_PROCESSES: &[&str] = &[
    "bash",
    "sh",
    "dash",
    "zsh",
    "ksh",
    "csh",
    "tcsh",
    "fish",
    "sudo",
    "su",
    "cat",
    "less",
    "more",
    "grep",
    "awk",
    "perf",
    "top",
    "htop",
    "ps",
    "sshd",
    "systemd",
    "init",
    "numactl",
    "taskset",
    "sleep",
    "tmux",
    "screen",
    "watch",
    "numastat",
    "dmap",
    "dmwatcher",
    "dmmonitor",
    "mysqld_safe",
    "om_monitor",
    "cm_agent",
    "gs_ctl",
];

pub fn is_database_server(name: &str) -> bool {
    DATABASE_PROCESSES.contains(&name)
}

pub fn is_load_generator(name: &str) -> bool {
    LOAD_GENERATORS.contains(&name)
}

/// Whether a process may be the application: not a database server, a benchmark
/// client, a shell or tool, nor a virtual machine (`qemu*`).
pub fn is_application(name: &str) -> bool {
    !(is_database_server(name)
        || is_load_generator(name)
        || SUPPORT_PROCESSES.contains(&name)
        || name.starts_with("qemu"))
}

/// The process a benchmark tool's client runs as (`bench.tool` as the parsers write
/// it): sysbench as `sysbench`, BenchmarkSQL as `java`; empty when unknown.
pub fn load_generator_of(tool: &str) -> &'static str {
    let lower = tool.to_lowercase();
    if lower.contains("sysbench") {
        "sysbench"
    } else if lower.contains("benchmarksql") {
        "java"
    } else {
        ""
    }
}

pub fn register(engine: &mut Engine) {
    engine.register_fn("db_names", || -> Array {
        DATABASE_PROCESSES
            .iter()
            .map(|name| Dynamic::from(name.to_string()))
            .collect()
    });
    engine.register_fn("is_database_server", is_database_server);
    engine.register_fn("is_load_generator", is_load_generator);
    engine.register_fn("is_application", is_application);
    engine.register_fn("load_generator_of", |tool: &str| {
        load_generator_of(tool).to_string()
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_are_told_apart() {
        assert!(is_database_server("gaussdb"));
        assert!(!is_database_server("java"));
        assert!(is_load_generator("sysbench"));
        assert!(!is_load_generator("postgres"));
        for name in ["java", "python3", "batch_job"] {
            assert!(is_application(name), "{name}");
        }
        for name in ["dmserver", "sysbench", "bash", "qemu-kvm", "dmwatcher"] {
            assert!(!is_application(name), "{name}");
        }
    }

    #[test]
    fn a_benchmark_tool_names_its_client_process() {
        assert_eq!(load_generator_of("sysbench 1.0.20"), "sysbench");
        assert_eq!(load_generator_of("BenchmarkSQL"), "java");
        assert_eq!(load_generator_of("hammerdb"), "");
    }

    #[test]
    fn the_helpers_answer_in_rhai() {
        let mut engine = Engine::new();
        register(&mut engine);
        let first: String = engine.eval("db_names()[0]").unwrap();
        assert_eq!(first, "dmserver");
        let app: bool = engine
            .eval(r#"is_application("java") && !is_application("mysqld")"#)
            .unwrap();
        assert!(app);
        let client: String = engine
            .eval(r#"load_generator_of("BenchmarkSQL 5.0")"#)
            .unwrap();
        assert_eq!(client, "java");
    }
}
