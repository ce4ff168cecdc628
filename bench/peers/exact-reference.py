#!/usr/bin/env python3
# Scores a raster frame of the peers' fill or stroke workload against an area-exact reference:
# Skia drawing the same workload at 8x scale, box-filtered down (within ~2 levels of exact area
# coverage), next to Skia's own 1x frame. Usage (skia-python and the workloads from
# `peers.py export` under /tmp/bench/peers/out, frames from `animo-bench raster`):
#   python scripts/exact-reference.py fill stroke
import json, sys, numpy as np, skia
from PIL import Image
S = 8
W = H = 1170
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
for kind in sys.argv[1:]:
    scene = json.load(open(f'/tmp/bench/peers/out/workloads/{kind}_scene.json'))
    ops = ops_for(kind, scene)
    band = 90
    ref = np.zeros((H, W, 4))
    for y0 in range(0, H, band):
        surf = skia.Surface(W * S, band * S); c = surf.getCanvas(); c.clear(0)
        c.scale(S, S); c.translate(0, -y0); draw(c, ops)
        a = surf.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType).astype(np.float64)
        h = min(band, H - y0)
        ref[y0:y0 + h] = a[:h * S].reshape(h, S, W, S, 4).mean(axis=(1, 3))
    ref = np.round(ref)
    ours = pm(np.asarray(Image.open(f'/tmp/animo-bench/{kind}_animo.png').convert('RGBA')).astype(np.float64))
    s1 = skia.Surface(W, H); c = s1.getCanvas(); c.clear(0); draw(c, ops)
    sk = s1.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType).astype(np.float64)
    for name, img in (("ours", ours), ("skia 1x", sk)):
        d = np.abs(img - ref)
        print(f"{kind}: {name} vs 8x reference: mean {d.mean():.3f}, p99.9 {np.percentile(d, 99.9):.1f}, max {d.max():.0f}")
    d = np.abs(ours - sk); print(f"{kind}: ours vs skia 1x: mean {d.mean():.3f}")
