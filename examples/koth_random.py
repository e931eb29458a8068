#!/usr/bin/env python3
"""A king-of-the-hill Go bot in a few lines: a random legal move, seeded from its input.

Reads the challenge's position on stdin: N rows of N digits (0 empty, 1 black, 2 white;
N is 19 in the challenge), then "black_prisoners white_prisoners colour_to_move".
Prints "row col" (1-based, from the top left) or "pass".

Deterministic, as the challenge requires: the generator is seeded from the input text,
so the same position always gets the same answer. It never plays on an occupied point
or a suicide, and never fills its own single-point eyes; with nothing else left it passes.

    python3 examples/koth_random.py < fixtures/go/empty-19.txt
    menace go tournament --entrant random=koth:"python3 examples/koth_random.py" ...
"""
import hashlib
import random
import sys


def main():
    text = sys.stdin.read()
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    rows, numbers = lines[:-1], lines[-1].split()
    n = len(rows)
    board = [[int(ch) for ch in row] for row in rows]
    me = int(numbers[2])
    them = 3 - me

    def neighbours(r, c):
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                yield r + dr, c + dc

    def liberties(r, c):
        """The liberties of the group at (r, c), as a set."""
        colour, seen, stack, libs = board[r][c], {(r, c)}, [(r, c)], set()
        while stack:
            p = stack.pop()
            for q in neighbours(*p):
                v = board[q[0]][q[1]]
                if v == 0:
                    libs.add(q)
                elif v == colour and q not in seen:
                    seen.add(q)
                    stack.append(q)
        return libs

    def legal(r, c):
        """Legal (captures something or keeps a liberty), and not a ko-shaped capture."""
        if board[r][c] != 0:
            return False
        board[r][c] = me
        try:
            taken = [q for q in neighbours(r, c) if board[q[0]][q[1]] == them and not liberties(*q)]
            if not taken:
                return bool(liberties(r, c))
            # Taking a single stone with a lone stone left in atari (the ko shape) may
            # retake a ko, which repeats the position and only ties the game: avoid it.
            single = len(taken) == 1 and all(board[q[0]][q[1]] != them for q in neighbours(*taken[0]))
            lone = all(board[q[0]][q[1]] == them for q in neighbours(r, c))
            return not (single and lone)
        finally:
            board[r][c] = 0

    def own_eye(r, c):
        return all(board[q[0]][q[1]] == me for q in neighbours(r, c))

    candidates = [(r, c) for r in range(n) for c in range(n) if not own_eye(r, c) and legal(r, c)]
    rng = random.Random(hashlib.sha256(text.encode()).hexdigest())
    if candidates:
        r, c = rng.choice(candidates)
        print(r + 1, c + 1)
    else:
        print("pass")


if __name__ == "__main__":
    main()
