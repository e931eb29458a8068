//! The lab against the independent Python script `tests/reference/nim_xor_lines.py`: it
//! counts by its own search the Nim lines the XOR experiment checks (41 for 3-4-5), the
//! number a unit test of [`nim_xor_lines`] states.

use std::path::Path;

use menace_core::nim::Nim;
use menace_core_lab::nim_xor::nim_xor_lines;
use menace_testkit::python_output;

#[test]
fn nim_xor_lines_are_counted_alike() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/nim_xor_lines.py");
    let Some(out) = python_output(Path::new(script)) else { return };
    let python: usize = out.trim().parse().unwrap_or_else(|_| panic!("{out}"));
    assert_eq!(nim_xor_lines(&Nim::default()).len(), python);
}
