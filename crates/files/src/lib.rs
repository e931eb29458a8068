//! Files a user can trust.
//!
//! - [`write_atomic`]: a crash never leaves a half-written file, a planted symlink at a
//!   temporary name cannot redirect the write, and saving through a symlink updates the file
//!   it points to.
//! - [`read_capped`]: loading never blocks on a FIFO or device and never reads more than a
//!   cap, so a hostile path cannot hang or exhaust the reader.
//! - [`open_append`]: a record or log written a line at a time.
//! - [`check_writable`]: an early refusal for a caller that must fail before it starts.
//! - [`remove_leftovers`]: the temporary files a writer killed mid-write left behind.
//! - [`FileAccess`]: where file commands coming from a driver (save/load) may reach.
//!
//! No writer here replaces, or writes into, anything but a regular file: a path that leads
//! to a FIFO, a device (`/dev/null`), a socket or a folder is refused in one sentence.

mod access;
mod append;
mod error;
mod kind;
mod leftovers;
mod read;
mod write;

pub use access::{FileAccess, NotAFolder};
pub use append::open_append;
pub use error::FileError;
pub use kind::check_writable;
pub use leftovers::remove_leftovers;
pub use read::read_capped;
pub use write::write_atomic;

/// The old name of [`write_atomic`].
#[deprecated(note = "use write_atomic")]
pub fn write(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic(path, bytes)
}
