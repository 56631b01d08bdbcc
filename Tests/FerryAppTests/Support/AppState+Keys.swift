import FerryTerminal

@testable import FerryApp

extension AppState {
    /// Routes `events` through the key map and the reducer in order, as the app loop does, without running
    /// any effect; returns the effects the reducer asked for. Each piece of file work handed out is ended at
    /// once, as the runner would end it (without its results), so every piece asked for is among the effects.
    @discardableResult
    mutating func feed(_ events: [InputEvent]) -> [Effect] {
        var effects: [Effect] = []
        for event in events {
            guard let action = InputRouter.action(for: event, in: self) else { continue }
            effects += AppReducer.reduce(&self, action)
            while session.fileQueue.isBusy { effects += AppReducer.reduce(&self, .workspace(.fileWorkEnded)) }
        }
        return effects
    }

    /// The state drawn on an in-memory screen of its size, as text (trailing spaces cut from each line).
    func screenText() -> String {
        var frame = Frame(size: size)
        frame.render(WorkbenchView(state: self), area: frame.area)
        return frame.buffer.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
            .joined(separator: "\n")
    }
}
