//! `protocol.md` is kept in step with the code: its example session is replayed, and it
//! documents every command and every answer type the engine produces.

mod common;

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
    let (input, expected) = split(&blocks);
    let setup = "seed 5\ngames 1\nresign\nseed 7\ntrain 300 mixed:0.3\n";
    let got = engine(&[], dir.path(), &format!("{setup}{input}"));
    assert_eq!(&got[got.len() - expected.len()..], &expected[..]);
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
    assert!(blocks.len() >= 10);
    let (input, expected) = split(&blocks);
    let dir = tempfile::tempdir().unwrap();
    let got = engine(&["--seed", "5"], dir.path(), &input);
    assert_eq!(got.len(), expected.len(), "number of answers");
    for (want, got) in expected.iter().zip(&got) {
        match want.strip_suffix("[...]") {
            // `[...]` cuts a long answer short: the rest must match up to there.
            Some(prefix) => assert!(got.starts_with(prefix), "\nwant {want}\ngot  {got}"),
            None => assert_eq!(got, want),
        }
    }
}

#[test]
fn every_command_has_a_section() {
    let doc = protocol_md();
    for c in menace::protocol::COMMANDS {
        assert!(doc.contains(&format!("### `{}`", c.usage)), "protocol.md lacks ### `{}`", c.usage);
    }
}

#[test]
fn every_answer_type_in_the_transcripts_is_documented() {
    let doc = protocol_md();
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
        assert!(doc.contains(&format!("| `{t}` |")), "protocol.md's answer table lacks `{t}`");
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
    assert_eq!(examples.len(), 2);
    assert!(examples[0].0.contains("genmove") && examples[0].0.contains("showboard"));
    assert!(examples[1].0.contains("loadsgf"));
    // Run from the repository, where the second example's SGF path leads.
    let args = ["go", "--gtp", "--playouts", "2000", "--threads", "1"];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (sent, expected) in examples {
        assert_eq!(run_menace(&args, dir, &sent), expected, "{sent}");
    }
}
