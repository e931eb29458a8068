//! The `menace` command line: with no subcommand, the MENACE protocol engine on
//! stdin/stdout; each subcommand is a thin call into the library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
