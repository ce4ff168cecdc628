// `phaseAnimator` and `keyframeAnimator` nodes: values that change over time by themselves,
// visible by name to the expressions of their content.

/// A value name bound to a slot inside an animator's content.
public struct AnimatorVariable: Sendable, Equatable {
    public var name: String
    public var slot: Int

    public init(name: String, slot: Int) {
        self.name = name
        self.slot = slot
    }
}

/// SwiftUI's `PhaseAnimator`: loops through `phases` (or plays one cycle per `trigger` change).
/// Each phase lists the values at its end and the animation that leads into it.
public struct PhaseAnimatorNode: Sendable {
    public struct Phase: Sendable {
        public var name: String?
        /// The animation into this phase; nil = no animation (a jump). Absent key = `.default`.
        public var animation: SpecAnimation?
        /// Values aligned with `PhaseAnimatorNode.variables`.
        public var values: [Double]

        public init(name: String? = nil, animation: SpecAnimation? = nil, values: [Double]) {
            self.name = name
            self.animation = animation
            self.values = values
        }
    }

    public var variables: [AnimatorVariable]
    public var phases: [Phase]
    /// State variables whose change plays one cycle; empty = loop forever.
    public var trigger: [StateReference]
    public var content: [SpecNode]

    public init(variables: [AnimatorVariable], phases: [Phase], trigger: [StateReference], content: [SpecNode]) {
        self.variables = variables
        self.phases = phases
        self.trigger = trigger
        self.content = content
    }
}

/// SwiftUI's `keyframeAnimator(initialValue:repeating:content:keyframes:)`, one track per value.
public struct KeyframeAnimatorNode: Sendable {
    public struct Track: Sendable {
        public var variable: AnimatorVariable
        public var initial: Double
        public var keyframes: [SpecKeyframe]

        public init(variable: AnimatorVariable, initial: Double, keyframes: [SpecKeyframe]) {
            self.variable = variable
            self.initial = initial
            self.keyframes = keyframes
        }
    }

    public var tracks: [Track]
    /// Loop the timeline forever (`repeating: true`); otherwise play once per trigger change,
    /// or once from t = 0 when there is no trigger.
    public var repeating: Bool
    public var trigger: [StateReference]
    public var content: [SpecNode]

    public init(tracks: [Track], repeating: Bool, trigger: [StateReference], content: [SpecNode]) {
        self.tracks = tracks
        self.repeating = repeating
        self.trigger = trigger
        self.content = content
    }
}
