//! The matchbox labels in the offline page: `menace-print`'s own sheets (the renderer of
//! `menace print` and `/print`), with the words the page gives. The page holds the Fluent
//! catalogs and resolves them (`i18n.js`); the engine asks for each word by a small JSON
//! request, answered at once ([`Asked`]), so the WebAssembly carries no catalog.
//!
//! A request is one of:
//! - `{"id":"print-label-box","args":{"box":12}}`: a message, with counts as numbers and
//!   texts as strings (the page's `i18n.t(id, args)`);
//! - `{"number":1234}`: a number as the language writes it (`i18n.num(n)`);
//! - `{"lang":true}`: the language's code (`i18n.lang`).

use menace_print::{Arg, Sheet, Words};
use serde_json::{json, Map, Value};

/// [`Words`] answered by `ask`, which takes a request (see the module) and gives the text.
pub struct Asked<F: Fn(&str) -> String>(pub F);

impl<F: Fn(&str) -> String> Words for Asked<F> {
    fn lang(&self) -> String {
        (self.0)(&json!({ "lang": true }).to_string())
    }

    fn text(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let args: Map<String, Value> = args
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Arg::Count(n) => json!(n),
                    Arg::Text(t) => json!(t),
                };
                (k.to_string(), v)
            })
            .collect();
        (self.0)(&json!({ "id": id, "args": args }).to_string())
    }

    fn number(&self, n: u64) -> String {
        (self.0)(&json!({ "number": n }).to_string())
    }
}

/// The labels' page for `query` (`/print`'s fields but `lang`: `machine`, `paper`,
/// `preset`, `colours`, `side`), in the words of `words`; or why the query is refused.
pub fn sheet(query: &str, words: &dyn Words) -> Result<String, String> {
    Ok(Sheet::from_query(query)?.html_in(words))
}
