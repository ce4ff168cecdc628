// sameAs, unchanged, colorAt, bounds, monotonic and colour coverage: each holds where it should
// and fails, with its figure, where it should not.
import Foundation
import Testing
import AnimoTestSupport
import AnimoSpec
import AnimoRender
import AnimoVerify

struct ExpectationAssertionTests {
    /// On white: a red square [10, 10, 20, 20] that slides to x = 60 linearly during 0.5 … 1 s,
    /// and a blue square [10, 60, 20, 20] that stays.
    func verdicts(_ expect: String) throws -> [ExpectationVerdict] {
        let spec = try Spec.load(json: """
            {"canvas": {"width": 100, "height": 100, "scale": 1, "background": "white"}, "duration": 2, "fps": 30, "state": {"on": false},
             "events": [{"at": 0.5, "set": {"on": true}, "animation": {"linear": {"duration": 0.5}}}],
             "content": [{"rectangle": {"frame": ["=on ? 60 : 10", 10, 20, 20]}, "fill": "#FF0000"},
                         {"rectangle": {"frame": [10, 60, 20, 20]}, "fill": "#0000FF"}],
             "expect": \(expect)}
            """)
        var checker = ExpectationChecker(renderer: try SceneRenderer(spec: spec))
        return checker.checkAll()
    }

    func check(_ expect: String, passes: [Bool], contains texts: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let v = try verdicts(expect)
        #expect(v.map(\.passed) == passes, "\(v.map(\.text))", sourceLocation: sourceLocation)
        for (k, t) in texts.enumerated() where !t.isEmpty {
            #expect(v[k].text.contains(t), "\(v[k].text)", sourceLocation: sourceLocation)
        }
    }

    @Test func sameAs() throws {
        try check("""
            [{"at": 1.5, "sameAs": "rest:0"},
             {"at": 0.75, "sameAs": 0},
             {"at": 0.75, "sameAs": 0, "maxChanged": 0.1},
             {"at": 0.75, "sameAs": 0, "maxChanged": 0.05}]
            """, passes: [true, false, true, false],
            contains: ["sameAs rest:0 (1.000 s): 0 px differ", "sameAs 0: 800 px differ (allowed 0)", "allowed 1000 = 0.1 of 10000", ""])
    }

    @Test func unchanged() throws {
        try check("""
            [{"at": 0, "until": "start:0", "unchanged": true},
             {"at": 0, "until": 1.5, "unchanged": true},
             {"at": 0, "until": 1.5, "unchanged": true, "region": [0, 50, 100, 50]}]
            """, passes: [true, false, true],
            contains: ["every frame the same", "the frame at 0.533 s differs in", ""])
    }

    @Test func colorAt() throws {
        try check("""
            [{"at": 0, "colorAt": {"point": [20, 20], "color": "#FF0000"}},
             {"at": 1.5, "colorAt": {"point": [20, 20], "color": "#FF0000"}},
             {"at": 1.5, "colorAt": {"point": [20, 20], "color": "#FAFAFA", "deltaE": 3}},
             {"at": 1.5, "colorAt": {"point": [20, 20], "color": "#F0F0F0", "deltaE": 3}}]
            """, passes: [true, false, true, false],
            contains: ["#FF0000, ΔE 0.00", "#FFFFFF, ΔE", "", ""])
    }

    @Test func bounds() throws {
        try check("""
            [{"at": 0, "region": [0, 0, 100, 50], "bounds": [10, 10, 20, 20]},
             {"at": 1.5, "region": [0, 0, 100, 50], "bounds": [10, 10, 20, 20]},
             {"at": 0, "bounds": {"rect": [10, 10, 20, 70], "tolerance": 0}},
             {"at": 0, "region": [0, 30, 100, 20], "bounds": [10, 10, 20, 20]}]
            """, passes: [true, false, true, false],
            contains: ["bounds [10, 10, 20, 20]", "bounds [60, 10, 20, 20] (expected [10, 10, 20, 20] ± 1)", "", "no visible pixel"])
    }

    @Test func monotonic() throws {
        try check("""
            [{"at": "start:0", "until": "rest:0", "region": [0, 0, 100, 50], "monotonic": "right"},
             {"at": "start:0", "until": "rest:0", "region": [0, 0, 100, 50], "monotonic": "left"},
             {"at": 0, "until": 0.4, "region": [0, 0, 100, 50], "monotonic": "right"},
             {"at": "start:0", "until": "rest:0", "monotonic": "down"}]
            """, passes: [true, false, false, false],
            contains: ["centroid x 20 → 70 pt", "moves back", "does not move right", "monotonic down"])
    }

    @Test func colorCoverage() throws {
        try check("""
            [{"at": 0, "coverage": {"min": 0.039, "max": 0.041}, "color": "#FF0000"},
             {"at": 0, "region": [0, 0, 100, 50], "coverage": {"min": 0.01}, "color": "#0000FF"},
             {"at": 0, "coverage": {"min": 0.079}, "color": "#FF0000"},
             {"at": 1.5, "coverage": {"min": 0.99}, "color": "#FF0000", "relativeTo": "rest:0"},
             {"at": 1.5, "coverage": {"min": 0.99}, "color": "#FF0000", "relativeTo": 0}]
            """, passes: [true, false, false, true, false],
            contains: ["coverage of rgba(1, 0, 0, 1) (ΔE ≤ 2.3) 0.04", "", "", "", "coverage of rgba(1, 0, 0, 1) (ΔE ≤ 2.3) 0 of the same pixels at 0"])
    }
}
