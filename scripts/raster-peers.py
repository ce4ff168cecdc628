#!/usr/bin/env python3
"""Times animo-render's raster workloads round-robin with the peers, in one session.

Both processes are pinned to one core. Each round renders the fill (or stroke) frame once with every peer (Blend2D and Skia through
shared/bench/peers/peers.py's own backends, as `peers.py fill stroke` times them) and once with
`animo-bench raster --serve`, so a drift of the machine's speed hits all of them alike. Prints
medians, mins and the median of the per-round ratios ours / peer (the figure that stays put
when absolute milliseconds drift).

    cp -r ../shared/bench /tmp/bench && bash /tmp/bench/peers/setup.sh     # once
    /tmp/bench/.venv/bin/python /tmp/bench/peers/peers.py export           # once
    swift build -c release --product animo-bench
    /tmp/bench/.venv/bin/python scripts/raster-peers.py [--rounds 40] [--peers /tmp/bench/peers]
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
    ap.add_argument("--bench", default=".build/release/animo-bench")
    ap.add_argument("--rounds", type=int, default=40)
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
    ours = subprocess.Popen([a.bench, "raster", "--serve", "--workloads", workloads],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def render_ours(case):
        ours.stdin.write(case + "\n")
        ours.stdin.flush()
        line = ours.stdout.readline()
        if not line:
            sys.exit("animo-bench raster --serve ended early")
        return float(line)

    backends = [peers.Blend2DBackend(), peers.SkiaBackend()]
    for case in a.cases:
        items = peers.fill_scene() if case == "fill" else peers.stroke_scene()
        for b in backends:
            getattr(b, "prepare_" + case)(items)
        times = {b.name: [] for b in backends}
        times["animo-render"] = []
        gc.disable()
        for r in range(a.rounds + 1):                     # round 0 warms up
            for b in backends:
                t0 = time.perf_counter()
                getattr(b, "render_" + case)()
                dt = (time.perf_counter() - t0) * 1e3
                if r:
                    times[b.name].append(dt)
            dt = render_ours(case)
            if r:
                times["animo-render"].append(dt)
        gc.enable()
        print(f"{case}: {a.rounds} rounds, ms per frame, one thread")
        mine = times["animo-render"]
        for name, t in times.items():
            line = f"  {name:13s} median {statistics.median(t):7.2f}  min {min(t):7.2f}"
            if name != "animo-render":
                ratios = [m / p for m, p in zip(mine, t)]
                line += f"   animo-render / {name}: median of per-round ratios {statistics.median(ratios):.3f}"
            print(line)
    ours.stdin.write("quit\n")
    ours.stdin.flush()
    ours.wait()


if __name__ == "__main__":
    main()
