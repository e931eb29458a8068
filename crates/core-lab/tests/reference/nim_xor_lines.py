# Nim 3-4-5, normal play: the positions where the first player is to move when it always
# moves to nim-sum 0 and the second player plays anything (game not over).
from functools import reduce
start=(3,4,5)
def moves(p):
    return [p[:i]+(p[i]-k,)+p[i+1:] for i in range(3) for k in range(1,p[i]+1)]
def xs(p): return reduce(lambda a,b:a^b,p)
seen=set(); st=[(start,0)]
while st:
    p,side=st.pop()
    if sum(p)==0 or (p,side) in seen: continue
    seen.add((p,side))
    nxt=[q for q in moves(p) if xs(q)==0] if side==0 else moves(p)
    st.extend((q,1-side) for q in nxt)
print(sum(1 for p,s in seen if s==0))
