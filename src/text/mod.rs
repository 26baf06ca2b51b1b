//! Byte-level text handling shared by every capture parser: streaming lines,
//! encodings, whitespace fields and fast number parsing. Parsers never allocate per
//! line; they borrow slices from the reader's buffer.

pub(crate) mod byte_mask;
pub mod cpu_list;
pub mod cr_line_ends;
pub mod encoding;
pub mod fields;
pub mod lines;
pub mod number;
pub mod row_shape;
pub(crate) mod utc_stamp;
pub mod yaml_positions;
