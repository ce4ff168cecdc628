#!/usr/bin/env python3
"""Scores animo-render's frames of the fill and stroke workloads against an area-exact reference.

The reference is Skia drawing the same workload at 8x scale, box-filtered down (within ~2 levels
of exact area coverage); Skia's own 1x frame is scored beside ours. Differences are 8-bit levels
of premultiplied RGBA. From the repository root, after `bench/peers/setup` and `peers.py export`:

    .build/release/animo-bench raster --out /tmp/animo-bench        # writes {fill,stroke}_animo.png
    bench/.venv/bin/python bench/peers/exact-reference.py [--frames /tmp/animo-bench] fill stroke
"""
import argparse
import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

try:
    import skia
except ImportError as e:
    sys.exit(f"exact-reference.py: skia-python is not importable ({e}); run bench/peers/setup")

HERE = Path(__file__).resolve().parent
S = 8


def path(cmds):
    p = skia.Path()
    for c in cmds:
        if c[0] == "M": p.moveTo(c[1], c[2])
        elif c[0] == "L": p.lineTo(c[1], c[2])
        elif c[0] == "C": p.cubicTo(*c[1:])
        elif c[0] == "Z": p.close()
    return p


def ops_for(kind, scene):
    ops = []
    for it in scene["items"]:
        paint = skia.Paint(AntiAlias=True, Color=skia.Color(*it["color"]))
        if kind == "stroke":
            paint.setStyle(skia.Paint.kStroke_Style); paint.setStrokeWidth(scene["stroke_width"])
            paint.setStrokeCap(skia.Paint.kRound_Cap); paint.setStrokeJoin(skia.Paint.kRound_Join)
            if it["dash"]: paint.setPathEffect(skia.DashPathEffect.Make(it["dash"], 0.0))
        if it["kind"] == "circle": ops.append((0, (it["cx"], it["cy"], it["r"]), paint))
        else: ops.append((1, path(it["cmds"]), paint))
    return ops


def draw(c, ops):
    for k, g, p in ops:
        if k == 0: c.drawCircle(g[0], g[1], g[2], p)
        else: c.drawPath(g, p)


def pm(x):
    a = x[..., 3:4] / 255.0
    return np.concatenate([np.round(x[..., :3] * a), x[..., 3:4]], axis=2)


def snapshot(surf):
    return surf.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                            alphaType=skia.kPremul_AlphaType).astype(np.float64)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workloads", type=Path, default=HERE / "workloads")
    ap.add_argument("--frames", type=Path, default=Path("/tmp/animo-bench"),
                    help="where `animo-bench raster --out` wrote {fill,stroke}_animo.png (its default)")
    ap.add_argument("kinds", nargs="+", choices=["fill", "stroke"])
    a = ap.parse_args()
    for kind in a.kinds:
        scene_file, frame_file = a.workloads / f"{kind}_scene.json", a.frames / f"{kind}_animo.png"
        for f, how in ((scene_file, "bench/.venv/bin/python bench/peers/peers.py export"),
                       (frame_file, f".build/release/animo-bench raster --out {a.frames}")):
            if not f.exists():
                sys.exit(f"exact-reference.py: no {f}; run {how}")
        scene = json.loads(scene_file.read_text())
        W, H = scene["width"], scene["height"]
        ops = ops_for(kind, scene)
        band = 90   # rows per 8x surface, to keep it small
        ref = np.zeros((H, W, 4))
        for y0 in range(0, H, band):
            surf = skia.Surface(W * S, band * S); c = surf.getCanvas(); c.clear(0)
            c.scale(S, S); c.translate(0, -y0); draw(c, ops)
            h = min(band, H - y0)
            ref[y0:y0 + h] = snapshot(surf)[:h * S].reshape(h, S, W, S, 4).mean(axis=(1, 3))
        ref = np.round(ref)
        ours = pm(np.asarray(Image.open(frame_file).convert("RGBA")).astype(np.float64))
        s1 = skia.Surface(W, H); c = s1.getCanvas(); c.clear(0); draw(c, ops)
        sk = snapshot(s1)
        for name, img in (("ours", ours), ("skia 1x", sk)):
            d = np.abs(img - ref)
            print(f"{kind}: {name} vs 8x reference: mean {d.mean():.3f}, p99.9 {np.percentile(d, 99.9):.1f}, max {d.max():.0f}")
        d = np.abs(ours - sk)
        print(f"{kind}: ours vs skia 1x: mean {d.mean():.3f}")


if __name__ == "__main__":
    main()
