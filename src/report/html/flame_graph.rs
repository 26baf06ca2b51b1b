//! A flame graph drawn by inferno from the folded stacks kept in the model. inferno's
//! SVG is a document of its own (with its own script and element ids), so it is put in
//! the page as an image from a `data:` URI: it cannot clash with the page, runs no
//! script, needs no network and prints. The same SVG is offered as a file to save,
//! where inferno's zoom and search work.

use super::data_uri::data_uri;
use super::escape::{esc, slug};
use crate::diagnosis::flame::FlameStacks;
use crate::parse::profile::profile_stacks::{StackWeight, frame_label};
use crate::quiet_panic::catch_quietly;
use crate::report::i18n::labels::{Label, Lang};
use crate::report::numbers::grouped;
use inferno::flamegraph::{self, Options};
use std::fmt::Write;

/// The `<img>` and the link to save it; `None` when inferno finds nothing to draw.
pub fn render(flame: &FlameStacks, host: &str, lang: Lang) -> Option<String> {
    let svg = svg(flame)?;
    let uri = data_uri("image/svg+xml", &svg);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<img class="flame" src="{uri}" alt="{} {}">"#,
        esc(Label::FlameGraph.text(lang)),
        esc(&flame.file)
    );
    let _ = write!(
        out,
        r#"<p class="chart-note">{} · {} {} · {}. {} <a download="flamegraph-{}-{}.svg" href="{uri}">{}</a></p>"#,
        esc(&flame.file),
        grouped(flame.stacks.len() as f64),
        esc(Label::Stacks.text(lang)),
        esc(Label::MergedStacks.text(lang)),
        esc(Label::FlameGraphNote.text(lang)),
        slug(host),
        slug(&flame.file),
        esc(Label::OpenInteractive.text(lang)),
    );
    Some(out)
}

/// inferno's SVG: colours chosen from the function names (so the same profile always
/// gives the same bytes), fixed width so text is cut at generation time.
fn svg(flame: &FlameStacks) -> Option<Vec<u8>> {
    // Frames read back from a saved report may hold anything: control characters
    // (escape sequences) would make the SVG invalid XML.
    let lines: Vec<String> = flame
        .stacks
        .iter()
        .map(|s| {
            let frames: Vec<_> = s.frames.split(';').map(frame_label).collect();
            format!("{} {}", frames.join(";"), s.weight)
        })
        .collect();
    let mut options = Options::default();
    options.deterministic = true;
    options.image_width = Some(1200);
    options.title = flame.file.clone();
    options.count_name = match flame.weight {
        StackWeight::Samples => "samples",
        StackWeight::EventPeriod => "weight",
    }
    .into();
    options.min_width = 0.1;
    let mut out = Vec::new();
    // inferno is not ours to fix; frames of a saved report may be anything. A panic
    // there loses this picture only, without a word on the terminal.
    catch_quietly(|| {
        flamegraph::from_lines(&mut options, lines.iter().map(String::as_str), &mut out)
    })
    .ok()?
    .ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnosis::flame::FoldedStack;

    fn flame(stacks: &[(&str, u64)]) -> FlameStacks {
        FlameStacks {
            file: "perf_script.txt".into(),
            weight: StackWeight::EventPeriod,
            total: stacks.iter().map(|s| s.1).sum(),
            merged_below: 1,
            stacks: stacks
                .iter()
                .map(|(f, n)| FoldedStack {
                    frames: f.to_string(),
                    weight: *n,
                })
                .collect(),
        }
    }

    #[test]
    fn the_same_stacks_give_the_same_bytes_and_names_are_escaped() {
        let f = flame(&[
            ("dmserver;<script>alert(1)</script>", 30),
            ("dmserver;memcpy", 70),
        ]);
        let first = svg(&f).unwrap();
        assert_eq!(first, svg(&f).unwrap());
        let text = String::from_utf8(first).unwrap();
        assert!(text.contains("&lt;script&gt;"));
        assert!(!text.contains("<script>alert"));
        let html = render(&f, "db1", Lang::En).unwrap();
        assert!(html.starts_with(r#"<img class="flame" src="data:image/svg+xml;base64,"#));
        assert!(html.contains(r#"download="flamegraph-db1-perf-script-txt.svg""#));
    }

    #[test]
    fn control_characters_of_a_saved_report_do_not_reach_the_svg() {
        let f = flame(&[("java;\u{1b}[31mhot\u{1b}[m;\u{7}bell", 10)]);
        let text = String::from_utf8(svg(&f).unwrap()).unwrap();
        assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'));
        assert!(text.contains("[31mhot[m"), "the visible text stays");
    }

    #[test]
    fn the_graph_says_what_its_weights_count() {
        let period = String::from_utf8(svg(&flame(&[("a;b", 5)])).unwrap()).unwrap();
        assert!(period.contains("5 weight"), "{period}");
        let samples = FlameStacks {
            weight: StackWeight::Samples,
            ..flame(&[("a;b", 5)])
        };
        let samples = String::from_utf8(svg(&samples).unwrap()).unwrap();
        assert!(samples.contains("5 samples"), "{samples}");
    }

    #[test]
    fn no_stacks_no_graph() {
        assert!(render(&flame(&[]), "db1", Lang::En).is_none());
    }
}
