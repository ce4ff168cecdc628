// The compiler from a Swift file's view to a spec document: shared state (diagnostics, the spec's
// state variables and events, names in use) and the errors that stop a construct. Each family of
// constructs is an extension in a file of its own: expressions (Expressions.swift), statements
// and helpers (Statements.swift), views (Views.swift), modifiers (Modifiers.swift), shapes and
// paths (Shapes.swift), colours and gradients (Paints.swift), animations (Animations.swift),
// events and time (Events.swift).
import Foundation
internal import SwiftSyntax

/// A construct that cannot be compiled here: the caller leaves it out (or approximates) and says so.
struct Unsupported: Error {
    var position: SwiftPosition
    var construct: String
    var message: String
}

/// A value that must be known at compile time reads these names (a loop variable, a state
/// variable, the clock). A `ForEach` whose variable is among them is unrolled.
struct NeedsConstant: Error {
    var names: Set<String>
    var position: SwiftPosition
    var what: String
}

/// Stops the whole compile (a loop that never ends, recursion, a hostile size).
struct FatalCompileError: Error {
    var position: SwiftPosition
    var construct: String
    var message: String
    /// The code ran more than the compile's step limit (`Compiler.step`).
    var isStepLimit = false
}

/// A rectangle of the canvas in points (expressions: sizes may depend on state or loop variables).
struct Rect {
    var x: Expr
    var y: Expr
    var width: Expr
    var height: Expr

    var json: JSON { .array([.num(x), .num(y), .num(width), .num(height)]) }

    /// A rectangle of the given size placed in this one at a unit alignment.
    func placing(width w: Expr, height h: Expr, alignment: (Double, Double)) -> Rect {
        let dx = Expr.binaryOp("*", .binaryOp("-", width, w), .num(alignment.0))
        let dy = Expr.binaryOp("*", .binaryOp("-", height, h), .num(alignment.1))
        return Rect(x: .binaryOp("+", x, dx), y: .binaryOp("+", y, dy), width: w, height: h)
    }

    func inset(top: Expr, leading: Expr, bottom: Expr, trailing: Expr) -> Rect {
        Rect(x: .binaryOp("+", x, leading), y: .binaryOp("+", y, top),
             width: .function("max", [.num(0), .binaryOp("-", width, .binaryOp("+", leading, trailing))]),
             height: .function("max", [.num(0), .binaryOp("-", height, .binaryOp("+", top, bottom))]))
    }

    var constant: (Double, Double, Double, Double)? {
        guard let a = x.constant, let b = y.constant, let c = width.constant, let d = height.constant else { return nil }
        return (a, b, c, d)
    }

    var names: Set<String> { x.names.union(y.names).union(width.names).union(height.names) }
}

/// A declared state variable of the spec.
struct StateDecl {
    var name: String
    var initial: Double
    var isBool: Bool
    var position: SwiftPosition
    /// An `Int` in Swift (a text shows it with `%d`).
    var isInt = false
    /// A state array (`StateArrays.swift`): `numbers` or `points`, with its initial elements.
    var arrayKind: String? = nil
    var arrayInitial: [JSON] = []
    /// A state array of records: its fields and their defaults (`{"x": 0, "color": "white"}`).
    var recordFields: [(String, JSON)] = []
}

/// One event of the spec: `withAnimation(animation) { set }` at `at`.
struct EventDecl {
    var at: Double
    var set: [(String, Double)]
    /// Operations on state arrays: `(name, {"append": …})`, in order.
    var operations: [(String, JSON)] = []
    var animation: AnimationValue?
    var position: SwiftPosition
    /// The withAnimation (or plain) block that made it, to merge its assignments.
    var block: Int
}

final class Compiler {
    let fileName: String
    let converter: SourceLocationConverter
    let index: SourceIndex
    var diagnostics: [SwiftDiagnostic] = []
    private var seen: Set<String> = []

    var states: [StateDecl] = []
    var events: [EventDecl] = []
    /// Spec names in use (state and loop variables), and the reserved ones.
    var usedNames: Set<String> = ["t", "pi", "true", "false", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sqrt", "pow", "exp", "log", "abs", "min", "max", "clamp", "mix", "fract", "floor", "ceil", "round", "sign", "smoothstep", "smootherstep", "step"]
    /// While events run: the current value of every state variable (reads are constants then).
    var stateValues: [String: Double]? = nil
    /// The spec's `shapes`: Shape structs compiled as templates, by type name.
    var shapeTemplates: [(name: String, json: JSON)] = []
    /// Event handlers met while compiling the view, run afterwards: `onAppear`/`task`, and
    /// `onReceive` of a timer publisher (`timer`: its interval and id).
    var appearHandlers: [(items: CodeBlockItemListSyntax, scope: Scope, position: SwiftPosition, isAsync: Bool, timer: (interval: Double, id: Int)?)] = []
    /// `.onChange(of:)` handlers met while compiling the view (ChangeHandlers.swift).
    var changeHandlers: [ChangeHandler] = []
    /// Loop iterations nested by branches that return on one side only (Statements.swift).
    var restDepth = 0
    /// While a Canvas closure runs: what it draws (CanvasDrawing.swift).
    var canvasDrawing: CanvasDrawing? = nil
    /// The compile-time random sequence (RandomValues.swift).
    var randomState: UInt64 = 0
    /// `UUID()` values made so far (each a distinct string).
    var uuidCount = 0
    /// State variables holding an optional identity (Identities.swift): 0 for nil, k for `UUID-k`.
    var identityStates: Set<String> = []
    /// State variables that hold an `Angle`, in degrees: read back as angles.
    var angleStates: Set<String> = []
    /// The `.onPreferenceChange` stores of each View type met (Preferences.swift).
    var preferenceStoreCache: [ObjectIdentifier: [PreferenceStore]] = [:]
    /// State arrays of records as the events leave them, by spec name (StateArrays.swift).
    var recordArrays: [String: RecordArrayModel] = [:]
    /// State arrays of numbers, points and colours as the events leave them, by spec name.
    var plainArrays: [String: RecordArrayModel] = [:]
    /// The element `remove(at:)` last took out of each state array while events run, with the
    /// event that removes it: inserting it back makes that event a move (ArrayMoves.swift).
    var lastRemoved: [String: RemovedElement] = [:]
    /// Element indices the view's content read as an array starts (ElementIdentityContent.swift).
    var initialIndexReads: [(String, SwiftPosition)] = []
    /// The element whose content `identityForEach` is compiling: its array, id and spec name.
    var identityElement: (array: String, id: Int, element: String)?
    /// State arrays a gesture handler moves an element of (HandlerMoves.swift).
    var handlerMovedArrays: Set<String> = []
    /// The TimelineView clock `t` is read.
    var usesClock = false
    /// `.preferredColorScheme(.dark)` on the preview: black canvas, white primary colour.
    var darkScheme = false
    /// The project's asset catalogue colours (`Color("name")`).
    var assetColors = AssetColors.none

    /// Canvas size in points (the preview's constant root frame, else a device).
    var canvasWidth: Double = 393
    var canvasHeight: Double = 852
    /// The preview's root has a constant frame: the canvas is that size, with no safe area.
    var hasRootFrame = false
    /// The device's safe-area insets (top, bottom) in points; zero with a root frame.
    var safeAreaTop: Double = 0
    var safeAreaBottom: Double = 0

    /// Work done, against `stepLimit`: loops and recursion end with an error, never a hang.
    var steps = 0
    let stepLimit = 2_000_000
    /// The step count at which the work running now is stopped: `stepLimit`, or less inside work
    /// that may be abandoned alone (a background queue's block).
    var stepCeiling = 2_000_000
    var callDepth = 0
    let callDepthLimit = 64
    /// Nodes made, against the spec's limits.
    var nodeCount = 0
    let nodeLimit = 200_000
    /// Latest time events are simulated to (seconds).
    var horizon: Double = 10
    /// Loop variables of the ForEach bodies being compiled (symbolically).
    var activeLoopNames: Set<String> = []
    /// Settle times of `.animation` modifiers met (for the render's duration).
    var modifierSettle: Double = 0

    // Event simulation (Events.swift).
    var now: Double = 0
    var currentAnimation: AnimationValue? = nil
    /// While a gesture handler's statements run (Gestures.swift): its changes, state read symbolically.
    var handlerCapture: HandlerCapture? = nil
    /// The preview's views that belong to its provider's other previews (SourceIndex.swift).
    var skippedItems: Set<SyntaxIdentifier> = []
    /// Tap handlers compiled once the view is (Gestures.swift `deferredHandler`).
    var pendingHandlers: [(SwiftPosition, () throws -> JSON)] = []
    var currentBlock = 0
    var blockCounter = 0
    var queue: [ScheduledBlock] = []
    var sequence = 0
    var invalidatedTimers: Set<Int> = []
    var timerCounter = 0
    /// Display links made by the code (DisplayLinks.swift), by id.
    var displayLinks: [DisplayLinkState] = []
    /// State arrays that hold a fixed-capacity buffer (BoundedBuffers.swift), by spec name.
    var boundedArrays: [String: BoundedArrayModel] = [:]
    /// Properties of ObservableObjects read while the views were compiled (`object|name`): a
    /// handler changing one that is not @Published is reported (ObservableObjects.swift).
    var objectPropertiesReadByViews: Set<String> = []

    init(fileName: String, converter: SourceLocationConverter, index: SourceIndex) {
        self.fileName = fileName
        self.converter = converter
        self.index = index
    }

    func position(_ node: some SyntaxProtocol) -> SwiftPosition {
        if let other = index.project?.file(containing: node) {
            let l = node.startLocation(converter: other.converter)
            return SwiftPosition(line: l.line, column: l.column, file: other.fileName)
        }
        let l = node.startLocation(converter: converter)
        return SwiftPosition(line: l.line, column: l.column)
    }

    /// `file:line:column: construct: what the render does instead`, once per place and construct.
    func warn(_ position: SwiftPosition, _ construct: String, _ message: String) {
        let key = "\(position.file ?? ""):\(position.line):\(position.column):\(construct)"
        guard seen.insert(key).inserted else { return }
        diagnostics.append(SwiftDiagnostic(file: position.file ?? fileName, line: position.line, column: position.column,
                                           construct: construct, message: message, severity: .warning))
    }

    /// An unsupported construct, with what the render does instead unless the message says it.
    func warn(_ u: Unsupported, instead: String = "left out") {
        let says = u.message.contains("left out") || u.message.contains("drawn") || u.message.contains("is used")
        warn(u.position, u.construct, says ? u.message : "\(u.message): \(instead)")
    }

    /// A spec name for a Swift name, unique among the names in use.
    func freshName(_ swiftName: String) -> String {
        var base = swiftName.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        if base.isEmpty || base.first!.isNumber { base = "v" + base }
        var name = base
        var k = 2
        while usedNames.contains(name) {
            name = "\(base)_\(k)"
            k += 1
        }
        usedNames.insert(name)
        return name
    }

    func step(_ at: SwiftPosition) throws {
        steps += 1
        if steps > min(stepLimit, stepCeiling) {
            throw FatalCompileError(position: at, construct: "loop", message: "the code runs more than \(stepLimit) steps without ending (a loop that never ends, or one far too long to render); nothing is rendered", isStepLimit: true)
        }
    }

    func isState(_ name: String) -> Bool { states.contains { $0.name == name } }
}

/// A warning or error of the Swift front end, at its Swift position.
public struct SwiftDiagnostic: Sendable, CustomStringConvertible, Equatable {
    public enum Severity: String, Sendable { case warning, error }
    public var file: String
    public var line: Int
    public var column: Int
    /// The construct (`Text`, `onTapGesture`, `HStack`, `syntax`, …).
    public var construct: String
    /// What the render does instead, or what is wrong.
    public var message: String
    public var severity: Severity

    public init(file: String, line: Int, column: Int, construct: String, message: String, severity: Severity) {
        self.file = file
        self.line = line
        self.column = column
        self.construct = construct
        self.message = message
        self.severity = severity
    }

    /// `file:line:column: construct: message`.
    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        return construct.isEmpty ? "\(place): \(message)" : "\(place): \(construct): \(message)"
    }
}
