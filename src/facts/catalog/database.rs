//! Database configuration parameters (dm.ini, postgresql.conf, my.cnf) as db.param.<name>.

use super::CatalogEntry;

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "db.engine",
        None,
        Text,
        "Database engine the configuration file belongs to: dm, postgresql, opengauss (also MogDB) or mysql (also GreatDB, MariaDB)",
        ["dm-ini", "postgresql-conf", "my-cnf"],
        "the server configuration file: dm.ini, postgresql.conf or my.cnf"
    ),
    entry!(
        "db.param.<name*>",
        None,
        Text,
        "A configured server parameter, name in lower case (io_thr_groups, shared_buffers, innodb_buffer_pool_size), value as written with units (8GB, 15min); the last setting in the file wins",
        ["dm-ini", "postgresql-conf", "my-cnf"],
        "cat <DM data dir>/dm.ini; cat $PGDATA/postgresql.conf; cat /etc/my.cnf"
    ),
];
