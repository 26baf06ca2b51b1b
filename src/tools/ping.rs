//! ping: round trip between the application and the database host.

use super::Spec;
use crate::parse::net::ping::Ping;

pub const ROUND_TRIP: &str =
    "ping -c 20 <database host> from the application / load-generator host";

pub static SPEC: Spec = Spec {
    id: "ping",
    parsers: &[&Ping],
    captures: &[ROUND_TRIP],
    collectors: &[],
};
