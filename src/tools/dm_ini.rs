//! DM8's dm.ini: the database's configuration parameters.

use super::{Spec, families};

pub const WITH_OTHER_DATABASES: &str =
    "cat <DM data dir>/dm.ini; cat $PGDATA/postgresql.conf; cat /etc/my.cnf";

pub static SPEC: Spec = Spec {
    id: "dm-ini",
    captures: &[WITH_OTHER_DATABASES],
    facts: &[families::DATABASE_PARAMETERS],
    catalog: &[],
    collectors: &[],
};
