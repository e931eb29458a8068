//! The one rule for tests that need a real component (GNU Go, Chromium and chromedriver,
//! Slurm, GNU parallel, Python, poppler-utils): [`require`] finds it, or says how to
//! install it and lets the test skip, or, under `CI=true` (or `MENACE_REQUIRE_<NAME>=1`), fails the test, so
//! nothing can quietly skip in CI (`.ci/run` exports `CI=true` and installs every one).
//!
//! ```no_run
//! use menace_testkit::{require, Component};
//! let Some(gnugo) = require(Component::GnuGo) else { return };
//! ```
//!
//! [`hostile`] holds the files no loader may trust, shared by the loaders' tests;
//! [`square`] the 8 symmetries of the 3x3 square, written out for brute-force checks;
//! [`golden`] what the replays of the golden transcripts share; [`leftovers`] and
//! [`process`] whether what a test started is gone; [`go`] the Go positions of
//! `fixtures/go/` that more than one crate's tests read.

use std::path::{Path, PathBuf};

pub mod class_script;
pub mod go;
pub mod golden;
pub mod hostile;
pub mod layers;
pub mod leftovers;
pub mod process;
pub mod square;

/// `rel` (a path from the repository's root), whatever the working directory of the test.
pub fn repo(rel: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(rel)
}

/// A program some integration tests run for real.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Component {
    /// GNU Go (Debian's `/usr/games/gnugo`, else `gnugo` on the PATH).
    GnuGo,
    /// Debian's Chromium (`/usr/bin/chromium`).
    Chromium,
    /// chromedriver, the WebDriver server for Chromium (`/usr/bin/chromedriver`).
    Chromedriver,
    /// A one-node Slurm this process can start: slurmctld, slurmd, sbatch and munged
    /// installed, and root (to start the daemons). The path is sbatch's.
    Slurm,
    /// GNU parallel (`/usr/bin/parallel`).
    Parallel,
    /// Python 3 (`/usr/bin/python3`, else `python3` on the PATH).
    Python,
    /// Debian's poppler-utils: `pdfinfo`, `pdftotext` and `pdftoppm` in `/usr/bin`, to
    /// read PDFs back. The path is the folder holding them.
    Poppler,
    /// gomill 0.8.3's `ringmaster` (`/usr/local/bin/ringmaster`, written by
    /// scripts/install-gomill, else `ringmaster` on the PATH).
    Gomill,
    /// Lizzie 0.7.4 (Debian's `liblizzie-java`: `/usr/share/java/lizzie.jar`) and what
    /// runs it headless: a JRE (`/usr/bin/java`), Xvfb, ImageMagick's `import` and
    /// xdotool. The path is the jar's.
    Lizzie,
    /// Debian's Noto fonts for Devanagari and Bengali (`fonts-noto-core`), for the labels
    /// printed in Hindi and Bengali. The path is the Devanagari font's.
    NotoFonts,
    /// Debian's Firefox ESR (`/usr/bin/firefox-esr`), driven over WebDriver BiDi (built
    /// in: no geckodriver), for the offline page in a second browser.
    Firefox,
    /// Sabaki's client libraries, `@sabaki/gtp` and `@sabaki/sgf` from npm, installed by
    /// scripts/install-sabaki in `/usr/local/lib/menace-sabaki`, and Node.js to run them
    /// (`/usr/bin/node`). The path is their `node_modules` folder.
    Sabaki,
    /// KaTrain 1.20.0 from PyPI, installed by scripts/install-katrain in a Python 3.11
    /// virtual environment at `/usr/local/lib/menace-katrain`; the path is its `python`.
    KaTrain,
    /// A small disk of its own that a test can fill: a tmpfs this process mounts, which
    /// takes root and util-linux's `mount` and `umount` (`/usr/bin/mount`). The path is
    /// `mount`'s. ([`tmpfs`] mounts one.)
    Tmpfs,
}

impl Component {
    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Component::GnuGo => "GNU Go",
            Component::Chromium => "Chromium",
            Component::Chromedriver => "chromedriver",
            Component::Slurm => "Slurm",
            Component::Parallel => "GNU parallel",
            Component::Python => "Python 3",
            Component::Poppler => "poppler-utils",
            Component::Gomill => "gomill ringmaster",
            Component::Lizzie => "Lizzie (with a JRE, Xvfb, ImageMagick and xdotool)",
            Component::NotoFonts => "Noto fonts for Devanagari and Bengali",
            Component::Firefox => "Firefox ESR",
            Component::Sabaki => "Sabaki's @sabaki/gtp and @sabaki/sgf (with Node.js)",
            Component::KaTrain => "KaTrain 1.20.0 (PyPI, in a Python 3.11 virtual environment)",
            Component::Tmpfs => "a tmpfs of its own (mount -t tmpfs, as root)",
        }
    }

    /// How to get it (Debian).
    pub fn install(self) -> &'static str {
        match self {
            Component::GnuGo => "scripts/install-gnugo (apt-get install gnugo)",
            Component::Chromium | Component::Chromedriver => {
                "apt-get install chromium chromium-driver"
            }
            Component::Slurm => {
                "apt-get install slurmctld slurmd slurm-client munge, and run the test as root"
            }
            Component::Parallel => "apt-get install parallel",
            Component::Python => "apt-get install python3",
            Component::Poppler => "apt-get install poppler-utils",
            Component::Gomill => {
                "scripts/install-gomill (gomill 0.8.3 from PyPI, under Python 2.7)"
            }
            Component::Lizzie => {
                "apt-get install liblizzie-java default-jre xvfb imagemagick xdotool"
            }
            Component::NotoFonts => "apt-get install fonts-noto-core",
            Component::Firefox => "apt-get install firefox-esr",
            Component::Sabaki => "apt-get install nodejs npm, then scripts/install-sabaki",
            Component::KaTrain => "scripts/install-katrain (needs python3.11 with venv)",
            Component::Tmpfs => {
                "apt-get install mount, and run the test as root where mounting is allowed \
                 (a container needs CAP_SYS_ADMIN)"
            }
        }
    }

    /// The variable that, set to anything but `0`, makes it required outside CI too (the
    /// browser's two programs share one).
    pub fn env_var(self) -> &'static str {
        match self {
            Component::GnuGo => "MENACE_REQUIRE_GNUGO",
            Component::Chromium | Component::Chromedriver => "MENACE_REQUIRE_BROWSER",
            Component::Slurm => "MENACE_REQUIRE_SLURM",
            Component::Parallel => "MENACE_REQUIRE_PARALLEL",
            Component::Python => "MENACE_REQUIRE_PYTHON",
            Component::Poppler => "MENACE_REQUIRE_POPPLER",
            Component::Gomill => "MENACE_REQUIRE_GOMILL",
            Component::Lizzie => "MENACE_REQUIRE_LIZZIE",
            Component::NotoFonts => "MENACE_REQUIRE_FONTS",
            Component::Firefox => "MENACE_REQUIRE_FIREFOX",
            Component::Sabaki => "MENACE_REQUIRE_SABAKI",
            Component::KaTrain => "MENACE_REQUIRE_KATRAIN",
            Component::Tmpfs => "MENACE_REQUIRE_TMPFS",
        }
    }

    /// Where it is on this machine, or what is missing.
    fn find(self) -> Result<PathBuf, String> {
        match self {
            Component::GnuGo => {
                installed("/usr/games/gnugo").or_else(|e| on_path("gnugo").ok_or(e))
            }
            Component::Chromium => installed("/usr/bin/chromium"),
            Component::Chromedriver => installed("/usr/bin/chromedriver"),
            Component::Firefox => installed("/usr/bin/firefox-esr"),
            Component::Slurm => {
                for p in ["/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/sbin/munged"] {
                    installed(p)?;
                }
                let sbatch = installed("/usr/bin/sbatch")?;
                // SAFETY: geteuid has no preconditions and cannot fail.
                if unsafe { libc::geteuid() } != 0 {
                    return Err("not root (needed to start munged and the Slurm daemons)".into());
                }
                Ok(sbatch)
            }
            Component::Parallel => installed("/usr/bin/parallel"),
            Component::Python => {
                installed("/usr/bin/python3").or_else(|e| on_path("python3").ok_or(e))
            }
            Component::Poppler => {
                for tool in ["/usr/bin/pdfinfo", "/usr/bin/pdftotext", "/usr/bin/pdftoppm"] {
                    installed(tool)?;
                }
                Ok(PathBuf::from("/usr/bin"))
            }
            Component::Gomill => {
                installed("/usr/local/bin/ringmaster").or_else(|e| on_path("ringmaster").ok_or(e))
            }
            Component::Lizzie => {
                for p in ["/usr/bin/java", "/usr/bin/Xvfb", "/usr/bin/import", "/usr/bin/xdotool"] {
                    installed(p)?;
                }
                installed("/usr/share/java/lizzie.jar")
            }
            Component::Sabaki => {
                installed("/usr/bin/node").or_else(|e| on_path("node").ok_or(e))?;
                let modules = "/usr/local/lib/menace-sabaki/node_modules";
                installed(&format!("{modules}/@sabaki/gtp/package.json"))?;
                installed(&format!("{modules}/@sabaki/sgf/package.json"))?;
                Ok(PathBuf::from(modules))
            }
            Component::KaTrain => {
                let python = "/usr/local/lib/menace-katrain/bin/python";
                installed(
                    "/usr/local/lib/menace-katrain/lib/python3.11/site-packages/katrain/core/engine.py",
                )?;
                installed(python)
            }
            Component::NotoFonts => {
                installed("/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf")?;
                installed("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf")
            }
            Component::Tmpfs => {
                installed("/usr/bin/umount")?;
                // SAFETY: geteuid has no preconditions and cannot fail.
                if unsafe { libc::geteuid() } != 0 {
                    return Err("not root (needed to mount a tmpfs)".into());
                }
                installed("/usr/bin/mount")
            }
        }
    }
}

/// The component's path when it is here. When it is missing: under `CI=true` (or its
/// [`Component::env_var`]) a panic saying how to install it; otherwise `None`, after a
/// line on stderr saying the test skips and how to install it.
pub fn require(component: Component) -> Option<PathBuf> {
    verdict(component, component.find(), strict(component))
}

/// Whether a missing `component` fails the test here: `CI=true` (or `1`), or its own
/// variable set to anything but `0`.
pub fn strict(component: Component) -> bool {
    let ci = std::env::var("CI").ok();
    let own = std::env::var(component.env_var()).ok();
    strict_from(ci.as_deref(), own.as_deref())
}

fn strict_from(ci: Option<&str>, own: Option<&str>) -> bool {
    matches!(ci, Some("true" | "1")) || own.is_some_and(|v| !v.is_empty() && v != "0")
}

fn verdict(c: Component, found: Result<PathBuf, String>, strict: bool) -> Option<PathBuf> {
    match found {
        Ok(path) => Some(path),
        Err(missing) => {
            let how = format!("{} is missing: {missing}; install: {}", c.name(), c.install());
            assert!(!strict, "{how} (required under CI=true or {}=1)", c.env_var());
            eprintln!("skipping: {how}");
            None
        }
    }
}

fn installed(path: &str) -> Result<PathBuf, String> {
    if Path::new(path).exists() {
        Ok(PathBuf::from(path))
    } else {
        Err(format!("no {path}"))
    }
}

fn on_path(program: &str) -> Option<PathBuf> {
    let dirs = std::env::var_os("PATH")?;
    std::env::split_paths(&dirs).map(|d| d.join(program)).find(|p| p.is_file())
}

/// A tmpfs of `bytes` mounted at a new folder under `parent`, unmounted when dropped: a
/// disk a test can fill for real. `None` where [`Component::Tmpfs`] is missing or the
/// mount is refused (a container without the right), after a line on stderr; under
/// `CI=true` (or `MENACE_REQUIRE_TMPFS=1`) either fails the test instead.
pub fn tmpfs(parent: &Path, bytes: u64) -> Option<Tmpfs> {
    let mount = require(Component::Tmpfs)?;
    let at = parent.join(format!("tmpfs-{}", std::process::id()));
    std::fs::create_dir_all(&at).expect("a folder to mount on");
    let out = std::process::Command::new(mount)
        .args(["-t", "tmpfs", "-o", &format!("size={bytes},mode=0700"), "tmpfs"])
        .arg(&at)
        .output()
        .expect("run mount");
    let said = String::from_utf8_lossy(&out.stderr).trim().to_string();
    let mounted =
        if out.status.success() { Ok(at.clone()) } else { Err(format!("mount refused: {said}")) };
    if verdict(Component::Tmpfs, mounted, strict(Component::Tmpfs)).is_none() {
        let _ = std::fs::remove_dir(&at);
        return None;
    }
    Some(Tmpfs { at })
}

/// A mounted tmpfs ([`tmpfs`]); dropping it unmounts it (lazily, so a server still
/// holding a file there cannot keep it).
pub struct Tmpfs {
    at: PathBuf,
}

impl Tmpfs {
    /// Where it is mounted.
    pub fn path(&self) -> &Path {
        &self.at
    }

    /// Fills it: a file `name` written until the disk refuses with "no space left"; its
    /// path. Panics on any other error.
    pub fn fill(&self, name: &str) -> PathBuf {
        use std::io::Write;
        let path = self.at.join(name);
        let mut f = std::fs::File::create(&path).expect("the filler file");
        for chunk in [65536usize, 4096, 512, 1] {
            let block = vec![0x5Au8; chunk];
            loop {
                match f.write(&block) {
                    Ok(n) if n == chunk => continue,
                    Ok(_) => break,
                    Err(e) if e.raw_os_error() == Some(libc::ENOSPC) => break,
                    Err(e) => panic!("filling {}: {e}", path.display()),
                }
            }
        }
        path
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("/usr/bin/umount").arg("-l").arg(&self.at).status();
        let _ = std::fs::remove_dir(&self.at);
    }
}

/// What the Python script `script` prints, run by the [`Component::Python`] that
/// [`require`] finds (`None`: it is missing outside CI, and the test skips). A script that
/// fails fails the test, with its standard error. The independent reference scripts of
/// several crates (`tests/reference/*.py`) run this way.
pub fn python_output(script: &Path) -> Option<String> {
    let python = require(Component::Python)?;
    let out = std::process::Command::new(python).arg(script).output().expect("run python3");
    let name = script.display();
    assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{name}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_found_component_is_its_path_in_ci_or_not() {
        for strict in [false, true] {
            let got = verdict(Component::GnuGo, Ok("/x/gnugo".into()), strict);
            assert_eq!(got, Some(PathBuf::from("/x/gnugo")));
        }
    }

    #[test]
    fn a_missing_component_skips_outside_ci() {
        assert_eq!(verdict(Component::Python, Err("no /usr/bin/python3".into()), false), None);
    }

    #[test]
    #[should_panic(expected = "install: apt-get install chromium chromium-driver")]
    fn a_missing_component_fails_in_ci_saying_how_to_install_it() {
        verdict(Component::Chromium, Err("no /usr/bin/chromium".into()), true);
    }

    #[test]
    fn ci_true_or_the_components_own_variable_make_it_required() {
        assert!(strict_from(Some("true"), None));
        assert!(strict_from(Some("1"), None));
        assert!(strict_from(None, Some("1")));
        assert!(!strict_from(None, None));
        assert!(!strict_from(Some("false"), Some("0")));
        assert!(!strict_from(Some(""), Some("")));
    }

    #[test]
    fn on_path_finds_sh_and_not_a_made_up_name() {
        assert!(on_path("sh").is_some());
        assert!(on_path("no-such-program-menace-testkit").is_none());
    }
}
