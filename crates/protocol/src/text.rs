//! Quoting a user's text back in an error message, briefly (a leaf).

/// Shortens user text quoted back in an error, so a huge line gives a short message.
pub(crate) fn quote(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head:?}...")
    }
}

/// Refuses anything but white space left after a complete command (`what` names it).
pub(crate) fn trailing(rest: &str, what: &str) -> Result<(), String> {
    let rest = rest.trim();
    if rest.is_empty() {
        Ok(())
    } else {
        Err(format!("unexpected {} after {what}", quote(rest)))
    }
}
