// SwiftUI's Metal shaders: `ShaderLibrary.name(arguments…)` names a `[[ stitchable ]]` function,
// and `colorEffect`, `distortionEffect` and `layerEffect` apply it. The renderer runs the function
// from the `.metal` files beside the view (docs/shaders.md), or its own catalogue.
internal import AnimoViewRecord
import Foundation

@dynamicMemberLookup
public struct ShaderLibrary: Sendable {
    public static let `default` = ShaderLibrary()
    public init() {}
    public static func bundle(_ bundle: Bundle) -> ShaderLibrary { ShaderLibrary() }
    public init(url: URL) {}
    public init(data: Data) {}

    public static subscript(dynamicMember name: String) -> ShaderFunction { ShaderFunction(library: .default, name: name) }
    public subscript(dynamicMember name: String) -> ShaderFunction { ShaderFunction(library: self, name: name) }
}

@dynamicCallable
public struct ShaderFunction: Sendable {
    public let library: ShaderLibrary
    public let name: String
    public init(library: ShaderLibrary, name: String) {
        self.library = library
        self.name = name
    }
    public func dynamicallyCall(withArguments arguments: [Shader.Argument]) -> Shader {
        Shader(function: self, arguments: arguments)
    }
}

public struct Shader: Sendable {
    public struct Argument: Sendable {
        let recorded: RecordedShaderArgument?
        public static func float<T: BinaryFloatingPoint>(_ x: T) -> Argument { Argument(recorded: .numbers("float", [Double(x)])) }
        public static func float2<T: BinaryFloatingPoint>(_ x: T, _ y: T) -> Argument { Argument(recorded: .numbers("float2", [Double(x), Double(y)])) }
        public static func float2(_ point: CGPoint) -> Argument { .float2(point.x, point.y) }
        public static func float2(_ size: CGSize) -> Argument { .float2(size.width, size.height) }
        public static func float2(_ vector: CGVector) -> Argument { .float2(vector.dx, vector.dy) }
        public static func float3<T: BinaryFloatingPoint>(_ x: T, _ y: T, _ z: T) -> Argument { Argument(recorded: .numbers("float3", [Double(x), Double(y), Double(z)])) }
        public static func float4<T: BinaryFloatingPoint>(_ x: T, _ y: T, _ z: T, _ w: T) -> Argument { Argument(recorded: .numbers("float4", [Double(x), Double(y), Double(z), Double(w)])) }
        public static func float4(_ rect: CGRect) -> Argument { .float4(rect.minX, rect.minY, rect.width, rect.height) }
        public static func floatArray(_ array: [Float]) -> Argument { Argument(recorded: .numbers("floatArray", array.map(Double.init))) }
        public static func color(_ color: Color) -> Argument { Argument(recorded: .color(color.recorded)) }
        public static func image(_ image: Image) -> Argument { Argument(recorded: nil) }
        public static func data(_ data: Data) -> Argument { Argument(recorded: nil) }
        /// The bounds of the view the shader draws: not known while the view records.
        public static var boundingRect: Argument { Argument(recorded: nil) }
    }
    public var function: ShaderFunction
    public var arguments: [Argument]
    public var dithersColor = false
    public init(function: ShaderFunction, arguments: [Argument]) {
        self.function = function
        self.arguments = arguments
    }
}

extension View {
    public func colorEffect(_ shader: Shader, isEnabled: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        shaderEffect("colorEffect", shader, .zero, isEnabled, site(file, line, column))
    }
    public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        shaderEffect("distortionEffect", shader, maxSampleOffset, isEnabled, site(file, line, column))
    }
    public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        shaderEffect("layerEffect", shader, maxSampleOffset, isEnabled, site(file, line, column))
    }

    private func shaderEffect(_ kind: String, _ shader: Shader, _ offset: CGSize, _ isEnabled: Bool, _ at: SourceSite) -> some View {
        modifier(RecordingModifier(at) { c in
            if shader.arguments.contains(where: { $0.recorded == nil }) {
                c.graph.warn(kind, "a shader argument that is an image, data or .boundingRect is not passed (pass the size as .float2(width, height)): the effect is left out", at)
                return nil
            }
            return .shader(kind: kind, name: shader.function.name, arguments: shader.arguments.compactMap(\.recorded),
                           maxSampleOffset: [Double(offset.width), Double(offset.height)], isEnabled: isEnabled)
        })
    }
}

public struct CGVector: Equatable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public static var zero: CGVector { CGVector(dx: 0, dy: 0) }
}
