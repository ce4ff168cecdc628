// Lint suppressions: an `ignore` entry marks the findings of its rule at its node (and inside it,
// and about it when reported elsewhere) or in the whole spec, with its reason; other findings stay.
import Foundation
import Testing
import AnimoTestSupport
import AnimoSpec
@testable import AnimoVerify

/// Two capsules 10 pt thick in one goo under blur 9 (both erased: thin-fill-blur twice), and a
/// 0.35 s spring morphing the goo (metaball-fast-spring, reported at the event).
private func goo(topLint: String = "", capsuleLint: String = "", gooLint: String = "") -> String {
    """
    {"canvas": {"width": 200, "height": 200}, "duration": 2, "state": {"p": 0}\(topLint),
     "events": [{"at": 0.2, "set": {"p": 1}, "animation": {"spring": {"response": 0.35, "dampingFraction": 0.7}}}],
     "content": [{"canvas": {"animatable": ["p"], "filters": [{"alphaThreshold": {"min": 0.5, "color": "white"}}, {"blur": {"radius": 9}}],
                  "content": [{"capsule": {"frame": [20, 50, "=100 + 60 * p", 10]}, "fill": "white"\(capsuleLint)},
                              {"capsule": {"frame": [20, 120, 160, 10]}, "fill": "white"}]}\(gooLint)}]}
    """
}

private func findings(_ json: String) throws -> [LintFinding] { SpecLint.run(try Spec.load(json: json)) }

@Test func withoutIgnoreEveryFindingIsOpen() throws {
    let f = try findings(goo())
    #expect(f.map(\.id).sorted() == ["metaball-fast-spring", "thin-fill-blur", "thin-fill-blur"], "\(f)")
    #expect(f.allSatisfy { !$0.isSuppressed })
}

@Test func aNodeIgnoreSuppressesItsOwnFindingOnly() throws {
    let f = try findings(goo(capsuleLint: #", "lint": {"ignore": {"thin-fill-blur": "this bar shows the trap"}}"#))
    let thin = f.filter { $0.id == "thin-fill-blur" }
    #expect(thin.count == 2)
    let mine = try #require(thin.first { $0.path.hasPrefix("content[0].canvas.content[0]") })
    let other = try #require(thin.first { $0.path.hasPrefix("content[0].canvas.content[1]") })
    #expect(mine.suppression?.reason == "this bar shows the trap")
    #expect(mine.suppression?.path == "content[0].canvas.content[0].lint.ignore.thin-fill-blur")
    #expect(!other.isSuppressed, "the other capsule is not covered")
    #expect(f.first { $0.id == "metaball-fast-spring" }?.isSuppressed == false)
}

@Test func anIgnoreOnTheGooCoversTheEventThatMorphsIt() throws {
    // metaball-fast-spring is reported at events[0].animation, about the goo node content[0].
    let f = try findings(goo(gooLint: #", "lint": {"ignore": {"metaball-fast-spring": "the snap is intended", "thin-fill-blur": "both bars are erased on purpose"}}"#))
    let spring = try #require(f.first { $0.id == "metaball-fast-spring" })
    #expect(spring.path == "events[0].animation")
    #expect(spring.node == "content[0]")
    #expect(spring.suppression?.reason == "the snap is intended")
    #expect(f.filter { $0.id == "thin-fill-blur" }.allSatisfy { $0.suppression?.reason == "both bars are erased on purpose" })
}

@Test func aTopLevelIgnoreCoversTheWholeSpecForThatRuleOnly() throws {
    let f = try findings(goo(topLint: #", "lint": {"ignore": {"thin-fill-blur": "demonstration"}}"#))
    #expect(f.filter { $0.id == "thin-fill-blur" }.allSatisfy { $0.suppression?.path == "lint.ignore.thin-fill-blur" })
    #expect(f.first { $0.id == "metaball-fast-spring" }?.isSuppressed == false)
}

@Test func theInnermostIgnoreGivesTheReason() throws {
    let f = try findings(goo(topLint: #", "lint": {"ignore": {"thin-fill-blur": "outer"}}"#,
                             capsuleLint: #", "lint": {"ignore": {"thin-fill-blur": "inner"}}"#))
    let reasons = f.filter { $0.id == "thin-fill-blur" }.map { $0.suppression?.reason }
    #expect(Set(reasons.compactMap { $0 }) == ["inner", "outer"], "\(reasons)")
}

@Test func theLiquidStepSliderSuppressesItsIntendedFindings() throws {
    let f = SpecLint.run(try Spec.load(path: Repository.sceneSpec("liquid-step-slider").path))
    #expect(f.map(\.id).sorted() == ["metaball-fast-spring", "thin-fill-blur"], "\(f)")
    #expect(f.allSatisfy { $0.isSuppressed }, "\(f)")
}

@Test func aPathMatchesItsNodeNotASiblingWithALongerIndex() {
    #expect(SpecLint.isInside("content[1].canvas", "content[1]"))
    #expect(SpecLint.isInside("content[1][i=0]", "content[1]"))
    #expect(!SpecLint.isInside("content[10].canvas", "content[1]"))
    #expect(SpecLint.isInside("content[1]", "content[1]"))
}

/// The glass usage rules: each one's finding, and its suppression on the glass view.
@Test func glassUseRulesFindTheirTrapsAndTheirIgnoresSuppressThem() throws {
    func spec(_ lint: String = "", scheme: String = "light") -> String {
        """
        {"canvas": {"width": 300, "height": 300, "background": "white", "colorScheme": "\(scheme)"}, "duration": 2,
         "content": [{"color": "clear", "modifiers": [{"clipShape": {"circle": {}}}, {"frame": {"width": 200, "height": 120}}, {"glassEffect": true},
                      {"offset": ["=400 * sin(2 * pi * t)", 0]}]\(lint)}]}
        """
    }
    // A clock-driven offset of amplitude 400 pt over a 1 s period: up to 2π·400 ≈ 2500 pt/s; a
    // clip before the glass; a light canvas: no card finding.
    let open = try findings(spec())
    #expect(open.map(\.id).sorted() == ["glass-clip-shape", "glass-fast-motion"], "\(open)")
    #expect(open.first { $0.id == "glass-clip-shape" }?.message.contains("clips the content, not the glass") == true)
    #expect(open.first { $0.id == "glass-clip-shape" }?.path == "content[0].modifiers[0].clipShape")
    // The dark scheme makes the 200×120 untinted glass a dark-screen card.
    let dark = try findings(spec(scheme: "dark"))
    #expect(dark.first { $0.id == "glass-untinted-dark" }?.path == "content[0].modifiers[2].glassEffect", "\(dark)")
    // Ignored on the node, with reasons.
    let ignored = try findings(spec(#", "lint": {"ignore": {"glass-fast-motion": "shows the pulse", "glass-clip-shape": "shows the cut rim", "glass-untinted-dark": "shows the bright panel"}}"#, scheme: "dark"))
    #expect(ignored.count == 3 && ignored.allSatisfy(\.isSuppressed), "\(ignored)")
}
