//! `free` (procps): total, used and available memory and swap. It is what consultants
//! paste most often; `/proc/meminfo` says the same more exactly, so these facts are
//! fallbacks that yield to it.
//!
//! procps-ng 3.3.10 and later (`-w` splits buff/cache into buffers and cache):
//!
//! ```text
//!                total        used        free      shared  buff/cache   available
//! Mem:        24683584     1964480    19547672       45384     3516004    22719104
//! Swap:              0           0           0
//! ```
//!
//! Older procps prints `buffers cached` columns and a `-/+ buffers/cache:` row; zh_CN
//! builds translate the row labels (`内存：`, `交换：`, `总计：` for `-t`) and, from
//! procps-ng 4.0.5, the header (`总计 已用 空闲 共享 缓冲/缓存 可用`).
//!
//! The unit: `-h` prints it with each value (`23Gi`, `490Mi`, `0B`; procps 3.3 prints
//! `G`, `M`, taken as binary units as it meant them). Otherwise it comes from the
//! command line when the capture shows one (`$ free -m`), or is inferred from the size
//! of the `Mem:` total with a warning: below 1024 is GiB (`-g`), below 2^20 MiB (`-m`),
//! above 2^34 bytes (`-b`), KiB otherwise.
//!
//! Facts (all fallbacks): `mem.total_kib`, `mem.free_kib`, `mem.available_kib`,
//! `mem.swap_total_kib`, `mem.swap_used_kib`.

use crate::facts::Unit;
use crate::parse::topology::meminfo::snapshot_value;
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_f64;

pub struct Free;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Column {
    Total,
    Used,
    Free,
    Available,
    Other,
}

fn column(name: &str) -> Column {
    match name {
        "total" | "总计" => Column::Total,
        "used" | "已用" => Column::Used,
        "free" | "空闲" => Column::Free,
        "available" | "可用" => Column::Available,
        _ => Column::Other,
    }
}

fn header(text: &str) -> Option<Vec<Column>> {
    let columns: Vec<Column> = text.split_whitespace().take(16).map(column).collect();
    (columns.len() >= 3 && columns[..3] == [Column::Total, Column::Used, Column::Free])
        .then_some(columns)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Row {
    Mem,
    Swap,
}

/// The row a line starts with, and the rest of the line.
fn row(text: &str) -> Option<(Row, &str)> {
    let text = text.trim_start();
    for (label, kind) in [
        ("Mem:", Row::Mem),
        ("内存：", Row::Mem),
        ("内存:", Row::Mem),
        ("Swap:", Row::Swap),
        ("交换：", Row::Swap),
        ("交换:", Row::Swap),
    ] {
        if let Some(rest) = text.strip_prefix(label) {
            return Some((kind, rest));
        }
    }
    None
}

/// KiB per unit of a plain number, from the options on a `free` command line.
fn unit_from_command(command: &str) -> Option<f64> {
    let tokens: Vec<&str> = command.split_whitespace().take(32).collect();
    let at = tokens
        .iter()
        .position(|t| *t == "free" || t.ends_with("/free"))?;
    // `free` must start the command: first on the line or right after a prompt.
    let after_prompt = at == 0 || tokens[at - 1].ends_with(['$', '#', '>']);
    let arguments = &tokens[at + 1..];
    let all_arguments = arguments
        .iter()
        .all(|t| t.starts_with('-') || t.bytes().all(|b| b.is_ascii_digit()));
    if !after_prompt || !all_arguments {
        return None;
    }
    let mut factor = None;
    for option in arguments.iter().copied() {
        let found = match option {
            "--bytes" => Some(1.0 / 1024.0),
            "--kibi" => Some(1.0),
            "--kilo" => Some(1000.0 / 1024.0),
            "--mebi" => Some(1024.0),
            "--mega" => Some(1e6 / 1024.0),
            "--gibi" => Some(1024.0 * 1024.0),
            "--giga" => Some(1e9 / 1024.0),
            "--tebi" => Some(1024.0 * 1024.0 * 1024.0),
            "--tera" => Some(1e12 / 1024.0),
            "--human" => Some(0.0),
            short if short.starts_with('-') && !short.starts_with("--") => {
                short.chars().skip(1).find_map(|c| match c {
                    'b' => Some(1.0 / 1024.0),
                    'k' => Some(1.0),
                    'm' => Some(1024.0),
                    'g' => Some(1024.0 * 1024.0),
                    'h' => Some(0.0),
                    _ => None,
                })
            }
            _ => None,
        };
        factor = found.or(factor);
    }
    // `free` alone prints KiB; `0.0` marks -h, whose values carry their unit.
    Some(factor.unwrap_or(1.0))
}

/// A value in KiB: with its own suffix (`-h`), else scaled by `plain_factor`.
fn kib(raw: &str, plain_factor: Option<f64>) -> Option<f64> {
    let digits_end = raw
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(raw.len());
    let (number, suffix) = raw.split_at(digits_end);
    let value = parse_f64(number.as_bytes())?;
    let factor = match suffix {
        "" => plain_factor?,
        "B" => 1.0 / 1024.0,
        "K" | "Ki" => 1.0,
        "M" | "Mi" => 1024.0,
        "G" | "Gi" => 1024.0 * 1024.0,
        "T" | "Ti" => 1024.0 * 1024.0 * 1024.0,
        "P" | "Pi" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    Some(value * factor)
}

/// The unit of plain numbers guessed from the size of the memory total.
fn guessed_factor(mem_total: f64) -> (f64, &'static str) {
    if mem_total < 1024.0 {
        (1024.0 * 1024.0, "GiB (free -g)")
    } else if mem_total < (1u64 << 20) as f64 {
        (1024.0, "MiB (free -m)")
    } else if mem_total > (1u64 << 34) as f64 {
        (1.0 / 1024.0, "bytes (free -b)")
    } else {
        (1.0, "KiB (plain free)")
    }
}

struct Block {
    columns: Vec<Column>,
    mem: Option<(Vec<String>, u64)>,
    swap: Option<(Vec<String>, u64)>,
}

impl CaptureParser for Free {
    fn tool(&self) -> &'static str {
        "free"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut after_header = false;
        for line in head.lines().take(400) {
            if after_header && row(line).is_some_and(|(r, _)| r == Row::Mem) {
                return Some(95);
            }
            after_header = header(line).is_some();
        }
        None
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut command_factor = sink.command().and_then(unit_from_command);
        let mut latest: Option<Block> = None;
        let mut current: Option<Block> = None;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            if let Some(columns) = header(&text) {
                if let Some(done) = current.take().filter(|b| b.mem.is_some()) {
                    latest = Some(done);
                }
                current = Some(Block {
                    columns,
                    mem: None,
                    swap: None,
                });
                continue;
            }
            if let Some((kind, rest)) = row(&text) {
                let Some(block) = current.as_mut() else {
                    continue;
                };
                let values: Vec<String> = rest
                    .split_whitespace()
                    .take(16)
                    .map(str::to_string)
                    .collect();
                // Without its line end the last row counts when it has every value:
                // a row per column for memory, total/used/free for swap.
                let width = match kind {
                    Row::Mem => block.columns.len(),
                    Row::Swap => 3,
                };
                if line.cut_off && values.len() < width {
                    sink.warn_cut_off(n);
                    break;
                }
                match kind {
                    Row::Mem => block.mem = Some((values, n)),
                    Row::Swap => block.swap = Some((values, n)),
                }
                continue;
            }
            if current.is_none() && command_factor.is_none() {
                command_factor = unit_from_command(&text);
            }
        }
        if let Some(done) = current.filter(|b| b.mem.is_some()) {
            latest = Some(done);
        }
        let Some(block) = latest else {
            return Err(ParseError::whole_file(
                "no `free` table (a total/used/free header and a Mem: row) found",
            ));
        };
        emit(&block, command_factor, sink)
    }
}

fn emit(block: &Block, command_factor: Option<f64>, sink: &mut FactSink) -> Result<(), ParseError> {
    let Some((mem, mem_line)) = &block.mem else {
        return Err(ParseError::whole_file("no Mem: row"));
    };
    fn at<'a>(columns: &[Column], values: &'a [String], want: Column) -> Option<&'a str> {
        columns
            .iter()
            .position(|c| *c == want)
            .and_then(|i| values.get(i))
            .map(String::as_str)
    }
    let columns = &block.columns;
    // `0.0` (from -h on the command line) means values carry their own unit.
    let mut plain = command_factor.filter(|f| *f > 0.0);
    if plain.is_none() {
        let total_raw = at(columns, mem, Column::Total).unwrap_or("");
        if let Some(total) = parse_f64(total_raw.as_bytes()) {
            let (factor, name) = guessed_factor(total);
            sink.warn(
                *mem_line,
                format!("free does not print its unit; read as {name} from the size of the total"),
            );
            plain = Some(factor);
        }
    }
    let mut put = |key: &str, raw: Option<&str>, line: u64| -> bool {
        match raw.and_then(|r| kib(r, plain)) {
            Some(v) => {
                sink.put_fallback(
                    key,
                    snapshot_value(key, v.round()),
                    Unit::Kibibytes,
                    (line, line),
                );
                true
            }
            None => false,
        }
    };
    if !put("mem.total_kib", at(columns, mem, Column::Total), *mem_line) {
        return Err(ParseError::at(*mem_line, "the Mem: total is not a number"));
    }
    put("mem.free_kib", at(columns, mem, Column::Free), *mem_line);
    put(
        "mem.available_kib",
        at(columns, mem, Column::Available),
        *mem_line,
    );
    if let Some((swap, swap_line)) = &block.swap {
        put(
            "mem.swap_total_kib",
            at(columns, swap, Column::Total),
            *swap_line,
        );
        put(
            "mem.swap_used_kib",
            at(columns, swap, Column::Used),
            *swap_line,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_from_command_lines() {
        assert_eq!(unit_from_command("$ free -m"), Some(1024.0));
        assert_eq!(
            unit_from_command("[root@db ~]# free -gt"),
            Some(1024.0 * 1024.0)
        );
        assert_eq!(unit_from_command("free"), Some(1.0));
        assert_eq!(unit_from_command("free -h"), Some(0.0));
        assert_eq!(unit_from_command("/usr/bin/free --mebi -w"), Some(1024.0));
        assert_eq!(unit_from_command("$ free -s 2 -c 3"), Some(1.0));
        assert_eq!(unit_from_command("total used free shared"), None);
        assert_eq!(unit_from_command("Mem: 1 2 3"), None);
    }

    #[test]
    fn human_values_carry_units() {
        assert_eq!(kib("23Gi", None), Some(23.0 * 1024.0 * 1024.0));
        assert_eq!(kib("0B", None), Some(0.0));
        assert_eq!(kib("1.5G", None), Some(1.5 * 1024.0 * 1024.0));
        assert_eq!(kib("2048", None), None);
        assert_eq!(kib("2048", Some(1024.0)), Some(2048.0 * 1024.0));
        assert_eq!(kib("12Xi", Some(1.0)), None);
    }
}
