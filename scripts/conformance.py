"""Draws each corpus case (DIR/<name>.json) with Skia and compares it with DIR/<name>.png.

Three comparisons per case:
  ours vs skia   -- the conformance target (mean <= 0.5, p99.9 <= 8 levels);
  ours vs ref    -- against an area-exact reference: Skia drawing the case at 16x scale, box-filtered
                    back down (every output pixel averages 16x16 samples, so Skia's own anti-aliasing
                    error, up to ~26 levels on one straight edge at 1x, shrinks to ~2 levels);
  skia vs ref    -- how far Skia itself is from that reference.
Skia's path anti-aliasing (skia-python 144) supersamples with 4 sub-scanlines, so its edge coverage
is quantized; an exact-coverage renderer cannot be closer to it than Skia is to the exact area.

Only what the case JSON says is drawn: SVG path data with absolute M/L/Q/C/Z (what
Path.svgData writes), solid/linear/radial paints, strokes, layers with a blend mode, clips.
"""
import json
import sys
from pathlib import Path

import numpy as np
import skia
from PIL import Image

BLEND = {
    "normal": skia.BlendMode.kSrcOver, "multiply": skia.BlendMode.kMultiply, "screen": skia.BlendMode.kScreen,
    "overlay": skia.BlendMode.kOverlay, "darken": skia.BlendMode.kDarken, "lighten": skia.BlendMode.kLighten,
    "colorDodge": skia.BlendMode.kColorDodge, "colorBurn": skia.BlendMode.kColorBurn,
    "softLight": skia.BlendMode.kSoftLight, "hardLight": skia.BlendMode.kHardLight,
    "difference": skia.BlendMode.kDifference, "exclusion": skia.BlendMode.kExclusion,
    "hue": skia.BlendMode.kHue, "saturation": skia.BlendMode.kSaturation, "color": skia.BlendMode.kColor,
    "luminosity": skia.BlendMode.kLuminosity, "clear": skia.BlendMode.kClear, "copy": skia.BlendMode.kSrc,
    "sourceIn": skia.BlendMode.kSrcIn, "sourceOut": skia.BlendMode.kSrcOut, "sourceAtop": skia.BlendMode.kSrcATop,
    "destinationOver": skia.BlendMode.kDstOver, "destinationIn": skia.BlendMode.kDstIn,
    "destinationOut": skia.BlendMode.kDstOut, "destinationAtop": skia.BlendMode.kDstATop, "xor": skia.BlendMode.kXor,
}
CAP = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
JOIN = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}


def color4f(c):
    return skia.Color4f(c[0], c[1], c[2], c[3])


def path_from(d, rule="nonZero"):
    p = skia.Path()
    toks = d.replace(",", " ").split()
    i = 0
    while i < len(toks):
        t = toks[i]
        cmd, rest = t[0], t[1:]
        nums = []
        if rest:
            nums.append(float(rest))
        need = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}[cmd]
        i += 1
        while len(nums) < need:
            nums.append(float(toks[i]))
            i += 1
        if cmd == "M":
            p.moveTo(*nums)
        elif cmd == "L":
            p.lineTo(*nums)
        elif cmd == "Q":
            p.quadTo(*nums)
        elif cmd == "C":
            p.cubicTo(*nums)
        else:
            p.close()
    p.setFillType(skia.PathFillType.kEvenOdd if rule == "evenOdd" else skia.PathFillType.kWinding)
    return p


def paint_from(spec):
    paint = skia.Paint(AntiAlias=True)
    if "solid" in spec:
        paint.setColor4f(color4f(spec["solid"]))
        return paint
    kind, g = next(iter(spec.items()))
    colors = [skia.Color4f(*s["color"]).toColor() for s in g["stops"]]
    pos = [s["location"] for s in g["stops"]]
    if kind == "linear":
        shader = skia.GradientShader.MakeLinear([skia.Point(*g["start"]), skia.Point(*g["end"])], colors, pos)
    elif kind == "radial":
        shader = skia.GradientShader.MakeTwoPointConical(skia.Point(*g["center"]), g["startRadius"],
                                                          skia.Point(*g["center"]), g["endRadius"], colors, pos)
    else:
        raise ValueError(f"paint {kind} is not drawn by the conformance run")
    paint.setShader(shader)
    return paint


def draw(canvas, ops):
    for op in ops:
        kind, o = next(iter(op.items()))
        if kind == "fill":
            canvas.drawPath(path_from(o["d"], o["rule"]), paint_from(o["paint"]))
        elif kind == "stroke":
            paint = paint_from(o["paint"])
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(o["lineWidth"])
            paint.setStrokeCap(CAP[o["lineCap"]])
            paint.setStrokeJoin(JOIN[o["lineJoin"]])
            paint.setStrokeMiter(o["miterLimit"])
            if o["dash"]:
                dash = o["dash"] * (2 if len(o["dash"]) % 2 else 1)
                paint.setPathEffect(skia.DashPathEffect.Make(dash, o["dashPhase"]))
            canvas.drawPath(path_from(o["d"]), paint)
        elif kind == "layer":
            lp = skia.Paint(Alphaf=o["opacity"], BlendMode=BLEND[o["blend"]])
            canvas.saveLayer(None, lp)
            draw(canvas, o["ops"])
            canvas.restore()
        elif kind == "clip":
            canvas.save()
            canvas.clipPath(path_from(o["d"]), doAntiAlias=True)
            draw(canvas, o["ops"])
            canvas.restore()


REF_SCALE = 16


def render_skia(case, scale=1):
    """Premultiplied 8-bit RGBA as float64; at scale > 1, drawn scale x larger and box-filtered down
    (in premultiplied floats, rounded once at the end)."""
    w, h = case["width"], case["height"]
    surface = skia.Surface(w * scale, h * scale)
    canvas = surface.getCanvas()
    canvas.clear(color4f(case["background"]))
    canvas.scale(scale, scale)
    draw(canvas, case["ops"])
    img = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                              alphaType=skia.kPremul_AlphaType).astype(np.float64)
    if scale > 1:
        img = np.round(img.reshape(h, scale, w, scale, 4).mean(axis=(1, 3)))
    return img


def premultiplied(straight):
    a = straight[..., 3:4].astype(np.float64) / 255.0
    return np.concatenate([np.round(straight[..., :3] * a), straight[..., 3:4]], axis=2)


def stats(d):
    return d.mean(), np.percentile(d, 99.9), d.max()


def main(folder):
    folder = Path(folder)
    pairs = {"ours-skia": [], "ours-ref": [], "skia-ref": []}
    rows = []
    for js in sorted(folder.glob("*.json")):
        case = json.loads(js.read_text())
        skia1 = render_skia(case)
        ref = render_skia(case, REF_SCALE)
        ours = premultiplied(np.asarray(Image.open(js.with_suffix(".png")).convert("RGBA")).astype(np.float64))
        ds = {"ours-skia": np.abs(skia1 - ours), "ours-ref": np.abs(ref - ours), "skia-ref": np.abs(skia1 - ref)}
        for k, d in ds.items():
            pairs[k].append(d.ravel())
        rows.append((case["name"], [stats(ds[k]) for k in pairs]))
    head = "".join(f"{k:>22}" for k in pairs)
    print(f"{'case':28}{head}")
    print(f"{'':28}" + "".join(f"{'mean  p99.9   max':>22}" for _ in pairs))
    for name, st in rows:
        print(f"{name:28}" + "".join(f"{m:8.3f}{p:7.2f}{x:7.0f}" for m, p, x in st))
    alls = [stats(np.concatenate(v)) for v in pairs.values()]
    print(f"{'ALL (' + str(len(rows)) + ' cases)':28}" + "".join(f"{m:8.3f}{p:7.2f}{x:7.0f}" for m, p, x in alls))
    print("(8-bit levels, premultiplied RGBA; ref = Skia at 16x scale box-filtered to 1x)")
    print("targets: mean <= 0.5, p99.9 <= 8")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/animo-conformance")
