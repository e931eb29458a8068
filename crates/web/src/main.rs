//! `cargo run --release -p menace-web [-- OUT]`: writes `menace.html` (or OUT), MENACE in
//! one file that needs no server, no network and no install: open it in a browser.

#[cfg(not(target_family = "wasm"))]
fn main() -> std::process::ExitCode {
    let out = std::env::args_os().nth(1).unwrap_or_else(|| "menace.html".into());
    if out == "-h" || out == "--help" {
        println!("usage: menace-web [OUT]\n\nWrites MENACE as one offline page (default menace.html): the engine compiled to\nWebAssembly, the page, its scripts and five languages. Open it from a disk or put it\non any static web host.");
        return std::process::ExitCode::SUCCESS;
    }
    let out = std::path::PathBuf::from(out);
    match menace_web::bundle::write(&out) {
        Ok(bytes) => {
            println!(
                "wrote {} ({:.2} MB): open it in a browser",
                out.display(),
                bytes as f64 / 1e6
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("menace-web: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

// The browser build is the library; this file has nothing to do there.
#[cfg(target_family = "wasm")]
fn main() {}
