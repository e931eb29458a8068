//! The rooms' database against real SQLite files: what is committed survives a reopen,
//! concurrent commits are each acknowledged only once kept, and a damaged, foreign,
//! newer or held file is refused at open and left byte for byte as it was.

use std::sync::Arc;

use menace_rooms::{Db, DbError, RoomCode};

fn code(s: &str) -> RoomCode {
    s.parse().unwrap()
}

#[test]
fn rooms_are_made_committed_listed_and_kept_across_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rooms.sqlite");
    {
        let db = Db::open(&path).unwrap();
        db.make(code("AAAAAA"), "owner-1", b"{\"a\":0}".to_vec(), 100).unwrap();
        db.make(code("BBBBBB"), "owner-1", b"{\"b\":0}".to_vec(), 200).unwrap();
        db.make(code("CCCCCC"), "owner-2", b"{\"c\":0}".to_vec(), 300).unwrap();
        assert_eq!(db.make(code("AAAAAA"), "owner-2", b"x".to_vec(), 400), Err(DbError::Taken));
        db.commit(code("AAAAAA"), b"{\"a\":7}".to_vec(), 7, 500).unwrap();
        assert_eq!(db.commit(code("DDDDDD"), b"{}".to_vec(), 1, 500), Err(DbError::NoRoom));
        let listed: Vec<String> =
            db.list("owner-1").unwrap().iter().map(|r| r.code.to_string()).collect();
        assert_eq!(
            listed,
            ["BBBBBB", "AAAAAA"],
            "newest first, the other owner's room not among them"
        );
        assert!(db.list("nobody").unwrap().is_empty());
    }
    let db = Db::open(&path).unwrap();
    let (row, owner, doc) = db.load(code("AAAAAA")).unwrap().unwrap();
    assert_eq!((owner.as_str(), doc.as_slice()), ("owner-1", &b"{\"a\":7}"[..]));
    assert_eq!((row.made, row.used, row.games, row.bytes, row.archived), (100, 500, 7, 7, None));
    assert_eq!(db.load(code("DDDDDD")).unwrap(), None);
    let stats = db.stats().unwrap();
    assert_eq!((stats.rooms, stats.archived, stats.games), (3, 0, 7));
    assert!(stats.bytes > 0);
}

#[test]
fn rooms_unused_are_archived_then_deleted_later_and_a_closed_one_can_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("rooms.sqlite")).unwrap();
    let day = 86_400;
    db.make(code("AAAAAA"), "o", b"a".to_vec(), 0).unwrap();
    db.make(code("BBBBBB"), "o", b"b".to_vec(), 0).unwrap();
    db.commit(code("BBBBBB"), b"b2".to_vec(), 1, 29 * day).unwrap();
    // On day 30, with rooms archived after 14 days unused and deleted 30 days after that:
    assert_eq!(db.sweep(16 * day, 0, 30 * day).unwrap(), (1, 0));
    assert_eq!(db.load(code("AAAAAA")).unwrap().unwrap().0.archived, Some(30 * day));
    assert_eq!(db.load(code("BBBBBB")).unwrap().unwrap().0.archived, None);
    // Archived again is no change; 30 days later it is gone.
    assert_eq!(db.sweep(16 * day, 0, 31 * day).unwrap(), (0, 0));
    assert_eq!(db.sweep(0, 31 * day, 61 * day).unwrap(), (0, 1));
    assert_eq!(db.load(code("AAAAAA")).unwrap(), None);
    // A teacher closes a room and opens it again.
    db.archive(code("BBBBBB"), 62 * day).unwrap();
    assert_eq!(db.stats().unwrap().archived, 1);
    db.reopen(code("BBBBBB"), 63 * day).unwrap();
    let row = db.load(code("BBBBBB")).unwrap().unwrap().0;
    assert_eq!((row.archived, row.used), (None, 63 * day));
    assert_eq!(db.archive(code("ZZZZZZ"), 0), Err(DbError::NoRoom));
}

#[test]
fn concurrent_commits_are_each_kept_once_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rooms.sqlite");
    let codes: Vec<RoomCode> = (0..20).map(|_| RoomCode::random().unwrap()).collect();
    {
        let db = Arc::new(Db::open(&path).unwrap());
        for c in &codes {
            db.make(*c, "o", b"0".to_vec(), 0).unwrap();
        }
        let threads: Vec<_> = codes
            .iter()
            .map(|&c| {
                let db = Arc::clone(&db);
                std::thread::spawn(move || {
                    for g in 1..=50u64 {
                        db.commit(c, g.to_string().into_bytes(), g, g).unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
    }
    let db = Db::open(&path).unwrap();
    for c in &codes {
        let (row, _, doc) = db.load(*c).unwrap().unwrap();
        assert_eq!((row.games, doc), (50, b"50".to_vec()), "{c}");
    }
    assert_eq!(db.stats().unwrap().games, 20 * 50);
}

/// Opening `path` is refused as `expect` says, and the file is left as it was.
fn refused_unchanged(path: &std::path::Path, expect: fn(&DbError) -> bool) {
    let before = std::fs::read(path).unwrap();
    let err = Db::open(path).err().expect("refused");
    assert!(expect(&err), "{err:?}");
    assert!(!err.to_string().is_empty());
    assert_eq!(std::fs::read(path).unwrap(), before, "the file was written to");
}

#[test]
fn a_file_that_is_not_a_rooms_database_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.sqlite");
    std::fs::write(&junk, b"this is a class file, not a database\n".repeat(200)).unwrap();
    refused_unchanged(&junk, |e| matches!(e, DbError::Damaged(_)));

    // Another program's SQLite database.
    let other = dir.path().join("other.sqlite");
    {
        let c = rusqlite_connection(&other);
        c.execute_batch("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine');").unwrap();
    }
    refused_unchanged(&other, |e| matches!(e, DbError::Damaged(_)));

    // A rooms database damaged in its middle: pages overwritten with garbage.
    let damaged = dir.path().join("damaged.sqlite");
    {
        let db = Db::open(&damaged).unwrap();
        for i in 0..200 {
            let doc = format!("{{\"room\":{i},\"pad\":\"{}\"}}", "x".repeat(2000)).into_bytes();
            db.make(RoomCode::random().unwrap(), "o", doc, i).unwrap();
        }
    }
    let mut bytes = std::fs::read(&damaged).unwrap();
    assert!(bytes.len() > 64 * 1024, "{}", bytes.len());
    for b in &mut bytes[8192..40960] {
        *b = 0xA5;
    }
    std::fs::write(&damaged, &bytes).unwrap();
    refused_unchanged(&damaged, |e| matches!(e, DbError::Damaged(_)));

    // A later menace's database.
    let newer = dir.path().join("newer.sqlite");
    drop(Db::open(&newer).unwrap());
    rusqlite_connection(&newer).execute_batch("PRAGMA user_version = 99").unwrap();
    refused_unchanged(&newer, |e| *e == DbError::Newer(99));
}

#[test]
fn a_database_another_server_holds_is_refused_until_it_lets_go() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rooms.sqlite");
    let first = Db::open(&path).unwrap();
    first.make(code("AAAAAA"), "o", b"kept".to_vec(), 1).unwrap();
    let err = Db::open(&path).err().expect("the second is refused");
    assert!(matches!(err, DbError::Locked(_)), "{err:?}");
    // The first goes on, untouched by the second's try.
    first.commit(code("AAAAAA"), b"still".to_vec(), 2, 2).unwrap();
    drop(first);
    let again = Db::open(&path).unwrap();
    assert_eq!(again.load(code("AAAAAA")).unwrap().unwrap().2, b"still");
}

/// A plain connection, as another program (or a later menace) would open the file.
fn rusqlite_connection(path: &std::path::Path) -> rusqlite::Connection {
    rusqlite::Connection::open(path).unwrap()
}
