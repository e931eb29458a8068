def rot(p): return [p[6],p[3],p[0],p[7],p[4],p[1],p[8],p[5],p[2]]
def refl(p): return [p[2],p[1],p[0],p[5],p[4],p[3],p[8],p[7],p[6]]
SYMS=[]; q=list(range(9))
for _ in range(4):
    SYMS.append(tuple(q)); SYMS.append(tuple(refl(q))); q=rot(q)
def apply(s,b): return ''.join(b[s[i]] for i in range(9))
def canon(b): return min(apply(s,b) for s in SYMS)
LINES=[(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]
def over(b): return any(b[a]!='.' and b[a]==b[c]==b[d] for a,c,d in LINES) or '.' not in b
# all X-to-move positions reachable
seen=set(); st=['.'*9]; boxes=set()
while st:
    b=st.pop()
    if b in seen: continue
    seen.add(b)
    if over(b): continue
    x=b.count('X')==b.count('O')
    if x and b.count('.')>1: boxes.add(canon(b))
    for i in range(9):
        if b[i]=='.': st.append(b[:i]+('X' if x else 'O')+b[i+1:])
bad=0; tot=0
for p in boxes:
    legal=[i for i in range(9) if p[i]=='.']
    stab=[s for s in SYMS if apply(s,p)==p]
    # apply(s,b)[i] = b[s[i]]: cell s[i] of b goes to i. A move at m goes to i where s[i]=m.
    def orb(m): return frozenset(i for s in stab for i in range(9) if s[i]==m)
    o1=len({orb(m) for m in legal})
    child=lambda m: canon(p[:m]+'X'+p[m+1:])
    o2=len({child(m) for m in legal})
    tot+=o1
    if o1!=o2: bad+=1
print(len(boxes), "boxes; mismatches", bad, "; colours", tot)
