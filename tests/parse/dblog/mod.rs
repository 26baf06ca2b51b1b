//! Database server log parsers against their real fixtures.

mod postgresql_log;
