//! The labels the page's engine draws: `menace-print`'s sheets with words asked of the
//! page one JSON request at a time. Answered here by the server's own catalogs, they are
//! `/print`'s pages byte for byte, for every machine, side, preset, colouring, paper and
//! language, so the requests lose nothing on the way (the browser test then answers them
//! with the page's Fluent bundle and compares with a running server).

use menace_i18n::{Arg, Catalog};
use menace_print::Sheet;
use menace_web::labels::{sheet, Asked};
use serde_json::Value;

/// The page's answer to a request, as `Labels.word` gives it, from `catalog`.
fn answer(catalog: &Catalog, request: &str) -> String {
    let r: Value = serde_json::from_str(request).unwrap();
    if let Some(id) = r["id"].as_str() {
        let args: Vec<(String, Arg)> = r["args"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Value::Number(n) => Arg::from(n.as_u64().unwrap()),
                    Value::String(s) => Arg::from(s.clone()),
                    other => panic!("an argument {other}"),
                };
                (k.clone(), v)
            })
            .collect();
        let args: Vec<(&str, Arg)> = args.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        return catalog.text(id, &args);
    }
    if let Some(n) = r["number"].as_u64() {
        return catalog.number(n);
    }
    assert_eq!(r["lang"], true, "{request}");
    catalog.code().to_string()
}

#[test]
fn the_pages_labels_are_the_servers_when_the_page_gives_the_catalogs_words() {
    let queries = [
        "machine=menace",
        "machine=menace&side=second&paper=letter",
        "machine=menace&preset=scroggs&colours=symmetry",
        "machine=hexapawn&preset=michie",
        "machine=nim&colours=symmetry&paper=letter",
    ];
    for lang in menace_i18n::LANGUAGES {
        let catalog = Catalog::new(lang.code).unwrap();
        let words = Asked(|request: &str| answer(&catalog, request));
        for query in queries {
            let page = sheet(query, &words).unwrap();
            let served = Sheet::from_query(&format!("{query}&lang={}", lang.code)).unwrap().html();
            assert!(page == served, "{query} in {}: not /print's page", lang.code);
        }
    }
    let words = Asked(|_: &str| String::new());
    let refused = sheet("machine=chess", &words).unwrap_err();
    assert!(refused.starts_with("machine \"chess\""), "{refused}");
}
