import FerryHTTP

extension GRPCBodyCheck {
    /// The last check of a `GRPC` request's body, kept so that the frames drawn while the body and its descriptors
    /// stay the same do not check it again: a check parses the whole body and encodes every message (a
    /// 2,000-field body takes milliseconds, docs/benchmarks.md), and the workbench draws the problems twice a
    /// frame (the line above the body and the underlines). A different key checks again and replaces the one kept.
    ///
    /// The body is keyed as its holder keeps it (`Body`: an editor's lines, say), so that a frame compares what
    /// it already has, and one that holds the same lines as the kept key compares in constant time (arrays that
    /// share their storage are equal at once); its text is made only to check it.
    ///
    /// A cache, not state: the copies of a state that holds one share it, and it shows nothing of itself in a dump.
    ///
    /// ```swift
    /// let memo = GRPCBodyCheck.Memo<[[Character]]>()
    /// let key = GRPCBodyCheck.Memo.Key(body: editor.lines, messageType: type, descriptors: "localhost:50051 #1")
    /// memo.problems(for: key) { GRPCBodyCheck.problems(in: editor.text, messageType: type, pool: pool) }
    /// ```
    public final class Memo<Body: Equatable & Sendable>: Sendable, CustomReflectable {
        /// What a check's result depends on.
        public struct Key: Equatable, Sendable {
            /// The body, as its holder keeps it.
            public var body: Body
            /// The request message's full type name.
            public var messageType: String
            /// Which descriptors check it: the caller's name for one load of them (an endpoint and a count).
            public var descriptors: String

            /// A key; see the properties.
            public init(body: Body, messageType: String, descriptors: String) {
                self.body = body
                self.messageType = messageType
                self.descriptors = descriptors
            }
        }

        private let last = Locked<(key: Key, problems: [Problem])?>(nil)

        /// A memo holding nothing yet.
        public init() {}

        /// The problems kept for `key`, else those `check` finds, then kept.
        public func problems(for key: Key, check: () -> [Problem]) -> [Problem] {
            if let kept = last.withLock({ $0 }), kept.key == key { return kept.problems }
            let problems = check()
            last.withLock { $0 = (key, problems) }
            return problems
        }

        /// No children: what is kept is not part of the state.
        public var customMirror: Mirror { Mirror(self, children: [:]) }
    }
}
