//! `protocol.md` is kept in step with the code: its example session is replayed, and it
//! documents every command and every answer type the engine produces.

use crate::common;

fn protocol_md() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/protocol.md")).unwrap()
}

/// The text blocks of the section that starts at `heading`, up to the next `## `.
fn blocks_in_section(doc: &str, heading: &str) -> Vec<String> {
    let start = doc.find(heading).unwrap_or_else(|| panic!("{heading} missing"));
    let rest = &doc[start + heading.len()..];
    let section = &rest[..rest.find("\n## ").unwrap_or(rest.len())];
    section.split("```text\n").skip(1).map(|b| b[..b.find("```").unwrap()].to_string()).collect()
}

#[test]
fn save_and_load_examples_are_what_the_engine_says() {
    let dir = tempfile::tempdir().unwrap();
    let blocks = blocks_in_section(&protocol_md(), "## Saved state");
    let setup = "seed 5\ngames 1\nresign\nseed 7\ntrain 300 mixed:0.3\n";
    // The `import` line is cut short in the document: it is the state `export` answered.
    let blocks: Vec<String> = blocks.into_iter().filter(|b| !b.starts_with("$ ")).collect();
    let (input, expected) = split(&blocks);
    let exported = engine(&[], dir.path(), &format!("{setup}export\n"));
    let state: serde_json::Value = serde_json::from_str(exported.last().unwrap()).unwrap();
    let line = format!("import {}", state["state"]);
    let input: String = input
        .lines()
        .map(|l| {
            if l.starts_with("import ") && l.ends_with("[...]") {
                format!("{line}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let got = engine(&[], dir.path(), &format!("{setup}{input}"));
    let got = &got[got.len() - expected.len()..];
    compare(&expected, got);
}

/// Each answer equals the expected one, or starts with it where the document cuts it
/// short with `[...]`.
fn compare(expected: &[String], got: &[String]) {
    assert_eq!(got.len(), expected.len(), "number of answers");
    for (want, got) in expected.iter().zip(got) {
        match want.strip_suffix("[...]") {
            Some(prefix) => assert!(got.starts_with(prefix), "\nwant {want}\ngot  {got}"),
            None => assert_eq!(got, want),
        }
    }
}

/// The input lines and the expected answers (lines starting with `{`) of example blocks.
fn split(blocks: &[String]) -> (String, Vec<String>) {
    let mut input = String::new();
    let mut expected = Vec::new();
    for line in blocks.iter().flat_map(|b| b.lines()) {
        if line.starts_with('{') {
            expected.push(line.to_string());
        } else {
            input.push_str(line);
            input.push('\n');
        }
    }
    (input, expected)
}

/// The engine's answers to `input`, run with `args` in `dir`.
fn engine(args: &[&str], dir: &std::path::Path, input: &str) -> Vec<String> {
    run_menace(args, dir, input).lines().map(String::from).collect()
}

/// Everything `menace ARGS` prints on stdout for `input`, run in `dir`.
fn run_menace(args: &[&str], dir: &std::path::Path, input: &str) -> String {
    let out = common::menace(args, Some(dir), input.as_bytes());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_example_session_in_protocol_md_is_what_the_engine_says() {
    let blocks = blocks_in_section(&protocol_md(), "## Commands");
    // `$ menace ...` blocks are sessions of their own (checked below).
    let blocks: Vec<String> = blocks.into_iter().filter(|b| !b.starts_with("$ ")).collect();
    assert!(blocks.len() >= 20);
    let (input, expected) = split(&blocks);
    let dir = tempfile::tempdir().unwrap();
    let got = engine(&["--seed", "5"], dir.path(), &input);
    compare(&expected, &got);
}

/// The `$ menace FLAGS` examples (a command line, then input lines and answers) are what
/// the engine says with those flags.
#[test]
fn the_command_line_examples_are_what_the_engine_says() {
    let doc = protocol_md();
    let blocks: Vec<&str> =
        doc.split("```text\n").skip(1).map(|b| &b[..b.find("```").unwrap()]).collect();
    let mut checked = 0;
    for block in blocks {
        let Some(rest) = block.strip_prefix("$ menace") else { continue };
        let (flags, body) = rest.split_once('\n').unwrap();
        let flags = flags.split('#').next().unwrap();
        let args: Vec<&str> = flags.split_whitespace().collect();
        let (input, expected) = split(&[body.to_string()]);
        let dir = tempfile::tempdir().unwrap();
        let got = engine(&args, dir.path(), &input);
        compare(&expected, &got[..expected.len().min(got.len())]);
        checked += 1;
    }
    assert!(checked >= 3, "{checked} command-line examples");
}

#[test]
fn every_command_has_a_section_and_every_section_a_command() {
    let doc = protocol_md();
    let usages: Vec<&str> = menace_protocol::COMMANDS.iter().map(|c| c.usage).collect();
    for usage in &usages {
        assert!(doc.contains(&format!("### `{usage}`")), "protocol.md lacks ### `{usage}`");
    }
    for heading in doc.lines().filter_map(|l| l.strip_prefix("### `")) {
        let usage = heading.trim_end_matches('`');
        let known = usages.contains(&usage) || ["matchboxes", "error"].contains(&usage);
        assert!(known, "protocol.md documents ### `{usage}`, which the command table lacks");
    }
}

#[test]
fn the_command_list_is_the_command_table() {
    let doc = protocol_md();
    let (start, end) = ("<!-- command-list -->\n", "<!-- /command-list -->");
    let a = doc.find(start).expect("command-list marker") + start.len();
    let b = doc.find(end).expect("end marker");
    let want = menace_protocol::command::command_list();
    if std::env::var_os("MENACE_BLESS").is_some() && doc[a..b] != want {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/protocol.md");
        std::fs::write(path, format!("{}{want}{}", &doc[..a], &doc[b..])).unwrap();
        return;
    }
    assert_eq!(doc[a..b], want, "protocol.md's command list (MENACE_BLESS=1 rewrites it)");
}

/// `help` lists every command of protocol.md's command list, in its order, with its text,
/// in each game (the golden transcripts ask for one command's help, so that a new command
/// changes protocol.md and not them).
#[test]
fn help_lists_protocol_mds_command_list() {
    let doc = protocol_md();
    let start = doc.find("<!-- command-list -->").expect("command-list marker");
    // A private session (the menace learner) lists every row but the class's own.
    let rows: Vec<(String, String)> = doc[start..]
        .lines()
        .skip(3)
        .take_while(|l| l.starts_with("| `"))
        .map(|l| l.split(" | ").collect::<Vec<&str>>())
        .filter(|cells| !cells[2].contains("class only"))
        .map(|cells| {
            let usage = cells[0].trim_start_matches("| `").trim_end_matches('`');
            (usage.to_string(), cells[cells.len() - 1].trim_end_matches(" |").to_string())
        })
        .collect();
    assert!(rows.len() >= 20, "{} rows", rows.len());
    let dir = tempfile::tempdir().unwrap();
    for game in ["ttt", "nim", "hexapawn"] {
        let got = engine(&["--game", game], dir.path(), "help\n");
        let help: serde_json::Value = serde_json::from_str(&got[0]).unwrap();
        let listed: Vec<(String, String)> = help["commands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["usage"].as_str().unwrap().into(), c["summary"].as_str().unwrap().into()))
            .collect();
        assert_eq!(listed, rows, "{game}");
    }
}

/// The `type`s of the answer table in protocol.md.
fn documented_answer_types(doc: &str) -> Vec<String> {
    let start = doc.find("## Answers").expect("## Answers");
    doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| `"))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.strip_prefix("| `").and_then(|r| r.split('`').next()).map(String::from))
        .filter(|t| t != "type")
        .collect()
}

#[test]
fn every_answer_type_has_an_example() {
    let doc = protocol_md();
    let types = documented_answer_types(&doc);
    assert!(types.len() >= 20, "{types:?}");
    for t in types {
        assert!(
            doc.contains(&format!("{{\"type\":\"{t}\"")),
            "protocol.md has no example of `{t}`"
        );
    }
}

#[test]
fn every_answer_type_in_the_transcripts_is_documented() {
    let doc = protocol_md();
    let documented = documented_answer_types(&doc);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/transcripts");
    let mut types = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "out") {
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                types.insert(v["type"].as_str().unwrap().to_string());
            }
        }
    }
    assert!(types.len() >= 10, "{types:?}");
    for t in types {
        assert!(documented.contains(&t), "protocol.md's answer table lacks `{t}`");
    }
}

/// The GTP examples in docs/go.md (the blocks of its GTP section made of `> ` exchanges),
/// each as (everything sent, everything expected).
fn gtp_examples() -> Vec<(String, String)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/go.md")).unwrap();
    let start = doc.find("## GTP").expect("GTP section");
    let rest = &doc[start + 1..];
    let section = &rest[..rest.find("\n## ").unwrap_or(rest.len())];
    let blocks = section.split("```\n").skip(1).step_by(2).filter(|b| b.starts_with("> "));
    blocks
        .map(|block| {
            let (mut sent, mut expected) = (String::new(), String::new());
            for line in block.split_inclusive('\n') {
                match line.strip_prefix("> ") {
                    Some(cmd) => sent.push_str(cmd),
                    None => expected.push_str(line),
                }
            }
            (sent, expected)
        })
        .collect()
}

#[test]
fn the_gtp_examples_in_docs_go_md_are_what_the_engine_says() {
    let examples = gtp_examples();
    assert_eq!(examples.len(), 3);
    assert!(examples[0].0.contains("genmove") && examples[0].0.contains("showboard"));
    assert!(examples[1].0.contains("loadsgf"));
    assert!(examples[2].0.contains("final_status_list dead"));
    // Run from the repository, where the second example's SGF path leads.
    let args = ["go", "--gtp", "--playouts", "2000", "--threads", "1", "--profile", "v1"];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (sent, expected) in examples {
        assert_eq!(run_menace(&args, dir, &sent), expected, "{sent}");
    }
}

/// The piped examples of the README, protocol.md and docs/menace.md (`$ printf 'LINES' |
/// menace FLAGS`, then the answers a program reads, `...` where the document stops) are
/// what the engine writes on standard output: nothing else, no greeting.
#[test]
fn the_piped_examples_in_the_readme_and_docs_are_what_a_program_reads() {
    let mut checked = 0;
    for doc in ["README.md", "protocol.md", "docs/menace.md"] {
        let text =
            std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc))
                .unwrap();
        for block in text.split("```text\n").skip(1).map(|b| &b[..b.find("```").unwrap()]) {
            let Some(rest) = block.strip_prefix("$ printf '") else { continue };
            let (input, rest) = rest.split_once('\'').unwrap();
            let (command, answers) = rest.split_once('\n').unwrap();
            let args: Vec<&str> =
                command.trim().strip_prefix("| menace").unwrap().split_whitespace().collect();
            let input = input.replace("\\n", "\n");
            let expected: Vec<String> =
                answers.lines().take_while(|l| *l != "...").map(String::from).collect();
            let dir = tempfile::tempdir().unwrap();
            let got = engine(&args, dir.path(), &input);
            assert!(got.len() >= expected.len(), "{doc}: {} answers, want {expected:?}", got.len());
            assert_eq!(got[..expected.len()], expected, "{doc}: {command}");
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} piped examples");
}

/// The class's examples in protocol.md (`who> line` and `who< answer` lines) are in the
/// class's golden transcript, each block's lines in order; an answer cut short with `...`
/// matches up to the cut.
#[test]
fn the_class_examples_are_in_the_class_transcript() {
    let doc = protocol_md();
    let blocks = blocks_in_section(&doc, "## A class");
    let golden =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/class/session.out"))
            .unwrap();
    let golden: Vec<&str> = golden.lines().collect();
    let mut checked = 0;
    for block in &blocks {
        let mut at = 0;
        for line in block.lines() {
            let want = line.split("[...]").next().unwrap().split(", ...]").next().unwrap();
            let Some(i) = golden[at..].iter().position(|g| g.starts_with(want)) else {
                panic!("protocol.md's class example {line:?} is not in fixtures/class/session.out in its block's order")
            };
            at += i + 1;
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked} class example lines");
}
