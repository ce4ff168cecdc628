// The text of `animo-render --help`: it teaches the command by example first.
import Raster

enum Help {
    static let version = "animo-render \(RasterInfo.version)"

    static let text = """
    animo-render: render a SwiftUI-style animation spec (JSON) to PNG frames, offscreen, on the CPU.

    USAGE
      animo-render SPEC.json --out DIR [options]    render every frame to DIR/frame-0000.png …
      animo-render --demo [FILE.png]                render the built-in demo scene (default: demo.png)
      animo-render compare ACTUAL GOLDEN [--report DIR]   compare two PNGs or two folders of frames
      animo-render goldens [DIR] [--record MODE] [--shard I/N]  render and check every golden case
      animo-render verify SPEC.json                 check the spec's `expect` entries from pixels
      animo-render lint SPEC.json…                  static checks of known animation traps
      animo-render --help | --version

    EXAMPLES
      animo-render ../shared/examples/activity-rings.json --out frames/
      animo-render spec.json --out frames/ --times 0,0.5,1.2 --scale 3
      animo-render --demo out/demo.png

    RENDER OPTIONS
      --out DIR          folder for the frames and manifest.json (created if missing; files that are
                         not ours are never deleted)
      --fps N            frames per second (overrides the spec's fps; default 30)
      --times T,T,…      render only these instants (seconds)
      --key-poses        render start/mid/rest of every event as start-N.png, mid-N.png, rest-N.png
      --scale S          pixels per point (overrides the spec's canvas.scale; default 2)
      --threads N        worker threads (default: all cores); output is identical for every N
      --quiet            no progress output

    EXIT STATUS
      0  success
      1  render or I/O failure
      2  invalid spec or arguments (the message names the JSON path, e.g. content[2].modifiers[0].blur.radius)

    Each subcommand has its own --help (e.g. animo-render compare --help).
    Spec format: docs/spec.md. Checks: docs/lint.md, docs/ci.md. Project: README.md.
    """
}
