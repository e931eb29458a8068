#!/usr/bin/env python3
"""Trains the Go policy network (crates/go/src/model/net.rs) on the datasets that
`cargo run --release -p menace-go-lab --example go_policy -- data` writes, and exports it
as the safetensors file the engine reads, batch normalisation folded into the
convolutions. `scripts/train-policy` runs the whole chain; this is its middle step.

    python3 scripts/train_policy.py --data target/policy --out crates/go/data/policy.safetensors \
        [--blocks 6] [--channels 64] [--epochs 40] [--device auto] [--seed 1]

A fine-tune starts from an exported network instead of from nothing (`--init FILE`, its
batch normalisation frozen) for a number of batches (`--steps N`): on two CPU cores, a few
hundred batches of the professional moves and our search's visits (`--visits`) take
minutes where training from nothing takes hours.

Needs PyTorch, NumPy and safetensors. On a GPU (`--device auto` takes one if there is one)
6 x 64 trains in minutes; on two CPU cores use a smaller network or fewer epochs (hours).

Inputs: twelve planes from each record (the engine's `net::planes`, restated below: the
two must agree, and tests/it/net.rs checks the exported network against PyTorch's own
outputs in crates/go/tests/data/policy-check.json, which this script writes). Every batch
is seen under a random one of the board's eight symmetries. The held-out accuracy printed
here ranks the played move among the empty points and passing; the engine's own measure
(`go_policy eval`) ranks it among the legal moves.
"""

import argparse
import json
import math
import os
import struct
import sys
import tempfile
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from safetensors.torch import save_file

SIZE = 19
POINTS = SIZE * SIZE
PLANES = 12
RECORD = POINTS + 5
MAGIC = b"MNPOL001"
BUILTIN = "crates/go/data/policy.safetensors"
BUILTIN_CHECK = "crates/go/tests/data/policy-check.json"
FORMAT = "menace-policy-1"


def rows(path, magic, width, what):
    """A file's records as rows of `width` bytes, after its header (`magic`, the count)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != magic:
        sys.exit(f"{path}: not {what}")
    (n,) = struct.unpack("<I", data[8:12])
    body = np.frombuffer(data, dtype=np.uint8, offset=12)
    if body.size != n * width:
        sys.exit(f"{path}: {n} records need {n * width} bytes, not {body.size}")
    return body.reshape(n, width)


def read_dataset(path):
    """The records of a dataset file as arrays: codes [N,361] u8, black-to-move [N] bool,
    last [N] i64, played [N] i64."""
    return fields(rows(path, MAGIC, RECORD, "a policy dataset"))


def fields(rec):
    """The records' fields from their rows (a record's bytes first in each row)."""
    codes = rec[:, :POINTS].copy()
    black = rec[:, POINTS] == 0
    last = rec[:, POINTS + 1].astype(np.int64) | (rec[:, POINTS + 2].astype(np.int64) << 8)
    played = rec[:, POINTS + 3].astype(np.int64) | (rec[:, POINTS + 4].astype(np.int64) << 8)
    return codes, black, last, played


VISITS_MAGIC = b"MNVIS001"
VISITED = RECORD + 2 * (POINTS + 1)


def read_visits(path):
    """A visits file (`go_policy visits`): the records as read_dataset gives them, and each
    position's root visits [N,362] float32 (the points, then passing)."""
    rec = rows(path, VISITS_MAGIC, VISITED, "a visits file")
    visits = rec[:, RECORD:].copy().view("<u2").astype(np.float32)
    total = visits.sum(1, keepdims=True)
    if (total <= 0).any():
        sys.exit(f"{path}: a record without visits")
    return (*fields(rec), visits / total)


def planes(codes, black, last):
    """[B,12,19,19] float planes, as net::planes makes them."""
    b = codes.shape[0]
    c = codes.long()
    x = torch.zeros(b, PLANES, POINTS, device=codes.device)
    own = (c >= 1) & (c <= 3)
    opp = c >= 4
    x[:, 0] = own.float()
    x[:, 1] = opp.float()
    x[:, 2] = (c == 0).float()
    for k in range(1, 7):  # codes 1..6 go to planes 3..8
        x[:, 2 + k] = (c == k).float()
    has_last = last < POINTS
    idx = torch.nonzero(has_last).squeeze(1)
    x[idx, 9, last[idx]] = 1.0
    x[:, 10] = black.float().unsqueeze(1).expand(b, POINTS)
    x[:, 11] = 1.0
    return x.view(b, PLANES, SIZE, SIZE)


def symmetry_maps(device):
    """For each of the 8 symmetries: the function on [B,C,19,19] and the map of a point
    index to its image."""
    grid = torch.arange(POINTS, device=device).view(SIZE, SIZE)
    out = []
    for k in range(4):
        for flip in (False, True):
            def f(t, k=k, flip=flip):
                t = torch.rot90(t, k, dims=(-2, -1))
                return torch.flip(t, dims=(-1,)) if flip else t
            img = f(grid).reshape(-1)  # img[j] = the source point now at j
            where = torch.empty(POINTS + 1, dtype=torch.long, device=device)
            where[img] = torch.arange(POINTS, device=device)
            where[POINTS] = POINTS  # passing stays passing
            out.append((f, where))
    return out


class Block(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(ch)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(ch)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(x + self.bn2(self.conv2(y)))


class Net(nn.Module):
    def __init__(self, blocks, ch):
        super().__init__()
        self.input = nn.Conv2d(PLANES, ch, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(ch)
        self.blocks = nn.ModuleList([Block(ch) for _ in range(blocks)])
        self.policy = nn.Conv2d(ch, 1, 1, bias=True)
        self.passing = nn.Linear(ch, 1)

    def forward(self, x):
        x = F.relu(self.bn(self.input(x)))
        for b in self.blocks:
            x = b(x)
        points = self.policy(x).flatten(1)
        passing = self.passing(x.mean(dim=(2, 3)))
        return torch.cat([points, passing], dim=1)


def fold(conv, bn):
    """A convolution and its batch normalisation as one convolution with a bias."""
    s = bn.weight / torch.sqrt(bn.running_var + bn.eps)
    w = conv.weight * s.view(-1, 1, 1, 1)
    b = bn.bias - bn.running_mean * s
    return w.detach().float().contiguous(), b.detach().float().contiguous()


def folded_layers(net):
    """Each convolution with its batch normalisation, by the exported tensors' name
    (NAME.w and NAME.b once folded): the one map export and unfold share."""
    pairs = [("input", net.input, net.bn)]
    for i, b in enumerate(net.blocks):
        pairs += [(f"block{i}.conv1", b.conv1, b.bn1), (f"block{i}.conv2", b.conv2, b.bn2)]
    return pairs


def export(net, blocks, ch, about):
    t = {}
    for name, conv, bn in folded_layers(net):
        t[f"{name}.w"], t[f"{name}.b"] = fold(conv, bn)
    t["policy.w"] = net.policy.weight.detach().float().contiguous()
    t["policy.b"] = net.policy.bias.detach().float().contiguous()
    t["pass.w"] = net.passing.weight.detach().float().contiguous()
    t["pass.b"] = net.passing.bias.detach().float().contiguous()
    return {k: v.cpu() for k, v in t.items()}, {"format": FORMAT, "about": about}


def atomic(path, write):
    """Writes `path` through `write(temporary path)` and a rename: the temporary file is
    created exclusively, under an unpredictable name, in the same folder."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=os.path.basename(path) + ".")
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def unfold(net, path):
    """Loads an exported network into `net`: each convolution takes its folded weights and
    its batch normalisation becomes the identity (scale 1, running mean 0, variance 1 - eps)
    with the folded bias as its shift, so that `net` in evaluation mode is exactly the
    exported function, and folding it again exports the same tensors."""
    from safetensors.torch import load_file
    t = load_file(path)
    with torch.no_grad():
        for name, conv, bn in folded_layers(net):
            w = t[f"{name}.w"]
            if w.shape != conv.weight.shape:
                sys.exit(f"{path}: {name}.w is {list(w.shape)}, not {list(conv.weight.shape)} "
                         "(--blocks and --channels must match the file)")
            conv.weight.copy_(w)
            bn.weight.fill_(1.0)
            bn.bias.copy_(t[f"{name}.b"])
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        net.policy.weight.copy_(t["policy.w"])
        net.policy.bias.copy_(t["policy.b"])
        net.passing.weight.copy_(t["pass.w"])
        net.passing.bias.copy_(t["pass.b"])


def train_mode(net, frozen):
    """Training mode, with the batch normalisations kept in evaluation mode when `frozen`
    (a fine-tune: batch statistics would change the function it starts from)."""
    net.train()
    if frozen:
        for m in net.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.eval()


class Folded(nn.Module):
    """The exported network, run by PyTorch in float32: the reference the engine's own
    inference is checked against."""

    def __init__(self, t, blocks):
        super().__init__()
        self.t, self.n = t, blocks

    def forward(self, x):
        t = self.t
        x = F.relu(F.conv2d(x, t["input.w"], t["input.b"], padding=1))
        for i in range(self.n):
            y = F.relu(F.conv2d(x, t[f"block{i}.conv1.w"], t[f"block{i}.conv1.b"], padding=1))
            x = F.relu(x + F.conv2d(y, t[f"block{i}.conv2.w"], t[f"block{i}.conv2.b"], padding=1))
        points = F.conv2d(x, t["policy.w"], t["policy.b"]).flatten(1)
        passing = x.mean(dim=(2, 3)) @ t["pass.w"].T + t["pass.b"]
        return torch.cat([points, passing], dim=1)


def held_out(model, data, dev, frozen=False, batch=1024):
    """Top-1/5/10 and log-likelihood over empty points and passing."""
    codes, black, last, played = data
    n = codes.shape[0]
    top1 = top5 = top10 = 0
    ll = 0.0
    model.eval()
    with torch.no_grad():
        for i in range(0, n, batch):
            c = codes[i:i + batch]
            x = planes(c, black[i:i + batch], last[i:i + batch])
            logits = model(x).float()
            mask = torch.cat([c != 0, torch.zeros(c.shape[0], 1, dtype=torch.bool, device=dev)], 1)
            logits = logits.masked_fill(mask, float("-inf"))
            p = played[i:i + batch]
            lp = F.log_softmax(logits, dim=1).gather(1, p.unsqueeze(1)).squeeze(1)
            ll += lp.sum().item()
            rank = (logits > logits.gather(1, p.unsqueeze(1))).sum(1)
            top1 += (rank < 1).sum().item()
            top5 += (rank < 5).sum().item()
            top10 += (rank < 10).sum().item()
    train_mode(model, frozen)
    return top1 / n, top5 / n, top10 / n, ll / n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="target/policy", help="folder with train.bin and test.bin")
    ap.add_argument("--out", default=BUILTIN)
    ap.add_argument("--check", default="",
                    help="the reference outputs the engine's inference is tested against (default: "
                         f"{BUILTIN_CHECK} for the built-in weights, else beside --out, so that a "
                         "candidate leaves the shipped network's reference as it is)")
    ap.add_argument("--blocks", type=int, default=6)
    ap.add_argument("--channels", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0, help="use the first N training records (a smoke test)")
    ap.add_argument("--device", default="auto")
    ap.add_argument("--visits", default="",
                    help="a visits file (`go_policy visits`): also learn our search's root visits "
                         "on those positions, the priors learned from our own search")
    ap.add_argument("--visit-weight", type=float, default=1.0,
                    help="the visits' cross-entropy's weight beside the professional moves' (1)")
    ap.add_argument("--init", default="",
                    help="start from an exported network (a fine-tune): its folded convolutions "
                         "and biases, batch normalisation frozen as the identity around them")
    ap.add_argument("--steps", type=int, default=0,
                    help="stop after this many batches (the learning rate's schedule spans them), "
                         "instead of whole epochs")
    ap.add_argument("--minutes", type=float, default=0,
                    help="fewer epochs if the first says they would not fit (the log says how many: "
                         "rerun with --epochs that many to reproduce)")
    a = ap.parse_args()
    if not a.check:
        builtin = os.path.abspath(a.out) == os.path.abspath(BUILTIN)
        a.check = BUILTIN_CHECK if builtin else os.path.splitext(a.out)[0] + "-check.json"

    dev = torch.device("cuda" if a.device == "auto" and torch.cuda.is_available() else
                       ("cpu" if a.device == "auto" else a.device))
    torch.manual_seed(a.seed)
    np.random.seed(a.seed)
    torch.backends.cudnn.benchmark = False
    torch.backends.cudnn.deterministic = True

    def load(name, limit=0):
        codes, black, last, played = read_dataset(os.path.join(a.data, name))
        if limit:
            codes, black, last, played = codes[:limit], black[:limit], last[:limit], played[:limit]
        return (torch.from_numpy(codes).to(dev), torch.from_numpy(black).to(dev),
                torch.from_numpy(last).to(dev), torch.from_numpy(played).to(dev))

    visits = None
    if a.visits:
        v = read_visits(a.visits)
        visits = tuple(torch.from_numpy(t).to(dev) for t in v)
        print(f"{visits[0].shape[0]} positions with our search's visits ({a.visits}), "
              f"weight {a.visit_weight}", flush=True)
    train = load("train.bin", a.limit)
    test = load("test.bin", a.limit // 4 if a.limit else 0)
    n = train[0].shape[0]
    print(f"device {dev}; {n} training positions, {test[0].shape[0]} held out; "
          f"{a.blocks} blocks x {a.channels} channels, " + (f"{a.steps} steps" if a.steps else f"{a.epochs} epochs"), flush=True)

    net = Net(a.blocks, a.channels)
    if a.init:
        unfold(net, a.init)
    net = net.to(dev).to(memory_format=torch.channels_last)
    frozen = bool(a.init)
    train_mode(net, frozen)
    opt = torch.optim.SGD(net.parameters(), lr=a.lr, momentum=0.9, nesterov=True, weight_decay=1e-4)
    per_epoch = math.ceil(n / a.batch)
    epochs = a.epochs if not a.steps else math.ceil(a.steps / per_epoch)

    def lr_at(step):
        # A linear warm-up over the first 5% of the steps, then a cosine down to zero.
        total = a.steps or epochs * per_epoch
        warm = max(1, total // 20)
        if step < warm:
            return a.lr * (step + 1) / warm
        return a.lr * 0.5 * (1 + math.cos(math.pi * min(1.0, (step - warm) / max(1, total - warm))))
    syms = symmetry_maps(dev)
    gen = torch.Generator(device="cpu").manual_seed(a.seed)
    amp = dev.type == "cuda"
    if a.init:
        t1, t5, t10, ll = held_out(net, test, dev, frozen)
        print(f"from {a.init}: held out top-1 {100 * t1:.1f}% top-5 {100 * t5:.1f}% "
              f"top-10 {100 * t10:.1f}% log-likelihood {ll:.3f}", flush=True)
    t0 = time.time()
    step = 0
    epoch = 0
    while epoch < epochs:
        order = torch.randperm(n, generator=gen).to(dev)
        total = torch.zeros((), device=dev)
        seen = 0
        for i in range(0, n, a.batch):
            if a.steps and step >= a.steps:
                break
            idx = order[i:i + a.batch]
            f, where = syms[int(torch.randint(8, (1,), generator=gen))]
            x = f(planes(train[0][idx], train[1][idx], train[2][idx])).contiguous(memory_format=torch.channels_last)
            y = where[train[3][idx]]
            with torch.autocast(device_type=dev.type, dtype=torch.bfloat16, enabled=amp):
                loss = F.cross_entropy(net(x).float(), y)
            if visits is not None:
                # A batch of searched positions under the same symmetry, its target the
                # visits' shares moved with the board.
                vi = torch.randint(visits[0].shape[0], (a.batch,), generator=gen).to(dev)
                xv = f(planes(visits[0][vi], visits[1][vi], visits[2][vi])).contiguous(memory_format=torch.channels_last)
                target = torch.zeros_like(visits[4][vi])
                target[:, where] = visits[4][vi]
                with torch.autocast(device_type=dev.type, dtype=torch.bfloat16, enabled=amp):
                    lv = net(xv).float()
                loss = loss + a.visit_weight * -(target * F.log_softmax(lv, dim=1)).sum(1).mean()
            for g in opt.param_groups:
                g["lr"] = lr_at(step)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            step += 1
            total += loss.detach() * idx.shape[0]
            seen += idx.shape[0]
        t1, t5, t10, ll = held_out(net, test, dev, frozen)
        print(f"epoch {epoch + 1}/{epochs}: training loss {total.item() / max(1, seen):.3f}; held out top-1 {100 * t1:.1f}% "
              f"top-5 {100 * t5:.1f}% top-10 {100 * t10:.1f}% log-likelihood {ll:.3f} "
              f"({time.time() - t0:.0f} s)", flush=True)
        epoch += 1
        if epoch == 1 and a.minutes > 0:
            fit = max(1, int(a.minutes * 60 / (time.time() - t0)))
            if fit < epochs:
                epochs = fit
                print(f"{epochs} epochs fit in {a.minutes} minutes: training {epochs} "
                      f"(rerun with --epochs {epochs} to reproduce)", flush=True)

    net.eval()
    about = (f"{a.blocks} blocks x {a.channels} channels, {PLANES} planes; trained by "
             f"scripts/train_policy.py (seed {a.seed}, " +
             (f"{a.steps} steps" if a.steps else f"{epochs} epochs") +
             (f" from {os.path.basename(a.init)}" if a.init else "") +
             f", batch {a.batch}, lr {a.lr}) on "
             f"{n} positions of goban-original-games" +
             (f" and our search's visits on {visits[0].shape[0]} of them (weight {a.visit_weight})"
              if visits is not None else "") +
             f"; held out (empty points): top-1 {100 * t1:.1f}%")
    tensors, meta = export(net.cpu(), a.blocks, a.channels, about)
    atomic(a.out, lambda path: save_file(tensors, path, metadata=meta))
    print(f"wrote {a.out}", flush=True)

    # The reference outputs: the first positions of the held-out set (and one with the
    # last move far from the centre), run through the exported weights by PyTorch in float32.
    folded = Folded(tensors, a.blocks)
    picks = list(range(0, min(test[0].shape[0], 200), 25))
    codes, black, last, played = (t[picks].cpu() for t in test)
    with torch.no_grad():
        logits = folded(planes(codes, black, last))
    recs = []
    for j in range(len(picks)):
        raw = bytes(codes[j].numpy().tolist()) + bytes([0 if black[j] else 1]) + \
            struct.pack("<HH", int(last[j]), int(played[j]))
        recs.append({"record": raw.hex(), "logits": [round(float(v), 6) for v in logits[j]]})
    text = json.dumps({"weights": os.path.basename(a.out), "positions": recs}, indent=0) + "\n"

    def write_check(path):
        with open(path, "w") as f:
            f.write(text)
    atomic(a.check, write_check)
    print(f"wrote {a.check}", flush=True)


if __name__ == "__main__":
    main()
