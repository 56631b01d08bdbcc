import Testing

@testable import FerryApp

/// The line diff the history shows between two entries.
@Suite("History diff")
struct HistoryDiffTests {
    @Test func historyDiffKeepsCommonLinesAndMarksChanges() {
        let changes = HistoryDiff.diff(["a", "b", "c"], ["a", "x", "c", "d"])
        #expect(changes == [.same("a"), .removed("b"), .added("x"), .same("c"), .added("d")])
    }
}
