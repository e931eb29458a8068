"""Our engine's `-v` lines over GTP, one per move chosen (written by
`crates/go/src/io/gtp.rs`, `search_line`): `B D5: 10240 playouts, root 25710 visits (15470
kept), 4.21 s`. The one reader of that format for the scripts beside this file."""
import re

LINE = re.compile(r"^[BW] \S+: (\d+) playouts, root (\d+) visits \((\d+) kept\), ([\d.]+) s$")


def parse(line):
    """(playouts, root visits, visits kept, seconds) of a `-v` line, or None for any other."""
    m = LINE.match(line)
    if not m:
        return None
    p, r, k, s = m.groups()
    return int(p), int(r), int(k), float(s)
