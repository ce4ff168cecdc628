// GitHub Actions annotations: a workflow command per failure printed to standard output,
//   ::error file=Goldens/scenes/x/spec.json,line=9,col=7,title=goldens x::mid-0 is 40 ms late (…)
// which GitHub shows on the pull request's diff at that line. Values are escaped as the
// runner expects: % \r \n in the message, and also : and , in the properties.
import Foundation

public enum GitHubAnnotations {
    /// One `::error …::message` line per failed item.
    public static func lines(_ items: [CheckItem]) -> [String] {
        items.compactMap { i in
            guard case .failed(let message, let detail) = i.outcome else { return nil }
            var props: [String] = []
            if let f = i.file { props.append("file=\(property(f))") }
            if let l = i.line, l > 0 { props.append("line=\(l)") }
            if let c = i.column, c > 0 { props.append("col=\(c)") }
            props.append("title=\(property("\(i.suite): \(i.name)"))")
            return "::error \(props.joined(separator: ","))::\(data(([message] + detail).joined(separator: "\n")))"
        }
    }

    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
