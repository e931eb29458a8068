# Independent reference: SplitMix64 (Vigna, splitmix64.c) expanding a u64 seed into the
# 256-bit state of xoshiro256++ (Blackman & Vigna, xoshiro256plusplus.c), as rand_xoshiro
# seeds it (four SplitMix64 outputs, in order, become s[0..4]).
M = (1 << 64) - 1
def splitmix(x):
    while True:
        x = (x + 0x9E3779B97F4A7C15) & M
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        yield z ^ (z >> 31)
def rotl(x, k): return ((x << k) | (x >> (64 - k))) & M
def xoshiro(seed):
    g = splitmix(seed); s = [next(g) for _ in range(4)]
    while True:
        r = (rotl((s[0] + s[3]) & M, 23) + s[0]) & M
        t = (s[1] << 17) & M
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45)
        yield r
for seed in [0, 1, 42, M]:
    g = xoshiro(seed)
    print(seed, [hex(next(g)) for _ in range(4)])
# below(n): Lemire multiply-shift on the upper 32 bits of one output.
g = xoshiro(1)
print("below9 seed1", [((next(g) >> 32) * 9) >> 32 for _ in range(12)])
