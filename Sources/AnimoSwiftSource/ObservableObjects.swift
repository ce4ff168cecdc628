// `ObservableObject` classes of the file, owned by a View as `@StateObject` (or given to it as
// `@ObservedObject`): an instance is made once per View instance, when the View is compiled, and
// its `@Published` properties become spec state variables as a View's `@State` do. Views read them
// (`model.progress`), handlers and the class's own methods (`model.start()`, whose
// `progress = 1` is an assignment to state) change them, and onAppear, timers and gestures drive
// those methods as they drive a View's own helpers. The object is shared: two views given the same
// object read the same state.
import Foundation
internal import SwiftSyntax

extension TypeDecl {
    var isObservableObject: Bool { conformances.contains("ObservableObject") && node.is(ClassDeclSyntax.self) }
}

extension Compiler {
    /// `Model(…)` of an ObservableObject class: its initializer runs and its @Published
    /// properties are declared as state.
    func makeObject(_ t: TypeDecl, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        let inst = try makeInstance(t, a, s, at)
        try declareStates(inst)
        return .object(inst)
    }

    /// A View's `@StateObject` / `@ObservedObject` properties, made now (once per instance) so
    /// that their state is declared before the body reads it.
    func makeStateObjects(_ inst: Instance, _ at: SwiftPosition) throws {
        for p in inst.type.properties where p.isObject {
            do {
                if let v = try memberValue(inst, p.name, at), case .object = v { continue }
                warn(position(p.node), "@\(p.isLet ? "ObservedObject" : "StateObject") \(p.name)", "not an ObservableObject class of this file: left out")
            } catch let u as Unsupported {
                warn(u, instead: "left out")
            }
        }
    }

    /// `model.progress = value`: a @Published property is state; another stored property is set.
    func assignObjectProperty(_ object: Instance, _ name: String, _ value: Value, at: SwiftPosition) throws {
        if let spec = object.stateNames[name] { return try setState(spec, value, at) }
        guard let p = object.type.property(name), p.getter == nil, !p.isLet else {
            throw Unsupported(position: at, construct: "assignment", message: "'\(name)' is not a stored variable of \(object.type.name)")
        }
        if stateValues != nil, handlerCapture == nil, objectPropertiesReadByViews.contains("\(ObjectIdentifier(object).hashValue)|\(name)") {
            switch value {
            case .record("CADisplayLink", _), .record("Timer", _), .optionalNone, .opaque: break
            default:
                // A view read it: SwiftUI redraws the views when a @Published property changes, and
                // they then read this one too; here views read stored properties once, when they
                // are compiled.
                warn(at, "\(object.type.name).\(name)", "a stored property that is not @Published, changed by an event handler, is not modelled: views draw the value it had before the events")
            }
        }
        object.members[name] = value
    }
}
