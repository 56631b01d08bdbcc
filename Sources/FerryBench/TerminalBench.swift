import FerryTerminal
import Foundation

/// `FerryBench terminal`: the cost of getting a frame to the terminal.
///
/// Targets: a full 200×60 redraw under 2 ms per frame; a one-line change through the diff under
/// 0.2 ms; under 64 bytes written to the terminal per keystroke in a text field. Bytes are counted with
/// `ANSIEncoder`, which writes what the diff asks for as xterm escapes (cursor moves, SGR, UTF-8).
enum TerminalBench: BenchSuite {
    static let name = "terminal"

    static let size = Size(width: 200, height: 60)

    static func run() throws -> [BenchRow] {
        [viewOnly(), fullRedraw(), oneLineChange(), oneLineChangeWithView(), keystrokeBytes()]
    }

    // MARK: - Measurements

    /// View + diff + encode of a whole 200×60 workbench-like screen, every cell written (as after a
    /// resize or clear: the previous frame is invalid, so the diff emits all 12,000 cells).
    static func fullRedraw() -> BenchRow {
        let invalid = ScreenBuffer(size: .zero)
        var encoder = ANSIEncoder()
        var bytes = 0
        var cells = 0
        let perFrame = perIteration(300) { index in
            let frame = workbenchFrame(scroll: index % 2, status: "ready")
            let changes = frame.changes(from: invalid)
            bytes = encoder.encode(changes).count
            cells = changes.count
        }
        return BenchRow(
            suite: name, name: "full 200x60 redraw (view+diff+encode)",
            value: String(format: "%.3f ms", perFrame * 1000),
            comparison: "target < 2 ms; \(cells) cells, \(bytes / 1024) KiB", meetsTarget: perFrame < 0.002)
    }

    /// Drawing the 200×60 view alone (blocks, a list, styled paragraph text) into a fresh buffer.
    static func viewOnly() -> BenchRow {
        let perFrame = perIteration(300) { index in _ = workbenchFrame(scroll: index % 2, status: "ready") }
        return BenchRow(
            suite: name, name: "200x60 view into a fresh buffer", value: String(format: "%.3f ms", perFrame * 1000),
            comparison: "part of the full redraw", meetsTarget: nil)
    }

    /// Diff + encode when one line of a 200×60 frame changed.
    static func oneLineChange() -> BenchRow {
        let base = workbenchFrame(scroll: 0, status: "ready")
        var changed = base
        changed.set(
            string: "sending GET /users… 42%", at: Position(x: 1, y: size.height - 1), style: Style(fg: .yellow))
        var encoder = ANSIEncoder()
        var bytes = 0
        let perFrame = perIteration(2_000) { index in
            let (from, to) = index % 2 == 0 ? (base, changed) : (changed, base)
            bytes = encoder.encode(to.changes(from: from)).count
        }
        return BenchRow(
            suite: name, name: "one-line change (diff+encode)", value: String(format: "%.3f ms", perFrame * 1000),
            comparison: "target < 0.2 ms; \(bytes) bytes", meetsTarget: perFrame < 0.0002)
    }

    /// The same change including drawing the whole view again, as the app loop does.
    static func oneLineChangeWithView() -> BenchRow {
        var previous = workbenchFrame(scroll: 0, status: "ready")
        var encoder = ANSIEncoder()
        let perFrame = perIteration(300) { index in
            let frame = workbenchFrame(scroll: 0, status: index % 2 == 0 ? "sending… 42%" : "ready")
            _ = encoder.encode(frame.changes(from: previous))
            previous = frame
        }
        return BenchRow(
            suite: name, name: "one-line change (view+diff+encode)", value: String(format: "%.3f ms", perFrame * 1000),
            comparison: "whole view redrawn into a fresh buffer", meetsTarget: nil)
    }

    /// Bytes written per keystroke typed into a URL text field of a 200×60 screen (cursor move included).
    static func keystrokeBytes() -> BenchRow {
        var state = TextEditorState(text: "https://api.example.com/v1/", isMultiline: false)
        _ = state.handle(KeyEvent(.end))
        let field = Rect(x: 12, y: 2, width: 120, height: 1)
        func frame(_ state: TextEditorState) -> (ScreenBuffer, Position?) {
            var buffer = workbenchFrame(scroll: 0, status: "ready")
            buffer.fill(field, with: .blank)
            TextField(state: state).render(into: &buffer, area: field)
            return (buffer, state.cursorPosition(in: field))
        }
        var (previous, _) = frame(state)
        var encoder = ANSIEncoder()
        var total = 0
        let typed = Array("users/42/orders?limit=20")
        for character in typed {
            _ = state.handle(KeyEvent(.character(character)))
            let (next, cursor) = frame(state)
            total += encoder.encode(next.changes(from: previous)).count
            if let cursor { total += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H".utf8.count }
            previous = next
        }
        let perKey = Double(total) / Double(typed.count)
        return BenchRow(
            suite: name, name: "bytes per keystroke in a text field", value: String(format: "%.1f B", perKey),
            comparison: "target < 64 B", meetsTarget: perKey < 64)
    }

    // MARK: - The screen

    /// A workbench-like frame: title, request list, request and response panes with styled JSON, status bar.
    static func workbenchFrame(scroll: Int, status: String) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size)
        let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(buffer.area)
        Line([Span(" Ferry ", style: Style(fg: .black, bg: .cyan, modifiers: .bold)), " Collections/users.http"])
            .render(into: &buffer, area: rows[0])
        let columns = Layout.horizontal([.percentage(25), .fill(1)]).split(rows[1])
        let list = Block(title: "Requests", isFocused: true)
        list.render(into: &buffer, area: columns[0])
        let listArea = list.inner(columns[0])
        for row in 0..<listArea.height {
            let method = ["GET", "POST", "PUT", "DELETE"][(row + scroll) % 4]
            Line([Span(method, style: Style(fg: .green, modifiers: .bold)), Span(" /users/\(row + scroll)")])
                .render(into: &buffer, area: listArea.rows(listArea.y + row, count: 1))
        }
        let response = Block(title: "Response 200 OK · 1.2 KB · 38 ms")
        response.render(into: &buffer, area: columns[1])
        let body = response.inner(columns[1])
        let lines = (0..<body.height).map { row -> Line in
            let index = row + scroll
            return Line([
                Span("  \"field_\(index)\"", style: Style(fg: .rgb(0x89, 0xB4, 0xFA))), Span(": "),
                Span(
                    "\"value number \(index) with some text to fill the row\"", style: Style(fg: .rgb(0xA6, 0xE3, 0xA1))
                ),
                Span(","),
            ])
        }
        Paragraph(text: Text(lines)).render(into: &buffer, area: body)
        Line([Span(" \(status) ", style: Style(fg: .black, bg: .white)), "  Ctrl+S send  Tab next pane  q quit"])
            .render(into: &buffer, area: rows[2])
        return buffer
    }

    // MARK: - Helpers

    /// Mean seconds per run of `body` over `count` runs (after one warm-up run).
    static func perIteration(_ count: Int, _ body: (Int) -> Void) -> Double {
        body(0)
        let seconds = measureSeconds {
            for index in 0..<count { body(index) }
        }
        return seconds / Double(count)
    }
}
