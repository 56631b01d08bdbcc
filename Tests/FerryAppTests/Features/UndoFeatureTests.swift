import Testing

@testable import FerryApp

/// The undo stack on its own: it keeps what the file effects remembered, newest last and at most
/// `UndoFeature.depth` of them; `u` takes the newest off and asks for it to be undone, or says there is nothing.
struct UndoFeatureTests {
    private func remembered(_ summary: String) -> UndoAction {
        .remembered(WorkspaceUndo(summary: summary, change: .relocation(from: "a.http", to: "b.http")))
    }

    @Test func undoTakesTheNewestCommandOffAndAsksForItToBeUndone() {
        var state = UndoFeature.State()
        _ = UndoFeature.reduce(remembered("first"), &state, ())
        _ = UndoFeature.reduce(remembered("second"), &state, ())
        let output = UndoFeature.reduce(.requested, &state, ())
        guard case .onFiles(.undo(let undo))? = output.requests.first else {
            Issue.record("expected an undo, got \(output.requests)")
            return
        }
        #expect(undo.summary == "second")
        #expect(state.stack.map(\.summary) == ["first"])
    }

    @Test func anEmptyStackSaysSoAndAsksForNothing() {
        var state = UndoFeature.State()
        let output = UndoFeature.reduce(.requested, &state, ())
        #expect(output.effects.isEmpty)
        #expect(output.requests == [.report(.error("Nothing to undo in the workspace."))])
    }

    @Test func theStackKeepsOnlyTheNewestCommands() {
        var state = UndoFeature.State()
        for index in 0..<(UndoFeature.depth + 7) { _ = UndoFeature.reduce(remembered("\(index)"), &state, ()) }
        #expect(state.stack.count == UndoFeature.depth)
        #expect(state.stack.first?.summary == "7")
        #expect(state.stack.last?.summary == "\(UndoFeature.depth + 6)")
    }
}
