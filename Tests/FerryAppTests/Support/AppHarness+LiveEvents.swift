import FerryTerminal

@testable import FerryApp

extension AppHarness {
    /// Sends the open request (Ctrl-R), waits until three of its server-sent events show with the stream
    /// still in flight, and moves the focus to the response pane (Tab, each step awaited: the stream in
    /// flight keeps the app from settling); returns the pane focused at the end, `.response` unless Tab
    /// never reached it.
    func sendAndFocusTheLiveEvents() async throws -> Pane {
        enqueue(.control("r"))
        let live = try await moment("three events to show") {
            ($0.state.currentExchange?.events?.count ?? 0) >= 3 && $0.state.currentExchange?.isInFlight == true
        }
        var focus = live.state.focus
        for _ in 0..<3 where focus != .response {
            enqueue(.key(.tab))
            let before = focus
            focus = try await moment("the next pane focused") { $0.state.focus != before }.state.focus
        }
        return focus
    }
}
