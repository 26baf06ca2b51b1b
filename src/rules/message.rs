//! What a rule says, in both languages from one decision. `META.texts` declares each
//! message once, an English and a Chinese template side by side with the same named
//! `{placeholders}`; in `evaluate()` the rule picks messages with `say(id, #{ … })`
//! and returns the list as the finding's `summary`. The engine fills both templates,
//! so a rule no longer builds an English and a Chinese string in parallel branches.
//! English nouns and verbs that follow a count take `{count:one|other}`
//! (`{hung} hung {hung:task|tasks}`): the word after the colon when the count is 1,
//! the one after the bar otherwise. Chinese needs no such choice, so its template may
//! leave a count out that the English one only uses to choose a word.

use rhai::{Dynamic, Engine, Map};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// `META.texts`: message id → its two templates.
pub type Messages = BTreeMap<String, MessageTexts>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageTexts {
    pub en: String,
    pub zh: String,
}

/// One message a rule said: `say("id", #{ name: value })`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Said {
    pub say: String,
    #[serde(default)]
    pub with: BTreeMap<String, Argument>,
}

/// A value put into a template: text as it is, numbers as Rhai's `${…}` prints them
/// (a rule formats figures with `fmt()` first to choose their decimals), and a list
/// joined with the language's comma: `a, b` in English, `a，b` in Chinese.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Argument {
    Text(String),
    Integer(i64),
    Float(f64),
    Flag(bool),
    List(Vec<Argument>),
}

/// The language a template is filled in; it decides how a list is joined.
#[derive(Debug, Clone, Copy)]
enum Language {
    English,
    Chinese,
}

impl Argument {
    /// The number a `{name:one|other}` choice counts: a number, or text that is one
    /// (as `fmt()` prints it).
    fn count(&self) -> Option<f64> {
        match self {
            Argument::Integer(n) => Some(*n as f64),
            Argument::Float(n) => Some(*n),
            Argument::Text(text) => text.replace(',', "").parse().ok(),
            Argument::Flag(_) | Argument::List(_) => None,
        }
    }

    fn write_to(&self, out: &mut String, language: Language) {
        use std::fmt::Write;
        match self {
            Argument::Text(text) => out.push_str(text),
            Argument::Integer(n) => {
                let _ = write!(out, "{n}");
            }
            Argument::Float(n) => {
                let _ = write!(out, "{}", Dynamic::from_float(*n));
            }
            Argument::Flag(b) => {
                let _ = write!(out, "{b}");
            }
            Argument::List(items) => {
                let comma = match language {
                    Language::English => ", ",
                    Language::Chinese => "，",
                };
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(comma);
                    }
                    item.write_to(out, language);
                }
            }
        }
    }
}

/// The English and Chinese texts of the messages `said`, each joined in order.
pub fn render(said: &[Said], texts: &Messages) -> Result<(String, String), String> {
    let (mut en, mut zh) = (String::new(), String::new());
    for message in said {
        let Some(templates) = texts.get(&message.say) else {
            return Err(format!(
                "say({:?}): META.texts declares no such message",
                message.say
            ));
        };
        let names = Placeholders::of(&templates.en);
        if let Some(unused) = message
            .with
            .keys()
            .find(|k| !names.values.contains(k.as_str()) && !names.counts.contains(k.as_str()))
        {
            return Err(format!(
                "say({:?}): argument `{unused}` is used by neither template",
                message.say
            ));
        }
        en.push_str(&fill(&templates.en, message, Language::English)?);
        zh.push_str(&fill(&templates.zh, message, Language::Chinese)?);
    }
    Ok((en, zh))
}

fn fill(template: &str, message: &Said, language: Language) -> Result<String, String> {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(found) = next_placeholder(rest) {
        out.push_str(found.before);
        let Some(value) = message.with.get(found.name) else {
            return Err(format!(
                "say({:?}): the template needs `{}`, which was not given",
                message.say, found.name
            ));
        };
        match found.choice {
            None => value.write_to(&mut out, language),
            Some((one, other)) => match value.count() {
                Some(1.0) => out.push_str(one),
                Some(_) => out.push_str(other),
                None => {
                    return Err(format!(
                        "say({:?}): `{}` chooses between {one:?} and {other:?}, so it must be a number",
                        message.say, found.name
                    ));
                }
            },
        }
        rest = found.after;
    }
    out.push_str(rest);
    Ok(out)
}

/// A `{name}` or `{name:one|other}` found in a template, with the text around it.
struct Found<'t> {
    before: &'t str,
    name: &'t str,
    choice: Option<(&'t str, &'t str)>,
    after: &'t str,
}

/// The next placeholder in `text` (a name of letters, digits and `_`, optionally
/// followed by `:one|other`). Other braces are plain text.
fn next_placeholder(text: &str) -> Option<Found<'_>> {
    let mut from = 0;
    while let Some(open) = text[from..].find('{').map(|i| i + from) {
        let tail = &text[open + 1..];
        let length = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(tail.len());
        if length > 0 {
            let (name, rest) = tail.split_at(length);
            if let Some(after) = rest.strip_prefix('}') {
                return Some(Found {
                    before: &text[..open],
                    name,
                    choice: None,
                    after,
                });
            }
            if let Some(found) = choice(rest) {
                let (one, other, after) = found;
                return Some(Found {
                    before: &text[..open],
                    name,
                    choice: Some((one, other)),
                    after,
                });
            }
        }
        from = open + 1;
    }
    None
}

/// `:one|other}…` → the two words and the text after the closing brace.
fn choice(rest: &str) -> Option<(&str, &str, &str)> {
    let body = rest.strip_prefix(':')?;
    let close = body.find('}')?;
    let (one, other) = body[..close].split_once('|')?;
    let plain = |word: &str| !word.contains(['{', '|']);
    (plain(one) && plain(other)).then_some((one, other, &body[close + 1..]))
}

/// The names a template uses: as values it prints, and as counts that only choose
/// a word.
struct Placeholders<'t> {
    values: BTreeSet<&'t str>,
    counts: BTreeSet<&'t str>,
}

impl<'t> Placeholders<'t> {
    fn of(template: &'t str) -> Placeholders<'t> {
        let mut names = Placeholders {
            values: BTreeSet::new(),
            counts: BTreeSet::new(),
        };
        let mut rest = template;
        while let Some(found) = next_placeholder(rest) {
            match found.choice {
                None => names.values.insert(found.name),
                Some(_) => names.counts.insert(found.name),
            };
            rest = found.after;
        }
        names
    }
}

/// What is wrong with declared messages: an empty text, or templates that print
/// different values (a count the English one only uses to choose a word may be left
/// out of the Chinese one).
pub fn problems(texts: &Messages) -> Vec<String> {
    let mut found = Vec::new();
    for (id, t) in texts {
        if t.en.trim().is_empty() || t.zh.trim().is_empty() {
            found.push(format!("texts.{id}: both en and zh need a text"));
            continue;
        }
        let (en, zh) = (Placeholders::of(&t.en), Placeholders::of(&t.zh));
        let zh_names: BTreeSet<&str> = zh.values.union(&zh.counts).copied().collect();
        let en_names: BTreeSet<&str> = en.values.union(&en.counts).copied().collect();
        if !en.values.is_subset(&zh_names) || !zh_names.is_subset(&en_names) {
            found.push(format!(
                "texts.{id}: en uses {{{}}} but zh uses {{{}}}; both must name the same values",
                join(&en.values),
                join(&zh_names)
            ));
        }
    }
    found
}

fn join(names: &BTreeSet<&str>) -> String {
    names.iter().copied().collect::<Vec<_>>().join("}, {")
}

/// `say(id)` and `say(id, #{ … })`: a message as a finding's summary lists it.
pub fn register(engine: &mut Engine) {
    engine.register_fn("say", |id: &str| said(id, Map::new()));
    engine.register_fn("say", said);
}

fn said(id: &str, with: Map) -> Dynamic {
    let mut map = Map::new();
    map.insert("say".into(), id.into());
    map.insert("with".into(), Dynamic::from_map(with));
    Dynamic::from_map(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts() -> Messages {
        let mut texts = Messages::new();
        texts.insert(
            "busy".into(),
            MessageTexts {
                en: "{disk} is {pct} % busy".into(),
                zh: "{disk} 繁忙 {pct} %".into(),
            },
        );
        texts.insert(
            "end".into(),
            MessageTexts {
                en: ". Set {x}.".into(),
                zh: "。设置 {x}。".into(),
            },
        );
        texts
    }

    fn say(id: &str, with: &[(&str, Argument)]) -> Said {
        Said {
            say: id.into(),
            with: with
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        }
    }

    #[test]
    fn both_languages_come_from_one_list() {
        let said = [
            say(
                "busy",
                &[
                    ("disk", Argument::Text("vdb".into())),
                    ("pct", Argument::Text("85.0".into())),
                ],
            ),
            say("end", &[("x", Argument::Float(4.0))]),
        ];
        let (en, zh) = render(&said, &texts()).unwrap();
        assert_eq!(en, "vdb is 85.0 % busy. Set 4.0.", "as Rhai prints 4.0");
        assert_eq!(zh, "vdb 繁忙 85.0 %。设置 4.0。");
    }

    #[test]
    fn unknown_messages_and_missing_or_stray_arguments_are_errors() {
        let unknown = render(&[say("nope", &[])], &texts()).unwrap_err();
        assert!(unknown.contains("no such message"), "{unknown}");
        let missing = render(&[say("end", &[])], &texts()).unwrap_err();
        assert!(missing.contains("`x`"), "{missing}");
        let stray = [say(
            "end",
            &[("x", Argument::Integer(1)), ("y", Argument::Integer(2))],
        )];
        assert!(render(&stray, &texts()).unwrap_err().contains("`y`"));
    }

    #[test]
    fn a_list_is_joined_with_each_languages_comma() {
        let list = Argument::List(vec![
            Argument::Text("memcpy 12.0 %".into()),
            Argument::Integer(3),
            Argument::Float(2.5),
        ]);
        let said = [say(
            "busy",
            &[("disk", list), ("pct", Argument::Integer(9))],
        )];
        let (en, zh) = render(&said, &texts()).unwrap();
        assert_eq!(en, "memcpy 12.0 %, 3, 2.5 is 9 % busy");
        assert_eq!(zh, "memcpy 12.0 %，3，2.5 繁忙 9 %");
    }

    #[test]
    fn other_braces_are_plain_text() {
        let names = Placeholders::of("#{ a: 1 } {b} {c d} {} {e:x} {f:|} {g:a|b|c}");
        assert_eq!(names.values, BTreeSet::from(["b"]));
        assert_eq!(names.counts, BTreeSet::from(["f"]));
    }

    #[test]
    fn a_count_chooses_the_english_word() {
        let mut t = Messages::new();
        t.insert(
            "hung".into(),
            MessageTexts {
                en: "{n} hung {n:task|tasks}, {shown:error|errors} shown".into(),
                zh: "{n} 次任务挂起".into(),
            },
        );
        assert!(problems(&t).is_empty(), "{:?}", problems(&t));
        for (n, shown, expected) in [
            (
                Argument::Text("1".into()),
                Argument::Integer(2),
                "1 hung task, errors shown",
            ),
            (
                Argument::Text("1,200".into()),
                Argument::Float(1.0),
                "1,200 hung tasks, error shown",
            ),
        ] {
            let said = [say("hung", &[("n", n), ("shown", shown)])];
            assert_eq!(render(&said, &t).unwrap().0, expected);
        }
        let not_a_number = [say(
            "hung",
            &[("n", Argument::Integer(1)), ("shown", Argument::Flag(true))],
        )];
        assert!(
            render(&not_a_number, &t)
                .unwrap_err()
                .contains("must be a number")
        );
        t.get_mut("hung").unwrap().zh = "{n} 次，{other}".into();
        assert_eq!(problems(&t).len(), 1, "zh prints a value en does not name");
    }

    #[test]
    fn templates_must_name_the_same_values() {
        let mut t = texts();
        t.get_mut("busy").unwrap().zh = "{disk} 繁忙".into();
        let found = problems(&t);
        assert_eq!(found.len(), 1);
        assert!(found[0].contains("texts.busy"), "{found:?}");
        t.get_mut("end").unwrap().zh = " ".into();
        assert_eq!(problems(&t).len(), 2);
    }
}
