//! Folded stacks for the report's flame graphs. Hotspot facts keep only the top
//! functions; a flame graph needs every stack, so the profiles of a host (`perf
//! script` output and folded-stack files) are read a second time here: `perf script`
//! through inferno's perf collapser, which streams its input and keeps only the
//! distinct stacks, folded files line by line. Captures no parser claimed are offered
//! to inferno's perf sniffer too, so a profile still gets its flame graph.
//!
//! Stacks too thin to be drawn (under 1/1000 of the total weight) are merged, below the
//! widest ancestor that is drawn, into one `…` frame; every drawn frame keeps its
//! exact width and the report stays small however large the profile was.

use super::progress::{Progress, Silent};
use crate::bundle::HostCaptures;
use crate::parse::CaptureReport;
use crate::text::encoding::{ContentKind, Utf8Reader, classify};
use inferno::collapse::Collapse;
use inferno::collapse::perf;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

/// The tool names the profile parsers give these captures.
const PERF_SCRIPT: &str = "perf-script";
const FOLDED: &str = "folded";
/// Stacks narrower than this share of all samples are merged.
const MERGE_BELOW: u64 = 1000;
/// The frame that stands for merged thin stacks.
pub const MERGED_FRAME: &str = "…";
/// How many profiles of one host get a flame graph.
const MAX_PROFILES: usize = 4;
const HEAD_BYTES: usize = 16 * 1024;

/// The stacks of one profile, folded: frames root first, joined by `;`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlameStacks {
    /// The capture, relative to the bundle.
    pub file: String,
    /// `perf-script` or `folded`.
    pub tool: String,
    /// The weight of all stacks: samples for folded files; for perf script, summed
    /// event periods (inferno weighs each sample by its period, e.g. nanoseconds of
    /// cpu-clock).
    pub total: u64,
    /// Stacks lighter than this were merged into a `…` frame (1/1000 of the total).
    pub merged_below: u64,
    pub stacks: Vec<FoldedStack>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoldedStack {
    pub frames: String,
    pub weight: u64,
}

/// What reading the profiles of a host gave: flame graph data, and why a profile
/// gave none.
#[derive(Debug, Default)]
pub struct Profiles {
    pub flames: Vec<FlameStacks>,
    pub problems: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    PerfScript,
    Folded,
}

impl Kind {
    fn tool(self) -> &'static str {
        match self {
            Kind::PerfScript => PERF_SCRIPT,
            Kind::Folded => FOLDED,
        }
    }
}

/// Reads every profile among a host's captures.
pub fn collect(
    host: &HostCaptures,
    captures: &[CaptureReport],
    progress: &dyn Progress,
) -> Profiles {
    let mut profiles = Profiles::default();
    for capture in captures {
        let Some((path, _)) = host.files.iter().find(|(_, name)| *name == capture.file) else {
            continue;
        };
        let kind = match capture.tool.as_deref() {
            Some(PERF_SCRIPT) => Kind::PerfScript,
            Some(FOLDED) => Kind::Folded,
            Some(_) => continue,
            None if capture.section.is_none() => match sniff(path) {
                Some(kind) => kind,
                None => continue,
            },
            None => continue,
        };
        if profiles.flames.len() == MAX_PROFILES {
            profiles.problems.push(format!(
                "{}: no flame graph, only the first {MAX_PROFILES} profiles of a host get one",
                capture.location()
            ));
            continue;
        }
        let lines = capture
            .section
            .as_ref()
            .map(|s| (s.first_line, s.last_line));
        match read_profile(path, &capture.file, lines, kind, progress) {
            Ok(Some(flame)) => profiles.flames.push(flame),
            Ok(None) => profiles.problems.push(format!(
                "{}: no flame graph, the profile holds no stacks",
                capture.location()
            )),
            Err(e) => profiles
                .problems
                .push(format!("{}: no flame graph, {e}", capture.location())),
        }
    }
    profiles
}

/// Whether an unrecognised capture is a profile inferno can fold.
fn sniff(path: &Path) -> Option<Kind> {
    let mut head = Vec::with_capacity(HEAD_BYTES);
    open_text(path, &Silent)
        .ok()?
        .take(HEAD_BYTES as u64)
        .read_to_end(&mut head)
        .ok()?;
    let text = String::from_utf8_lossy(&head);
    // Judge whole lines only.
    let whole = match text.rfind('\n') {
        Some(end) if head.len() == HEAD_BYTES => &text[..end],
        _ => &text[..],
    };
    if perf::Folder::default().is_applicable(whole) == Some(true) {
        return Some(Kind::PerfScript);
    }
    looks_folded(whole).then_some(Kind::Folded)
}

/// Every line `frame;frame;… count`, most with more than one frame.
fn looks_folded(text: &str) -> bool {
    let mut stacks = 0usize;
    let mut deep = 0usize;
    for line in text.lines().map(str::trim_end).filter(|l| !l.is_empty()) {
        match split_count(line) {
            Some((stack, _)) if !stack.starts_with('#') => {
                stacks += 1;
                deep += usize::from(stack.contains(';'));
            }
            _ => return false,
        }
    }
    stacks > 0 && deep * 2 >= stacks
}

/// `stack count` → (stack, count).
fn split_count(line: &str) -> Option<(&str, u64)> {
    let (stack, count) = line.rsplit_once(' ')?;
    let stack = stack.trim_end();
    (!stack.is_empty()).then_some(())?;
    Some((stack, count.parse().ok()?))
}

fn read_profile(
    path: &Path,
    name: &str,
    lines: Option<(u64, u64)>,
    kind: Kind,
    progress: &dyn Progress,
) -> io::Result<Option<FlameStacks>> {
    progress.expect(std::fs::metadata(path).map(|m| m.len()).unwrap_or(0));
    progress.file(name);
    let text = open_text(path, progress)?;
    let reader: Box<dyn BufRead + '_> = match lines {
        None => Box::new(BufReader::with_capacity(1 << 16, text)),
        Some((first, last)) => Box::new(Cursor::new(line_range(text, first, last)?)),
    };
    let stacks = catch_unwind(AssertUnwindSafe(|| match kind {
        Kind::PerfScript => fold_perf_script(reader),
        Kind::Folded => read_folded(reader),
    }))
    .map_err(|_| io::Error::other("the profile could not be folded (internal error)"))??;
    Ok(prune(name, kind, stacks))
}

/// The capture's bytes as UTF-8, gunzipped and decoded as capture reading does.
fn open_text<'a>(path: &Path, progress: &'a dyn Progress) -> io::Result<Box<dyn Read + 'a>> {
    let file = Counted {
        inner: File::open(path)?,
        progress,
    };
    let mut source: Box<dyn Read> = Box::new(file);
    let mut head = Vec::with_capacity(HEAD_BYTES);
    (&mut source)
        .take(HEAD_BYTES as u64)
        .read_to_end(&mut head)?;
    if head.starts_with(&[0x1f, 0x8b]) {
        source = Box::new(flate2::read::MultiGzDecoder::new(
            Cursor::new(head).chain(source),
        ));
        head = Vec::with_capacity(HEAD_BYTES);
        (&mut source)
            .take(HEAD_BYTES as u64)
            .read_to_end(&mut head)?;
    }
    let encoding = match classify(&head, head.len() < HEAD_BYTES) {
        ContentKind::Text(encoding) => encoding,
        ContentKind::Empty => return Ok(Box::new(io::empty())),
        ContentKind::Binary { reason } => {
            return Err(io::Error::other(format!("binary content ({reason})")));
        }
    };
    Ok(Box::new(Utf8Reader::new(
        Cursor::new(head).chain(source),
        encoding,
    )))
}

/// Counts the bytes read from the file for the progress display.
struct Counted<'a, R> {
    inner: R,
    progress: &'a dyn Progress,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.progress.advance(n as u64);
        Ok(n)
    }
}

/// Lines `first..=last` (1-based) of a transcript section.
fn line_range(text: impl Read, first: u64, last: u64) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut reader = BufReader::new(text);
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 || number >= last {
            return Ok(out);
        }
        number += 1;
        if number >= first {
            out.extend_from_slice(&line);
        }
    }
}

fn fold_perf_script(reader: Box<dyn BufRead + '_>) -> io::Result<HashMap<String, u64>> {
    let mut options = perf::Options::default();
    options.nthreads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4);
    let mut folded = Vec::new();
    perf::Folder::from(options).collapse(reader, &mut folded)?;
    read_folded(Box::new(Cursor::new(folded)))
}

fn read_folded(reader: Box<dyn BufRead + '_>) -> io::Result<HashMap<String, u64>> {
    let mut stacks: HashMap<String, u64> = HashMap::new();
    for line in reader.lines() {
        let line = line?;
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((stack, count)) = split_count(line) {
            *stacks.entry(stack.to_string()).or_insert(0) += count;
        }
    }
    Ok(stacks)
}

/// One node per distinct stack prefix, with the samples of every stack through it.
struct Trie {
    frame_ids: HashMap<String, u32>,
    frames: Vec<String>,
    /// (parent node, frame) → child node; node 0 is the root.
    children: HashMap<(u32, u32), u32>,
    /// Per node: its frame and the samples through it.
    nodes: Vec<(u32, u64)>,
}

impl Trie {
    fn new() -> Trie {
        Trie {
            frame_ids: HashMap::new(),
            frames: Vec::new(),
            children: HashMap::new(),
            nodes: vec![(u32::MAX, 0)],
        }
    }

    fn insert(&mut self, stack: &str, samples: u64) {
        let mut node = 0u32;
        self.nodes[0].1 += samples;
        for frame in stack.split(';') {
            let frame_id = match self.frame_ids.get(frame) {
                Some(&id) => id,
                None => {
                    let id = self.frames.len() as u32;
                    self.frames.push(frame.to_string());
                    self.frame_ids.insert(frame.to_string(), id);
                    id
                }
            };
            let next = self.nodes.len() as u32;
            node = *self.children.entry((node, frame_id)).or_insert(next);
            if node == next {
                self.nodes.push((frame_id, 0));
            }
            self.nodes[node as usize].1 += samples;
        }
    }
}

/// Folded stacks with the thin ones merged, sorted; `None` without samples.
fn prune(file: &str, kind: Kind, stacks: HashMap<String, u64>) -> Option<FlameStacks> {
    let mut trie = Trie::new();
    for (stack, samples) in &stacks {
        trie.insert(stack, *samples);
    }
    drop(stacks);
    let total = trie.nodes[0].1;
    if total == 0 {
        return None;
    }
    let threshold = (total / MERGE_BELOW).max(1);
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); trie.nodes.len()];
    for (&(parent, _), &child) in &trie.children {
        children[parent as usize].push(child);
    }
    let mut out: Vec<FoldedStack> = Vec::new();
    // (node, its stack as text); the root's stack is empty.
    let mut pending: Vec<(u32, String)> = vec![(0, String::new())];
    while let Some((node, path)) = pending.pop() {
        let (_, through) = trie.nodes[node as usize];
        let mut below = 0u64;
        let mut merged = 0u64;
        for &child in &children[node as usize] {
            let (frame, samples) = trie.nodes[child as usize];
            below += samples;
            if samples < threshold {
                merged += samples;
            } else {
                let name = &trie.frames[frame as usize];
                let child_path = if path.is_empty() {
                    name.clone()
                } else {
                    format!("{path};{name}")
                };
                pending.push((child, child_path));
            }
        }
        if node != 0 && through > below {
            out.push(FoldedStack {
                frames: path.clone(),
                weight: through - below,
            });
        }
        if merged > 0 {
            out.push(FoldedStack {
                frames: if path.is_empty() {
                    MERGED_FRAME.to_string()
                } else {
                    format!("{path};{MERGED_FRAME}")
                },
                weight: merged,
            });
        }
    }
    out.sort_by(|a, b| a.frames.cmp(&b.frames));
    Some(FlameStacks {
        file: file.to_string(),
        tool: kind.tool().to_string(),
        total,
        merged_below: threshold,
        stacks: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stacks(entries: &[(&str, u64)]) -> HashMap<String, u64> {
        entries.iter().map(|(s, n)| (s.to_string(), *n)).collect()
    }

    fn folded(flame: &FlameStacks) -> Vec<(String, u64)> {
        flame
            .stacks
            .iter()
            .map(|s| (s.frames.clone(), s.weight))
            .collect()
    }

    #[test]
    fn small_profiles_are_kept_exactly() {
        let flame = prune(
            "p.txt",
            Kind::Folded,
            stacks(&[("a;b;c", 3), ("a;b", 2), ("a;d", 1)]),
        )
        .unwrap();
        assert_eq!(flame.total, 6);
        assert_eq!(
            folded(&flame),
            [("a;b".into(), 2), ("a;b;c".into(), 3), ("a;d".into(), 1)]
        );
    }

    #[test]
    fn thin_stacks_merge_under_their_widest_drawn_ancestor() {
        let mut entries = vec![("main;work;hot".to_string(), 5000u64)];
        for i in 0..3000 {
            entries.push((format!("main;work;cold{i}"), 1));
        }
        entries.push(("idle".to_string(), 2));
        let map: HashMap<String, u64> = entries.into_iter().collect();
        let flame = prune("p.txt", Kind::Folded, map).unwrap();
        assert_eq!(flame.merged_below, 8);
        assert_eq!(
            folded(&flame),
            [
                ("main;work;hot".into(), 5000),
                ("main;work;…".into(), 3000),
                ("…".into(), 2),
            ]
        );
        let sum: u64 = flame.stacks.iter().map(|s| s.weight).sum();
        assert_eq!(sum, flame.total);
    }

    #[test]
    fn folded_lines_are_recognised() {
        assert!(looks_folded(
            "postgres;main;ExecutorRun 120\npostgres;main 3\n"
        ));
        assert!(!looks_folded("Linux 5.10 (db1)  01/02/2024\n"));
        assert!(!looks_folded("threads 16\nthreads 32\n"));
        assert_eq!(split_count("a;b c 42"), Some(("a;b c", 42)));
    }

    #[test]
    fn transcript_sections_keep_their_lines() {
        let text = b"one\ntwo\nthree\nfour\n";
        assert_eq!(line_range(&text[..], 2, 3).unwrap(), b"two\nthree\n");
    }
}
