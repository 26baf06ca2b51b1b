//! Database configuration parameters (dm.ini, postgresql.conf, my.cnf) as db.param.<name>,
//! the raw text, and as normalised numbers: db.param_kib (sizes in KiB), db.param_s (times
//! in seconds), db.param_on (on/off flags) and db.param_num (plain numbers as written);
//! the prefix names the unit because a parameter name may itself hold dots.

use super::CatalogEntry;
use crate::tools::{dm_ini, postgresql_conf, postgresql_log};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "db.engine",
        None,
        Text,
        "Database engine the configuration file belongs to: dm, postgresql, opengauss (also MogDB) or mysql (also GreatDB, MariaDB)",
        "the server configuration file: dm.ini, postgresql.conf or my.cnf"
    ),
    entry!(
        "db.page_size_kib",
        Kibibytes,
        Number,
        "Database page size: 8 for PostgreSQL-family engines, innodb_page_size for MySQL, declared for DM8 (dminit page_size)",
        "database: {page_size_kib: …} in bundle.yaml, or the configuration file"
    ),
    entry!(
        "db.data_dir",
        None,
        Text,
        "Database data directory as declared",
        "database: {data_dir: …} in bundle.yaml"
    ),
    entry!(
        "db.wal_dir",
        None,
        Text,
        "Directory of the WAL / redo log as declared",
        "database: {wal_dir: …} in bundle.yaml"
    ),
    entry!(
        "db.data_device",
        None,
        Text,
        "Device mounted where the data directory lives",
        "mount (or /proc/mounts) and the data directory"
    ),
    entry!(
        "db.data_disk",
        None,
        Text,
        "Disk holding the data directory (a partition's whole disk)",
        "mount (or /proc/mounts) and the data directory"
    ),
    entry!(
        "db.wal_device",
        None,
        Text,
        "Device mounted where the WAL / redo directory lives",
        "mount (or /proc/mounts) and database: {wal_dir: …} in bundle.yaml"
    ),
    entry!(
        "db.wal_disk",
        None,
        Text,
        "Disk holding the WAL / redo directory (inside the data directory unless declared)",
        "mount (or /proc/mounts) and database: {wal_dir: …} in bundle.yaml"
    ),
    entry!(
        "db.param.<name*>",
        None,
        Text,
        "A configured server parameter, name in lower case (io_thr_groups, shared_buffers, innodb_buffer_pool_size), value as written with units (8GB, 15min); the last setting in the file wins",
        dm_ini::WITH_OTHER_DATABASES
    ),
    entry!(
        "db.param_kib.<name*>",
        Kibibytes,
        Number,
        "A configured size parameter in KiB, whatever the file wrote (shared_buffers = 1GB or 131072 blocks of 8 kB, innodb_buffer_pool_size = 96G, dm.ini BUFFER in MB); only for values whose unit the engine's manual makes certain",
        dm_ini::WITH_OTHER_DATABASES
    ),
    entry!(
        "db.param_s.<name*>",
        Seconds,
        Number,
        "A configured time parameter in seconds (checkpoint_timeout = 15min is 900, bgwriter_delay = 200 is 0.2, dm.ini CKPT_INTERVAL); only for values whose unit the engine's manual makes certain",
        dm_ini::WITH_OTHER_DATABASES
    ),
    entry!(
        "db.param_on.<name*>",
        None,
        Flag,
        "A configured on/off parameter (on/off, true/false, yes/no as the engine accepts them, 1/0 for parameters known to be boolean)",
        postgresql_conf::WITH_MY_CNF
    ),
    entry!(
        "db.param_num.<name*>",
        None,
        Number,
        "A configured parameter written as a plain number, as written: a count, a percentage, a mode, or a size or time in the parameter's own unit (max_connections, IO_THR_GROUPS, wal_buffers = -1)",
        dm_ini::WITH_OTHER_DATABASES
    ),
    entry!(
        "db.log.conn_limit_rejections",
        Count,
        Number,
        "Connections the server refused because every slot was taken (FATAL `sorry, too many clients already`, `remaining connection slots are reserved …`, openGauss `Already too many clients`; MariaDB `Aborted connection … (Too many connections)`); 0 when the log was read and shows none",
        postgresql_log::SERVER_LOG
    ),
    entry!(
        "db.conn_refusals_seen",
        Count,
        Number,
        "Logins refused at the connection limit that the captures show: the benchmark client's (sysbench's error 1040 / too many clients) plus the server log's; 0 when a database or benchmark was captured and none shows a refusal",
        "the benchmark's output and the database server's log covering the run"
    ),
];
