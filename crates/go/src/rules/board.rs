//! The Go board: stones, groups, pseudo-liberties, captures, simple ko and a Zobrist hash.
//!
//! Built for Monte-Carlo search: a [`Board`] is a plain value of fixed-size arrays (about
//! 9 KiB, cloned with one `memcpy`), and [`Board::play`] allocates nothing. Points are
//! indices into a `(n+2) x (n+2)` array whose outer ring is [`EDGE`], so neighbour loops
//! need no bounds checks. A cell is a [`Point`]; a [`Move`] is a pass or a point.
//!
//! Groups are circular linked lists of stones with a head. Each group keeps *pseudo*
//! liberties (an empty neighbour counted once per adjacent stone) together with the sum and
//! the sum of squares of those liberty points: a group is in atari exactly when all its
//! pseudo-liberties are the same point, i.e. when `count * sum_sq == sum * sum`, and that
//! point is `sum / count`. This is the classic trick that gives atari detection in O(1)
//! without keeping liberty sets.
//!
//! The vocabulary it is written in lives beside it, one small type a file:
//! [`colour`](super::colour), [`point`](super::point), [`moves`](super::moves) and the
//! [`zobrist`](super::zobrist) keys. They are re-exported here, so `rules::board::Move`
//! names the same type as `rules::moves::Move`.

pub use crate::rules::colour::{Colour, BLACK, EDGE, EMPTY, WHITE};
pub use crate::rules::moves::{Illegal, Move};
pub use crate::rules::point::{Point, MAX_POINTS, MAX_SIZE};
use crate::rules::point::{NO_INDEX, NO_POINT};
use crate::rules::zobrist::{WHITE_TO_MOVE_KEY, ZOBRIST};

/// A Go position with the player to move, prisoners, the simple-ko point and the last
/// two moves.
#[derive(Clone)]
pub struct Board {
    size: usize,
    w: usize,
    color: [u8; MAX_POINTS],
    /// Head stone of the group of each stone.
    head: [Point; MAX_POINTS],
    /// Next stone in the group's circular list.
    next: [Point; MAX_POINTS],
    /// Per group head: number of pseudo-liberties.
    libs: [u16; MAX_POINTS],
    /// Per group head: sum of pseudo-liberty points.
    lsum: [u32; MAX_POINTS],
    /// Per group head: sum of squares of pseudo-liberty points.
    lsq: [u32; MAX_POINTS],
    /// Per group head: number of stones.
    gsize: [u16; MAX_POINTS],
    /// The empty points, in no particular order, for playouts.
    empties: [Point; MAX_SIZE * MAX_SIZE],
    /// Index in `empties` of each empty point.
    empty_pos: [u16; MAX_POINTS],
    n_empty: usize,
    to_move: Colour,
    /// The ko point, or [`NO_POINT`] (a sentinel rather than an `Option`: one compare in
    /// [`Board::check`]).
    ko: Point,
    hash: u64,
    /// Stones captured by black (index 0) and by white (index 1).
    prisoners: [u32; 2],
    last: Move,
    last2: Move,
    passes: u8,
    moves: u32,
}

impl Board {
    /// An empty board of side `size` (2..=19), black to move.
    ///
    /// # Panics
    /// If `size` is outside 2..=19.
    pub fn new(size: usize) -> Board {
        assert!((2..=MAX_SIZE).contains(&size), "board size {size} not in 2..=19");
        let w = size + 2;
        let mut b = Board {
            size,
            w,
            color: [EDGE; MAX_POINTS],
            head: [NO_POINT; MAX_POINTS],
            next: [NO_POINT; MAX_POINTS],
            libs: [0; MAX_POINTS],
            lsum: [0; MAX_POINTS],
            lsq: [0; MAX_POINTS],
            gsize: [0; MAX_POINTS],
            empties: [Point::new(0); MAX_SIZE * MAX_SIZE],
            empty_pos: [NO_INDEX; MAX_POINTS],
            n_empty: 0,
            to_move: Colour::Black,
            ko: NO_POINT,
            hash: 0,
            prisoners: [0; 2],
            last: Move::Pass,
            last2: Move::Pass,
            passes: 0,
            moves: 0,
        };
        for r in 0..size {
            for c in 0..size {
                let p = b.point(r, c);
                b.color[p.index()] = EMPTY;
                b.add_empty(p);
            }
        }
        b
    }

    /// A board with the given stones (`stones[r * size + c]`, row 0 at the top), built from
    /// scratch. Fails if some group has no liberty (no legal game reaches that).
    pub fn from_stones(size: usize, stones: &[u8], to_move: Colour) -> Result<Board, String> {
        let mut b = Board::new(size);
        if stones.len() != size * size {
            return Err(format!("expected {} points, got {}", size * size, stones.len()));
        }
        for r in 0..size {
            for c in 0..size {
                let s = stones[r * size + c];
                if s == BLACK || s == WHITE {
                    let p = b.point(r, c);
                    b.color[p.index()] = s;
                    b.remove_empty(p);
                    b.hash ^= ZOBRIST[p.index()][s as usize];
                } else if s != EMPTY {
                    return Err(format!("bad stone value {s}"));
                }
            }
        }
        b.rebuild_groups();
        for p in b.points() {
            if b.color[p.index()] <= WHITE
                && b.color[p.index()] != EMPTY
                && b.head[p.index()] == p
                && b.libs[p.index()] == 0
            {
                let (r, c) = b.row_col(p);
                return Err(format!(
                    "the group at row {}, column {} has no liberties",
                    r + 1,
                    c + 1
                ));
            }
        }
        b.to_move = to_move;
        Ok(b)
    }

    /// Recomputes every group and its pseudo-liberties from the stones alone.
    fn rebuild_groups(&mut self) {
        self.head = [NO_POINT; MAX_POINTS];
        self.next = [NO_POINT; MAX_POINTS];
        self.libs = [0; MAX_POINTS];
        self.lsum = [0; MAX_POINTS];
        self.lsq = [0; MAX_POINTS];
        self.gsize = [0; MAX_POINTS];
        let mut stack = Vec::new();
        let pts: Vec<Point> = self.points().collect();
        for &p in &pts {
            let col = self.color[p.index()];
            if (col == BLACK || col == WHITE) && self.head[p.index()] == NO_POINT {
                // Flood fill, linking stones into a circular list headed by p.
                self.head[p.index()] = p;
                self.next[p.index()] = p;
                self.gsize[p.index()] = 1;
                stack.push(p);
                while let Some(q) = stack.pop() {
                    for n in self.neighbors(q) {
                        if self.color[n.index()] == col && self.head[n.index()] == NO_POINT {
                            self.head[n.index()] = p;
                            self.next[n.index()] = self.next[p.index()];
                            self.next[p.index()] = n;
                            self.gsize[p.index()] += 1;
                            stack.push(n);
                        }
                    }
                }
            }
        }
        for &p in &pts {
            let col = self.color[p.index()];
            if col == BLACK || col == WHITE {
                let h = self.head[p.index()];
                for n in self.neighbors(p) {
                    if self.color[n.index()] == EMPTY {
                        self.add_lib(h, n);
                    }
                }
            }
        }
    }

    /// Side of the board.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The point at row `r`, column `c` (both 0-based, row 0 at the top).
    #[inline]
    pub fn point(&self, r: usize, c: usize) -> Point {
        Point::new(((r + 1) * self.w + c + 1) as u16)
    }

    /// Row and column (0-based, row 0 at the top) of an on-board point.
    #[inline]
    pub fn row_col(&self, p: Point) -> (usize, usize) {
        (p.index() / self.w - 1, p.index() % self.w - 1)
    }

    /// Every on-board point, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |r| (0..self.size).map(move |c| self.point(r, c)))
    }

    /// The four orthogonal neighbours (some may be [`EDGE`]).
    #[inline]
    pub fn neighbors(&self, p: Point) -> [Point; 4] {
        let (p, w) = (p.raw(), self.w as u16);
        [Point::new(p - w), Point::new(p - 1), Point::new(p + 1), Point::new(p + w)]
    }

    /// The four diagonal neighbours (some may be [`EDGE`]).
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let (p, w) = (p.raw(), self.w as u16);
        [Point::new(p - w - 1), Point::new(p - w + 1), Point::new(p + w - 1), Point::new(p + w + 1)]
    }

    /// What is at `p`: [`EMPTY`], [`BLACK`], [`WHITE`] or [`EDGE`].
    #[inline]
    pub fn at(&self, p: Point) -> u8 {
        self.color[p.index()]
    }

    /// Whose stone is at `p`, if any.
    #[inline]
    pub fn colour_at(&self, p: Point) -> Option<Colour> {
        Colour::from_stone(self.color[p.index()])
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Sets the player to move (used when a position is set up, e.g. from GTP `play`).
    pub fn set_to_move(&mut self, c: Colour) {
        self.to_move = c;
    }

    /// Stones captured by `c` so far (counted for the capturer).
    #[inline]
    pub fn prisoners(&self, c: Colour) -> u32 {
        self.prisoners[c.index()]
    }

    /// Sets the prisoner counts (from a position description).
    pub fn set_prisoners(&mut self, black: u32, white: u32) {
        self.prisoners = [black, white];
    }

    /// The point where an immediate ko recapture is forbidden, if any.
    #[inline]
    pub fn ko(&self) -> Option<Point> {
        (self.ko != NO_POINT).then_some(self.ko)
    }

    /// The last move played ([`Move::Pass`] at the start).
    #[inline]
    pub fn last_move(&self) -> Move {
        self.last
    }

    /// The move before the last one ([`Move::Pass`] at the start).
    #[inline]
    pub fn last_move2(&self) -> Move {
        self.last2
    }

    /// Consecutive passes that ended the move sequence so far.
    #[inline]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Records that the game arrived here through `n` consecutive passes (for positions set
    /// up from outside, e.g. when the opponent is known to have passed).
    pub fn set_passes(&mut self, n: u8) {
        self.passes = n;
    }

    /// Moves (including passes) played on this board value.
    #[inline]
    pub fn move_count(&self) -> u32 {
        self.moves
    }

    /// Zobrist hash of the stones alone: the key for positional superko
    /// ([`Superko`](crate::rules::game::Superko)).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Hash of the stones and the player to move: the key for situational superko ("the
    /// same position with the same player to move", [`Superko`](crate::rules::game::Superko)).
    #[inline]
    pub fn position_key(&self) -> u64 {
        if self.to_move == Colour::White {
            self.hash ^ WHITE_TO_MOVE_KEY
        } else {
            self.hash
        }
    }

    /// The empty points (unordered).
    #[inline]
    pub fn empties(&self) -> &[Point] {
        &self.empties[..self.n_empty]
    }

    /// Head stone of the group at `p` (a stone).
    #[inline]
    pub fn group_of(&self, p: Point) -> Point {
        self.head[p.index()]
    }

    /// Number of stones in the group with head `h`.
    #[inline]
    pub fn group_size(&self, h: Point) -> usize {
        self.gsize[h.index()] as usize
    }

    /// The stones of the group with head `h`.
    pub fn group_stones(&self, h: Point) -> impl Iterator<Item = Point> + '_ {
        let mut p = h;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let cur = p;
            p = self.next[p.index()];
            done = p == h;
            Some(cur)
        })
    }

    /// If the group with head `h` has exactly one liberty, that liberty.
    #[inline]
    pub fn atari_lib(&self, h: Point) -> Option<Point> {
        let n = u64::from(self.libs[h.index()]);
        let s = u64::from(self.lsum[h.index()]);
        let q = u64::from(self.lsq[h.index()]);
        (n > 0 && n * q == s * s).then(|| Point::new((s / n) as u16))
    }

    /// True liberties of the group with head `h`, counted up to `max` (stops early; at
    /// most 8).
    pub fn count_libs(&self, h: Point, max: usize) -> usize {
        let mut seen = [Point::new(0); 8];
        self.liberties(h, &mut seen[..max.clamp(1, 8)])
    }

    /// The liberties of the group with head `h` into `out`, in the order its stones find
    /// them, until `out` is full: how many (so `out.len()` means "at least that many").
    pub fn liberties(&self, h: Point, out: &mut [Point]) -> usize {
        let mut n = 0;
        if out.is_empty() {
            return 0;
        }
        for s in self.group_stones(h) {
            for q in self.neighbors(s) {
                if self.color[q.index()] == EMPTY && !out[..n].contains(&q) {
                    out[n] = q;
                    n += 1;
                    if n == out.len() {
                        return n;
                    }
                }
            }
        }
        n
    }

    #[inline]
    fn add_lib(&mut self, h: Point, p: Point) {
        let h = h.index();
        let p = u32::from(p.raw());
        self.libs[h] += 1;
        self.lsum[h] += p;
        self.lsq[h] += p * p;
    }

    #[inline]
    fn remove_lib(&mut self, h: Point, p: Point) {
        let h = h.index();
        let p = u32::from(p.raw());
        self.libs[h] -= 1;
        self.lsum[h] -= p;
        self.lsq[h] -= p * p;
    }

    #[inline]
    fn add_empty(&mut self, p: Point) {
        self.empty_pos[p.index()] = self.n_empty as u16;
        self.empties[self.n_empty] = p;
        self.n_empty += 1;
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        let i = self.empty_pos[p.index()] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[i] = last;
        self.empty_pos[last.index()] = i as u16;
        self.empty_pos[p.index()] = NO_INDEX;
    }

    /// Is `mv` legal for the player to move: a pass, or a point on the board, empty, not
    /// suicide and not an immediate ko recapture? Superko needs the game's history, so it
    /// is the caller's business ([`Game`](crate::rules::game::Game) keeps it for the GTP
    /// engine and the referee).
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Like [`Board::is_legal`], with the reason when not.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        let Move::Play(p) = mv else {
            return Ok(());
        };
        if p.index() >= MAX_POINTS || self.color[p.index()] == EDGE {
            return Err(Illegal::OffBoard);
        }
        if self.color[p.index()] != EMPTY {
            return Err(Illegal::Occupied);
        }
        if p == self.ko {
            return Err(Illegal::Ko);
        }
        if self.is_suicide(p, self.to_move) {
            return Err(Illegal::Suicide);
        }
        Ok(())
    }

    /// Would `c` playing at the empty point `p` be suicide?
    #[inline]
    pub fn is_suicide(&self, p: Point, c: Colour) -> bool {
        let c = c.stone();
        for q in self.neighbors(p) {
            let qc = self.color[q.index()];
            if qc == EMPTY {
                return false;
            }
            if qc == EDGE {
                continue;
            }
            let in_atari = self.atari_lib(self.head[q.index()]).is_some();
            // An own group with another liberty, or an enemy group we capture.
            if (qc == c) != in_atari {
                return false;
            }
        }
        true
    }

    /// Plays `mv` for the player to move, if legal.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (see [`Board::is_legal`]). Returns the number of
    /// stones captured.
    pub fn play_unchecked(&mut self, mv: Move) -> u32 {
        let player = self.to_move;
        self.last2 = self.last;
        self.last = mv;
        self.moves += 1;
        self.to_move = player.opponent();
        let Move::Play(p) = mv else {
            // Saturating: a file of a million passes (issue 75) must not wrap or panic.
            self.passes = self.passes.saturating_add(1);
            self.ko = NO_POINT;
            return 0;
        };
        self.passes = 0;
        let (c, o) = (player.stone(), player.opponent().stone());
        self.color[p.index()] = c;
        self.hash ^= ZOBRIST[p.index()][c as usize];
        self.remove_empty(p);
        self.head[p.index()] = p;
        self.next[p.index()] = p;
        self.gsize[p.index()] = 1;
        self.libs[p.index()] = 0;
        self.lsum[p.index()] = 0;
        self.lsq[p.index()] = 0;
        let ns = self.neighbors(p);
        for q in ns {
            match self.color[q.index()] {
                EMPTY => self.add_lib(p, q),
                BLACK | WHITE => {
                    let h = self.head[q.index()];
                    self.remove_lib(h, p);
                }
                _ => {}
            }
        }
        // Merge with friendly neighbours (the bigger group absorbs the smaller).
        for q in ns {
            if self.color[q.index()] == c {
                let a = self.head[p.index()];
                let b = self.head[q.index()];
                if a != b {
                    let (big, small) = if self.gsize[a.index()] >= self.gsize[b.index()] {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    self.merge(big, small);
                }
            }
        }
        // Capture enemy neighbours left without liberties.
        let mut captured = 0;
        let mut last_captured = NO_POINT;
        for q in ns {
            if self.color[q.index()] == o {
                let h = self.head[q.index()];
                if self.libs[h.index()] == 0 {
                    captured += self.remove_group(h);
                    last_captured = q;
                }
            }
        }
        self.prisoners[player.index()] += captured;
        let h = self.head[p.index()];
        self.ko = if captured == 1 && self.gsize[h.index()] == 1 && self.libs[h.index()] == 1 {
            last_captured
        } else {
            NO_POINT
        };
        captured
    }

    fn merge(&mut self, big: Point, small: Point) {
        let (bi, si) = (big.index(), small.index());
        self.libs[bi] += self.libs[si];
        self.lsum[bi] += self.lsum[si];
        self.lsq[bi] += self.lsq[si];
        self.gsize[bi] += self.gsize[si];
        let mut s = small;
        loop {
            self.head[s.index()] = big;
            s = self.next[s.index()];
            if s == small {
                break;
            }
        }
        // Splice the two circular lists.
        self.next.swap(bi, si);
    }

    fn remove_group(&mut self, h: Point) -> u32 {
        let col = self.color[h.index()];
        let mut s = h;
        let mut n = 0;
        loop {
            self.color[s.index()] = EMPTY;
            self.hash ^= ZOBRIST[s.index()][col as usize];
            self.add_empty(s);
            n += 1;
            for q in self.neighbors(s) {
                let qc = self.color[q.index()];
                if (qc == BLACK || qc == WHITE) && self.head[q.index()] != h {
                    let qh = self.head[q.index()];
                    self.add_lib(qh, s);
                }
            }
            let nx = self.next[s.index()];
            self.head[s.index()] = NO_POINT;
            s = nx;
            if s == h {
                break;
            }
        }
        n
    }

    /// Is the empty point `p` an eye-like point of `c`: all orthogonal neighbours `c` or
    /// edge, and not a false eye (at most one enemy diagonal in the middle, none at the
    /// edge)?
    #[inline]
    pub fn is_eye(&self, p: Point, c: Colour) -> bool {
        let (c, o) = (c.stone(), c.opponent().stone());
        for q in self.neighbors(p) {
            let qc = self.color[q.index()];
            if qc != c && qc != EDGE {
                return false;
            }
        }
        let mut bad = 0;
        let mut edge = 0;
        for q in self.diagonals(p) {
            match self.color[q.index()] {
                EDGE => edge = 1,
                x if x == o => bad += 1,
                _ => {}
            }
        }
        bad + edge < 2
    }

    /// The 3x3 neighbourhood of `p` as 16 bits: 2 bits per neighbour (empty, black, white,
    /// edge) in the order NW, N, NE, W, E, SW, S, SE.
    #[inline]
    pub fn env8(&self, p: Point) -> u16 {
        let w = self.w;
        let p = p.index();
        let c = &self.color;
        u16::from(c[p - w - 1])
            | u16::from(c[p - w]) << 2
            | u16::from(c[p - w + 1]) << 4
            | u16::from(c[p - 1]) << 6
            | u16::from(c[p + 1]) << 8
            | u16::from(c[p + w - 1]) << 10
            | u16::from(c[p + w]) << 12
            | u16::from(c[p + w + 1]) << 14
    }

    /// Checks every incremental structure against a recomputation from the stones alone;
    /// for tests. Returns a description of the first difference.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.rebuild_groups();
        let mut hash = 0;
        let mut n_empty = 0;
        for p in self.points() {
            let col = self.color[p.index()];
            match col {
                EMPTY => {
                    n_empty += 1;
                    let i = self.empty_pos[p.index()] as usize;
                    if i >= self.n_empty || self.empties[i] != p {
                        return Err(format!("empty list misses {}", p.raw()));
                    }
                }
                BLACK | WHITE => {
                    hash ^= ZOBRIST[p.index()][col as usize];
                    let h = self.head[p.index()];
                    if h.index() >= MAX_POINTS || self.color[h.index()] != col {
                        return Err(format!("stone {} has a bad head {}", p.raw(), h.raw()));
                    }
                    if h == p {
                        // Every stone on the list points to h and lies in one fresh group
                        // of the same size: the partitions agree.
                        let fh = fresh.head[p.index()];
                        let mut n = 0;
                        for s in self.group_stones(h) {
                            n += 1;
                            if self.head[s.index()] != h || fresh.head[s.index()] != fh {
                                return Err(format!(
                                    "group {}: stone {} is misfiled",
                                    h.raw(),
                                    s.raw()
                                ));
                            }
                            if n > MAX_POINTS {
                                return Err(format!("group {}: list does not close", h.raw()));
                            }
                        }
                        let (a, b) = (h.index(), fh.index());
                        let ours = (self.libs[a], self.lsum[a], self.lsq[a], self.gsize[a]);
                        let theirs = (fresh.libs[b], fresh.lsum[b], fresh.lsq[b], fresh.gsize[b]);
                        if ours != theirs || n != ours.3 as usize {
                            return Err(format!(
                                "group {}: {ours:?} != recomputed {theirs:?}",
                                h.raw()
                            ));
                        }
                        if ours.0 == 0 {
                            return Err(format!("group {} has no liberties", h.raw()));
                        }
                    }
                }
                _ => return Err(format!("bad colour {col} at {}", p.raw())),
            }
        }
        if n_empty != self.n_empty {
            return Err(format!("{} empties listed, {n_empty} on the board", self.n_empty));
        }
        if hash != self.hash {
            return Err("hash differs from recomputed hash".into());
        }
        Ok(())
    }

    /// The board as rows of `.`, `X` (black) and `O` (white), top row first.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for r in 0..self.size {
            for c in 0..self.size {
                s.push(match self.at(self.point(r, c)) {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// A board from a diagram of `.`/`X`/`O` rows (white space ignored), for tests.
    pub fn from_diagram(text: &str, to_move: Colour) -> Result<Board, String> {
        let rows: Vec<Vec<u8>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
            .filter(|l| !l.is_empty())
            .map(|l| {
                l.chars()
                    .map(|c| match c {
                        'X' | 'x' | '1' => Ok(BLACK),
                        'O' | 'o' | '2' => Ok(WHITE),
                        '.' | '0' | '+' => Ok(EMPTY),
                        _ => Err(format!("bad diagram character {c:?}")),
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        let n = rows.len();
        if !(2..=MAX_SIZE).contains(&n) || rows.iter().any(|r| r.len() != n) {
            return Err("diagram is not square".into());
        }
        Board::from_stones(n, &rows.concat(), to_move)
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.diagram())
    }
}
