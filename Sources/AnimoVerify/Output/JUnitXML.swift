// JUnit XML, the test-report format CI systems read (GitHub test reporters, GitLab, Jenkins): one
// <testsuite> per group of check items, one <testcase> per item, <failure> with the message and
// the detail lines, <skipped> with the reason.
import Foundation

public enum JUnitXML {
    /// The document for `items`, grouped by suite in the order the suites first appear.
    public static func document(name: String, items: [CheckItem]) -> String {
        var order: [String] = []
        var groups: [String: [CheckItem]] = [:]
        for i in items {
            if groups[i.suite] == nil { order.append(i.suite) }
            groups[i.suite, default: []].append(i)
        }
        func counts(_ list: [CheckItem]) -> String {
            let failures = list.filter(\.failed).count
            let skipped = list.filter { if case .skipped = $0.outcome { return true }; return false }.count
            let time = list.compactMap(\.seconds).reduce(0, +)
            return "tests=\"\(list.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", time))\""
        }
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"\(escape(name))\" \(counts(items))>\n"
        for suite in order {
            let list = groups[suite]!
            s += "  <testsuite name=\"\(escape(suite))\" \(counts(list))>\n"
            for i in list {
                var attrs = "classname=\"\(escape(suite))\" name=\"\(escape(i.name))\""
                if let f = i.file { attrs += " file=\"\(escape(f))\"" }
                if let l = i.line { attrs += " line=\"\(l)\"" }
                attrs += " time=\"\(String(format: "%.3f", i.seconds ?? 0))\""
                switch i.outcome {
                case .passed:
                    s += "    <testcase \(attrs)/>\n"
                case .failed(let message, let detail):
                    s += "    <testcase \(attrs)>\n"
                    s += "      <failure message=\"\(escape(message))\" type=\"failure\">\(escape(([message] + detail).joined(separator: "\n")))</failure>\n"
                    s += "    </testcase>\n"
                case .skipped(let reason):
                    s += "    <testcase \(attrs)>\n      <skipped message=\"\(escape(reason))\"/>\n    </testcase>\n"
                }
            }
            s += "  </testsuite>\n"
        }
        return s + "</testsuites>\n"
    }

    /// Text escaped for XML attributes and content (control characters other than tab and newline
    /// are dropped: XML 1.0 cannot hold them).
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default: if u.value >= 0x20 { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
