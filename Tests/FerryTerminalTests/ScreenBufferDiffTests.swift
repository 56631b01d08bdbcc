import FerryTerminal
import Testing

@Suite struct ScreenBufferDiffTests {
    @Test func identicalFramesProduceNoChanges() {
        var frame = ScreenBuffer(width: 20, height: 5)
        frame.set(string: "same", at: Position(x: 3, y: 2))
        #expect(frame.changes(from: frame).isEmpty)
    }

    @Test func onlyChangedCellsAreEmitted() {
        var previous = ScreenBuffer(width: 20, height: 5)
        previous.set(string: "status: idle", at: Position(x: 0, y: 4))
        var next = previous
        next.set(string: "status: busy", at: Position(x: 0, y: 4))
        let changes = next.changes(from: previous)
        #expect(changes.map(\.position.x) == [8, 9, 10, 11])
        #expect(changes.allSatisfy { $0.position.y == 4 })
        #expect(String(changes.map(\.cell.character)) == "busy")
    }

    @Test func styleChangesAreChanges() {
        var previous = ScreenBuffer(width: 4, height: 1)
        previous.set(string: "ab", at: .zero)
        var next = previous
        next.setStyle(Style(modifiers: .reverse), in: Rect(x: 1, y: 0, width: 1, height: 1))
        #expect(next.changes(from: previous).map(\.position) == [Position(x: 1, y: 0)])
    }

    @Test func wideCharactersAreEmittedOnceAndNeverAsContinuations() {
        var previous = ScreenBuffer(width: 6, height: 1)
        previous.set(string: "abcd", at: .zero)
        var next = previous
        next.set(string: "中", at: Position(x: 1, y: 0))
        let changes = next.changes(from: previous)
        #expect(changes.map(\.position.x) == [1])
        #expect(changes.allSatisfy { !$0.cell.isContinuation })
    }

    @Test func replacingAWideCharacterRedrawsTheFreedCell() {
        var previous = ScreenBuffer(width: 6, height: 1)
        previous.set(string: "中文", at: .zero)
        var next = previous
        next.set(string: "ab", at: .zero)
        #expect(next.changes(from: previous).map(\.position.x) == [0, 1])
    }

    @Test func applyingTheDiffReproducesTheFrame() throws {
        let backend = InMemoryBackend(width: 10, height: 3)
        var first = ScreenBuffer(width: 10, height: 3)
        first.set(string: "日本 hello", at: .zero)
        first.set(string: "row two", at: Position(x: 0, y: 1))
        try backend.draw(first.changes(from: ScreenBuffer(width: 10, height: 3)))
        var second = first
        second.set(string: "x", at: Position(x: 1, y: 0))
        second.set(string: "😀", at: Position(x: 8, y: 2))
        backend.resetCounters()
        try backend.draw(second.changes(from: first))
        #expect(backend.grid == second)
        #expect(backend.cellsWritten == 3)
    }

    @Test func aResizedFrameIsEmittedInFull() {
        let previous = ScreenBuffer(width: 3, height: 2)
        let next = ScreenBuffer(width: 4, height: 2)
        #expect(next.changes(from: previous).count == 8)
    }
}
