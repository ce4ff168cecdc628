#!/usr/bin/env python3
"""Times animo-render's raster workloads round-robin with the peers, in one run.

Each round renders the fill (or stroke) frame once with every peer (Blend2D and Skia, through
peers.py's own backends, as `peers.py fill stroke` times them) and once with each
`animo-bench raster --serve` build, so a drift of the machine's speed hits all of them alike.
Everything is pinned to one core. Prints medians, mins and the median of the per-round ratios
ours / peer (the figure that stays put when absolute milliseconds drift), and against Blend2D
also that median over the rounds where Blend2D was fastest (`--quiet`, default its fastest 10 %):
the host's noise slows Blend2D more than us, so the quiet rounds give the less flattering ratio.

From the repository root:

    bench/peers/setup && bench/.venv/bin/python bench/peers/peers.py export    # once
    swift build -c release --product animo-bench
    bench/.venv/bin/python bench/peers/raster-peers.py [--rounds 40] [fill] [stroke]

Two builds side by side (e.g. before and after a change), each in its own round-robin slot:

    ... raster-peers.py --bench before=/tmp/old/.build/release/animo-bench --bench after=.build/release/animo-bench

A bench may carry arguments after its path (quoted), e.g. both targets of one build:

    ... raster-peers.py --bench rgba8=.build/release/animo-bench --bench "float32=.build/release/animo-bench --target float32"
"""
import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))


def header(argv):
    """What produced these figures: the command, the date, the commit, the machine."""
    try:
        commit = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                                capture_output=True, text=True).stdout.strip() or "?"
    except OSError:
        commit = "?"
    # The processor's generation moves the ratios (Blend2D has AVX-512 pipelines, we stop at AVX2),
    # so it is part of every result: model name, family/model, the widest vector extensions.
    info = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            info.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    flags = set(info.get("flags", "").split())
    cpu = (f"{info.get('model name', '?')}, family {info.get('cpu family', '?')} model {info.get('model', '?')}, "
           + " ".join(f for f in ("avx2", "avx512f") if f in flags))
    return (f"raster-peers.py {' '.join(argv)}\n"
            f"  {time.strftime('%Y-%m-%d %H:%M')}, commit {commit}, {os.cpu_count()} cores ({cpu}), "
            f"Python {platform.python_version()}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", action="append", default=None,
                    help="[LABEL=]PATH [ARGS] of an animo-bench build (ARGS e.g. --target float32); repeat to "
                         "compare (default .build/release/animo-bench)")
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--quiet", type=float, default=0.1,
                    help="also report the median ratio over the rounds where Blend2D was within its fastest "
                         "QUIET fraction (0 to omit)")
    ap.add_argument("--workloads", default=str(HERE / "workloads"),
                    help="the folder `peers.py export` writes (default bench/peers/workloads)")
    ap.add_argument("cases", nargs="*", default=["fill", "stroke"], help="fill, stroke or both (default both)")
    a = ap.parse_args()
    for case in a.cases:
        if case not in ("fill", "stroke"):
            ap.error(f"unknown case {case}: fill or stroke")
    # One core for both processes: the peers run in one thread of one process (peers.py), so they
    # share that core's caches; a renderer woken on the other core would start each frame with a
    # cold L2 (measured: ~1.5x slower frames without this).
    core = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    import peers  # noqa: E402  (the peers' own backends and scenes)
    peers.say_unavailable("raster-peers.py")

    # Our frames must be the peers' frames: the exported JSON against the scenes peers.py draws.
    workloads = Path(a.workloads)
    for case in a.cases:
        f = workloads / f"{case}_scene.json"
        if not f.exists():
            sys.exit(f"raster-peers.py: no {f}; run bench/.venv/bin/python bench/peers/peers.py export")
        if json.loads(f.read_text()) != json.loads(peers.scene_json(case)):
            sys.exit(f"raster-peers.py: {f} is not the scene peers.py draws; "
                     "rewrite it with bench/.venv/bin/python bench/peers/peers.py export")

    benches = []
    for spec in a.bench or [str(ROOT / ".build/release/animo-bench")]:
        label, _, command = spec.rpartition("=")
        label = label or ("animo-render" if not benches else f"animo-render#{len(benches) + 1}")
        path, *extra = command.split()   # e.g. "PATH --target float32"
        if not os.access(path, os.X_OK):
            sys.exit(f"raster-peers.py: no animo-bench at {path}; build it: swift build -c release --product animo-bench")
        proc = subprocess.Popen([path, "raster", "--serve", "--workloads", str(workloads), *extra],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        benches.append((label, proc))

    def render_ours(proc, case):
        proc.stdin.write(case + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            sys.exit("raster-peers.py: animo-bench raster --serve ended early")
        return float(line)

    backends = []
    for module, cls in ((peers.blend2d, peers.Blend2DBackend), (peers.skia, peers.SkiaBackend)):
        if module is not None:
            backends.append(cls())
    print(header(sys.argv[1:]))
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
        print(f"{case}: {a.rounds} rounds, ms per frame, one thread, one core")
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
