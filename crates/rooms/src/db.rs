//! The rooms' database: one SQLite file, nothing to start. One thread owns the connection
//! and takes jobs from a queue; whatever is queued while a transaction commits goes into
//! the next one together (group commit), and no job is answered before the transaction
//! holding it is on disk. So a game a page was told is finished was committed first, and
//! a hundred rooms finishing games at once cost one `fsync`, not a hundred.
//!
//! At open the file is checked before anything is written: a file that is not a database
//! or is damaged (`PRAGMA quick_check`), one another process holds, or one on a full disk
//! is refused with a sentence that says which, and is left as it was. Once open, this
//! process holds the file's lock until it ends (SQLite's exclusive locking mode), so a
//! second server on the same file is refused at its start instead of interleaving.
//!
//! A room's class is kept as the document the single class file holds (a state, as
//! `save` writes, with its earlier machines), byte for byte: a room's export is a class
//! file, and a class file is a room's import.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;

use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};

use crate::code::RoomCode;

/// The schema's version (`PRAGMA user_version`); a file of a later version is refused.
pub const SCHEMA: u32 = 1;

/// The write-ahead log's size kept after a checkpoint, in bytes: a burst of commits may
/// grow it past this, and the next checkpoint cuts it back (SQLite keeps it at its
/// largest otherwise).
const WAL_KEPT: u64 = 16 << 20;

/// Jobs waiting at most, in all: past it a caller waits for room in the queue.
const QUEUE: usize = 4096;

/// Jobs in one transaction at most.
const BATCH: usize = 512;

/// Why the database refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbError {
    /// The file is not a rooms database, or is damaged; it was not written to.
    Damaged(String),
    /// Another process holds the file.
    Locked(String),
    /// The disk (or the database's limit) is full; the change was not made.
    Full(String),
    /// Made by a later version of menace.
    Newer(u32),
    /// A room with this code exists already (a new code is drawn).
    Taken,
    /// No room has this code.
    NoRoom,
    /// Anything else SQLite or the operating system said.
    Other(String),
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Damaged(why) => write!(f, "not a rooms database, or damaged ({why}); it was left as it is"),
            DbError::Locked(why) => write!(f, "another process is using it ({why}): stop that one first, or name another file"),
            DbError::Full(why) => {
                write!(f, "the disk the database is on is full ({why}); nothing was changed")
            }
            DbError::Newer(v) => write!(f, "made by a later menace (schema {v}, this one reads {SCHEMA}); it was left as it is"),
            DbError::Taken => write!(f, "a room with this code exists"),
            DbError::NoRoom => write!(f, "no room has this code"),
            DbError::Other(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for DbError {}

fn classify(e: rusqlite::Error) -> DbError {
    let text = e.to_string();
    match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => DbError::Damaged(text),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => DbError::Locked(text),
        Some(ErrorCode::DiskFull) => DbError::Full(text),
        _ => DbError::Other(text),
    }
}

/// A room as listed (its class document apart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomRow {
    pub code: RoomCode,
    /// When it was made and last changed (seconds since 1970).
    pub made: u64,
    pub used: u64,
    /// When it was archived (unused too long, or closed by its teacher), if it was.
    pub archived: Option<u64>,
    /// Games its class has played, as last committed.
    pub games: u64,
    /// The size of its class document in bytes.
    pub bytes: u64,
}

/// The figures of the operator's view.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct DbStats {
    pub rooms: u64,
    pub archived: u64,
    pub games: u64,
    /// The database file's size (its pages in use and free) in bytes.
    pub bytes: u64,
    /// Its write-ahead log's size on disk in bytes (at most a burst's commits past
    /// [`WAL_KEPT`]).
    pub wal_bytes: u64,
}

type Reply<T> = mpsc::SyncSender<Result<T, DbError>>;

enum Job {
    Make { code: RoomCode, owner: String, doc: Vec<u8>, now: u64, reply: Reply<()> },
    Commit { code: RoomCode, doc: Vec<u8>, games: u64, now: u64, reply: Reply<()> },
    Load { code: RoomCode, reply: Reply<Option<(RoomRow, String, Vec<u8>)>> },
    List { owner: String, reply: Reply<Vec<RoomRow>> },
    Archive { code: RoomCode, now: u64, reply: Reply<()> },
    Reopen { code: RoomCode, now: u64, reply: Reply<()> },
    Sweep { unused_before: u64, delete_before: u64, now: u64, reply: Reply<(u64, u64)> },
    Stats { reply: Reply<DbStats> },
    Checkpoint { reply: Reply<()> },
}

/// The rooms' database, open.
pub struct Db {
    jobs: Option<mpsc::SyncSender<Job>>,
    thread: Option<JoinHandle<()>>,
    path: PathBuf,
}

impl Db {
    /// Opens (or makes) the database at `path`, checked as the module says.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        let conn = open_checked(path)?;
        let (jobs, queue) = mpsc::sync_channel(QUEUE);
        let thread = std::thread::Builder::new()
            .name("menace-rooms-db".into())
            .spawn(move || serve(conn, queue))
            .map_err(|e| DbError::Other(format!("cannot start the database's thread: {e}")))?;
        Ok(Db { jobs: Some(jobs), thread: Some(thread), path: path.to_path_buf() })
    }

    /// The database's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn ask<T>(&self, job: impl FnOnce(Reply<T>) -> Job) -> Result<T, DbError> {
        let (reply, answer) = mpsc::sync_channel(1);
        let jobs =
            self.jobs.as_ref().ok_or_else(|| DbError::Other("the database is closed".into()))?;
        jobs.send(job(reply)).map_err(|_| DbError::Other("the database stopped".into()))?;
        answer.recv().map_err(|_| DbError::Other("the database stopped".into()))?
    }

    /// Makes a room `code` for the teacher whose key hashes to `owner`, holding `doc`.
    pub fn make(&self, code: RoomCode, owner: &str, doc: Vec<u8>, now: u64) -> Result<(), DbError> {
        self.ask(|reply| Job::Make { code, owner: owner.to_string(), doc, now, reply })
    }

    /// Commits a room's class document (after games, or a replacement with its earlier
    /// machines): returns once it is on disk.
    pub fn commit(
        &self,
        code: RoomCode,
        doc: Vec<u8>,
        games: u64,
        now: u64,
    ) -> Result<(), DbError> {
        self.ask(|reply| Job::Commit { code, doc, games, now, reply })
    }

    /// A room, its owner's key hash and its class document, if there is one.
    pub fn load(&self, code: RoomCode) -> Result<Option<(RoomRow, String, Vec<u8>)>, DbError> {
        self.ask(|reply| Job::Load { code, reply })
    }

    /// The rooms of the teacher whose key hashes to `owner`, newest first.
    pub fn list(&self, owner: &str) -> Result<Vec<RoomRow>, DbError> {
        self.ask(|reply| Job::List { owner: owner.to_string(), reply })
    }

    /// Archives a room (its teacher closed it): students can no longer join; it is
    /// deleted with the other archived rooms later.
    pub fn archive(&self, code: RoomCode, now: u64) -> Result<(), DbError> {
        self.ask(|reply| Job::Archive { code, now, reply })
    }

    /// Opens an archived room again.
    pub fn reopen(&self, code: RoomCode, now: u64) -> Result<(), DbError> {
        self.ask(|reply| Job::Reopen { code, now, reply })
    }

    /// Archives the rooms unused since `unused_before` and deletes those archived before
    /// `delete_before`: (archived, deleted).
    pub fn sweep(
        &self,
        unused_before: u64,
        delete_before: u64,
        now: u64,
    ) -> Result<(u64, u64), DbError> {
        self.ask(|reply| Job::Sweep { unused_before, delete_before, now, reply })
    }

    /// The operator's figures.
    pub fn stats(&self) -> Result<DbStats, DbError> {
        let stats = self.ask(|reply| Job::Stats { reply })?;
        let mut wal = self.path.as_os_str().to_owned();
        wal.push("-wal");
        let wal_bytes = std::fs::metadata(&wal).map_or(0, |m| m.len());
        Ok(DbStats { wal_bytes, ..stats })
    }
}

impl Db {
    /// Moves everything the write-ahead log holds into the file and empties the log (when
    /// the server stops: the file alone is then the whole database, and a next start that
    /// is refused, a full disk, finds nothing to move and leaves the file as it was).
    pub fn checkpoint(&self) -> Result<(), DbError> {
        self.ask(|reply| Job::Checkpoint { reply })
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        // The queue's end stops the thread once it has committed what it holds.
        self.jobs.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Opens `path` and checks it before writing anything.
fn open_checked(path: &Path) -> Result<Connection, DbError> {
    let fresh = !path.exists();
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| match classify(e) {
        DbError::Other(why) => DbError::Other(format!("cannot open it: {why}")),
        other => other,
    })?;
    // Another process's lock is reported at once, not waited for.
    conn.busy_timeout(std::time::Duration::from_millis(200)).map_err(classify)?;
    // Held by this process from its first read on (and, from the first write, alone) until
    // it ends. Set before the first read: a database in WAL mode then keeps its index in
    // memory, not in a `-shm` file beside it, which a full disk could not make (it would
    // be refused as an I/O error, not as the full disk it is).
    conn.execute_batch("PRAGMA locking_mode = EXCLUSIVE;").map_err(classify)?;
    if !fresh {
        let version: u32 =
            conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(classify)?;
        if version > SCHEMA {
            return Err(DbError::Newer(version));
        }
        let check: String =
            conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(classify)?;
        if check != "ok" {
            return Err(DbError::Damaged(check));
        }
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_schema WHERE name = 'rooms'", [], |r| r.get(0))
            .map_err(classify)?;
        let empty: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
            .map_err(classify)?;
        if tables == 0 && empty > 0 {
            return Err(DbError::Damaged("an SQLite database of something else".into()));
        }
    }
    conn.execute_batch(&format!(
        "PRAGMA synchronous = FULL; PRAGMA journal_size_limit = {WAL_KEPT};"
    ))
    .map_err(classify)?;
    let mode: String =
        conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(classify)?;
    if mode != "wal" {
        return Err(DbError::Other(format!(
            "cannot use a write-ahead log here (journal mode {mode})"
        )));
    }
    let mut conn = conn;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(classify)?;
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS rooms (
            code TEXT PRIMARY KEY,
            owner TEXT NOT NULL,
            made INTEGER NOT NULL,
            used INTEGER NOT NULL,
            archived INTEGER,
            games INTEGER NOT NULL DEFAULT 0,
            doc BLOB NOT NULL
        ) STRICT;
        CREATE INDEX IF NOT EXISTS rooms_owner ON rooms (owner);
        CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;",
    )
    .map_err(classify)?;
    tx.execute(&format!("PRAGMA user_version = {SCHEMA}"), []).map_err(classify)?;
    // A write at start: a full disk is said now, not at the first game.
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('opened', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![format!("menace {}", env!("CARGO_PKG_VERSION"))],
    )
    .map_err(classify)?;
    tx.commit().map_err(classify)?;
    Ok(conn)
}

/// The database's thread: jobs in batches, each batch one transaction.
fn serve(mut conn: Connection, queue: mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        run_batch(&mut conn, batch);
    }
}

/// What a job will answer once its transaction committed.
enum Done {
    Unit(Reply<()>, Result<(), DbError>),
    Load(
        Reply<Option<(RoomRow, String, Vec<u8>)>>,
        Result<Option<(RoomRow, String, Vec<u8>)>, DbError>,
    ),
    List(Reply<Vec<RoomRow>>, Result<Vec<RoomRow>, DbError>),
    Sweep(Reply<(u64, u64)>, Result<(u64, u64), DbError>),
    Stats(Reply<DbStats>, Result<DbStats, DbError>),
    /// Done outside any transaction, once the batch committed.
    Checkpoint(Reply<()>),
}

fn run_batch(conn: &mut Connection, batch: Vec<Job>) {
    let mut done = Vec::with_capacity(batch.len());
    let tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => {
            let e = classify(e);
            for job in batch {
                fail(job, e.clone());
            }
            return;
        }
    };
    for job in batch {
        // Each job in a savepoint of its own: one refused leaves the others' changes.
        done.push(run_job(&tx, job));
    }
    let committed = tx.commit().map_err(classify);
    let checkpoint = |conn: &mut Connection| -> Result<(), DbError> {
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(classify)
    };
    for d in done {
        match (d, &committed) {
            (Done::Unit(r, res), Ok(())) => drop(r.send(res)),
            (Done::Unit(r, _), Err(e)) => drop(r.send(Err(e.clone()))),
            (Done::Load(r, res), Ok(())) => drop(r.send(res)),
            (Done::Load(r, _), Err(e)) => drop(r.send(Err(e.clone()))),
            (Done::List(r, res), Ok(())) => drop(r.send(res)),
            (Done::List(r, _), Err(e)) => drop(r.send(Err(e.clone()))),
            (Done::Sweep(r, res), Ok(())) => drop(r.send(res)),
            (Done::Sweep(r, _), Err(e)) => drop(r.send(Err(e.clone()))),
            (Done::Stats(r, res), Ok(())) => drop(r.send(res)),
            (Done::Stats(r, _), Err(e)) => drop(r.send(Err(e.clone()))),
            (Done::Checkpoint(r), Ok(())) => drop(r.send(checkpoint(conn))),
            (Done::Checkpoint(r), Err(e)) => drop(r.send(Err(e.clone()))),
        }
    }
}

fn fail(job: Job, e: DbError) {
    match job {
        Job::Make { reply, .. }
        | Job::Commit { reply, .. }
        | Job::Archive { reply, .. }
        | Job::Reopen { reply, .. } => drop(reply.send(Err(e))),
        Job::Load { reply, .. } => drop(reply.send(Err(e))),
        Job::List { reply, .. } => drop(reply.send(Err(e))),
        Job::Sweep { reply, .. } => drop(reply.send(Err(e))),
        Job::Stats { reply } => drop(reply.send(Err(e))),
        Job::Checkpoint { reply } => drop(reply.send(Err(e))),
    }
}

/// Runs `f` in a savepoint: kept if it succeeds, undone if not.
fn savepoint<T>(
    tx: &rusqlite::Transaction<'_>,
    f: impl FnOnce() -> Result<T, DbError>,
) -> Result<T, DbError> {
    tx.execute_batch("SAVEPOINT job").map_err(classify)?;
    let out = f();
    let end = if out.is_ok() { "RELEASE job" } else { "ROLLBACK TO job; RELEASE job" };
    tx.execute_batch(end).map_err(classify)?;
    out
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RoomRow> {
    let code: String = r.get("code")?;
    let code = code.parse().map_err(|e: crate::code::CodeError| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
    })?;
    let num = |name: &str| -> rusqlite::Result<u64> { Ok(r.get::<_, i64>(name)?.max(0) as u64) };
    Ok(RoomRow {
        code,
        made: num("made")?,
        used: num("used")?,
        archived: r.get::<_, Option<i64>>("archived")?.map(|a| a.max(0) as u64),
        games: num("games")?,
        bytes: num("bytes")?,
    })
}

const COLUMNS: &str = "code, made, used, archived, games, length(doc) AS bytes";

/// SQLite's integers are signed: a count past i64's range is kept at its largest.
fn int(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn run_job(tx: &rusqlite::Transaction<'_>, job: Job) -> Done {
    match job {
        Job::Make { code, owner, doc, now, reply } => Done::Unit(
            reply,
            savepoint(tx, || {
                let made = tx.execute(
                    "INSERT INTO rooms (code, owner, made, used, doc) VALUES (?1, ?2, ?3, ?3, ?4)
                     ON CONFLICT (code) DO NOTHING",
                    params![code.as_str(), owner, int(now), doc],
                );
                match made.map_err(classify)? {
                    0 => Err(DbError::Taken),
                    _ => Ok(()),
                }
            }),
        ),
        Job::Commit { code, doc, games, now, reply } => Done::Unit(
            reply,
            savepoint(tx, || {
                one_room(tx.execute(
                    "UPDATE rooms SET doc = ?2, games = ?3, used = ?4 WHERE code = ?1",
                    params![code.as_str(), doc, int(games), int(now)],
                ))
            }),
        ),
        Job::Load { code, reply } => Done::Load(
            reply,
            tx.query_row(
                &format!("SELECT {COLUMNS}, owner, doc FROM rooms WHERE code = ?1"),
                params![code.as_str()],
                |r| Ok((row(r)?, r.get::<_, String>("owner")?, r.get::<_, Vec<u8>>("doc")?)),
            )
            .optional()
            .map_err(classify),
        ),
        Job::List { owner, reply } => Done::List(reply, list(tx, &owner)),
        Job::Archive { code, now, reply } => Done::Unit(
            reply,
            savepoint(tx, || {
                one_room(tx.execute(
                    "UPDATE rooms SET archived = coalesce(archived, ?2) WHERE code = ?1",
                    params![code.as_str(), int(now)],
                ))
            }),
        ),
        Job::Reopen { code, now, reply } => Done::Unit(
            reply,
            savepoint(tx, || {
                one_room(tx.execute(
                    "UPDATE rooms SET archived = NULL, used = ?2 WHERE code = ?1",
                    params![code.as_str(), int(now)],
                ))
            }),
        ),
        Job::Sweep { unused_before, delete_before, now, reply } => Done::Sweep(
            reply,
            savepoint(tx, || {
                let archived = tx
                    .execute(
                        "UPDATE rooms SET archived = ?2 WHERE archived IS NULL AND used < ?1",
                        params![int(unused_before), int(now)],
                    )
                    .map_err(classify)?;
                let deleted = tx
                    .execute("DELETE FROM rooms WHERE archived < ?1", params![int(delete_before)])
                    .map_err(classify)?;
                Ok((archived as u64, deleted as u64))
            }),
        ),
        Job::Stats { reply } => Done::Stats(reply, stats(tx)),
        Job::Checkpoint { reply } => Done::Checkpoint(reply),
    }
}

/// A change that must touch exactly the one room it names: none touched, no such room.
fn one_room(changed: rusqlite::Result<usize>) -> Result<(), DbError> {
    match changed.map_err(classify)? {
        0 => Err(DbError::NoRoom),
        _ => Ok(()),
    }
}

fn list(tx: &rusqlite::Transaction<'_>, owner: &str) -> Result<Vec<RoomRow>, DbError> {
    let mut st = tx
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM rooms WHERE owner = ?1 ORDER BY made DESC, code"
        ))
        .map_err(classify)?;
    let rows = st.query_map(params![owner], row).map_err(classify)?;
    rows.collect::<Result<Vec<_>, _>>().map_err(classify)
}

fn stats(tx: &rusqlite::Transaction<'_>) -> Result<DbStats, DbError> {
    // total(), not sum(): a float, which cannot overflow where sum() would fail.
    let (rooms, archived, games): (i64, i64, f64) = tx
        .query_row("SELECT count(*), count(archived), total(games) FROM rooms", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .map_err(classify)?;
    let pages: i64 = tx.query_row("PRAGMA page_count", [], |r| r.get(0)).map_err(classify)?;
    let size: i64 = tx.query_row("PRAGMA page_size", [], |r| r.get(0)).map_err(classify)?;
    let n = |v: i64| v.max(0) as u64;
    Ok(DbStats {
        rooms: n(rooms),
        archived: n(archived),
        games: games as u64,
        bytes: n(pages).saturating_mul(n(size)),
        wal_bytes: 0,
    })
}
