import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The reducer under test in the style of TCA's `TestStore`: `send` an action and state the change it
/// makes, `receive` each action its effects post (they run on the real effect runner) and state that
/// change too, then `finish`. Any change not stated fails, with the differing lines of the state's dump;
/// so does an action posted but never received, or an effect still running at `finish`.
///
/// ```swift
/// let tester = ReducerTester(state)
/// tester.send(.session(.environmentCycled)) { $0.session.environment = "staging"; $0.message = .info("Environment: staging") }
/// await tester.finish()
/// ```
final class ReducerTester {
    /// The state after the last action.
    private(set) var state: AppState
    private let mailbox = Mailbox<AppAction>(wake: WakeSignal())
    /// The curl transport the tester made, shut down with it (`nil` when the test gave its own).
    private let curl: CurlTransport?
    private let runner: EffectRunner
    private var received: [AppAction] = []

    /// A tester starting from `state`, whose effects run against its workspace and send through `transport`
    /// (by default a curl transport of its own; a `MockTransport` answers without curl or a server), with
    /// `services` for the outside world (the editor, the pager, the trust store, the clock: by default none of
    /// the user's, and the system's clock).
    init(_ state: AppState, transport: (any HTTPTransport)? = nil, services: AppServices = AppServices()) {
        self.state = state
        curl = transport == nil ? CurlTransport() : nil
        runner = EffectRunner(
            workspace: state.workspace, transport: transport ?? curl ?? MockTransport(), mailbox: mailbox,
            services: services, terminal: InMemoryBackend(width: state.size.width, height: state.size.height))
    }

    deinit { curl?.shutdown() }

    /// Reduces `action` and checks that the state changed exactly as `expected` changes the state before it;
    /// the effects asked for start on the runner. Returns them, for a test that looks into one.
    @discardableResult
    func send(
        _ action: AppAction, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ expected: (inout AppState) throws -> Void = { _ in }
    ) rethrows -> [Effect] {
        try reduce(action, expected, sourceLocation)
    }

    /// Routes `event` through the key map (``InputRouter``) as the app loop does and sends the action it
    /// maps to, checking the change as `send` does; a key that maps to nothing must change nothing.
    @discardableResult
    func press(
        _ event: InputEvent, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ expected: (inout AppState) throws -> Void = { _ in }
    ) rethrows -> [Effect] {
        guard let action = InputRouter.action(for: event, in: state) else {
            var unchanged = state
            try expected(&unchanged)
            let difference = Self.difference(unchanged, state)
            if !difference.isEmpty {
                Issue.record(
                    Comment(
                        rawValue: "\(event) maps to no action, but a change was stated:\n"
                            + difference.joined(separator: "\n")),
                    sourceLocation: sourceLocation)
            }
            return []
        }
        return try reduce(action, expected, sourceLocation)
    }

    /// Waits for the next action an effect posts, checks it is the one `payload` expects (it returns the
    /// action's payload, `nil` for any other action), reduces it and checks the change as `send` does, with
    /// the payload at hand for stating it. With `anyOrder`, it takes the first action posted that `payload`
    /// expects, leaving the others for the receives after it: for effects that run independently, such as a
    /// canceled send's end and the next send's preparation, whose order no test can fix.
    func receive<Payload>(
        timeout: Duration = FailureBound.event, anyOrder: Bool = false,
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ payload: (AppAction) -> Payload?, _ expected: (inout AppState, Payload) throws -> Void = { _, _ in }
    ) async rethrows {
        func next() -> Int? { anyOrder ? received.firstIndex { payload($0) != nil } : received.indices.first }
        let arrived = await eventually(timeout: timeout, every: .milliseconds(2)) {
            mailbox.drain { received.append($0) }
            reduceFileWorkEnds()
            return next() != nil
        }
        guard arrived, let index = next() else {
            Issue.record("no action arrived from the effects within \(timeout)", sourceLocation: sourceLocation)
            return
        }
        let action = received.remove(at: index)
        guard let value = payload(action) else {
            Issue.record("received an action the test did not expect: \(action)", sourceLocation: sourceLocation)
            return
        }
        _ = try reduce(action, { try expected(&$0, value) }, sourceLocation)
        reduceFileWorkEnds()
    }

    /// Reduces the runner's ends of file work that come next, in their turn, as the loop would: they only let
    /// the state's ``FileQueue`` hand out its next piece, so tests neither receive them nor state the queue.
    private func reduceFileWorkEnds() {
        while case .workspace(.fileWorkEnded)? = received.first {
            received.removeFirst()
            runner.run(AppReducer.reduce(&state, .workspace(.fileWorkEnded)))
        }
    }

    /// Waits for the effects to end and fails for every action they posted that no `receive` took.
    func finish(timeout: Duration = FailureBound.event, sourceLocation: Testing.SourceLocation = #_sourceLocation) async
    {
        let quiet = await eventually(timeout: timeout, every: .milliseconds(2)) {
            mailbox.drain { received.append($0) }
            reduceFileWorkEnds()
            return runner.isQuiet
        }
        if !quiet { Issue.record("effects still running after \(timeout)", sourceLocation: sourceLocation) }
        for action in received {
            Issue.record("an effect posted an action no receive took: \(action)", sourceLocation: sourceLocation)
        }
        received = []
    }

    private func reduce(
        _ action: AppAction, _ expected: (inout AppState) throws -> Void, _ sourceLocation: Testing.SourceLocation
    ) rethrows -> [Effect] {
        var wanted = state
        try expected(&wanted)
        let effects = AppReducer.reduce(&state, action)
        let difference = Self.difference(wanted, state)
        if !difference.isEmpty {
            let text =
                "the state after \(action) is not the one stated (- stated, + actual):\n"
                + difference.joined(separator: "\n")
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        }
        runner.run(effects)
        return effects
    }

    /// The lines of the two states' dumps that differ, `-` for `wanted` and `+` for `actual`; the file queue is
    /// the tester's bookkeeping (see ``reduceFileWorkEnds()``), not stated.
    private static func difference(_ wanted: AppState, _ actual: AppState) -> [String] {
        var wanted = wanted
        wanted.session.fileQueue = actual.session.fileQueue
        let lines = (dumped(wanted), dumped(actual))
        guard lines.0 != lines.1 else { return [] }
        let differing = lines.0.difference(from: lines.1)
        return differing.map { change in
            switch change {
            case .insert(_, let line, _): "- " + line
            case .remove(_, let line, _): "+ " + line
            }
        }
    }

    /// The state's lines as `dump` would write them, except that a set's members and a dictionary's entries
    /// are in the order of their text: two equal sets or dictionaries may hold theirs in different orders.
    private static func dumped(_ state: AppState) -> [String] {
        var visited = Set<ObjectIdentifier>()
        return lines(of: state, label: nil, indent: 0, visited: &visited)
    }

    private static func lines(of value: Any, label: String?, indent: Int, visited: inout Set<ObjectIdentifier>)
        -> [String]
    {
        let mirror = Mirror(reflecting: value)
        let head = String(repeating: "  ", count: indent) + (label.map { "\($0): " } ?? "")
        if mirror.displayStyle == .class {
            let object = ObjectIdentifier(value as AnyObject)
            guard visited.insert(object).inserted else { return [head + "(seen above)"] }
        }
        guard !mirror.children.isEmpty else { return [head + String(describing: value)] }
        var children = mirror.children.map { child in
            lines(of: child.value, label: child.label, indent: indent + 1, visited: &visited)
        }
        if mirror.displayStyle == .set || mirror.displayStyle == .dictionary {
            children.sort { $0.joined(separator: "\n") < $1.joined(separator: "\n") }
        }
        return [head + "\(type(of: value)) (\(mirror.children.count))"] + children.flatMap { $0 }
    }
}
