//! The memory `loadsgf` takes, counted by the allocator (a test binary of its own, so no
//! other test allocates beside it): 1 MB of passes, the hostile file of issue 75, which
//! took 2.4 GB when a game kept a board for each position.

use menace_go::io::gtp::GtpEngine;
use menace_go::io::sgf::LOAD_BYTES_PER_BYTE;
use menace_go::rules::game::BYTES_PER_MOVE;
use menace_go::search::mcts::SearchConfig;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, counting the bytes live now and at the most since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

#[test]
fn a_megabyte_of_passes_loads_within_the_stated_memory() {
    // 1 MiB less the header: the largest file `loadsgf` reads, every node a pass.
    let head = "(;GM[1]FF[4]SZ[19]KM[7.5]";
    let nodes = ((1 << 20) - head.len() - 1) / 4;
    let mut text = String::from(head);
    for i in 0..nodes {
        text.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    text.push(')');
    assert!(text.len() <= 1 << 20);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("passes.sgf");
    std::fs::write(&path, &text).unwrap();
    drop(text);

    let mut e = GtpEngine::new(SearchConfig::default());
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let answer = e.handle_line(&format!("loadsgf {}", path.display())).unwrap();
    assert_eq!(answer, "=\n\n");
    let (held, peak) = (LIVE.load(Relaxed) - base, PEAK.load(Relaxed) - base);
    eprintln!("{nodes} passes: {held} bytes held after, {peak} at the peak");
    // The game the engine keeps: at most BYTES_PER_MOVE a move.
    assert!(held <= nodes * BYTES_PER_MOVE, "{held} bytes for {nodes} moves");
    // While it loads: at most LOAD_BYTES_PER_BYTE for each byte of the file.
    assert!(peak <= LOAD_BYTES_PER_BYTE << 20, "{peak} bytes at the peak");
    // Every pass was played: undo takes the last one back.
    assert_eq!(e.handle_line("undo").unwrap(), "=\n\n");
}
