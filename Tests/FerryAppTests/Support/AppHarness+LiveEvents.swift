import FerryTerminal
import Testing

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
        var focus = live.state.panes.focus
        for _ in 0..<3 where focus != .response {
            enqueue(.key(.tab))
            let before = focus
            focus = try await moment("the next pane focused") { $0.state.panes.focus != before }.state.panes.focus
        }
        return focus
    }

    /// ``sendAndFocusTheLiveEvents()``, then ↑ twice: the second event (ordinal 1) selected while the stream
    /// is still in flight; returns the moment it showed.
    func selectTheSecondLiveEvent() async throws -> AppMoment {
        let focus = try await sendAndFocusTheLiveEvents()
        #expect(focus == .response)
        enqueue(.key(.up))
        enqueue(.key(.up))
        return try await moment("the second event selected") { $0.state.currentExchange?.eventSelection?.ordinal == 1 }
    }
}
