//! The built-in strategies against hand-worked cases (`fixtures/pd/strategy_cases.txt`)
//! and `lunatic` against Python itself (`fixtures/pd/lunatic_reference.txt`, written once
//! by python3 running the published rule).

use menace_pd::format::parse_input;
use menace_pd::strategies::find;

#[test]
fn strategies_answer_the_hand_worked_cases() {
    let mut n = 0;
    for line in include_str!("../../../../fixtures/pd/strategy_cases.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let parts: Vec<&str> = line.split('|').collect();
        let [name, input, want] = parts[..] else { panic!("bad case line {line:?}") };
        let input = input.trim().replace("\\n", "\n");
        let parsed = parse_input(input.as_bytes()).unwrap_or_else(|e| panic!("{line}: {e}"));
        let entry = find(name.trim()).unwrap();
        let got = (entry.play)(&parsed.view());
        let got: Vec<String> = got.takes.iter().map(|t| t.to_string()).collect();
        assert_eq!(got.join(" "), want.trim(), "{line}");
        n += 1;
    }
    assert!(n >= 20);
}

#[test]
fn lunatic_takes_exactly_what_python_would() {
    let lunatic = find("lunatic").unwrap();
    let mut n = 0;
    for line in include_str!("../../../../fixtures/pd/lunatic_reference.txt").lines() {
        if line.starts_with('#') {
            continue;
        }
        let mut it = line.split_whitespace();
        let seed: u64 = it.next().unwrap().parse().unwrap();
        let me: u32 = it.next().unwrap().parse().unwrap();
        let want: Vec<u32> = it.map(|t| t.parse().unwrap()).collect();
        let input = parse_input(format!("13 {me} 0\n{seed}\n").as_bytes()).unwrap();
        assert_eq!((lunatic.play)(&input.view()).takes, want, "seed {seed} id {me}");
        n += 1;
    }
    assert_eq!(n, 20 * 13);
}

#[test]
fn the_list_has_a_line_per_strategy_in_table_order_with_its_origin() {
    let list = menace_pd::strategies::list();
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), menace_pd::strategies::TABLE.len());
    for (line, e) in lines.iter().zip(menace_pd::strategies::TABLE) {
        assert!(line.starts_with(e.name) && line.ends_with(e.about), "{line}");
        assert!(line.contains(&format!("{:?}", e.origin).to_lowercase()), "{line}");
    }
}

#[test]
fn an_entry_answers_the_judge_s_input_or_says_why_not() {
    let entry = find("greedy").unwrap();
    let input = menace_pd::format::render_input(3, 2, &[], 7, b"");
    let parsed = parse_input(&input).unwrap();
    assert_eq!(entry.answer(&input).unwrap(), (entry.play)(&parsed.view()).render());
    let bad = entry.answer(b"no").unwrap_err();
    assert_eq!(bad, parse_input(b"no").unwrap_err().to_string());
}

/// `menace pd-player`'s round, in process: the answer, a refusal, and a judge that
/// stopped reading.
#[test]
fn a_round_answers_refuses_or_reports_a_closed_output() {
    use menace_pd::strategies::{play_round, RoundError};
    let mut out = Vec::new();
    play_round("greedy", &b"3 2 0\n5\n"[..], &mut out).unwrap();
    assert_eq!(out, b"1 3\n");
    let Err(RoundError::Refused(e)) = play_round("nosuch", &b"3 1 0\n5\n"[..], Vec::new()) else {
        panic!("an unknown name is refused")
    };
    assert!(e.starts_with("no strategy \"nosuch\"; the built-ins are:\n"), "{e}");
    let bad = play_round("greedy", &b"3 9 0\n5\n"[..], Vec::new());
    assert!(matches!(bad, Err(RoundError::Refused(e)) if e.contains("own id 9")));
    struct Closed;
    impl std::io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    assert_eq!(play_round("greedy", &b"3 2 0\n5\n"[..], Closed), Err(RoundError::Output));
}
