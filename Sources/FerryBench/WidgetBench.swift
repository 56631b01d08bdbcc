import FerryTerminal
import Foundation

/// `FerryBench widgets`: per-frame and per-keystroke costs of the widgets on large inputs.
///
/// Targets: a 200×60 frame of a text view or text area under 2 ms whatever the body size (the full-redraw
/// budget), a keystroke in a large text area (edit + frame) under 2 ms, and a filter keystroke
/// over 10,000 list rows under 16 ms (one frame at 60 Hz).
enum WidgetBench: BenchSuite {
    static let name = "widgets"

    static let screen = Rect(x: 0, y: 0, width: 200, height: 60)

    static func run() throws -> [BenchRow] {
        [textViewFrame(), textAreaFrame(), textAreaKeystroke(), listFilterKeystroke(), treeToggle()]
    }

    // MARK: - Measurements

    /// One frame of a 1,000,000-line body scrolled to the middle, with line numbers and a cursor line.
    static func textViewFrame() -> BenchRow {
        let body = generatedBody(lines: 1_000_000).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let view = TextView(source: body, top: 500_000, cursorLine: 500_010)
        let perFrame = perIteration(200) {
            var buffer = ScreenBuffer(size: screen.size)
            view.render(into: &buffer, area: screen)
        }
        return row("text view frame, 1M lines", perFrame, target: 0.002)
    }

    /// One frame of a 10,000-line body in a text area with the cursor in the middle.
    static func textAreaFrame() -> BenchRow {
        var state = TextEditorState(text: generatedBody(lines: 10_000), isMultiline: true)
        state.moveCursor(to: TextPosition(line: 5_000, column: 10))
        let perFrame = perIteration(200) {
            var buffer = ScreenBuffer(size: screen.size)
            TextArea(state: state).render(into: &buffer, area: screen)
        }
        return row("text area frame, 10k lines", perFrame, target: 0.002)
    }

    /// Typing one character in a 10,000-line text area, then drawing the frame.
    static func textAreaKeystroke() -> BenchRow {
        var state = TextEditorState(text: generatedBody(lines: 10_000), isMultiline: true)
        state.moveCursor(to: TextPosition(line: 5_000, column: 10))
        let perKey = perIteration(1_000) {
            _ = state.handle(.character("x"), area: screen)
            var buffer = ScreenBuffer(size: screen.size)
            TextArea(state: state).render(into: &buffer, area: screen)
        }
        return row("text area keystroke + frame, 10k lines", perKey, target: 0.002)
    }

    /// One filter keystroke (fuzzy, ranked) over 10,000 rows.
    static func listFilterKeystroke() -> BenchRow {
        let items = (0..<10_000).map { ListItem("GET /api/v\($0 % 3)/resource\($0)/items?page=\($0 % 17)") }
        var state = ListState(items: items)
        _ = state.handle(.character("/"), area: screen)
        let queries = ["r", "re", "res", "reso", "resou", "resour", "resourc", "resource", "resource4", "resource42"]
        let perKey = perIteration(queries.count) { index in
            state.setFilter(queries[index])
        }
        return row("list filter keystroke, 10k rows", perKey, target: 0.016)
    }

    /// Expanding and collapsing a folder of 1,000 requests in a 10,000-node tree.
    static func treeToggle() -> BenchRow {
        let roots = (0..<10).map { folder in
            TreeItem(
                id: "f\(folder)", row: ListItem("folder \(folder)"),
                children: (0..<1_000).map { TreeItem(id: "f\(folder)/r\($0)", row: ListItem("GET request \($0)")) })
        }
        var state = TreeState(roots: roots)
        let perToggle = perIteration(200) { _ in
            _ = state.handle(.key(.enter), area: screen)
        }
        return row("tree toggle, 10k nodes", perToggle, target: 0.016)
    }

    // MARK: - Helpers

    /// A JSON-ish body of `lines` lines.
    static func generatedBody(lines: Int) -> String {
        var text = ""
        text.reserveCapacity(lines * 48)
        for index in 0..<lines {
            text += "  {\"id\": \(index), \"status\": \"ok\", \"name\": \"item-\(index)\"},\n"
        }
        return text
    }

    /// Mean seconds per run of `body` over `count` runs.
    static func perIteration(_ count: Int, _ body: (Int) -> Void) -> Double {
        body(0)
        let seconds = measureSeconds {
            for index in 0..<count { body(index) }
        }
        return seconds / Double(count)
    }

    /// Mean seconds per run of `body` over `count` runs.
    static func perIteration(_ count: Int, _ body: () -> Void) -> Double {
        perIteration(count) { _ in body() }
    }

    static func row(_ measurement: String, _ seconds: Double, target: Double) -> BenchRow {
        BenchRow(
            suite: name, name: measurement, value: String(format: "%.3f ms", seconds * 1000),
            comparison: String(format: "target < %.0f ms", target * 1000), meetsTarget: seconds < target)
    }
}
