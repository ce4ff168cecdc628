#!/usr/bin/env python3
"""Times animo-render's raster workloads round-robin with the peers, in one session.

Both processes are pinned to one core. Each round renders the fill (or stroke) frame once with every peer (Blend2D and Skia through
shared/bench/peers/peers.py's own backends, as `peers.py fill stroke` times them) and once with
`animo-bench raster --serve`, so a drift of the machine's speed hits all of them alike. Prints
medians, mins and the median of the per-round ratios ours / peer (the figure that stays put
when absolute milliseconds drift), and against Blend2D also that median over the rounds where
Blend2D was fastest (`--quiet`, default its fastest 10 %): the host's noise slows Blend2D more
than us, so the quiet rounds give the less flattering ratio.

    cp -r ../shared/bench /tmp/bench && bash /tmp/bench/peers/setup.sh     # once
    /tmp/bench/.venv/bin/python /tmp/bench/peers/peers.py export           # once
    swift build -c release --product animo-bench
    /tmp/bench/.venv/bin/python scripts/raster-peers.py [--rounds 40] [--peers /tmp/bench/peers]

Two builds side by side (e.g. before and after a change), each in its own round-robin slot:

    ... scripts/raster-peers.py --bench before=/tmp/old/.build/release/animo-bench --bench after=.build/release/animo-bench

A bench may carry arguments after its path (quoted), e.g. both targets of one build:

    ... scripts/raster-peers.py --bench rgba8=.build/release/animo-bench --bench "float32=.build/release/animo-bench --target float32"
"""
import argparse
import gc
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--peers", default="/tmp/bench/peers", help="folder holding peers.py")
    ap.add_argument("--bench", action="append", default=None,
                    help="[LABEL=]PATH [ARGS] of an animo-bench build (ARGS e.g. --target float32); repeat to compare (default .build/release/animo-bench)")
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--quiet", type=float, default=0.1,
                    help="also report the median ratio over the rounds where Blend2D was within its fastest QUIET fraction (0 to omit)")
    ap.add_argument("--workloads", default=None, help="default: PEERS/out/workloads")
    ap.add_argument("cases", nargs="*", default=["fill", "stroke"])
    a = ap.parse_args()
    # One core for both processes: the peers run in one thread of one process (peers.py), so they
    # share that core's caches; a renderer woken on the other core would start each frame with a
    # cold L2 (measured: ~1.5x slower frames without this).
    core = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    sys.path.insert(0, a.peers)
    import peers  # noqa: E402  (the peers' own backends and scenes)

    workloads = a.workloads or str(Path(a.peers) / "out" / "workloads")
    benches = []
    for spec in a.bench or [".build/release/animo-bench"]:
        label, _, command = spec.rpartition("=")
        label = label or ("animo-render" if not benches else f"animo-render#{len(benches) + 1}")
        path, *extra = command.split()   # e.g. "PATH --target float32"
        proc = subprocess.Popen([path, "raster", "--serve", "--workloads", workloads, *extra],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        benches.append((label, proc))

    def render_ours(proc, case):
        proc.stdin.write(case + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            sys.exit("animo-bench raster --serve ended early")
        return float(line)

    backends = [peers.Blend2DBackend(), peers.SkiaBackend()]
    for case in a.cases:
        items = peers.fill_scene() if case == "fill" else peers.stroke_scene()
        for b in backends:
            getattr(b, "prepare_" + case)(items)
        times = {b.name: [] for b in backends}
        for label, _ in benches:
            times[label] = []
        gc.disable()
        for r in range(a.rounds + 1):                     # round 0 warms up
            for b in backends:
                t0 = time.perf_counter()
                getattr(b, "render_" + case)()
                dt = (time.perf_counter() - t0) * 1e3
                if r:
                    times[b.name].append(dt)
            for label, proc in benches:
                dt = render_ours(proc, case)
                if r:
                    times[label].append(dt)
        gc.enable()
        print(f"{case}: {a.rounds} rounds, ms per frame, one thread")
        for name, t in times.items():
            print(f"  {name:15s} median {statistics.median(t):7.2f}  min {min(t):7.2f}")
        for label, _ in benches:
            mine = times[label]
            others = [b.name for b in backends] + [l for l, _ in benches[:1] if l != label]
            for other in others:
                ratios = [m / p for m, p in zip(mine, times[other])]
                line = f"  {label} / {other}: median of per-round ratios {statistics.median(ratios):.3f}"
                if other == "blend2d" and a.quiet > 0:
                    # The rounds where Blend2D ran fastest (its fastest `quiet` fraction): the
                    # machine's quietest moments. The host's noise slows Blend2D more than us, so
                    # the all-round median flatters us; this one does not.
                    peer = times[other]
                    cut = sorted(peer)[max(0, int(len(peer) * a.quiet) - 1)]
                    quiet = [m / p for m, p in zip(mine, peer) if p <= cut]
                    line += f"; in Blend2D's fastest {a.quiet:.0%} of rounds ({len(quiet)}) {statistics.median(quiet):.3f}"
                print(line)
    for _, proc in benches:
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait()


if __name__ == "__main__":
    main()
