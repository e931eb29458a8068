# Exact outcome probabilities in tic-tac-toe by full game-tree search, written
# independently of the crate: X and O uniformly random; and X uniformly random against
# O's best response (the move maximising X's chance of losing, then of not winning).
from fractions import Fraction as F
from functools import lru_cache
LINES=[(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]
def winner(b):
    for a,c,d in LINES:
        if b[a]!='.' and b[a]==b[c]==b[d]: return b[a]
    return None
@lru_cache(None)
def rand_rand(b):
    w=winner(b)
    if w=='X': return (F(1),F(0),F(0))
    if w=='O': return (F(0),F(0),F(1))
    e=[i for i in range(9) if b[i]=='.']
    if not e: return (F(0),F(1),F(0))
    t='X' if b.count('X')==b.count('O') else 'O'
    s=[F(0)]*3
    for i in e:
        r=rand_rand(b[:i]+t+b[i+1:])
        for k in range(3): s[k]+=r[k]/len(e)
    return tuple(s)
@lru_cache(None)
def rand_vs_best(b):
    w=winner(b)
    if w=='X': return (F(1),F(0),F(0))
    if w=='O': return (F(0),F(0),F(1))
    e=[i for i in range(9) if b[i]=='.']
    if not e: return (F(0),F(1),F(0))
    if b.count('X')==b.count('O'):
        s=[F(0)]*3
        for i in e:
            r=rand_vs_best(b[:i]+'X'+b[i+1:])
            for k in range(3): s[k]+=r[k]/len(e)
        return tuple(s)
    return max((rand_vs_best(b[:i]+'O'+b[i+1:]) for i in e), key=lambda r:(r[2],-r[0]))
r=rand_rand('.'*9); print("random vs random W/D/L", [float(x) for x in r], r)
r=rand_vs_best('.'*9); print("random vs best response W/D/L", [float(x) for x in r])
