//! What a real lesson needs of the class page (issue 59), in a real Chromium: the teacher is
//! asked before the class's machine is replaced, and the machine comes back from "Earlier
//! machines"; a page whose connection drops connects again by itself under the same name
//! and says that the game in flight was not counted; the server's errors are shown in the
//! page's language by their code; the boxes are numbered and grouped by MENACE's move and
//! the explanation's link finds the box; the projector view at 1920x1080 and 1024x768,
//! its QR code read back from a screenshot to the class's address, axe-core clean.
//!
//! `MENACE_SHOTS=1` keeps screenshots in Cargo's scratch folder;
//! `MENACE_DOCS=1 cargo test -p menace-serve --test real lesson::` also writes
//! docs/projector.png and docs/class-390-hi.png, docs/class-390-bn.png.

use crate::chrome;
use crate::common;

use std::net::SocketAddr;

use chrome::{
    axe, browser, click, js, screenshot, set_value, start_driver, tempdir, to_docs, wait_for,
};
use common::class::{record, start_class, start_class_on, KEY};
use fantoccini::{Client, Locator};
use menace_serve::class::{ClassOptions, Room};
use serde_json::{json, Value};

/// The text of message `id` in language `lang` with `args`, as the catalogs have it.
fn text(lang: &str, id: &str, args: &[(&str, menace_i18n::Arg)]) -> String {
    menace_i18n::Catalog::new(lang).unwrap().text(id, args)
}

/// The class page at `/?query`, its boxes drawn and connected.
async fn open(c: &Client, addr: SocketAddr, query: &str, boxes: usize) {
    c.goto(&format!("http://{addr}/?{query}")).await.unwrap();
    wait_for(c, &format!("document.querySelectorAll('#boxes .box').length === {boxes}")).await;
    wait_for(c, "document.getElementById('connection').classList.contains('ok')").await;
}

/// Plays the page's game (just asked for) to its end by clicking the first free cell each
/// time; returns once the explanation shows what the game taught.
pub(crate) async fn play_to_the_end(c: &Client) {
    wait_for(c, "window.classPage.inMatch").await;
    loop {
        wait_for(
            c,
            "document.querySelector('#board button:not([disabled])') !== null || !window.classPage.inMatch",
        )
        .await;
        if js(c, "window.classPage.inMatch").await == json!(false) {
            break;
        }
        let marks = js(c, "document.querySelectorAll('#board button[data-mark]').length").await;
        click(c, "#board button:not([disabled])").await;
        wait_for(
            c,
            &format!(
                "document.querySelectorAll('#board button[data-mark]').length > {marks} + 1 \
                 || !window.classPage.inMatch"
            ),
        )
        .await;
    }
    wait_for(c, "document.querySelector('#explain .xrule') !== null").await;
}

/// Whether the confirmation dialog is open.
async fn asking(c: &Client) -> bool {
    js(c, "document.getElementById('confirm').open").await == json!(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_teacher_is_asked_before_the_machine_is_replaced_and_brings_it_back() {
    let Some(driver) = start_driver() else { return };
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let c = browser(driver, &tempdir("teacher")).await;
    open(&c, addr, "lang=en", 304).await;
    set_value(&c, "name", "Ada").await;
    click(&c, "#new-game").await;
    play_to_the_end(&c).await;
    wait_for(&c, "document.getElementById('games').textContent === '1 game'").await;

    // Without a key nothing is asked and nothing is sent: the page says the key is needed.
    click(&c, "#reset").await;
    assert!(!asking(&c).await, "asked before the key was given");
    let said = js(&c, "document.getElementById('teacher-message').textContent").await;
    assert_eq!(said, json!(text("en", "class-key-needed", &[])));

    // With the key: asked first, saying what goes; "Cancel" sends nothing.
    set_value(&c, "key", KEY).await;
    click(&c, "#reset").await;
    wait_for(&c, "document.getElementById('confirm').open").await;
    let body = js(&c, "document.getElementById('confirm-body').textContent").await;
    let body = body.as_str().unwrap();
    assert!(body.contains("the score of 1 game, 1 player on the board"), "{body}");
    assert!(body.contains("Earlier machines"), "{body}");
    // The dialog is modal and starts on the safe answer.
    assert_eq!(js(&c, "document.activeElement.id").await, json!("confirm-no"));
    click(&c, "#confirm-no").await;
    assert!(!asking(&c).await);
    // A train is the next thing the server hears: had the reset gone, it would count 10.
    set_value(&c, "train-games", "10").await;
    click(&c, "#train").await;
    wait_for(&c, "document.getElementById('teacher-message').textContent.startsWith('Trained 10')")
        .await;
    assert_eq!(record(&room).games_played(), 11, "the cancelled reset was not sent");
    let boxes = record(&room).machine().clone();

    // "Replace it": the class starts again, and the machine it had is an earlier machine.
    click(&c, "#reset").await;
    wait_for(&c, "document.getElementById('confirm').open").await;
    click(&c, "#confirm-yes").await;
    wait_for(&c, "document.getElementById('games').textContent === '0 games'").await;
    assert_eq!(record(&room).games_played(), 0);
    wait_for(&c, "document.querySelectorAll('#previous button.bring-back').length === 1").await;
    let entry = js(&c, "document.querySelector('#previous li').textContent").await;
    let entry = entry.as_str().unwrap();
    assert!(entry.contains("replaced by a reset") && entry.contains("11 games"), "{entry}");
    assert!(entry.contains("1 player"), "{entry}");
    screenshot(&c, "lesson-earlier-machines.png").await;

    // Bringing it back asks too, then gives back the very boxes, score and players.
    click(&c, "#previous button.bring-back").await;
    wait_for(&c, "document.getElementById('confirm').open").await;
    click(&c, "#confirm-yes").await;
    wait_for(&c, "document.getElementById('games').textContent === '1 game'").await;
    let back = record(&room);
    assert_eq!(back.games_played(), 11);
    assert_eq!(common::class::beads(back.machine()), common::class::beads(&boxes));
    wait_for(&c, "document.querySelectorAll('#players tbody tr').length === 1").await;
    c.close().await.unwrap();
}

/// A TCP relay between the browser and the server that can cut every connection through it
/// at once, as a Wi-Fi drop or a sleeping laptop does; connections made afterwards pass.
struct Relay {
    addr: SocketAddr,
    cut: tokio::sync::watch::Sender<u64>,
}

impl Relay {
    async fn to(server: SocketAddr) -> Relay {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (cut, _) = tokio::sync::watch::channel(0u64);
        let cuts = cut.clone();
        tokio::spawn(async move {
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else { return };
                let mut cut = cuts.subscribe();
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(server).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = cut.changed() => {}
                    }
                    // Both ends dropped here: each side sees its connection end.
                });
            }
        });
        Relay { addr, cut }
    }

    fn cut(&self) {
        self.cut.send_modify(|n| *n += 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_comes_back_by_itself_under_the_same_name() {
    let Some(driver) = start_driver() else { return };
    let mut options = ClassOptions::new(Some(KEY.into()), None).unwrap();
    options.seed = 7;
    let room = Room::open(options, menace_serve::Limits::default()).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = listener.local_addr().unwrap();
    // The relay's own address is a name the server answers to.
    let relay = Relay::to(server).await;
    let allow = vec![relay.addr.to_string()];
    let router = menace_serve::class_app(room.clone());
    tokio::spawn(async move {
        menace_serve::serve_router(listener, router, &allow, std::future::pending()).await
    });

    let c = browser(driver, &tempdir("dropped")).await;
    open(&c, relay.addr, "lang=hi", 304).await;
    set_value(&c, "name", "Ada").await;
    click(&c, "#new-game").await;
    wait_for(&c, "document.querySelector('#board button:not([disabled])') !== null").await;
    click(&c, "#board button:not([disabled])").await;
    wait_for(&c, "document.querySelectorAll('#board button[data-mark]').length >= 3").await;

    // The wire is cut mid-game.
    relay.cut();
    // The page says, in Hindi, that the game was not counted, and connects again.
    let dropped = text("hi", "class-game-dropped", &[]);
    wait_for(&c, &format!("document.getElementById('message').textContent === {dropped:?}")).await;
    wait_for(&c, "window.classPage.reconnects >= 1").await;
    let again = text("hi", "class-connection-again", &[]);
    wait_for(&c, &format!("document.getElementById('connection').textContent === {again:?}")).await;
    assert_eq!(
        js(&c, "document.querySelectorAll('#board button:not([disabled])').length").await,
        json!(0)
    );
    // The abandoned game taught the class nothing.
    assert_eq!(record(&room).games_played(), 0);
    // Under the same name, without typing it again: a whole game counts for Ada.
    wait_for(&c, "document.getElementById('name-note').textContent.includes('Ada')").await;
    click(&c, "#new-game").await;
    play_to_the_end(&c).await;
    wait_for(&c, "document.querySelectorAll('#players tbody tr').length === 1").await;
    let class = record(&room);
    assert_eq!(class.games_played(), 1);
    let players: Vec<&String> = class.class().players.keys().collect();
    assert_eq!(players, ["Ada"]);
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_errors_are_shown_in_hindi_by_their_code() {
    let Some(driver) = start_driver() else { return };
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let c = browser(driver, &tempdir("errors")).await;
    open(&c, addr, "lang=hi", 304).await;
    // A name with an invisible character: the refusal is the catalog's Hindi.
    set_value(&c, "name", "Ada\u{200b}").await;
    click(&c, "#new-game").await;
    let invisible = text("hi", "error-name-invisible", &[]);
    wait_for(&c, &format!("document.getElementById('message').textContent === {invisible:?}"))
        .await;
    // A wrong key, then a teacher's command: "wrong key" is what stays on the page, not
    // the command's own refusal, and the command was never sent.
    set_value(&c, "key", "not the key at all").await;
    set_value(&c, "train-games", "10").await;
    click(&c, "#train").await;
    let wrong = text("hi", "error-wrong-key", &[]);
    wait_for(&c, &format!("document.getElementById('teacher-message').textContent === {wrong:?}"))
        .await;
    // Another round trip: nothing more arrives for the teacher's line.
    set_value(&c, "name", "Bo").await;
    click(&c, "#new-game").await;
    wait_for(&c, "document.getElementById('name-note').textContent.includes('Bo')").await;
    let still = js(&c, "document.getElementById('teacher-message').textContent").await;
    assert_eq!(still, json!(wrong));
    assert_eq!(record(&room).games_played(), 0, "the train was not sent");
    c.close().await.unwrap();
}

/// The headings of the boxes' groups.
async fn groups(c: &Client) -> Value {
    js(c, "[...document.querySelectorAll('#boxes h3')].map(h => h.textContent)").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_boxes_are_numbered_grouped_by_menaces_move_and_found_from_the_explanation() {
    let Some(driver) = start_driver() else { return };
    let (addr, _room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let c = browser(driver, &tempdir("boxes")).await;
    open(&c, addr, "lang=en", 304).await;
    assert_eq!(
        groups(&c).await,
        json!([
            "Its move 1: 1 box",
            "Its move 2: 12 boxes",
            "Its move 3: 108 boxes",
            "Its move 4: 183 boxes"
        ])
    );
    // Each box carries its number, and the id the explanation's link lands on.
    let numbers = js(
        &c,
        "[...document.querySelectorAll('#boxes .box')].every(b => b.id === 'box-' + b.dataset.index \
         && b.querySelector('.box-number').textContent === String(Number(b.dataset.index)))",
    )
    .await;
    assert_eq!(numbers, json!(true));
    // MENACE's move, then the link in the explanation: the box is outlined and in view.
    set_value(&c, "name", "Ada").await;
    click(&c, "#new-game").await;
    wait_for(&c, "document.querySelector('#explain a[data-box]') !== null").await;
    let target = js(&c, "document.querySelector('#explain a[data-box]').dataset.box").await;
    click(&c, "#explain a[data-box]").await;
    let found = format!("document.getElementById('box-{}')", target.as_str().unwrap());
    wait_for(&c, &format!("{found}.classList.contains('found')")).await;
    let seen = js(
        &c,
        &format!(
            "(() => {{ const r = {found}.getBoundingClientRect(); \
             return r.top >= 0 && r.bottom <= window.innerHeight; }})()"
        ),
    )
    .await;
    assert_eq!(seen, json!(true), "the box found is on the screen");
    assert_eq!(
        js(&c, "document.activeElement.id").await,
        json!(format!("box-{}", target.as_str().unwrap()))
    );

    // In Bengali the numbers are Bengali's, the marks shapes, never the letter O.
    open(&c, addr, "lang=bn", 304).await;
    let n76 = js(&c, "document.querySelector('#box-76 .box-number').textContent").await;
    assert_eq!(n76, json!("৭৬"));
    let letters = js(&c, "[...document.querySelectorAll('#boxes .box span')].filter(s => /[XO]/.test(s.textContent)).length").await;
    assert_eq!(letters, json!(0), "a mark written as a letter");
    // Box 1 (MENACE's second move) shows an X and an O: two shapes.
    let shapes = js(&c, "document.querySelectorAll('#box-1 svg.mark-shape').length").await;
    assert_eq!(shapes, json!(2));
    c.close().await.unwrap();

    // MENACE playing second: its moves 1 to 4 (the private page's boxes are grouped by
    // the same code).
    let (addr, _room, _stop, _task) = start_class_on(
        None,
        menace_serve::Limits::default(),
        Some(menace_core::game::Side::Second),
    )
    .await;
    let c = browser(driver, &tempdir("boxes-second")).await;
    open(&c, addr, "lang=en", 289).await;
    let second = json!([
        "Its move 1: 3 boxes",
        "Its move 2: 38 boxes",
        "Its move 3: 153 boxes",
        "Its move 4: 95 boxes"
    ]);
    assert_eq!(groups(&c).await, second);
    let private = common::start(menace_serve::Limits::default()).await;
    c.goto(&format!("http://{private}/?side=second&lang=en")).await.unwrap();
    wait_for(&c, "document.querySelectorAll('#boxes .box').length === 289").await;
    assert_eq!(groups(&c).await, second);
    let said = js(&c, "document.getElementById('message').textContent").await;
    assert_eq!(said, json!(text("en", "message-start-second", &[])));
    c.close().await.unwrap();
}

/// Sizes the window so that the page itself is `w` by `h` pixels (a projector's screen).
async fn viewport(c: &Client, w: u32, h: u32) {
    c.set_window_size(w, h).await.unwrap();
    let inner = js(c, "[window.innerWidth, window.innerHeight]").await;
    let (iw, ih) = (inner[0].as_u64().unwrap() as u32, inner[1].as_u64().unwrap() as u32);
    c.set_window_size(w + (w - iw), h + (h - ih)).await.unwrap();
    let inner = js(c, "[window.innerWidth, window.innerHeight]").await;
    assert_eq!(inner, json!([w, h]), "the page is {w}x{h}");
}

/// The QR code on the page, screenshotted and read back.
pub(crate) async fn read_qr(c: &Client) -> String {
    let png = c.find(Locator::Css("#qr svg")).await.unwrap().screenshot().await.unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let grey = |x: usize, y: usize| {
        let i = (y * w + x) * channels;
        let px = &buf[i..i + channels.min(3)];
        (px.iter().map(|&v| u32::from(v)).sum::<u32>() / px.len() as u32) as u8
    };
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(w, h, grey);
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the picture");
    grids[0].decode().expect("the QR code reads").1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_projector_view_reads_from_the_back_and_its_qr_code_is_the_address() {
    let Some(driver) = start_driver() else { return };
    let (addr, _room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    // A game, so the projector has a board, a score, a curve and a player to show.
    let student = browser(driver, &tempdir("student")).await;
    open(&student, addr, "lang=en", 304).await;
    set_value(&student, "name", "Ada").await;

    let c = browser(driver, &tempdir("projector")).await;
    let mut problems = Vec::new();
    for (w, h) in [(1920u32, 1080u32), (1024, 768)] {
        viewport(&c, w, h).await;
        for lang in ["en", "hi"] {
            c.goto(&format!("http://{addr}/?view=projector&lang={lang}")).await.unwrap();
            wait_for(&c, "document.querySelector('#qr svg') !== null").await;
            wait_for(&c, "document.getElementById('connection').classList.contains('ok')").await;
            // A student plays a game while the projector shows the class.
            click(&student, "#new-game").await;
            play_to_the_end(&student).await;
            wait_for(&c, "document.querySelectorAll('#players tbody tr').length === 1").await;
            wait_for(&c, "document.querySelector('#last-game .xgrid') !== null").await;
            // The QR code and the address beside it are the class's address.
            let want = format!("http://{addr}/");
            assert_eq!(read_qr(&c).await, want, "{w}x{h} {lang}");
            assert_eq!(
                js(&c, "document.getElementById('qr-address').textContent").await,
                json!(want)
            );
            // No controls: nothing to press or type is shown.
            let controls = js(
                &c,
                "[...document.querySelectorAll('button, input, select, textarea')].filter(e => e.offsetParent !== null).length",
            )
            .await;
            assert_eq!(controls, json!(0), "{w}x{h}: controls on the projector");
            // Large type: the smallest text shown, and the score.
            let smallest = js(
                &c,
                "Math.min(...[...document.querySelectorAll('main *')].filter(e => e.offsetParent !== null \
                 && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) \
                 .map(e => parseFloat(getComputedStyle(e).fontSize)))",
            )
            .await
            .as_f64()
            .unwrap();
            let least = if w >= 1920 { 22.0 } else { 14.0 };
            if smallest < least {
                problems.push(format!("{w}x{h} {lang}: text of {smallest}px"));
            }
            let curve_text = js(&c, "Math.min(...[...document.querySelectorAll('#curve text')].map(t => t.getBoundingClientRect().height))").await.as_f64().unwrap();
            if curve_text < least {
                problems.push(format!("{w}x{h} {lang}: the curve's numbers {curve_text}px high"));
            }
            // Nothing sticks out of its panel.
            let out = js(
                &c,
                "[...document.querySelectorAll('.panel')].filter(p => p.offsetParent !== null).flatMap(p => { \
                   const r = p.getBoundingClientRect(); \
                   return [...p.querySelectorAll('*')].filter(e => { const q = e.getBoundingClientRect(); \
                     return q.width > 0 && (q.right > r.right + 1 || q.left < r.left - 1); }) \
                   .map(e => p.id + ': ' + e.tagName + '.' + e.className); })",
            )
            .await;
            if out != json!([]) {
                problems.push(format!("{w}x{h} {lang}: out of its panel: {out}"));
            }
            // Everything on one screen: no scrolling either way.
            let fits = js(&c, "document.documentElement.scrollWidth <= window.innerWidth && document.documentElement.scrollHeight <= window.innerHeight").await;
            if fits != json!(true) {
                problems.push(format!("{w}x{h} {lang}: the view scrolls"));
            }
            for v in axe(&c).await {
                problems.push(format!("{w}x{h} {lang}: axe: {v}"));
            }
            let shot = screenshot(&c, &format!("projector-{w}-{lang}.png")).await;
            if (w, lang) == (1920, "en") {
                to_docs(shot.as_deref(), "projector.png");
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    student.close().await.unwrap();
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_class_page_on_a_phone_in_hindi_and_bengali() {
    let Some(driver) = start_driver() else { return };
    let (addr, _room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let c = browser(driver, &tempdir("phone")).await;
    c.set_window_size(390, 900).await.unwrap();
    for lang in ["hi", "bn"] {
        open(&c, addr, &format!("lang={lang}"), 304).await;
        set_value(&c, "key", KEY).await;
        set_value(&c, "train-games", "1000").await;
        click(&c, "#train").await;
        wait_for(&c, "document.getElementById('trained').textContent !== ''").await;
        set_value(&c, "name", &format!("छात्र-{lang}")).await;
        click(&c, "#new-game").await;
        play_to_the_end(&c).await;
        // Numbers in the page's numerals everywhere a class reads them.
        if lang == "bn" {
            let latin = js(&c, "[...document.querySelectorAll('#boxes .box span, .box-number, #players td.num, .counters span')].filter(e => /[0-9]/.test(e.textContent)).length").await;
            assert_eq!(latin, json!(0), "Latin digits on the Bengali page");
        }
        // No browser's "Choose File": the upload is a button in the page's words.
        let upload = js(&c, "document.querySelector('label.file-button').textContent.trim()").await;
        assert_eq!(upload, json!(text(lang, "button-upload", &[])));
        assert_eq!(
            js(&c, "document.getElementById('upload').getBoundingClientRect().width <= 1").await,
            json!(true)
        );
        let problems = axe(&c).await;
        assert!(problems.is_empty(), "{lang}: {problems:?}");
        js(&c, "window.scrollTo(0, 0) || true").await;
        let height = js(&c, "document.documentElement.scrollHeight").await.as_u64().unwrap();
        c.set_window_size(390, (height as u32).clamp(600, 2600)).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        let shot = screenshot(&c, &format!("class-390-{lang}.png")).await;
        to_docs(shot.as_deref(), &format!("class-390-{lang}.png"));
        c.set_window_size(390, 900).await.unwrap();
    }
    c.close().await.unwrap();
}
