//! Every repository path the documents name exists: a newcomer who follows a path in
//! README.md, protocol.md or docs/*.md finds the file. Files move (crates are split,
//! tests move beside their code), and a doc that still names the old place is the first
//! thing a reader trips on, so the documents are scanned on every `cargo test`.
//!
//! What counts as a path: a word that starts with one of [`ROOTS`] at a word boundary
//! (so `/usr/share/...` and URLs are not read as ours), and the target of every relative
//! Markdown link (`[text](games/koth-small)`, resolved from the document's folder).
//! A path written after a commit (`26c31bb:crates/go/tests/life.rs`, a file deleted since)
//! is checked in that commit instead, where git has the history.
//! `{a,b}` alternatives are expanded and each must exist; a `*` in a component, or a
//! component written in capitals (`crates/NAME/tests`), matches any entry but at least one
//! must exist. A word that names a prefix of files (`--curve docs/learning-curve-mixed`
//! writes `.csv`, `.jsonl` and `.svg`) counts when a file of that name plus an extension
//! exists.

use std::path::{Path, PathBuf};

/// Where a repository path starts: the folders at the root of the repository.
const ROOTS: &[&str] =
    &["crates/", "src/", "tests/", "fixtures/", "docs/", "scripts/", "examples/", "benches/"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The documents scanned: the README, the protocol and every page in docs/.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md"), root().join("protocol.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    docs.extend(pages);
    docs
}

/// Every document scanned, by its path in the repository, with its text.
fn texts() -> Vec<(String, String)> {
    documents()
        .into_iter()
        .map(|doc| {
            let text = std::fs::read_to_string(&doc).unwrap();
            (doc.strip_prefix(root()).unwrap().to_string_lossy().into_owned(), text)
        })
        .collect()
}

/// Characters that may continue a path word (`,` only inside `{...}`).
fn continues(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_-./*{}".contains(c)
}

/// The repository paths named on one line: words starting with a root folder.
fn words(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let before_ok = i == 0 || {
            let p = bytes[i - 1];
            !(p.is_ascii_alphanumeric() || "_-./:~$".contains(p))
        };
        let rest: String = bytes[i..].iter().take(10).collect();
        if before_ok && ROOTS.iter().any(|r| rest.starts_with(r)) {
            let mut j = i;
            let mut depth = 0;
            while j < bytes.len() {
                let c = bytes[j];
                match c {
                    '{' => depth += 1,
                    '}' if depth > 0 => depth -= 1,
                    '}' => break,
                    ',' if depth > 0 => {}
                    _ if continues(c) => {}
                    _ => break,
                }
                j += 1;
            }
            let word: String = bytes[i..j].iter().collect();
            let word = word.trim_end_matches(['.', ',', ':', ';']).to_string();
            found.push(word);
            i = j;
        } else {
            i += 1;
        }
    }
    found
}

/// The relative targets of the Markdown links on one line (`](target)`), anchors cut.
fn links(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split('#').next().unwrap_or("").trim();
        let external = target.contains("://") || target.starts_with("mailto:");
        if !target.is_empty() && !external {
            found.push(target.to_string());
        }
        rest = &after[end..];
    }
    found
}

/// `a{b,c}d` as `abd` and `acd` (nested and repeated braces too).
fn expand(word: &str) -> Vec<String> {
    let Some(open) = word.find('{') else { return vec![word.to_string()] };
    let mut depth = 0;
    let mut close = None;
    for (k, c) in word[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + k);
                    break;
                }
            }
            _ => {}
        }
    }
    let Some(close) = close else { return vec![word.to_string()] };
    let inner = &word[open + 1..close];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .flat_map(|p| expand(&format!("{}{p}{}", &word[..open], &word[close + 1..])))
        .collect()
}

/// Whether `pattern` (with `*` for any run of characters) matches `name`.
fn matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            name.starts_with(head) && (head.len()..=name.len()).any(|k| matches(tail, &name[k..]))
        }
    }
}

/// A component that stands for any entry: a glob, or a placeholder in capitals.
fn is_wild(component: &str) -> bool {
    component.contains('*')
        || (component.len() > 1 && component.chars().all(|c| c.is_ascii_uppercase()))
}

/// Whether one path (no braces) names something under `base`.
fn exists(base: &Path, path: &str) -> bool {
    let mut here = vec![base.to_path_buf()];
    let components: Vec<&str> = path.split('/').filter(|c| !c.is_empty() && *c != ".").collect();
    for (n, component) in components.iter().enumerate() {
        let last = n + 1 == components.len();
        let mut next = Vec::new();
        for dir in &here {
            if *component == ".." {
                next.push(dir.join(".."));
            } else if is_wild(component) {
                let Ok(entries) = std::fs::read_dir(dir) else { continue };
                for e in entries.flatten() {
                    let name = e.file_name().to_string_lossy().into_owned();
                    let pattern = if component.contains('*') { component } else { "*" };
                    if matches(pattern, &name) {
                        next.push(e.path());
                    }
                }
            } else if dir.join(component).exists() {
                next.push(dir.join(component));
            } else if last {
                // A prefix of files: `docs/learning-curve-mixed` for its .csv, .jsonl, .svg.
                let Ok(entries) = std::fs::read_dir(dir) else { continue };
                let prefix = format!("{component}.");
                if entries.flatten().any(|e| e.file_name().to_string_lossy().starts_with(&prefix)) {
                    next.push(dir.join(component));
                }
            }
        }
        here = next;
        if here.is_empty() {
            return false;
        }
    }
    true
}

/// Every path named in `text` (a document at `doc`, relative to the repository) that does
/// not exist under `repo`, as `doc:line: path`.
fn missing(repo: &Path, doc: &str, text: &str) -> Vec<String> {
    let folder = Path::new(doc).parent().map(|p| repo.join(p)).unwrap_or_else(|| repo.into());
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let named = words(line).into_iter().map(|w| (repo.to_path_buf(), w));
        let linked = links(line).into_iter().map(|l| (folder.clone(), l));
        for (base, word) in named.chain(linked) {
            for path in expand(&word) {
                let entry = format!("{doc}:{}: {path}", n + 1);
                // A link that is also a word (`[x](docs/a.md)` in the README) counts once.
                if !exists(&base, &path) && !out.contains(&entry) {
                    out.push(entry);
                }
            }
        }
    }
    out
}

/// The paths named at a commit on one line, `26c31bb:crates/go/tests/life.rs` (a file
/// deleted since, whose history the lab notebook cites), as `(commit, path)`.
fn at_commits(line: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (i, _) in line.match_indices(':') {
        let rev: String = line[..i].chars().rev().take_while(|c| c.is_ascii_hexdigit()).collect();
        let rev: String = rev.chars().rev().collect();
        let path: String = line[i + 1..].chars().take_while(|&c| continues(c)).collect();
        let path = path.trim_end_matches(['.', ',']).to_string();
        if (7..=40).contains(&rev.len()) && ROOTS.iter().any(|r| path.starts_with(r)) {
            found.push((rev, path));
        }
    }
    found
}

/// Whether git has the object `spec` (`git cat-file -e`), or `None` without git.
fn git_has(spec: &str) -> Option<bool> {
    let status = std::process::Command::new("git")
        .args(["cat-file", "-e", spec])
        .current_dir(root())
        .stderr(std::process::Stdio::null())
        .status()
        .ok()?;
    Some(status.success())
}

/// Whether `path` exists at commit `rev` of the repository; `None` when git or the
/// repository's history cannot say (a source tarball, a shallow clone without `rev`).
fn exists_at(rev: &str, path: &str) -> Option<bool> {
    if git_has(&format!("{rev}:{path}"))? {
        return Some(true);
    }
    git_has(&format!("{rev}^{{commit}}"))?.then_some(false)
}

/// A path named at a commit (`26c31bb:crates/...`) exists in that commit, where the
/// repository's history is at hand: the lab notebook names files deleted since by the
/// commit that last had them.
#[test]
fn every_path_named_at_a_commit_exists_there() {
    let mut missing = Vec::new();
    for (name, text) in texts() {
        for (n, line) in text.lines().enumerate() {
            for (rev, path) in at_commits(line) {
                if exists_at(&rev, &path) == Some(false) {
                    missing.push(format!("{name}:{}: {rev}:{path}", n + 1));
                }
            }
        }
    }
    assert!(missing.is_empty(), "paths named at a commit that lacks them:\n{}", missing.join("\n"));
    assert_eq!(
        at_commits("`26c31bb:crates/go/tests/life.rs`: and http://x:80/src, a:b"),
        [("26c31bb".to_string(), "crates/go/tests/life.rs".to_string())]
    );
    // Where the history is at hand, a path the commit lacks is told from one it has.
    if exists_at("26c31bb", "crates/go/tests/life.rs").is_some() {
        assert_eq!(exists_at("26c31bb", "crates/go/tests/no-such-file.rs"), Some(false));
    }
}

#[test]
fn every_repository_path_named_in_the_docs_exists() {
    let mut all = Vec::new();
    for (name, text) in texts() {
        all.extend(missing(root(), &name, &text));
    }
    assert!(all.is_empty(), "paths named in the docs that do not exist:\n{}", all.join("\n"));
}

#[test]
fn the_scan_reports_what_is_missing_and_accepts_what_exists() {
    let text = "\
The engine is in `crates/protocol/src/session.rs` and `crates/nonesuch/src/lib.rs`.
Tests: crates/{core,nonesuch}/tests, the curve docs/learning-curve-mixed, tests/*/main.rs.
See [the Go guide](go.md) and [nothing](no-such-page.md#x), [web](https://x.org/src/a).
Placeholders: crates/NAME/src and crates/NAME/nothing; /usr/share/src/x is not ours.
Globs that find nothing: docs/games/*/no-such-file.";
    let got = missing(root(), "docs/example.md", text);
    assert_eq!(
        got,
        [
            "docs/example.md:1: crates/nonesuch/src/lib.rs",
            "docs/example.md:2: crates/nonesuch/tests",
            "docs/example.md:3: no-such-page.md",
            "docs/example.md:4: crates/NAME/nothing",
            "docs/example.md:5: docs/games/*/no-such-file",
        ]
    );
    // At the root a link is read from the root, and one named twice is reported once.
    let got = missing(root(), "README.md", "[a](docs/go.md), [b](docs/gone.md)");
    assert_eq!(got, ["README.md:1: docs/gone.md"]);
}

#[test]
fn braces_and_globs_are_read_as_a_shell_would() {
    assert_eq!(expand("a/{b,c}/d{1,2}"), ["a/b/d1", "a/b/d2", "a/c/d1", "a/c/d2"]);
    assert!(matches("go_*.rs", "go_rules.rs") && !matches("go_*.rs", "pd_cli.rs"));
    assert_eq!(
        words("(`src/cli/go.rs`), crates/x/{a,b}/ and ../examples/y"),
        ["src/cli/go.rs", "crates/x/{a,b}/"]
    );
}

/// The README is a front door, not a lab notebook: short, and it names every crate (by its
/// package name, `menace-NAME` for `crates/NAME`) so a newcomer finds each one.
#[test]
fn the_readme_is_short_and_names_every_crate() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines; measurements belong in docs/");
    let mut unnamed = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let entry = entry.unwrap();
        if entry.path().join("Cargo.toml").exists() {
            let package = format!("menace-{}", entry.file_name().to_string_lossy());
            if !readme.contains(&format!("`{package}`")) {
                unnamed.push(package);
            }
        }
    }
    unnamed.sort();
    assert!(unnamed.is_empty(), "README.md's crate map does not name {unnamed:?}");
}
