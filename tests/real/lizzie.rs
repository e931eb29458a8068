//! Lizzie 0.7.4 (Debian's liblizzie-java), the analysis GUI, drives `menace go --gtp` as
//! its engine under Xvfb: it starts the engine, opens a 9x9 game from docs/games, steps to
//! its 20th move, sends `lz-analyze` (or, when our engine is called KataGo, `kata-analyze
//! ... ownership true`), and must draw our candidate moves on the board. The
//! check reads the screen: Lizzie paints its best candidate as a filled cyan circle
//! (`BoardRenderer`: hue of RGB 0,255,255 at brightness 0.85, nearly opaque), a colour
//! nothing else in its default theme uses; the test waits for one such disc on the board.
//!
//! `MENACE_LIZZIE_PNG=docs/lizzie.png cargo test --test real lizzie::` also saves the screen
//! (Lizzie's window) as the Go guide's picture.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use menace_testkit::{require, Component};

/// The game Lizzie opens (menace-v2 as white against GNU Go level 10, won by 0.5).
const GAME: &str = "docs/games/9x9-komi7.5-level10-v2/game-002.sgf";
/// Moves Lizzie steps forward (one mouse-wheel notch each) before the picture.
const MOVES: usize = 20;

/// Kills the children it holds (Lizzie, then Xvfb) however the test ends.
struct Kill(Vec<Child>);

impl Drop for Kill {
    fn drop(&mut self) {
        for c in self.0.iter_mut().rev() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Starts Xvfb on a free display (it picks one and writes its number to `-displayfd`).
fn xvfb() -> (Child, String) {
    let mut x = Command::new("/usr/bin/Xvfb")
        .args(["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start Xvfb");
    let mut line = String::new();
    BufReader::new(x.stdout.take().unwrap()).read_line(&mut line).expect("Xvfb's display");
    let n: u32 = line.trim().parse().unwrap_or_else(|_| panic!("Xvfb said {line:?}"));
    (x, format!(":{n}"))
}

/// Runs an X client on `display` and returns its stdout (empty when it failed).
fn x_run(display: &str, program: &str, args: &[&str]) -> Vec<u8> {
    Command::new(program)
        .args(args)
        .env("DISPLAY", display)
        .stderr(Stdio::null())
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default()
}

/// The X windows whose name matches `pattern` (a regular expression, xdotool's).
fn windows(display: &str, pattern: &str) -> Vec<String> {
    let out = x_run(display, "/usr/bin/xdotool", &["search", "--name", pattern]);
    String::from_utf8_lossy(&out).lines().map(str::to_string).collect()
}

/// A screenshot: width, height and RGB bytes.
struct Shot {
    w: usize,
    h: usize,
    rgb: Vec<u8>,
}

/// The whole screen, read through ImageMagick's `import` as a binary PPM.
fn screenshot(display: &str) -> Option<Shot> {
    let ppm = x_run(display, "/usr/bin/import", &["-window", "root", "-depth", "8", "ppm:-"]);
    parse_ppm(&ppm)
}

/// A binary PPM (P6, maxval 255), as `import` writes it.
fn parse_ppm(bytes: &[u8]) -> Option<Shot> {
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes.get(i)?.is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !bytes.get(i)?.is_ascii_whitespace() {
            i += 1;
        }
        fields.push(std::str::from_utf8(&bytes[start..i]).ok()?);
    }
    let (w, h): (usize, usize) = (fields[1].parse().ok()?, fields[2].parse().ok()?);
    if fields[0] != "P6" || fields[3] != "255" {
        return None;
    }
    let rgb = bytes.get(i + 1..i + 1 + w * h * 3)?.to_vec();
    Some(Shot { w, h, rgb })
}

/// Lizzie's best-candidate cyan over its board: red low, green and blue high and close.
fn cyan(p: &[u8]) -> bool {
    let (r, g, b) = (i32::from(p[0]), i32::from(p[1]), i32::from(p[2]));
    r < 90 && g > 150 && b > 150 && (g - b).abs() < 45
}

/// The bounding box (x0, y0, x1, y1) and count of the cyan pixels, if any.
fn cyan_disc(s: &Shot) -> Option<((usize, usize, usize, usize), usize)> {
    let (mut x0, mut y0, mut x1, mut y1, mut n) = (usize::MAX, usize::MAX, 0, 0, 0);
    for y in 0..s.h {
        for x in 0..s.w {
            let i = (y * s.w + x) * 3;
            if cyan(&s.rgb[i..i + 3]) {
                (x0, y0, x1, y1, n) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y), n + 1);
            }
        }
    }
    (n > 0).then_some(((x0, y0, x1, y1), n))
}

/// Whether the cyan pixels make one filled disc the size of a 9x9 stone: a square-ish box
/// at least 20 pixels wide, filled like a circle (pi/4 of the box, less the numbers
/// written on it).
fn is_candidate_disc(((x0, y0, x1, y1), n): ((usize, usize, usize, usize), usize)) -> bool {
    let (w, h) = ((x1 - x0 + 1) as f64, (y1 - y0 + 1) as f64);
    let fill = n as f64 / (w * h);
    w >= 20.0 && (0.75..=1.33).contains(&(w / h)) && (0.4..=0.85).contains(&fill)
}

/// Waits (until `limit` after `start`) for a screen with Lizzie's best candidate on it,
/// failing at once if Lizzie shows its error dialog or `stalled` says it stopped.
fn wait_for_candidates(
    display: &str,
    start: Instant,
    limit: Duration,
    said: &dyn Fn() -> String,
    stalled: &dyn Fn(),
) -> Shot {
    // What the last screen held, for the message if no candidate comes.
    let mut seen = String::from("no screenshot taken");
    loop {
        let error = windows(display, "^Lizzie - Error!$");
        assert!(error.is_empty(), "Lizzie shows an error dialog:\n{}", said());
        stalled();
        if let Some(s) = screenshot(display) {
            let disc = cyan_disc(&s);
            if disc.is_some_and(is_candidate_disc) {
                return s;
            }
            seen = format!("last screen {}x{}: cyan pixels (box, count) {disc:?}", s.w, s.h);
        }
        assert!(
            start.elapsed() < limit,
            "Lizzie drew no candidate in {limit:?} ({seen}):\n{}",
            said()
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// How many pixels are near white (white stones; little else on Lizzie's screen is).
fn white(s: &Shot) -> usize {
    s.rgb.chunks(3).filter(|p| p.iter().all(|&c| c > 225)).count()
}

#[test]
fn a_ppm_is_read_and_a_cyan_disc_is_told_from_other_shapes() {
    let mut ppm = b"P6\n4 2\n255\n".to_vec();
    ppm.extend([0, 217, 217].repeat(3));
    ppm.extend([217, 152, 77].repeat(5));
    let s = parse_ppm(&ppm).unwrap();
    assert_eq!((s.w, s.h), (4, 2));
    assert_eq!(cyan_disc(&s), Some(((0, 0, 2, 0), 3)));
    assert!(parse_ppm(b"P6\n4 2\n255\n\0\0").is_none(), "short data");
    assert!(parse_ppm(b"P3\n1 1\n255\n0 0 0").is_none(), "not binary");
    // A disc of radius 20 is one; a bar or a square is not.
    let disc = |r: i64| (-r..=r).flat_map(move |y| (-r..=r).map(move |x| (x, y)));
    let n = disc(20).filter(|(x, y)| x * x + y * y <= 400).count();
    assert!(is_candidate_disc(((100, 100, 140, 140), n)));
    assert!(!is_candidate_disc(((100, 100, 200, 110), 1000)), "a bar");
    assert!(!is_candidate_disc(((100, 100, 140, 140), 41 * 41)), "a square");
    assert!(!is_candidate_disc(((100, 100, 105, 105), 28)), "too small");
}

#[test]
fn lizzie_shows_our_candidate_moves() {
    let Some(jar) = require(Component::Lizzie) else { return };
    let sent = retried(|| lizzie(&jar, "", "", "MENACE_LIZZIE_PNG"));
    assert!(sent.contains(" lz-analyze "), "Leela Zero's analysis:\n{sent}");
}

/// With `--gtp-name KataGo` Lizzie takes us for KataGo: it asks `kata-analyze ... ownership
/// true` and draws the ownership map (its "estimate") over the board, with each move's
/// score. `MENACE_LIZZIE_OWNERSHIP_PNG=docs/lizzie-ownership.png` saves the picture.
#[test]
fn lizzie_shows_our_ownership_map() {
    let Some(jar) = require(Component::Lizzie) else { return };
    let ui = "\"show-katago-estimate\": true, \"show-katago-estimate-onmainboard\": true, ";
    let sent = retried(|| lizzie(&jar, " --gtp-name KataGo", ui, "MENACE_LIZZIE_OWNERSHIP_PNG"));
    assert!(
        sent.lines().any(|l| l.contains(" kata-analyze ") && l.ends_with(" ownership true")),
        "KataGo's analysis with the ownership:\n{sent}"
    );
}

/// How long Lizzie may stay silent after the game's `komi` before it counts as stopped (see
/// [`retried`]): it sends the game's moves and its analysis command right after, in a second
/// or two on a quiet machine; the stop lasts minutes, and waiting the whole `limit` for it
/// cost 4 minutes of a CI run. Silence alone is not enough: at a load of 8 a Lizzie that
/// was still working (its Java threads busy on two starved cores) stayed silent past 30 s
/// in both tries, so a stop also needs Lizzie idle ([`STALL_CPU`]). With that, 10 s of
/// silence are enough: a stopped Lizzie used 70 to 250 ms of CPU in 30 s in CI's logs, a
/// working one starved to a quarter of a core still gets 2.5 s in 10 (30 s cost a CI run
/// 30 s each time Lizzie stopped, one run in three or four).
const STALL: Duration = Duration::from_secs(10);

/// The most CPU time Lizzie may use over a [`STALL`] of silence and still count as
/// stopped: a stopped Lizzie waits (a few timer wake-ups), a slow one computes.
const STALL_CPU: Duration = Duration::from_millis(600);

/// The CPU time (user and system, all threads) process `pid` has used so far, from
/// `/proc/PID/stat` (in the kernel's USER_HZ ticks, 100 a second); `None` once it is gone.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis: state is the 3rd field of the
    // line, utime and stime the 14th and 15th.
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Whether the last command Lizzie sent (`gtp-in.log`) is the game's `komi` (after GTP's
/// optional numeric id): where Lizzie 0.7.4 stops when it does.
fn last_command_is_komi(sent: &str) -> bool {
    let Some(line) = sent.lines().rev().find(|l| !l.trim().is_empty()) else { return false };
    let mut words = line.split_whitespace();
    let first = words.next();
    let command = if first.is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())) {
        words.next()
    } else {
        first
    };
    command == Some("komi")
}

#[test]
fn a_process_cpu_time_is_read_and_grows_while_it_computes() {
    let me = std::process::id();
    let before = cpu_time(me).expect("this process's /proc/PID/stat");
    // Spin until the count moves (a tick is 10 ms of CPU; a loaded machine may take a
    // while to give them), at most 20 s.
    let t = Instant::now();
    let mut x = 0u64;
    while cpu_time(me) == Some(before) && t.elapsed() < Duration::from_secs(20) {
        for _ in 0..100_000 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
    }
    assert!(cpu_time(me).unwrap() > before, "spinning shows in the count");
    assert_eq!(cpu_time(u32::MAX), None, "no such process");
}

#[test]
fn lizzies_stop_after_komi_is_told_from_a_session_that_goes_on() {
    assert!(last_command_is_komi("name\nversion\nboardsize 9\nkomi 7.5\n"));
    assert!(!last_command_is_komi("boardsize 9\nkomi 7.5\nplay B E5\n"), "moves followed");
    assert!(!last_command_is_komi("komi 7.5\nlz-analyze 10\n"), "the analysis followed");
    assert!(last_command_is_komi("7 boardsize 9\n8 komi 7.5\n"), "with GTP ids");
    assert!(!last_command_is_komi("8 komi 7.5\n9 lz-analyze 10\n"));
    assert!(!last_command_is_komi(""), "nothing sent yet: Lizzie is still starting");
}

/// How many Lizzies a test starts at most, one after another, while each stops (below).
const TRIES: usize = 3;

/// Runs `run`, again while Lizzie stops (up to [`TRIES`] in all). Lizzie 0.7.4 sometimes
/// stops after opening the game, before it sends the game's moves or any analysis: the last
/// command our engine hears is the game's `komi`, answered in full, and nothing follows
/// for minutes, Lizzie idle (seen here in 2 of 4 runs at a load of 9, with either engine
/// name, and in both tries of one test in a full run beside four Go matches; never on a
/// quiet machine). A new Lizzie then works. The stop is told after [`STALL`] of silence
/// with Lizzie idle; any other failure, ours, fails at once.
fn retried(run: impl Fn() -> String + std::panic::RefUnwindSafe) -> String {
    for attempt in 1..TRIES {
        match std::panic::catch_unwind(&run) {
            Ok(sent) => return sent,
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| e.downcast_ref::<&str>().copied())
                    .unwrap_or("");
                if !msg.starts_with("Lizzie stopped:") {
                    std::panic::resume_unwind(e);
                }
                eprintln!("Lizzie stopped before the analysis (try {attempt} of {TRIES}, above)");
            }
        }
    }
    run()
}

/// Runs Lizzie on the game with our engine (`flags` added to its command line, `ui`
/// prepended to Lizzie's `ui` settings) until it shows our candidates `MOVES` moves in;
/// saves its window where the environment variable `png` says; returns what Lizzie sent
/// the engine.
fn lizzie(jar: &Path, flags: &str, ui: &str, png: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let home = tempfile::tempdir().unwrap();
    // Debian's Lizzie reads ~/.config/leela-zero/lizzie-config.txt (README.Debian); Java
    // takes ~ from -Duser.home. Only the engine's command line is ours; the rest are
    // Lizzie's defaults. `--gtp-version 0.17`: Lizzie 0.7.4 wants Leela Zero 0.15 or later
    // (docs/go.md says why). The engine runs behind `tee`s that keep what Lizzie sends
    // and what it hears, so that a failure says which side stopped (Lizzie's own
    // `print-comms` would open its GTP console over the board).
    let engine_sh = home.path().join("engine.sh");
    std::fs::write(
        &engine_sh,
        format!(
            "#!/bin/sh\ncd '{home}' && tee -a gtp-in.log | '{menace}' go --gtp --gtp-version 0.17 \
             --playouts 2000 --threads 1{flags} | tee -a gtp-out.log\n",
            home = home.path().display(),
            menace = env!("CARGO_BIN_EXE_menace"),
        ),
    )
    .unwrap();
    let engine = format!("/bin/sh {}", engine_sh.display());
    let config = format!(
        "{{\"leelaz\": {{\"engine-command\": {engine:?}, \"print-comms\": false}},\n \
         \"ui\": {{{ui}\"resume-previous-game\": false, \"confirm-exit\": false}}}}\n"
    );
    let dir = home.path().join(".config/leela-zero");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("lizzie-config.txt"), config).unwrap();

    let (x, display) = xvfb();
    let mut children = Kill(vec![x]);
    // The jar itself, not /usr/games/lizzie: that launcher passes an extra argument, and
    // Lizzie opens a file only when it is the one argument.
    let log = home.path().join("lizzie.log");
    let lizzie = Command::new("/usr/bin/java")
        .arg(format!("-Duser.home={}", home.path().display()))
        .args(["-jar".as_ref(), jar.as_os_str(), root.join(GAME).as_os_str()])
        .env("DISPLAY", &display)
        .current_dir(home.path())
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(Stdio::from(std::fs::File::create(home.path().join("lizzie.err")).unwrap()))
        .spawn()
        .expect("start Lizzie");
    children.0.push(lizzie);
    // What Lizzie printed, the commands it sent, and the engine's answers (its analysis
    // lines counted, the last one shown).
    let said = || {
        let read = |name: &str| std::fs::read_to_string(home.path().join(name)).unwrap_or_default();
        let tail = |text: &str, n: usize| {
            let lines: Vec<&str> = text.lines().collect();
            lines[lines.len().saturating_sub(n)..].join("\n")
        };
        let out = read("gtp-out.log");
        let (info, answers): (Vec<&str>, Vec<&str>) =
            out.lines().partition(|l| l.starts_with("info"));
        let last_info: String = info.last().unwrap_or(&"").chars().take(300).collect();
        format!(
            "Lizzie's stdout:\n{}\nstderr:\n{}\nsent to the engine (the last 30):\n{}\n\
             the engine's answers (the last 30):\n{}\nanalysis lines: {}, the last: {last_info}",
            read("lizzie.log"),
            read("lizzie.err").chars().take(4000).collect::<String>(),
            tail(&read("gtp-in.log"), 30),
            tail(&answers.join("\n"), 30),
            info.len(),
        )
    };

    // Lizzie's stop after the game's `komi` (see `retried`): what it had sent, since when, and
    // Lizzie's CPU time then. A silence during which Lizzie keeps computing starts over.
    let pid = children.0.last().map(|c| c.id()).unwrap_or(0);
    let heard = std::cell::RefCell::new((String::new(), Instant::now(), cpu_time(pid)));
    let stalled = || {
        let sent = std::fs::read_to_string(home.path().join("gtp-in.log")).unwrap_or_default();
        let mut heard = heard.borrow_mut();
        if sent != heard.0 {
            *heard = (sent, Instant::now(), cpu_time(pid));
        }
        if !(last_command_is_komi(&heard.0) && heard.1.elapsed() > STALL) {
            return;
        }
        let used = match (heard.2, cpu_time(pid)) {
            (Some(then), Some(now)) => now.saturating_sub(then),
            _ => Duration::ZERO,
        };
        if used > STALL_CPU {
            // Busy, not stopped: watch the next stretch of silence.
            heard.1 = Instant::now();
            heard.2 = cpu_time(pid);
            return;
        }
        panic!(
            "Lizzie stopped: nothing sent for {STALL:?} after the game's komi, {used:?} of CPU \
             used meanwhile:\n{}",
            said()
        );
    };

    // The main window's title names the game's players once the SGF is open.
    let start = Instant::now();
    let limit = Duration::from_secs(240);
    let main = loop {
        if let Some(w) = windows(&display, "menace-v2").first() {
            break w.clone();
        }
        assert!(start.elapsed() < limit, "no Lizzie window with the game:\n{}", said());
        stalled();
        std::thread::sleep(Duration::from_millis(500));
    };
    // Lizzie is up when it shows the analysis of the opening position.
    let opening = wait_for_candidates(&display, start, limit, &said, &stalled);
    // Step through the game with the mouse wheel over the board (Lizzie's "next move").
    let geometry = x_run(&display, "/usr/bin/xdotool", &["getwindowgeometry", "--shell", &main]);
    let geometry = String::from_utf8_lossy(&geometry).to_string();
    let value = |k: &str| -> i64 {
        let line = geometry.lines().find_map(|l| l.strip_prefix(k)).expect(&geometry);
        line.trim_start_matches('=').parse().unwrap()
    };
    let (cx, cy) = (value("X") + value("WIDTH") / 2, value("Y") + value("HEIGHT") / 2);
    let (cx, cy, n) = (cx.to_string(), cy.to_string(), MOVES.to_string());
    let wheel = ["mousemove", &cx, &cy, "click", "--repeat", &n, "--delay", "150", "5"];
    x_run(&display, "/usr/bin/xdotool", &wheel);
    // Park the pointer off the board: hovering a candidate would draw its variation.
    x_run(&display, "/usr/bin/xdotool", &["mousemove", "0", "0"]);
    // The stones are on the board (white stones are the whitest big areas on the screen),
    // the position has stopped changing (the wheel's steps are all played: the same stones
    // on two screens a second apart), and the candidates of that position are drawn.
    let mut before = 0;
    loop {
        let now = white(&wait_for_candidates(&display, start, limit, &said, &stalled));
        if now > white(&opening) + 4 * 1000 && now == before {
            break;
        }
        before = now;
        assert!(start.elapsed() < limit, "Lizzie did not step through the game:\n{}", said());
        std::thread::sleep(Duration::from_secs(1));
    }
    if let Some(png) = std::env::var_os(png) {
        // Lizzie's window only, for the Go guide, once it shows the candidates too.
        loop {
            let ppm =
                x_run(&display, "/usr/bin/import", &["-window", &main, "-depth", "8", "ppm:-"]);
            if parse_ppm(&ppm).and_then(|s| cyan_disc(&s)).is_some_and(is_candidate_disc) {
                let mut convert = Command::new("/usr/bin/convert")
                    .args(["ppm:-".as_ref(), PathBuf::from(&png).as_os_str()])
                    .stdin(Stdio::piped())
                    .spawn()
                    .expect("convert");
                convert.stdin.take().unwrap().write_all(&ppm).unwrap();
                assert!(convert.wait().unwrap().success(), "convert failed");
                break;
            }
            assert!(start.elapsed() < limit, "no picture with candidates:\n{}", said());
            std::thread::sleep(Duration::from_millis(300));
        }
    }
    std::fs::read_to_string(home.path().join("gtp-in.log")).unwrap_or_default()
}
