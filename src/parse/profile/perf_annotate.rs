//! `perf annotate --stdio`: a hot function's instructions with the share of its
//! samples on each, the proof of how it does its atomics. Real output (perf 6.1,
//! `-s spin_lock.constprop.0`):
//!
//! ```text
//!  Percent | (tab) Source code & Disassembly of spin for cpu-clock (360 samples, percent: local period)
//! ----------------------------------------------------------------------------------------------------
//!          : 5    00000000000011f0 <spin_lock.constprop.0>:
//!     0.28 :   11fa:   xchg   %eax,0x2e40(%rip)        # 4040 <lock>
//!    53.33 :   1200:   test   %eax,%eax
//! ```
//!
//! Without `-s` perf prints one such section per function, hottest first. Each
//! section's percentages are of its own samples, so the facts weigh each function by
//! its sample count (equally when the header gives none) and are shares of all the
//! annotated samples. Facts: the functions (`annotate.symbol`, up to five, hottest
//! first), their DSO and event, the architecture told from the registers, and on
//! aarch64 the shares in exclusive-monitor retry loops and on LSE atomics, on x86 the
//! shares on locked instructions and in `pause` spin loops (see `atomic_patterns`).
//! A function's instructions are kept only until its section ends, so an annotation
//! of a whole program costs the memory of its largest function.

use super::annotate_instruction::{Instruction, instruction};
use super::atomic_patterns::{Arch, ArchVotes, AtomicShares, atomic_shares};
use crate::facts::{Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct PerfAnnotate;

const SECTION_MARK: &str = "Percent |";
const NAMED_SYMBOLS: usize = 5;

/// One function's annotation while it is read.
#[derive(Default)]
struct Section {
    header_line: u64,
    dso: Option<String>,
    event: Option<String>,
    samples: Option<f64>,
    symbol: Option<(String, u64)>,
    instructions: Vec<Instruction>,
}

/// What is kept of a function once its section is read: its shares for either
/// architecture, decided when the whole file has voted.
struct Summary {
    header_line: u64,
    dso: Option<String>,
    event: Option<String>,
    samples: Option<f64>,
    symbol: Option<(String, u64)>,
    last_line: u64,
    aarch64: AtomicShares,
    x86_64: AtomicShares,
}

impl Summary {
    fn weight(&self) -> f64 {
        self.samples.unwrap_or(1.0)
    }

    fn shares(&self, arch: Arch) -> &AtomicShares {
        match arch {
            Arch::Aarch64 => &self.aarch64,
            Arch::X86_64 => &self.x86_64,
        }
    }
}

/// Everything read so far.
#[derive(Default)]
struct Annotation {
    open: Option<Section>,
    functions: Vec<Summary>,
    votes: ArchVotes,
    sections_seen: u64,
}

impl Annotation {
    fn close_section(&mut self) {
        let Some(section) = self.open.take() else {
            return;
        };
        if section.instructions.is_empty() {
            return;
        }
        self.votes.count(&section.instructions);
        self.functions.push(Summary {
            header_line: section.header_line,
            last_line: section.instructions.last().map_or(0, |i| i.line),
            aarch64: atomic_shares(&section.instructions, Arch::Aarch64),
            x86_64: atomic_shares(&section.instructions, Arch::X86_64),
            dso: section.dso,
            event: section.event,
            samples: section.samples,
            symbol: section.symbol,
        });
    }
}

/// `Source code & Disassembly of spin for cpu-clock (360 samples, percent: local period)`.
fn section_header(line: &str, number: u64) -> Option<Section> {
    let rest = line.trim_start().strip_prefix(SECTION_MARK)?;
    let about = rest.split_once("Disassembly of ")?.1;
    let (dso, rest) = about.split_once(" for ")?;
    let (event, counts) = match rest.split_once(" (") {
        Some((e, c)) => (e, c),
        None => (rest, ""),
    };
    let samples = counts
        .split_once(" samples")
        .and_then(|(n, _)| n.trim().parse::<f64>().ok());
    Some(Section {
        header_line: number,
        dso: Some(dso.trim().to_string()),
        event: Some(event.trim().to_string()),
        samples,
        ..Section::default()
    })
}

/// `         : 5    00000000000011f0 <spin_lock.constprop.0>:` → the function name.
fn symbol_line(line: &str) -> Option<String> {
    let (_, rest) = line.split_once(':')?;
    let rest = rest.trim().strip_suffix(">:")?;
    let (address, name) = rest.rsplit_once('<')?;
    let address = address.split_whitespace().last()?;
    (address.bytes().all(|b| b.is_ascii_hexdigit()) && !name.is_empty()).then(|| name.to_string())
}

/// Sample-weighted mean of a figure over the functions.
fn weighted(functions: &[Summary], arch: Arch, figure: fn(&AtomicShares) -> f64) -> f64 {
    let total: f64 = functions.iter().map(Summary::weight).sum();
    if total <= 0.0 {
        return 0.0;
    }
    functions
        .iter()
        .fold(0.0, |sum, f| sum + figure(f.shares(arch)) * f.weight())
        / total
}

fn joined_distinct<'a>(values: impl Iterator<Item = &'a str>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for v in values {
        if !seen.contains(&v) {
            seen.push(v);
        }
    }
    seen.join(", ")
}

fn emit(annotation: &Annotation, sink: &mut FactSink) -> Result<(), ParseError> {
    let functions = &annotation.functions;
    let Some(first) = functions.first() else {
        return Err(ParseError::whole_file(
            "no annotated instructions (percent : address: instruction) found",
        ));
    };
    let names: Vec<&str> = functions
        .iter()
        .filter_map(|f| f.symbol.as_ref().map(|(n, _)| n.as_str()))
        .take(NAMED_SYMBOLS)
        .collect();
    let first_line = first.symbol.as_ref().map_or(first.header_line, |(_, l)| *l);
    let last_line = functions
        .iter()
        .map(|f| f.last_line)
        .max()
        .unwrap_or(first_line);
    if !names.is_empty() {
        sink.text("annotate.symbol", names.join(", "), first_line);
    }
    sink.number(
        "annotate.functions",
        functions.len() as f64,
        Unit::Count,
        first.header_line,
    );
    let dsos = joined_distinct(functions.iter().filter_map(|f| f.dso.as_deref()));
    if !dsos.is_empty() {
        sink.text("annotate.dso", dsos, first.header_line);
    }
    if let Some(event) = &first.event {
        sink.text("annotate.event", event.clone(), first.header_line);
    }
    if functions.iter().all(|f| f.samples.is_some()) {
        let samples: f64 = functions.iter().map(Summary::weight).sum();
        sink.number("annotate.samples", samples, Unit::Count, first.header_line);
    }
    let Some(arch) = annotation.votes.winner() else {
        sink.warn(
            first.header_line,
            "the instructions name no x86 or aarch64 register; atomics not classified",
        );
        return Ok(());
    };
    let lines = (first_line, last_line);
    sink.put(
        "annotate.arch",
        Value::Text(arch.name().to_string()),
        Unit::None,
        lines,
    );
    let mut share = |key: &str, figure: fn(&AtomicShares) -> f64| {
        let value = Value::Number(weighted(functions, arch, figure));
        sink.put(key, value, Unit::Percent, lines);
    };
    match arch {
        Arch::Aarch64 => {
            share("annotate.exclusive_loop_pct", |s| s.exclusive_loop);
            share("annotate.lse_atomic_pct", |s| s.lse);
        }
        Arch::X86_64 => {
            share("annotate.locked_pct", |s| s.locked);
            share("annotate.pause_loop_pct", |s| s.pause_loop);
        }
    }
    Ok(())
}

impl CaptureParser for PerfAnnotate {
    fn tool(&self) -> &'static str {
        "perf-annotate"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        head.lines()
            .take(50)
            .any(|l| section_header(l, 0).is_some())
            .then_some(95)
    }

    fn starts_section(&self, line: &str) -> bool {
        section_header(line, 0).is_some()
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut annotation = Annotation::default();
        let mut first_stray_line = None;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            if let Some(section) = section_header(&text, line.number) {
                annotation.close_section();
                annotation.open = Some(section);
                annotation.sections_seen += 1;
                continue;
            }
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.bytes().all(|b| b == b'-') {
                continue;
            }
            let Some(section) = annotation.open.as_mut() else {
                first_stray_line.get_or_insert(line.number);
                continue;
            };
            if line.cut_off {
                sink.warn_cut_off(line.number);
                continue;
            }
            if let Some(found) = instruction(&text, line.number) {
                section.instructions.push(found);
            } else if let Some(name) = symbol_line(&text) {
                section.symbol.get_or_insert((name, line.number));
            } else if !trimmed.starts_with(':') {
                sink.warn(line.number, "not a perf annotate row; ignored");
            }
        }
        annotation.close_section();
        if annotation.sections_seen == 0 {
            let message = "not perf annotate --stdio output: no `Percent | Source code & Disassembly of …` header";
            return Err(match first_stray_line {
                Some(line) => ParseError::at(line, message),
                None => ParseError::whole_file(message),
            });
        }
        if let Some(line) = first_stray_line {
            sink.warn(
                line,
                "lines before the first `Percent |` header are ignored",
            );
        }
        emit(&annotation, sink)
    }
}
