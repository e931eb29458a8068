//! Files a user can trust.
//!
//! - [`write_atomic`]: a crash never leaves a half-written file, a planted symlink at a
//!   temporary name cannot redirect the write, and saving through a symlink updates the file
//!   it points to.
//! - [`read_capped`]: loading never blocks on a FIFO or device and never reads more than a
//!   cap, so a hostile path cannot hang or exhaust the reader.
//! - [`FileAccess`]: where file commands coming from a driver (save/load) may reach.

mod access;
mod error;
mod read;
mod write;

pub use access::FileAccess;
pub use error::FileError;
pub use read::read_capped;
pub use write::write_atomic;

/// The old name of [`write_atomic`].
#[deprecated(note = "use write_atomic")]
pub fn write(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic(path, bytes)
}
