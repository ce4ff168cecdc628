// The text of `animo-render --help`: it teaches the command by example first.
import AnimoRaster
import AnimoGeometry

enum Help {
    static let version = "animo-render \(RasterInfo.version)"

    static let text = """
    animo-render: render a SwiftUI animation — a spec (JSON) or a SwiftUI source file — to PNG
    frames, offscreen, on the CPU.

    USAGE
      animo-render SPEC.json --out DIR [options]    render every frame to DIR/frame-0000.png …
      animo-render render SPEC.json --out DIR …     the same
      animo-render View.swift --out DIR [--preview NAME] [--duration S] [--strict] [options]
                                                    compile a SwiftUI view into a spec and render it
      animo-render previews FILE.swift              list the #Previews and Views FILE.swift can render
      animo-render import FILE.swift [--preview NAME]   print the spec a Swift view compiles to
      animo-render --demo [FILE.png]                render the built-in demo scene (default: demo.png)
      animo-render compare ACTUAL GOLDEN [--report DIR]   compare two PNGs or two folders of frames
      animo-render goldens [DIR] [--record MODE] [--shard I/N]  render and check every golden case
      animo-render verify SPEC.json                 check the spec's `expect` entries from pixels
      animo-render lint SPEC.json…                  static checks of known animation traps
      animo-render report DIR                       rebuild DIR/report.html (merge shards' reports)
      animo-render review BEFORE AFTER --out DIR    before | after | diff as one animation, a
                                                    filmstrip and Markdown for a code review
      animo-render --help | --version

    SPEC is a path, or - to read the spec from standard input (messages call it <stdin>; shader
    images are then read relative to the current folder). A first word that is not a command, has
    no .json extension and names no existing file is taken as a mistyped command, not as a spec.

    EXAMPLES
      animo-render Goldens/scenes/activity-rings/spec.json --out frames/
      animo-render spec.json --out frames/ --times 0,0.5,1.2 --scale 3
      animo-render spec.json --out frames/ --tap 0.5@Like --drag 1:100,200->220,200:0.4 --key-poses
      animo-render spec.json --out frames/ --gif --sheet --filmstrip 6
      animo-render spec.json --out frames/ --webp --mp4 --max-bytes 5000000
      animo-render --demo out/demo.png
      animo-render LoaderView.swift --out frames/ --preview "Dark" --gif
      animo-render import LoaderView.swift > loader.json && animo-render loader.json --out frames/

    RENDER OPTIONS
      --out DIR          folder for the frames and manifest.json (created if missing). manifest.json
                         is written last and lists every file of the run: a folder without one holds
                         an unfinished run. Files an earlier run left under our names (frame-NNNN.png,
                         t-*.png, key poses, animation.gif/.png, sheet.png, filmstrip.png) are
                         removed; anything else, and folders or links with those names, stay
      --fps N            frames per second (overrides the spec's fps; default 30)
      --times T,T,…      render only these instants (seconds, each in [0, duration]; a time
                         outside is refused with status 2)
      --key-poses        render start/mid/rest of every event as start-N.png, mid-N.png, rest-N.png
      --tap TIME[@TARGET]
                         a tap at TIME seconds (touch-up 0.1 s later), added to the spec's
                         interactions; TARGET is a view's id or label text, #N (the N-th view with
                         a gesture handler, in drawing order) or x,y (a point); without it, the only
                         view that takes gestures. Repeatable. A target that names nothing fails
                         with status 2 and lists the views (docs/spec.md, Interactions)
      --drag TIME:x1,y1->x2,y2[:SECONDS]
                         a drag from (x1, y1) to (x2, y2) in points over SECONDS (default 0.3), at
                         constant speed, starting at TIME. Repeatable
      --scale S          pixels per point (overrides the spec's canvas.scale; default 2)
      --threads N        worker threads (default: all cores); output is identical for every N
      --png-level L      PNG compression 0…9 (default 6: fast, libdeflate; 9 = smallest, slow;
                         0 = stored); applies to frames, --sheet and --filmstrip
      --quiet            no progress output
      --json             after the render, print one JSON object (docs/json.md): the frames and
                         every file written

    SWIFT SOURCE (FILE.swift; docs/swift.md)
      --preview NAME     a #Preview's name or a View type (default: the first #Preview, else the
                         first PreviewProvider, else the first View)
      --duration S       seconds to render (default: from the events and animations, 1…10 s,
                         and at least 1 s past the last --tap or --drag)
      --strict           constructs the front end does not model are errors (exit 2), not warnings
      --front-end F      interpreted (default), or compiled: swiftc compiles the file and its project
                         against animo-render's SwiftUI, and the view's code runs on the render's clock
      Every render option above applies. The canvas is the preview root's constant .frame, else
      393×852 points at scale 3; constructs not modelled are reported as
      file:line:column: construct: what the render does instead.

    ANIMATION (GIF, APNG, WebP, MP4)
      --gif [PATH]       animated GIF of every frame (default DIR/animation.gif): Oklab palettes,
                         stable dithering, frame differencing; delays in 1/100 s (3,3,4,… at 30 fps);
                         above 50 fps frames are dropped to ≤ 50 fps (a note says so)
      --apng [PATH]      lossless animated PNG with 8-bit alpha and exact delays (default
                         DIR/animation.png: .png because review tools and GitHub's uploader accept
                         it and viewers without APNG support still show the first frame)
      --webp [PATH]      animated WebP with 8-bit alpha (default DIR/animation.webp), lossless
                         unless --webp-quality; delays in whole ms rounded at each frame's end
                         (33,34,33,… at 30 fps: no drift); no palette, so no banding or dither
      --webp-quality Q   lossy WebP at quality 0…100 (alpha stays lossless)
      --mp4 [PATH]       H.264 video (default DIR/animation.mp4): yuv420p BT.709, constant frame
                         rate with exact frame times; no alpha: frames are composited over
                         --background (default white); an odd width or height gets one more
                         column or row repeating the edge (and a side under 16 px grows to 16)
      --gif-fps N        frame rate of every animation (default: --fps)
      --gif-scale S      pixels per point of every animation (default: 1, or --scale if smaller);
                         frames are taken from the PNG pass (area-averaged) when it renders the
                         same instants at a scale ≥ S, otherwise rendered in a pass of their own
      --loop N           plays: 0 = forever (default), 1 = once, N = N times (not MP4)
      --background C     hex color (#RRGGBB) under the GIF (opaque GIF; without it a transparent
                         canvas gives 1-bit transparency, cut at 50 % coverage) and the MP4
                         (default white); --gif-background is the same option
      --max-bytes N      byte budget of every animation (default 10000000; 0 = none): when a file
                         would be larger, lower the frame rate (halved, down to 10 fps), then the
                         scale (× 0.75, down to 1/4), and for the GIF then the colors, printing each
                         change; if even the smallest does not fit, fail (status 1), write nothing
      --max-gif-bytes N  the GIF's budget alone (overrides --max-bytes for the GIF)
      With --times or --key-poses, the PNGs are those instants and the animation is rendered in
      its own pass (an animation always holds the whole sequence).

    FRAMES FOR PEOPLE
      --sheet [PATH]     contact sheet of the key poses with role and time labels (default
                         DIR/sheet.png); a spec without events: one period of its loop
      --filmstrip N [PATH]
                         N (1…64) evenly spaced frames from 0 to the duration in one row with time
                         labels, for READMEs (default DIR/filmstrip.png; PATH must end in .png)

    EXIT STATUS
      0  success
      1  render or I/O failure, or an animation over its byte budget even at its smallest
      2  invalid spec or arguments (the message names the file, line and column and the JSON path,
         e.g. spec.json:12:7: content[2].modifiers[0].blur.radius: expected a number ≥ 0, got -3);
         a spec that loads but would not render (bad SVG path data, an unknown shader, a wrong
         shader argument, a missing image) is invalid too, with every such error in one run.
         Long text from the spec or the command line is cut in messages to its first 40
         characters, followed by "… (N characters)".
         For FILE.swift: a syntax error, nothing to render, or (--strict) a construct not modelled.

    Each subcommand has its own --help (e.g. animo-render compare --help). verify, lint and
    goldens also write JUnit XML (--junit FILE) and GitHub annotations (--annotations github);
    every command prints JSON with --json (docs/json.md).
    Spec format: docs/spec.md. Swift input: docs/swift.md. Checks: docs/lint.md, docs/ci.md. Project: README.md.
    """
}
