"""Our engine's `-v` lines over GTP, one per move chosen (written by
`crates/go/src/io/gtp.rs`, `search_line`): `B D5: 10240 playouts, root 25710 visits (15470
kept), 4.21 s`. The one reader of that format for the scripts beside this file."""
import gzip
import re
from pathlib import Path

LINE = re.compile(r"^[BW] \S+: (\d+) playouts, root (\d+) visits \((\d+) kept\), ([\d.]+) s$")


def parse(line):
    """(playouts, root visits, visits kept, seconds) of a `-v` line, or None for any other."""
    m = LINE.match(line)
    if not m:
        return None
    p, r, k, s = m.groups()
    return int(p), int(r), int(k), float(s)


def lines(path):
    """The lines of a search log: `NAME.log` while its game is played, `NAME.log.gz` once
    scripts/commit-records has compressed it (a finished game's log is kept gzipped in the
    tree, docs/go-lab.md "Where the records live"). Either name may be given; [] if neither
    exists."""
    path = Path(path)
    plain = path.with_suffix("") if path.suffix == ".gz" else path
    packed = plain.with_name(plain.name + ".gz")
    if packed.is_file():
        with gzip.open(packed, "rt") as f:
            return f.read().splitlines()
    if plain.is_file():
        return plain.read_text().splitlines()
    return []
