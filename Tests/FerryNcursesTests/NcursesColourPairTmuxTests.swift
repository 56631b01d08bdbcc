import FerryNcurses
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

/// The ncurses backend drawing into a tmux pane with `TERM=screen` (8 colours, 64 pairs): screens that
/// use more colour combinations in all than the terminal has pairs keep every cell's colours, checked on
/// what tmux holds (`capture-pane -e`).
extension NcursesBackendPtyTests {
    /// A combination of colours: `nil` is the default colour, else the ANSI colour 0...7.
    struct Colours: Equatable, CustomStringConvertible {
        var fg: Int?
        var bg: Int?

        var description: String { "fg \(fg.map(String.init) ?? "default") bg \(bg.map(String.init) ?? "default")" }

        var style: Style {
            Style(
                fg: fg.flatMap { ANSIColor(rawValue: UInt8($0)) }.map(Color.ansi) ?? .default,
                bg: bg.flatMap { ANSIColor(rawValue: UInt8($0)) }.map(Color.ansi) ?? .default)
        }
    }

    /// Every combination but default on default: 80, more than the 63 pairs `screen` offers.
    static let combinations: [Colours] = {
        let choices: [Int?] = [nil] + (0..<8).map { $0 }
        return choices.flatMap { fg in choices.map { bg in Colours(fg: fg, bg: bg) } }.filter {
            $0.fg != nil || $0.bg != nil
        }
    }()

    @Test func screensWithMoreColourCombinationsThanPairsKeepTheirColours() async throws {
        guard TmuxSession.isAvailable else { return }
        let ttyFile = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-pane-\(UUID()).tty")
        defer { try? FileManager.default.removeItem(at: ttyFile) }
        // The pane's shell names its terminal and sleeps; the backend draws on that terminal from here.
        let session = try TmuxSession(
            command: ["sh", "-c", "tty > \"$0\"; exec sleep 600", ttyFile.path], width: 80, height: 24)
        defer { session.kill() }
        let named = await eventually(timeout: .seconds(30), every: .milliseconds(50)) {
            ((try? String(contentsOf: ttyFile, encoding: .utf8)) ?? "").hasSuffix("\n")
        }
        try #require(named, "the pane names its terminal")
        let device = try String(contentsOf: ttyFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let input = fopen(device, "r"), let output = fopen(device, "w") else {
            Issue.record("cannot open the pane's terminal \(device)")
            return
        }
        let backend = try NcursesBackend(input: input, output: output, terminalType: "screen")
        defer { backend.restore() }
        #expect(backend.colorDepth == .ansi8)

        // Three screens: combinations 0..<40; then 0..<20 kept (not redrawn) and 40..<80 new (80 pairs asked
        // for in all, 60 on screen); then 0..<40 again.
        let screens: [[Int]] = [Array(0..<40), Array(0..<20) + Array(40..<80), Array(0..<40)]
        var previous = ScreenBuffer(width: 80, height: 24)
        for (number, combinations) in screens.enumerated() {
            var frame = ScreenBuffer(width: 80, height: 24)
            for (slot, index) in combinations.enumerated() {
                frame.set(
                    string: String(format: "%03d", index), at: Self.position(of: slot),
                    style: Self.combinations[index].style)
            }
            try backend.draw(frame.changes(from: previous))
            try backend.flush()
            previous = frame
            let expected = Dictionary(
                uniqueKeysWithValues: combinations.enumerated().map { (Self.position(of: $0.offset), $0.element) })
            let (held, capture) = try await pollScreen(
                timeout: .seconds(20), capture: { try await session.screen(colours: true) },
                until: { Self.mismatches(in: $0, expected: expected).isEmpty })
            #expect(
                held, "screen \(number + 1): \(Self.mismatches(in: capture, expected: expected).prefix(8))")
        }
    }

    /// Where the `slot`th label goes: 20 labels of 3 cells and a space to a row.
    static func position(of slot: Int) -> Position { Position(x: (slot % 20) * 4, y: slot / 20) }

    /// The labels whose three cells do not show their combination's colours in `capture`.
    static func mismatches(in capture: String, expected: [Position: Int]) -> [String] {
        let cells = cellColours(capture)
        return expected.sorted { ($0.key.y, $0.key.x) < ($1.key.y, $1.key.x) }.compactMap { position, index in
            let want = combinations[index]
            let seen = (0..<3).map { cells[Position(x: position.x + $0, y: position.y)] }
            return seen.allSatisfy({ $0 == want }) ? nil : "\(index) at \(position): want \(want), saw \(seen)"
        }
    }

    /// Each visible cell's colours in a `capture-pane -e` capture (the SGR state carries across lines).
    static func cellColours(_ capture: String) -> [Position: Colours] {
        var result: [Position: Colours] = [:]
        var state = Colours(fg: nil, bg: nil)
        for (y, line) in capture.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var x = 0
            var scalars = line.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "\u{1B}" else {
                    result[Position(x: x, y: y)] = state
                    x += 1
                    continue
                }
                var body = ""
                while let next = scalars.next() {
                    if next.properties.isAlphabetic { break }
                    body.unicodeScalars.append(next)
                }
                let codes = body.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map {
                    Int($0) ?? 0
                }
                apply(codes.isEmpty ? [0] : codes, to: &state)
            }
        }
        return result
    }

    /// Applies one SGR sequence's codes to the colours.
    static func apply(_ codes: [Int], to state: inout Colours) {
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: state = Colours(fg: nil, bg: nil)
            case 30...37: state.fg = code - 30
            case 39: state.fg = nil
            case 40...47: state.bg = code - 40
            case 49: state.bg = nil
            case 90...97: state.fg = code - 90 + 8
            case 100...107: state.bg = code - 100 + 8
            case 38, 48:
                // 38;5;N or 38;2;R;G;B: an index or a direct colour, kept as the index (or -1).
                let isFG = code == 38
                if index + 2 < codes.count, codes[index + 1] == 5 {
                    if isFG { state.fg = codes[index + 2] } else { state.bg = codes[index + 2] }
                    index += 2
                } else if index + 4 < codes.count, codes[index + 1] == 2 {
                    if isFG { state.fg = -1 } else { state.bg = -1 }
                    index += 4
                }
            default: break
            }
            index += 1
        }
    }
}
