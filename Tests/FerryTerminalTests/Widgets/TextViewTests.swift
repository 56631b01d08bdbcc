import FerryTerminal
import Testing

/// A huge generated source that counts how many pages and lines were read.
struct CountingSource: TextLineSource {
    final class Counter: @unchecked Sendable {
        var pages = 0
        var lines = 0
    }

    let lineCount: Int
    let counter = Counter()

    func lines(_ range: Range<Int>) -> [Line] {
        counter.pages += 1
        counter.lines += range.count
        return range.map { Line("line \($0 + 1) of the body") }
    }
}

@Suite struct TextViewTests {
    static let body = (1...30).map { "row \($0)" }

    func render(_ view: TextView<some TextLineSource>, width: Int = 16, height: Int = 4) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: buffer.area)
        return buffer
    }

    @Test func drawsLinesFromTheTopWithRightAlignedNumbers() {
        let buffer = render(TextView(source: Self.body, top: 8))
        expectScreen(buffer, ["  9 row 9", " 10 row 10", " 11 row 11", " 12 row 12"])
        #expect(buffer[2, 0].style.modifiers.contains(.dim))
        #expect(!buffer[4, 0].style.modifiers.contains(.dim))
        let wide = render(TextView(source: Self.body, top: 0, minimumNumberDigits: 1), height: 1)
        expectScreen(wide, [" 1 row 1"])
        let plain = render(TextView(source: Self.body, top: 0, lineNumberStyle: nil), height: 1)
        expectScreen(plain, ["row 1"])
    }

    @Test func keepsTheTopInsideTheSource() {
        expectScreen(render(TextView(source: Self.body, top: 99)), [" 30 row 30"])
        expectScreen(render(TextView(source: Self.body, top: -3), height: 1), ["  1 row 1"])
        expectScreen(render(TextView(source: [String](), top: 0), height: 1), [""])
    }

    @Test func highlightsTheCursorLineAcrossTheRowKeepingSpanColours() {
        let source = [Line([Span("key", style: Style(fg: .blue)), Span(" value")])]
        struct Lines: TextLineSource {
            let source: [Line]
            var lineCount: Int { source.count }
            func lines(_ range: Range<Int>) -> [Line] { Array(source[range]) }
        }
        let cursor = Style(fg: .black, bg: .cyan)
        let buffer = render(TextView(source: Lines(source: source), cursorLine: 0, cursorStyle: cursor), height: 2)
        expectScreen(buffer, ["  1 key value"])
        #expect(buffer[4, 0].style == Style(fg: .blue, bg: .cyan))
        // Text without a colour of its own (a hex dump's bytes) takes the cursor's, not the terminal's default.
        #expect(buffer[9, 0].style == Style(fg: .black, bg: .cyan))
        #expect(buffer[15, 0].style.bg == .cyan)
        #expect(buffer[0, 1].style.bg == .default)
        let reversed = render(
            TextView(source: Lines(source: source), cursorLine: 0, cursorStyle: Style(modifiers: .reverse)))
        #expect(reversed[4, 0].style.modifiers.contains(.reverse))
    }

    @Test func readsOnlyTheRowsInViewInOnePage() {
        let source = CountingSource(lineCount: 10_000_000)
        let buffer = render(TextView(source: source, top: 9_999_990), width: 40, height: 10)
        #expect(source.counter.pages == 1)
        #expect(source.counter.lines == 10)
        #expect(buffer.line(9).hasPrefix("10000000 line 10000000 of the body"))
    }
}
