//! One line can no longer exhaust memory: answers stream to the sink as they are made and
//! games run in a loop, so the heap a line needs does not grow with the games it plays.
//!
//! The case from the issue: MENACE under the resign rule with an empty first box resigns
//! every game at once, so `games N` plays N games in one line (each answered with
//! `new_game`, `result` and a 304-box `matchboxes` dump). A counting allocator measures
//! the peak heap of the line; the peak for 10,000 games must equal, within a small margin,
//! the peak for 1,000 (before the fix it grew by about 29 KB a game: 260 MB more, against a
//! margin of 64 KB; 40,000 games, as it was, spent 5 s of CI serialising 1.2 GB of JSON
//! to say the same). The figures are
//! printed (`cargo test -p menace-protocol --test memory -- --nocapture`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use menace_core::menace::BeadRules;
use menace_protocol::{Answer, Closed, Session, Sink, Stop};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only counters move.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::SeqCst);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            CURRENT.fetch_sub(layout.size(), Ordering::SeqCst);
            let now = CURRENT.fetch_add(new_size, Ordering::SeqCst) + new_size;
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Counts answers and the bytes of their JSON lines, keeping none of them.
#[derive(Default)]
struct Counter {
    answers: u64,
    bytes: u64,
    results: u64,
}

impl Sink for Counter {
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
        self.answers += 1;
        self.bytes += answer.to_json().len() as u64 + 1;
        self.results += u64::from(matches!(answer, Answer::Result { .. }));
        Ok(())
    }
}

/// A Scroggs MENACE (resign on an empty box) whose first box is empty.
fn resigning_session() -> Session {
    let mut session = Session::new(BeadRules::scroggs(), 1);
    let mut state = session.state().unwrap();
    state.boxes[0].beads = vec![0; 9];
    session.restore(&state).unwrap();
    session
}

/// The peak heap above the start while `session` handles `line`, and what it answered.
fn peak_of(session: &mut Session, line: &str) -> (usize, Counter) {
    let mut sink = Counter::default();
    let base = CURRENT.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    session.handle_line(line, &mut sink, &Stop::new());
    (PEAK.load(Ordering::SeqCst) - base, sink)
}

#[test]
fn games_under_resign_with_an_empty_first_box_stream_in_constant_memory() {
    let (small, few) = peak_of(&mut resigning_session(), "games 1000");
    let (large, many) = peak_of(&mut resigning_session(), "games 10000");
    assert_eq!(few.results, 1000);
    assert_eq!(many.results, 10_000);
    // new_game, result and matchboxes per game, then match_over.
    assert_eq!(many.answers, 3 * 10_000 + 1);
    println!(
        "peak heap of one line: games 1000 -> {small} bytes, games 10000 -> {large} bytes \
         ({} answers, {} bytes of JSON streamed)",
        many.answers, many.bytes
    );
    // Ten times the games, the same peak (a margin for allocator rounding): collecting
    // the answers would need about 10,000 x 29 KB.
    assert!(large <= small + 64 * 1024, "{small} -> {large}");
    assert!(large < 4 << 20, "{large}");
}
