//! Saving never replaces what is not a regular file (issue 58): `save x/fifo` and `save
//! x/nul` (a device with /dev/null's numbers) used to answer `saved` and leave regular
//! files in their place; run as root, `save /dev/null` replaced the machine's. Now each is
//! an `error` line, the FIFO and the device stay what they were, and the session goes on.
//! `menace serve --class --state x/fifo` used to print its address and teacher's key
//! before failing on the file; it is refused first. (Every writer's check is one function
//! of `crates/files`, tested there.)

use std::ffi::CString;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;

fn mkfifo(path: &Path) {
    let c = CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo {}", path.display());
}

/// A character device with /dev/null's numbers; `false` only where mknod is not permitted.
fn mknod_null(path: &Path) -> bool {
    let c = CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    if unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) } == 0 {
        return true;
    }
    let e = std::io::Error::last_os_error();
    assert_eq!(e.raw_os_error(), Some(libc::EPERM), "mknod {}: {e}", path.display());
    eprintln!("the device case is skipped: mknod is not permitted here ({e})");
    false
}

fn file_type(path: &Path) -> std::fs::FileType {
    std::fs::symlink_metadata(path).unwrap().file_type()
}

#[test]
fn save_refuses_a_fifo_and_a_device_and_the_session_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("x")).unwrap();
    mkfifo(&dir.path().join("x/fifo"));
    let device = mknod_null(&dir.path().join("x/nul"));
    let mut input = String::from("save x/fifo\n");
    if device {
        input.push_str("save x/nul\n");
    }
    input.push_str("save x/real.json\nstatus\n");
    let out = common::menace(&["--json"], Some(dir.path()), input.as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?}: {e}")))
        .collect();
    let mut names = vec!["x/fifo"];
    if device {
        names.push("x/nul");
    }
    let (refused, rest) = lines.split_at(names.len());
    for (answer, name) in refused.iter().zip(&names) {
        assert_eq!(answer["type"], "error", "{name}: {answer}");
        let m = answer["message"].as_str().unwrap();
        assert!(m.starts_with(&format!("cannot write {name}: it is not a regular file (")), "{m}");
        assert!(m.ends_with("writing would replace it: choose another file name"), "{m}");
    }
    assert_eq!(rest.len(), 2, "{stdout}");
    assert_eq!(rest[0]["type"], "saved", "{stdout}");
    assert_eq!(rest[1]["type"], "status", "{stdout}");
    assert!(file_type(&dir.path().join("x/fifo")).is_fifo());
    if device {
        assert!(file_type(&dir.path().join("x/nul")).is_char_device());
    }
    assert!(file_type(&dir.path().join("x/real.json")).is_file());
}

#[test]
fn serve_class_refuses_a_fifo_as_its_state_before_it_prints_an_address_or_a_key() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    let mut child = Command::new(env!("CARGO_BIN_EXE_menace"))
        .args(["serve", "--addr", "127.0.0.1:0", "--class", "--state"])
        .arg(&fifo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start menace serve");
    // A server that started serving would never end by itself: stop it after a while.
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success(), "{stdout}{stderr}");
    assert!(!stdout.contains("teacher's key") && !stdout.contains("http://"), "{stdout}");
    assert_eq!(
        stderr,
        format!(
            "menace serve: --state {}: it is not a regular file (a FIFO); writing would \
             replace it: choose another file name\n",
            fifo.display()
        )
    );
    assert!(file_type(&fifo).is_fifo());
}
