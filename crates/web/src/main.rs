//! `cargo run --release -p menace-web [-- OUT]`: refreshes the repository's `menace.html`
//! (`site/menace.html`), or writes OUT: MENACE in one file that needs no server, no network
//! and no install. Open it in a browser.

#[cfg(not(target_family = "wasm"))]
fn main() -> std::process::ExitCode {
    use menace_web::bundle;
    let arg = std::env::args_os().nth(1);
    if arg.as_deref().is_some_and(|a| a == "-h" || a == "--help") {
        println!(
            "usage: menace-web [OUT]\n\nWrites MENACE as one offline page: the engine compiled to WebAssembly, the\npage, its scripts and five languages. Without OUT it refreshes the repository's\n{} (what `menace serve` hands out at /menace.html). Open it from a disk or\nput it on any static web host. Needs the browser target once:\n  rustup target add {}",
            bundle::COMMITTED,
            bundle::TARGET
        );
        return std::process::ExitCode::SUCCESS;
    }
    let out = arg.map_or_else(|| bundle::workspace().join(bundle::COMMITTED), Into::into);
    match bundle::write(&out) {
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
