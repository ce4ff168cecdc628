#!/usr/bin/env python3
"""bench/formats.py: sizes and times of animo-render's GIF, WebP and MP4 for the examples
(Goldens/scenes/*), against ffmpeg's own GIF, WebP and MP4 of the same frames, in the same run.

For each example: animo-render renders the frames (PNG only, the baseline), then with each format's
export added; a format's cost is the least CPU time (user + system, all threads) of --rounds such
runs minus the baseline's least (the encoder's own cost, streaming included). ffmpeg's is its CPU
time for the same frames, read from the PNGs. ffmpeg (Debian's, installed by bench/peers/setup) then
encodes the same PNG frames: GIF with palettegen/paletteuse (one global palette, its usual recipe),
animated WebP lossless (libwebp_anim), and MP4 H.264 yuv420p (libx264, CRF 18, preset medium;
over white like ours). Prints a Markdown table; sizes in kB (1000 bytes).

Usage: bench/formats.py [--bin PATH] [--scale S] [--fps N] [--threads N] [--rounds N] [CASE…]
"""
import argparse, os, resource, shutil, subprocess, sys, tempfile, time, json

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def run(cmd):
    """CPU seconds (user + system) of the command and its threads: steadier than wall time on a
    shared machine, and it counts every thread of a multithreaded encoder."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        sys.exit(f"formats.py: {' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=None)
    ap.add_argument("--scale", default="1")
    ap.add_argument("--fps", default="30")
    ap.add_argument("--threads", default="2")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    if a.bin is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "animo-render"], cwd=root, check=True, stdout=subprocess.DEVNULL)
        a.bin = os.path.join(subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, text=True).strip(), "animo-render")
    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        sys.exit("formats.py: ffmpeg not found (bench/peers/setup installs it)")
    scenes = os.path.join(root, "Goldens", "scenes")
    cases = a.cases or sorted(d for d in os.listdir(scenes) if os.path.exists(os.path.join(scenes, d, "spec.json")))
    print(f"animo-render --scale {a.scale} --fps {a.fps} --threads {a.threads}; ffmpeg {subprocess.check_output([ffmpeg, '-version'], text=True).split()[2]}\n")
    print("| example | frames | size | GIF ours | GIF ffmpeg | WebP ours (lossless) | WebP ffmpeg (lossless) | MP4 ours (OpenH264) | MP4 ffmpeg (x264) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for case in cases:
        spec = os.path.join(scenes, case, "spec.json")
        with tempfile.TemporaryDirectory() as tmp:
            base = [a.bin, spec, "--out", os.path.join(tmp, "f"), "--scale", a.scale, "--fps", a.fps,
                    "--threads", a.threads, "--quiet"]
            t0 = min(run(base) for _ in range(a.rounds))
            ours = {}
            for fmt in ["gif", "webp", "mp4"]:
                path = os.path.join(tmp, "ours." + fmt)
                t = min(run(base + ["--" + fmt, path, "--gif-scale", a.scale, "--max-bytes", "0"]) for _ in range(a.rounds))
                ours[fmt] = (os.path.getsize(path), max(0.0, t - t0))
            m = json.load(open(os.path.join(tmp, "f", "manifest.json")))
            n = len(m["frames"])
            size = f'{m["canvas"]["pixelWidth"]}×{m["canvas"]["pixelHeight"]}'
            pattern = os.path.join(tmp, "f", "frame-%04d.png")
            theirs = {}
            cmds = {
                "gif": [ffmpeg, "-y", "-v", "error", "-framerate", a.fps, "-i", pattern, "-filter_complex",
                        "[0:v]split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse", "-loop", "0", os.path.join(tmp, "ff.gif")],
                "webp": [ffmpeg, "-y", "-v", "error", "-framerate", a.fps, "-i", pattern, "-c:v", "libwebp_anim", "-lossless", "1",
                         "-loop", "0", os.path.join(tmp, "ff.webp")],
                "mp4": [ffmpeg, "-y", "-v", "error", "-framerate", a.fps, "-i", pattern, "-filter_complex",
                        "color=white,format=rgb24[bg];[bg][0:v]scale2ref[bg][v];[bg][v]overlay=shortest=1,pad=ceil(iw/2)*2:ceil(ih/2)*2,format=yuv420p",
                        "-c:v", "libx264", "-crf", "18", "-preset", "medium", "-movflags", "+faststart", os.path.join(tmp, "ff.mp4")],
            }
            for fmt, cmd in cmds.items():
                t = min(run(cmd) for _ in range(a.rounds))
                theirs[fmt] = (os.path.getsize(os.path.join(tmp, "ff." + fmt)), t)
            cell = lambda v: f"{v[0] / 1000:.0f} kB, {v[1]:.2f} CPU-s"
            print(f"| {case} | {n} | {size} | {cell(ours['gif'])} | {cell(theirs['gif'])} | {cell(ours['webp'])} | {cell(theirs['webp'])} | {cell(ours['mp4'])} | {cell(theirs['mp4'])} |", flush=True)

if __name__ == "__main__":
    main()
