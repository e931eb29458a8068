//! The one error type of this crate: a sentence a user can act on.

use std::fmt;

/// Why a file could not be read or reached. `Display` is one clear sentence naming the file
/// and the reason, e.g. `cannot read s.json: it is not a regular file (a FIFO)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    subject: String,
    reason: String,
}

impl FileError {
    /// An error about `subject` (e.g. `cannot read PATH`) for `reason`.
    pub(crate) fn new(subject: impl Into<String>, reason: impl Into<String>) -> FileError {
        FileError { subject: subject.into(), reason: reason.into() }
    }

    /// The reason alone, for callers that name the file in their own words.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.subject, self.reason)
    }
}

impl std::error::Error for FileError {}

impl From<FileError> for String {
    fn from(e: FileError) -> String {
        e.to_string()
    }
}
