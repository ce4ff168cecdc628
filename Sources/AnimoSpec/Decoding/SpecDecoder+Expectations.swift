// `expect` entries (docs/spec.md, "Expectations"): instants, ranges and the assertions, each
// checked at load with its JSON path — an assertion's companion keys without it (`until` without
// `unchanged` or `monotonic`), an interval that ends before it starts, a point outside the canvas.

extension SpecDecoder {
    static let expectationKeys = ["at", "region", "components", "coverage", "relativeTo", "notBlank", "blank", "changesFrom",
                                  "sameAs", "unchanged", "until", "maxChanged", "colorAt", "bounds", "monotonic", "color", "deltaE", "about"]
    static let assertionKeys = ["components", "coverage", "notBlank", "blank", "changesFrom", "sameAs", "unchanged", "colorAt", "bounds", "monotonic"]
    /// The ΔE*ab of a just noticeable difference (Sharma, "Digital Color Imaging Handbook", 2003):
    /// the default of `colorAt` and of colour coverage.
    static let defaultDeltaE = 2.3

    func expectTime(_ v: JSONValue, _ path: String) -> ExpectTime {
        if case .number(let d) = v.kind {
            if d < 0 { error(path, v.position, "expected a time ≥ 0, got \(formatNumber(d))") }
            return .seconds(d)
        }
        if let s = v.stringValue {
            let parts = s.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 2, let n = Int(parts[1]), n >= 0, ["start", "mid", "rest"].contains(String(parts[0])) {
                if n >= eventCount {
                    error(path, v.position, "\(UserText.quoted(s)) names event \(n), but the spec has \(eventCount) event\(eventCount == 1 ? "" : "s") (numbered from 0)")
                }
                switch parts[0] {
                case "start": return .start(n)
                case "mid": return .mid(n)
                default: return .rest(n)
                }
            }
            error(path, v.position, "expected a time in seconds or \"start:N\", \"mid:N\", \"rest:N\", got \(UserText.quoted(s))")
            return .seconds(0)
        }
        error(path, v.position, "expected a time in seconds or \"start:N\", \"mid:N\", \"rest:N\", got \(v.brief)")
        return .seconds(0)
    }

    func expectRange(_ v: JSONValue, _ path: String, unit: Bool, integer: Bool) -> ExpectRange {
        let range: NumberRange = unit ? .unit : .nonNegative
        if case .number = v.kind, !unit {
            let n = literal(v, path, range)
            if integer, n != n.rounded() { error(path, v.position, "expected a whole number, got \(formatNumber(n))") }
            return ExpectRange(min: n, max: n)
        }
        guard let f = object(v, path, allowed: ["min", "max"], what: unit ? "{\"min\": a, \"max\": b} in 0…1" : "a number or {\"min\": a, \"max\": b}") else { return ExpectRange() }
        let r = ExpectRange(min: literal(f, "min", range), max: literal(f, "max", range))
        if r.min == nil && r.max == nil { error(path, v.position, "give \"min\", \"max\" or both") }
        if let lo = r.min, let hi = r.max, lo > hi { error(path, v.position, "min \(formatNumber(lo)) is greater than max \(formatNumber(hi))") }
        return r
    }

    /// `colorAt`: `{"point": [x, y], "color": …, "deltaE": d}`; the point inside the canvas.
    func expectColorAt(_ v: JSONValue, _ path: String, canvas: SpecCanvas) -> ExpectColorAt? {
        guard let f = object(v, path, allowed: ["point", "color", "deltaE"], what: "{\"point\": [x, y], \"color\": …, \"deltaE\": d}") else { return nil }
        guard let pv = f["point"] else { missing(f, "point", "a point [x, y] in canvas points"); return nil }
        guard let cv = f["color"] else { missing(f, "color", "the expected color"); return nil }
        guard let a = pv.arrayElements, a.count == 2 else {
            error(f.path("point"), pv.position, "expected a point [x, y] in canvas points, got \(pv.brief)")
            return nil
        }
        let x = literal(a[0], SpecDecoder.index(f.path("point"), 0)), y = literal(a[1], SpecDecoder.index(f.path("point"), 1))
        if !(x >= 0 && x < canvas.width && y >= 0 && y < canvas.height) {
            error(f.path("point"), pv.position, "the point [\(formatNumber(x)), \(formatNumber(y))] is outside the \(formatNumber(canvas.width))×\(formatNumber(canvas.height)) canvas")
        }
        return ExpectColorAt(x: x, y: y, color: color(cv, f.path("color")), deltaE: literal(f, "deltaE", .nonNegative) ?? Self.defaultDeltaE)
    }

    /// `bounds`: `[x, y, w, h]` or `{"rect": [x, y, w, h], "tolerance": points}` (default 1).
    func expectBounds(_ v: JSONValue, _ path: String) -> ExpectBounds {
        if v.arrayElements != nil { return ExpectBounds(rect: literalRect(v, path), tolerance: 1) }
        guard let f = object(v, path, allowed: ["rect", "tolerance"], what: "[x, y, width, height] or {\"rect\": [x, y, width, height], \"tolerance\": points}") else {
            return ExpectBounds(rect: LiteralRect(x: 0, y: 0, width: 0, height: 0), tolerance: 1)
        }
        guard let rv = f["rect"] else {
            missing(f, "rect", "the expected box [x, y, width, height] in canvas points")
            return ExpectBounds(rect: LiteralRect(x: 0, y: 0, width: 0, height: 0), tolerance: 1)
        }
        return ExpectBounds(rect: literalRect(rv, f.path("rect")), tolerance: literal(f, "tolerance", .nonNegative) ?? 1)
    }

    func expectDirection(_ v: JSONValue, _ path: String) -> ExpectDirection? {
        let names = ExpectDirection.allCases.map(\.rawValue)
        guard let s = v.stringValue else {
            error(path, v.position, "expected a direction (\(names.joined(separator: ", "))), got \(v.brief)")
            return nil
        }
        guard let d = ExpectDirection(rawValue: s) else {
            error(path, v.position, "unknown direction \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: names)); directions: \(names.joined(separator: ", "))")
            return nil
        }
        return d
    }

    func expectation(_ v: JSONValue, _ path: String, canvas: SpecCanvas) -> Expectation? {
        guard let f = object(v, path, allowed: Self.expectationKeys) else { return nil }
        guard let atv = f["at"] else {
            missing(f, "at", "a time in seconds or \"start:N\", \"mid:N\", \"rest:N\"")
            return nil
        }
        var e = Expectation(at: expectTime(atv, f.path("at")), path: path)
        e.region = f["region"].map { literalRect($0, f.path("region")) }
        e.components = f["components"].map { expectRange($0, f.path("components"), unit: false, integer: true) }
        e.coverage = f["coverage"].map { expectRange($0, f.path("coverage"), unit: true, integer: false) }
        e.relativeTo = f["relativeTo"].map { expectTime($0, f.path("relativeTo")) }
        if f.has("notBlank") { e.notBlank = bool(f, "notBlank", default: true) }
        if f.has("blank") { e.blank = bool(f, "blank", default: true) }
        e.changesFrom = f["changesFrom"].map { expectTime($0, f.path("changesFrom")) }
        e.sameAs = f["sameAs"].map { expectTime($0, f.path("sameAs")) }
        if f.has("unchanged") { e.unchanged = bool(f, "unchanged", default: true) }
        e.until = f["until"].map { expectTime($0, f.path("until")) }
        e.maxChanged = literal(f, "maxChanged", .unit)
        e.colorAt = f["colorAt"].flatMap { expectColorAt($0, f.path("colorAt"), canvas: canvas) }
        e.bounds = f["bounds"].map { expectBounds($0, f.path("bounds")) }
        e.monotonic = f["monotonic"].flatMap { expectDirection($0, f.path("monotonic")) }
        e.color = f["color"].map { color($0, f.path("color")) }
        e.deltaE = literal(f, "deltaE", .nonNegative)
        e.about = about(f)

        // Companion keys need their assertion.
        func needs(_ key: String, _ what: String, _ present: Bool) {
            if let kv = f[key], !present { error(f.path(key), kv.position, "\(key) applies to \(what); add it") }
        }
        needs("relativeTo", "\"coverage\"", e.coverage != nil)
        needs("color", "\"coverage\" (the coverage of pixels of that color)", e.coverage != nil)
        needs("deltaE", "\"color\" (the color coverage counts)", e.color != nil)
        needs("maxChanged", "\"sameAs\" or \"unchanged\"", e.sameAs != nil || f.has("unchanged"))
        needs("until", "\"unchanged\" or \"monotonic\" (the end of their interval)", f.has("unchanged") || f.has("monotonic"))
        if (e.unchanged == true || e.monotonic != nil) && e.until == nil {
            missing(f, "until", "the end of the interval of \(e.unchanged == true ? "unchanged" : "monotonic"), a time in seconds or \"start:N\", \"mid:N\", \"rest:N\"")
        }
        if e.unchanged == false {
            error(f.path("unchanged"), f["unchanged"]?.position ?? v.position, "unchanged: false asserts nothing; use \"changesFrom\" to say a frame differs")
        }
        if case .seconds(let a) = e.at, case .seconds(let u)? = e.until, u <= a {
            error(f.path("until"), f["until"]?.position ?? v.position, "the interval ends at \(formatNumber(u)) s, not after it starts (at \(formatNumber(a)) s)")
        }
        if !Self.assertionKeys.contains(where: { f.has($0) }) {
            error(path, v.position, "an expectation needs at least one of \(Self.assertionKeys.joined(separator: ", "))")
        }
        return e
    }
}

extension Expectation {
    init(at: ExpectTime, path: String) {
        self.init(at: at, region: nil, components: nil, coverage: nil, relativeTo: nil, notBlank: nil, blank: nil, changesFrom: nil, about: nil, path: path)
    }
}
