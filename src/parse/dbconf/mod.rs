//! Database configuration files: DM8 dm.ini, PostgreSQL-family postgresql.conf, MySQL-
//! family my.cnf.

pub mod dm_ini;
pub mod my_cnf;
pub mod param_units;
pub mod postgresql_conf;
