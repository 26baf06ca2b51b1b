//! Pasted transcripts: one file holding several outputs one after another — a shell
//! session with `$ command` lines before each output, or outputs simply concatenated
//! (`ethtool eth0` then `ethtool -i eth0`). Such a file is cut into sections at prompt
//! lines and wherever a different tool's output visibly begins, and each section is
//! detected and parsed on its own.
//!
//! ```text
//! [root@db1 ~]# ethtool -i eth0
//! driver: hinic
//! …
//! [root@db1 ~]# ethtool -l eth0
//! Channel parameters for eth0:
//! …
//! ```

use super::CaptureParser;
use super::parsers;

/// One section of a transcript: bytes `start..end` of the text, beginning at line
/// `first_line` of the file, printed by `command` when a prompt line showed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub first_line: u64,
    pub start: usize,
    pub end: usize,
    pub command: Option<String>,
}

/// The command of a shell prompt line: `$ lscpu`, `[root@db1 ~]# ethtool -i eth0`,
/// `user@host:~$ free -m`, `root@host:/tmp# numactl -H`. A bare `# …` is not a prompt
/// (tools print comment headers that way).
pub fn prompt_command(line: &str) -> Option<&str> {
    let line = line.trim_end();
    if let Some(command) = line.strip_prefix("$ ") {
        return non_empty(command);
    }
    if line.starts_with('[')
        && let Some(close) = line.find(']')
        && line[1..close].contains('@')
    {
        let rest = &line[close + 1..];
        return rest
            .strip_prefix("# ")
            .or_else(|| rest.strip_prefix("$ "))
            .and_then(non_empty);
    }
    let (who, rest) = line.split_once(':')?;
    if !who.contains('@') || who.contains(char::is_whitespace) {
        return None;
    }
    let marker = rest.find(['$', '#'])?;
    let path = &rest[..marker];
    if path.contains(char::is_whitespace) || !(path.is_empty() || path.starts_with(['~', '/'])) {
        return None;
    }
    rest[marker + 1..].strip_prefix(' ').and_then(non_empty)
}

fn non_empty(command: &str) -> Option<&str> {
    let command = command.trim();
    (!command.is_empty()).then_some(command)
}

/// The tool whose output `line` visibly begins, if any.
fn section_starter(line: &str, parsers: &[&'static dyn CaptureParser]) -> Option<&'static str> {
    parsers
        .iter()
        .find(|p| p.starts_section(line))
        .map(|p| p.tool())
}

/// Whether the first bytes of a file suggest several outputs: a prompt line, or the
/// beginnings of two different tools' outputs.
pub fn looks_like_transcript(head: &str) -> bool {
    let parsers = parsers();
    let mut first_tool = None;
    for line in head.lines() {
        if prompt_command(line).is_some() {
            return true;
        }
        if let Some(tool) = section_starter(line, parsers) {
            match first_tool {
                None => first_tool = Some(tool),
                Some(first) if first != tool => return true,
                Some(_) => {}
            }
        }
    }
    false
}

/// Cuts `text` into sections. A prompt line ends the current section and starts one
/// for its command (the prompt itself belongs to neither); a line that begins a tool's
/// output starts a new section unless the current one is already that tool's (several
/// `Settings for …` blocks of one `ethtool` stay together). Blank sections are dropped.
pub fn split(text: &str) -> Vec<Section> {
    let parsers = parsers();
    let mut sections = Vec::new();
    let mut current = Section {
        first_line: 1,
        start: 0,
        end: 0,
        command: None,
    };
    let mut current_tool: Option<&'static str> = None;
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let number = index as u64 + 1;
        let content = line.trim_end_matches(['\n', '\r']);
        if let Some(command) = prompt_command(content) {
            close(&mut sections, &current, text);
            current = Section {
                first_line: number + 1,
                start: offset + line.len(),
                end: offset + line.len(),
                command: Some(command.to_string()),
            };
            current_tool = None;
        } else if let Some(tool) = section_starter(content, parsers) {
            let has_content = !text[current.start..offset].trim().is_empty();
            if has_content && current_tool != Some(tool) {
                close(&mut sections, &current, text);
                current = Section {
                    first_line: number,
                    start: offset,
                    end: offset,
                    command: None,
                };
            }
            current_tool = Some(tool);
        }
        offset += line.len();
        current.end = offset;
    }
    close(&mut sections, &current, text);
    sections
}

fn close(sections: &mut Vec<Section>, section: &Section, text: &str) {
    if !text[section.start..section.end].trim().is_empty() {
        sections.push(section.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_prompts() {
        let case =
            |line: &str, want: Option<&str>| assert_eq!(prompt_command(line), want, "{line}");
        case("$ lscpu", Some("lscpu"));
        case("[root@db1 ~]# ethtool -i eth0", Some("ethtool -i eth0"));
        case("[dmdba@db1 bin]$ ./disql", Some("./disql"));
        case("user@host:~$ free -m", Some("free -m"));
        case("root@kunpeng:/tmp# numactl -H", Some("numactl -H"));
        case("# Samples: 12K of event 'cycles'", None);
        case("# dmidecode 3.3", None);
        case("$ ", None);
        case("Linux 6.1.0 (host) 12/02/26", None);
        case("Device:   rrqm/s", None);
        case("Settings for eth0:", None);
        case("12:00:01 AM CPU %user", None);
    }

    #[test]
    fn prompts_cut_sections_and_name_their_commands() {
        let text = "[root@db1 ~]# lscpu\nArchitecture: aarch64\nCPU(s): 4\n[root@db1 ~]# uname -r\n4.19.90\n";
        let sections = split(text);
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].first_line, 2);
        assert_eq!(sections[0].command.as_deref(), Some("lscpu"));
        assert_eq!(
            &text[sections[0].start..sections[0].end],
            "Architecture: aarch64\nCPU(s): 4\n"
        );
        assert_eq!(sections[1].first_line, 5);
        assert_eq!(&text[sections[1].start..sections[1].end], "4.19.90\n");
    }

    #[test]
    fn a_plain_file_is_one_section() {
        let text = "Architecture: x86_64\nCPU(s): 2\n";
        assert_eq!(
            split(text),
            vec![Section {
                first_line: 1,
                start: 0,
                end: text.len(),
                command: None
            }]
        );
        assert!(!looks_like_transcript(text));
    }
}
