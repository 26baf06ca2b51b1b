//! Process and build parsers against their real fixtures.

mod build_info;
mod proc_status;
