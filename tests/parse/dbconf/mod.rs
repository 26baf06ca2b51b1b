//! Database configuration parsers against their real fixtures.

mod dm_ini;
mod my_cnf;
mod postgresql_conf;
