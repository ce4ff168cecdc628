// The entry point the host process calls: runs one preview on the virtual clock and writes its
// recording. The preview's closure comes boxed from the code the `#Preview` macro (or the
// renderer's entry file) generated.
internal import AnimoViewRecord

final class PreviewBox {
    let make: @MainActor () -> any View
    init(_ make: @escaping @MainActor () -> any View) { self.make = make }
}

/// Boxes a preview's content for the host: `#Preview` expands to a C entry point that returns this.
public func _animoPreviewBox(_ make: @escaping @MainActor () -> any View) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(PreviewBox(make)).toOpaque()
}

/// `#Preview`'s content, built as a view builder block (declarations may come before the view).
public func _animoPreviewBuilderBox<Content: View>(@ViewBuilder _ content: @escaping @MainActor () -> Content) -> UnsafeMutableRawPointer {
    _animoPreviewBox { content() }
}

/// Runs the boxed preview for `duration` seconds of the virtual clock and writes the recording
/// (a binary property list) to `output`. Returns 0, or 3 with the reason on stderr when the run
/// was stopped (a limit, a failure the module detected).
@_cdecl("animo_swiftui_run")
public func _animoRun(_ box: UnsafeMutableRawPointer, _ entry: UnsafePointer<CChar>, _ output: UnsafePointer<CChar>, _ duration: Double, _ interactions: UnsafePointer<CChar>?) -> Int32 {
    let preview = Unmanaged<PreviewBox>.fromOpaque(box).takeRetainedValue()
    let name = String(cString: entry)
    let path = String(cString: output)
    let played = interactions.map { PlayedInteraction.parse(String(cString: $0)) } ?? []
    return MainActor.assumeIsolated {
        let graph = ViewGraph(entry: name, limits: RunLimits(duration: duration), root: preview.make)
        ViewGraph.current = graph
        _VirtualClock.shared.reset()
        _VirtualClock.shared.willChange = { MainActor.assumeIsolated { ViewGraph.current?.willChange() } }
        defer { ViewGraph.current = nil }
        graph.recordInitial()
        graph.settle()
        for p in played { graph.schedule(p) }
        while graph.failure == nil, let action = graph.clock.next(until: duration) {
            graph.run(action)
            graph.settle()
        }
        if let f = graph.failure {
            let at = f.site.line > 0 ? "\(f.site): " : ""
            FileHandle.standardError.write(Data("\(at)\(f.message)\n".utf8))
            return 3
        }
        do {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            try encoder.encode(graph.recording).write(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("cannot write the recording: \(error)\n".utf8))
            return 3
        }
        return 0
    }
}

