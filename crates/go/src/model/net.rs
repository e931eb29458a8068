//! The policy network: a small residual convolutional network that reads a 19x19 position
//! and gives every move a probability of being the one a professional would play. It is
//! the search's prior where it is asked for ([`Params::policy_net`]): at the root, once a
//! move.
//!
//! ```
//! use menace_go::model::net::PolicyNet;
//! use menace_go::rules::board::{Board, Move};
//!
//! let net = PolicyNet::builtin();
//! let b = Board::new(19);
//! let policy = net.policy(&b).expect("a 19x19 board");
//! // A professional's first move is in a corner area, never on the edge.
//! let (best, p) = policy.best();
//! let Move::Play(pt) = best else { panic!("passes on the empty board") };
//! let (r, c) = b.row_col(pt);
//! assert!((2..=4).contains(&r.min(18 - r)) && (2..=4).contains(&c.min(18 - c)), "{r} {c}");
//! assert!(p > 0.05);
//! ```
//!
//! **Inputs.** Twelve planes of 19x19, seen from the player to move ([`planes`]): its
//! stones, the opponent's, empty points, its stones in groups of 1, 2 and 3 or more
//! liberties, the same for the opponent, the last move, a plane of ones when black is to
//! move, and a plane of ones (so that zero padding shows the edge). A position is kept in
//! a dataset as a [`Record`] (366 bytes) from which the planes follow.
//!
//! **Network.** A 3x3 convolution to `C` channels, `B` residual blocks of two 3x3
//! convolutions, then a 1x1 convolution to one logit a point, and passing's logit from the
//! channels' board means ([`PolicyNet`]). Batch normalisation is folded into the
//! convolutions when the trainer exports them (`scripts/train_policy.py`), so inference is
//! convolutions, additions and ReLUs.
//!
//! **Determinism.** The convolutions are our own loops in a fixed order, with no fused
//! multiply-add (a matrix library's kernels differ from one CPU to the next in their last
//! bits, and a search fed by them would not replay its games on another machine), so a
//! position's probabilities are the same bits everywhere. Where the processor has AVX2
//! the same loops run 8 output channels an instruction instead of 4 ([`Kernel`]): each
//! output is still one product and one addition at a time in the same order, so the bits
//! do not change (a test compares them).
//!
//! **Weights** are a safetensors file (`crates/go/data/policy.safetensors`, the built-in
//! one, or any given to [`PolicyNet::from_bytes`] or [`PolicyNet::from_file`], which
//! [`PolicyNet::install`] puts in the search's hands), validated when read: the format's own
//! checks (its header, every tensor inside the file), then ours (the format's name in its
//! metadata, every tensor present with its exact shape, finite values, sizes capped).
//!
//! [`Params::policy_net`]: crate::search::params::Params::policy_net

use std::sync::OnceLock;

use safetensors::{Dtype, SafeTensors};

use crate::rules::board::{Board, Colour, Move, EMPTY};

/// The board size the network reads.
pub const SIZE: usize = 19;
/// Points on the board.
pub const POINTS: usize = SIZE * SIZE;
/// Input planes.
pub const PLANES: usize = 12;
/// Outputs: a logit a point, then passing's.
pub const OUTPUTS: usize = POINTS + 1;
/// The index of passing among the outputs (and in a [`Record`]'s moves).
pub const PASS: u16 = POINTS as u16;
/// The value of the weights' `format` metadata.
pub const FORMAT: &str = "menace-policy-1";

/// Largest weights file read (a 20 x 256 network is about 95 MB in f32; ours are far
/// smaller).
const MAX_FILE: usize = 128 << 20;
/// Most residual blocks and channels accepted, so a hostile file cannot ask for unbounded
/// work a move.
const MAX_BLOCKS: usize = 40;
const MAX_CHANNELS: usize = 512;

static BUILTIN: &[u8] = include_bytes!("../../data/policy.safetensors");

/// One position of a dataset: what the network reads, and the move played there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Each point, row by row from the top: 0 empty; 1, 2, 3 a stone of the player to move
    /// in a group of 1, 2, 3 or more liberties; 4, 5, 6 the opponent's.
    pub codes: [u8; POINTS],
    /// The player to move.
    pub to_move: Colour,
    /// The last move's point (`row * 19 + column`), or [`PASS`] when it passed or there is
    /// none.
    pub last: u16,
    /// The move played (`row * 19 + column`, or [`PASS`]).
    pub played: u16,
}

impl Record {
    /// Bytes a record takes in a dataset file.
    pub const BYTES: usize = POINTS + 5;

    /// The record of `b` (19x19) with `played` the move made there.
    pub fn of(b: &Board, played: Move) -> Option<Record> {
        if b.size() != SIZE {
            return None;
        }
        let me = b.to_move().stone();
        let mut codes = [0u8; POINTS];
        for (i, code) in codes.iter_mut().enumerate() {
            let p = b.point(i / SIZE, i % SIZE);
            let s = b.at(p);
            if s == EMPTY {
                continue;
            }
            let libs = b.count_libs(b.group_of(p), 3).clamp(1, 3) as u8;
            *code = if s == me { libs } else { 3 + libs };
        }
        Some(Record {
            codes,
            to_move: b.to_move(),
            last: index(b, b.last_move()),
            played: index(b, played),
        })
    }

    /// Appends the record's bytes: the codes, the player to move (0 black, 1 white), the
    /// last move and the move played (little-endian `u16`s).
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.codes);
        out.push(u8::from(self.to_move == Colour::White));
        out.extend_from_slice(&self.last.to_le_bytes());
        out.extend_from_slice(&self.played.to_le_bytes());
    }

    /// Reads a record written by [`Record::write`], checking every field's range.
    pub fn read(bytes: &[u8]) -> Result<Record, String> {
        if bytes.len() != Record::BYTES {
            return Err(format!("a record is {} bytes, not {}", Record::BYTES, bytes.len()));
        }
        let mut codes = [0u8; POINTS];
        codes.copy_from_slice(&bytes[..POINTS]);
        if let Some(i) = codes.iter().position(|&c| c > 6) {
            return Err(format!("point {i}: code {} (0 to 6)", codes[i]));
        }
        let to_move = match bytes[POINTS] {
            0 => Colour::Black,
            1 => Colour::White,
            x => return Err(format!("player to move {x} (0 or 1)")),
        };
        let word = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let (last, played) = (word(POINTS + 1), word(POINTS + 3));
        if last > PASS || played > PASS {
            return Err(format!("move {} out of range", last.max(played)));
        }
        Ok(Record { codes, to_move, last, played })
    }
}

/// A move's index among the network's outputs: `row * 19 + column` from the top, or
/// [`PASS`] (also the index of a record's missing last move).
pub fn index(b: &Board, m: Move) -> u16 {
    match m {
        Move::Pass => PASS,
        Move::Play(p) => {
            let (r, c) = b.row_col(p);
            (r * SIZE + c) as u16
        }
    }
}

/// The input planes of a record, point-major (`[point][plane]`), as the network reads them.
pub fn planes(r: &Record) -> Vec<f32> {
    let mut x = vec![0.0f32; POINTS * PLANES];
    let black = f32::from(u8::from(r.to_move == Colour::Black));
    for (i, &code) in r.codes.iter().enumerate() {
        let v = &mut x[i * PLANES..(i + 1) * PLANES];
        match code {
            0 => v[2] = 1.0,
            1..=3 => {
                v[0] = 1.0;
                v[2 + code as usize] = 1.0;
            }
            _ => {
                v[1] = 1.0;
                v[2 + code as usize] = 1.0;
            }
        }
        v[10] = black;
        v[11] = 1.0;
    }
    if r.last < PASS {
        x[r.last as usize * PLANES + 9] = 1.0;
    }
    x
}

/// A convolution with its bias, batch normalisation folded in.
#[derive(Clone, Debug)]
struct Conv {
    cin: usize,
    cout: usize,
    /// 3 or 1.
    k: usize,
    /// `[ky][kx][cin][cout]`: an input's weights to every output channel side by side,
    /// the inner loop's run.
    w: Vec<f32>,
    b: Vec<f32>,
}

/// How the convolutions run: every kernel gives the same bits (see [`Conv::apply`]); the
/// wider one is faster where the processor has it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// The baseline instructions of the target (SSE2 on x86-64: 4 lanes).
    Baseline,
    /// AVX2's 8 lanes, chosen at run time where the processor has them (x86-64 only).
    Avx2,
}

impl Kernel {
    /// The fastest kernel this processor runs.
    pub fn best() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            return Kernel::Avx2;
        }
        Kernel::Baseline
    }

    /// Whether this processor runs the kernel.
    pub fn available(self) -> bool {
        match self {
            Kernel::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 => false,
        }
    }
}

/// The kernel chosen once for the process.
fn best_kernel() -> Kernel {
    static BEST: OnceLock<Kernel> = OnceLock::new();
    *BEST.get_or_init(Kernel::best)
}

impl Conv {
    /// [`Conv::apply_in_order`] on `kernel`, which must be available. The kernels differ
    /// only in how many output channels one instruction updates: each output is still one
    /// product and one addition at a time, in the same order, with no fused
    /// multiply-add (the `fma` feature is never enabled, and Rust never contracts
    /// `a * b + c` on its own), so every kernel gives the same bits.
    fn apply(&self, kernel: Kernel, x: &[f32], out: &mut [f32]) {
        match kernel {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => {
                assert!(kernel.available(), "AVX2 asked of a processor without it");
                // SAFETY: the processor has AVX2, checked just above.
                unsafe { self.apply_avx2(x, out) }
            }
            _ => self.apply_in_order(x, out),
        }
    }

    /// [`Conv::apply_in_order`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn apply_avx2(&self, x: &[f32], out: &mut [f32]) {
        self.apply_in_order(x, out)
    }

    /// `out[p][co] = b[co] + sum over the window and ci of w * x`, zero padding, summed
    /// in a fixed order (window row, column, input channel). The outputs of a point are
    /// summed [`LANES`] at a time in a local array, which the compiler keeps in registers
    /// for the whole window (the order of each output's sum is the same).
    #[inline(always)]
    fn apply_in_order(&self, x: &[f32], out: &mut [f32]) {
        let (cin, cout, half) = (self.cin, self.cout, (self.k / 2) as isize);
        for r in 0..SIZE {
            for c in 0..SIZE {
                let point = &mut out[(r * SIZE + c) * cout..][..cout];
                for first in (0..cout).step_by(LANES) {
                    let n = LANES.min(cout - first);
                    let mut acc = [0.0f32; LANES];
                    acc[..n].copy_from_slice(&self.b[first..first + n]);
                    for ky in 0..self.k {
                        let rr = r as isize + ky as isize - half;
                        if !(0..SIZE as isize).contains(&rr) {
                            continue;
                        }
                        for kx in 0..self.k {
                            let cc = c as isize + kx as isize - half;
                            if !(0..SIZE as isize).contains(&cc) {
                                continue;
                            }
                            let q = rr as usize * SIZE + cc as usize;
                            let input = &x[q * cin..][..cin];
                            let w = &self.w[(ky * self.k + kx) * cin * cout..][..cin * cout];
                            for (ci, &a) in input.iter().enumerate() {
                                // Activations after a ReLU are half zeros, the input
                                // planes mostly: skipping them changes no bit of the sum.
                                if a == 0.0 {
                                    continue;
                                }
                                let row = &w[ci * cout + first..][..n];
                                match <&[f32; LANES]>::try_from(row) {
                                    Ok(row) => {
                                        for (o, &wv) in acc.iter_mut().zip(row) {
                                            *o += a * wv;
                                        }
                                    }
                                    Err(_) => {
                                        for (o, &wv) in acc.iter_mut().zip(row) {
                                            *o += a * wv;
                                        }
                                    }
                                }
                            }
                        }
                    }
                    point[first..first + n].copy_from_slice(&acc[..n]);
                }
            }
        }
    }
}

/// Output channels summed at once in [`Conv::apply_in_order`]: the built-in network's 64,
/// 8 registers of AVX2 or 16 of SSE2.
const LANES: usize = 64;

/// The policy network's weights, validated (see the module's doc).
#[derive(Clone, Debug)]
pub struct PolicyNet {
    channels: usize,
    input: Conv,
    blocks: Vec<(Conv, Conv)>,
    /// The 1x1 head: a weight a channel and a bias.
    head_w: Vec<f32>,
    head_b: f32,
    /// Passing's logit from the channels' board means.
    pass_w: Vec<f32>,
    pass_b: f32,
    /// The metadata's description (what trained it, on what, its accuracy).
    about: String,
}

/// A position's move probabilities.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// Each legal move with its probability (they sum to 1), in board order, passing last.
    pub moves: Vec<(Move, f32)>,
}

impl Policy {
    /// The most probable move and its probability (the first in board order on a tie).
    pub fn best(&self) -> (Move, f32) {
        self.moves.iter().fold((Move::Pass, -1.0), |b, &(m, p)| if p > b.1 { (m, p) } else { b })
    }

    /// The probability of `m` (0 if it is not a legal move).
    pub fn of(&self, m: Move) -> f32 {
        self.moves.iter().find(|x| x.0 == m).map_or(0.0, |x| x.1)
    }
}

/// The network in use ([`PolicyNet::current`]), set once.
static CURRENT: OnceLock<&'static PolicyNet> = OnceLock::new();

impl PolicyNet {
    /// The built-in network (`crates/go/data/policy.safetensors`), read once.
    pub fn builtin() -> &'static PolicyNet {
        static NET: OnceLock<PolicyNet> = OnceLock::new();
        NET.get_or_init(|| {
            PolicyNet::from_bytes(BUILTIN).expect("the built-in policy network is valid")
        })
    }

    /// The network the search uses in this process: the one given to
    /// [`PolicyNet::install`], else the built-in one.
    pub fn current() -> &'static PolicyNet {
        CURRENT.get_or_init(PolicyNet::builtin)
    }

    /// Makes `net` the network the search uses in this process, in the built-in one's
    /// place (`menace go --policy-weights FILE`: a network trained by
    /// `scripts/train_policy.py`). Once, before the first search asks for one: an error
    /// after that, and the network in use stays the one it was.
    pub fn install(net: PolicyNet) -> Result<&'static PolicyNet, String> {
        let mut fresh = false;
        let now = CURRENT.get_or_init(|| {
            fresh = true;
            Box::leak(Box::new(net))
        });
        if fresh {
            Ok(now)
        } else {
            Err("policy network: this process already has one in use".into())
        }
    }

    /// Reads and validates the weights file at `path` (a regular file of at most 128 MiB;
    /// see the module's doc).
    pub fn from_file(path: &std::path::Path) -> Result<PolicyNet, String> {
        let bytes = menace_files::read_capped(path, MAX_FILE as u64).map_err(|e| e.to_string())?;
        PolicyNet::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads and validates a weights file (see the module's doc).
    pub fn from_bytes(bytes: &[u8]) -> Result<PolicyNet, String> {
        if bytes.len() > MAX_FILE {
            return Err(format!("policy network: {} bytes, more than {MAX_FILE}", bytes.len()));
        }
        let err = |e: String| format!("policy network: {e}");
        // One read of the header: the format's own checks (its offsets contiguous, each
        // tensor's bytes its shape's, the whole file accounted for), then ours.
        let (n, meta) = SafeTensors::read_metadata(bytes).map_err(|e| err(e.to_string()))?;
        // The file's own words (`__metadata__`): its format name and its description.
        let said =
            |key: &str| meta.metadata().as_ref().and_then(|m| m.get(key)).map(String::as_str);
        let format = said("format");
        if format != Some(FORMAT) {
            return Err(err(format!("format {:?}, expected {FORMAT:?}", format.unwrap_or(""))));
        }
        let data = &bytes[8 + n..];
        let info = |name: &str| meta.info(name).ok_or_else(|| err(format!("no tensor {name}")));
        let tensor = |name: &str, shape: &[usize]| -> Result<Vec<f32>, String> {
            let t = info(name)?;
            if t.dtype != Dtype::F32 {
                return Err(err(format!("{name}: {:?}, expected F32", t.dtype)));
            }
            if t.shape != shape {
                return Err(err(format!("{name}: shape {:?}, expected {shape:?}", t.shape)));
            }
            let (from, to) = t.data_offsets;
            let raw = data.get(from..to).ok_or_else(|| err(format!("{name}: out of the file")))?;
            let v: Vec<f32> =
                raw.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
            if let Some(i) = v.iter().position(|x| !x.is_finite()) {
                return Err(err(format!("{name}: value {i} is {}", v[i])));
            }
            Ok(v)
        };
        let channels = info("input.w")?.shape.first().copied().unwrap_or(0);
        if channels == 0 || channels > MAX_CHANNELS {
            return Err(err(format!("{channels} channels (1 to {MAX_CHANNELS})")));
        }
        let blocks_n = (0..=MAX_BLOCKS)
            .take_while(|i| meta.info(&format!("block{i}.conv1.w")).is_some())
            .count();
        if blocks_n > MAX_BLOCKS {
            return Err(err(format!("more than {MAX_BLOCKS} blocks")));
        }
        let expected = 2 + 4 * blocks_n + 4;
        let count = meta.tensors().len();
        if count != expected {
            return Err(err(format!("{count} tensors, expected {expected} for {blocks_n} blocks")));
        }
        let conv = |name: &str, cin: usize, cout: usize, k: usize| -> Result<Conv, String> {
            let w = tensor(&format!("{name}.w"), &[cout, cin, k, k])?;
            let b = tensor(&format!("{name}.b"), &[cout])?;
            // From PyTorch's [cout][cin][ky][kx] to ours, [ky][kx][cin][cout].
            let mut ours = vec![0.0f32; w.len()];
            for co in 0..cout {
                for ci in 0..cin {
                    for ky in 0..k {
                        for kx in 0..k {
                            ours[((ky * k + kx) * cin + ci) * cout + co] =
                                w[((co * cin + ci) * k + ky) * k + kx];
                        }
                    }
                }
            }
            Ok(Conv { cin, cout, k, w: ours, b })
        };
        let input = conv("input", PLANES, channels, 3)?;
        let mut blocks = Vec::with_capacity(blocks_n);
        for i in 0..blocks_n {
            blocks.push((
                conv(&format!("block{i}.conv1"), channels, channels, 3)?,
                conv(&format!("block{i}.conv2"), channels, channels, 3)?,
            ));
        }
        let head = conv("policy", channels, 1, 1)?;
        let pass_w = tensor("pass.w", &[1, channels])?;
        let pass_b = tensor("pass.b", &[1])?[0];
        let about = said("about").unwrap_or_default().to_string();
        Ok(PolicyNet {
            channels,
            input,
            blocks,
            head_w: head.w,
            head_b: head.b[0],
            pass_w,
            pass_b,
            about,
        })
    }

    /// Residual blocks.
    pub fn blocks(&self) -> usize {
        self.blocks.len()
    }

    /// Channels of each convolution.
    pub fn channels(&self) -> usize {
        self.channels
    }

    /// What the weights say of themselves (the trainer's description).
    pub fn about(&self) -> &str {
        &self.about
    }

    /// The raw outputs for a record: a logit a point (row by row), then passing's.
    pub fn logits(&self, r: &Record) -> Vec<f32> {
        self.logits_on(best_kernel(), r)
    }

    /// [`PolicyNet::logits`] on `kernel` (the same bits on every kernel; for the tests and
    /// the benchmark that compare them). Panics if this processor lacks the kernel
    /// ([`Kernel::available`]).
    pub fn logits_on(&self, kernel: Kernel, r: &Record) -> Vec<f32> {
        self.forward(kernel, r).0
    }

    /// The channels' board means after the last residual block (what passing's logit is
    /// read from): a position in [`PolicyNet::channels`] numbers, from which the lab's
    /// value head (`menace_go_lab::value`) learns who wins.
    pub fn board_means(&self, r: &Record) -> Vec<f32> {
        self.forward(best_kernel(), r).1
    }

    /// The logits and the channels' board means.
    fn forward(&self, kernel: Kernel, r: &Record) -> (Vec<f32>, Vec<f32>) {
        let ch = self.channels;
        let x0 = planes(r);
        let mut x = vec![0.0f32; POINTS * ch];
        let mut y = vec![0.0f32; POINTS * ch];
        let mut z = vec![0.0f32; POINTS * ch];
        self.input.apply(kernel, &x0, &mut x);
        relu(&mut x);
        for (c1, c2) in &self.blocks {
            c1.apply(kernel, &x, &mut y);
            relu(&mut y);
            c2.apply(kernel, &y, &mut z);
            for (xi, zi) in x.iter_mut().zip(&z) {
                *xi = (*xi + *zi).max(0.0);
            }
        }
        let mut out = Vec::with_capacity(OUTPUTS);
        let mut mean = vec![0.0f32; ch];
        for p in 0..POINTS {
            let v = &x[p * ch..][..ch];
            let mut s = self.head_b;
            for (a, w) in v.iter().zip(&self.head_w) {
                s += a * w;
            }
            out.push(s);
            for (m, a) in mean.iter_mut().zip(v) {
                *m += a;
            }
        }
        for m in &mut mean {
            *m /= POINTS as f32;
        }
        let mut pass = self.pass_b;
        for (m, w) in mean.iter().zip(&self.pass_w) {
            pass += m * w;
        }
        out.push(pass);
        (out, mean)
    }

    /// The probabilities of the legal moves of `b` (a softmax over them alone), or `None`
    /// when `b` is not 19x19.
    pub fn policy(&self, b: &Board) -> Option<Policy> {
        let rec = Record::of(b, Move::Pass)?;
        let logits = self.logits(&rec);
        let mut moves: Vec<(Move, f32)> = Vec::with_capacity(OUTPUTS);
        for (i, &l) in logits[..POINTS].iter().enumerate() {
            let p = b.point(i / SIZE, i % SIZE);
            if b.at(p) == EMPTY && b.is_legal(Move::Play(p)) {
                moves.push((Move::Play(p), l));
            }
        }
        moves.push((Move::Pass, logits[POINTS]));
        let top = moves.iter().fold(f32::NEG_INFINITY, |m, x| m.max(x.1));
        let mut sum = 0.0f32;
        for m in &mut moves {
            // libm's `expf` (musl's, in Rust) rather than the platform's: the same bits on
            // every machine.
            m.1 = libm::expf(m.1 - top);
            sum += m.1;
        }
        for m in &mut moves {
            m.1 /= sum;
        }
        Some(Policy { moves })
    }
}

fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}
