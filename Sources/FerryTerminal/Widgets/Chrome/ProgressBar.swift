/// A progress bar with a label, or a spinner when the total is unknown.
///
/// ```swift
/// ProgressBar(ratio: 0.42, label: "42 KB of 100 KB").render(into: &buffer, area: row)
/// ProgressBar(spinnerTick: state.tick, label: "Sending…").render(into: &buffer, area: row)
/// ```
public struct ProgressBar: Widget, Hashable, Sendable {
    /// What the bar shows.
    public enum Progress: Hashable, Sendable {
        /// A known fraction done, from 0 to 1.
        case ratio(Double)
        /// Unknown progress: a spinner at animation step `tick`.
        case indeterminate(tick: Int)
    }

    /// The spinner's animation frames.
    public static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// What the bar shows.
    public var progress: Progress
    /// Text centred on the bar (or after the spinner).
    public var label: String
    /// The style of the part not done.
    public var style: Style
    /// The style of the part done (and of the spinner).
    public var filledStyle: Style

    /// Creates a bar `ratio` done (clamped to 0…1; NaN counts as 0).
    public init(
        ratio: Double, label: String = "", style: Style = .plain, filledStyle: Style = Style(modifiers: .reverse)
    ) {
        self.progress = .ratio(ratio.isNaN ? 0 : min(1, max(0, ratio)))
        self.label = label
        self.style = style
        self.filledStyle = filledStyle
    }

    /// Creates a spinner at animation step `spinnerTick` followed by `label`.
    public init(
        spinnerTick: Int, label: String = "", style: Style = .plain, filledStyle: Style = Style(modifiers: .bold)
    ) {
        self.progress = .indeterminate(tick: spinnerTick)
        self.label = label
        self.style = style
        self.filledStyle = filledStyle
    }

    // MARK: - Drawing

    /// Draws the bar on the first row of `area`.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        let row = area.intersection(buffer.area).rows(area.y, count: 1)
        guard !row.isEmpty else { return }
        buffer.fill(row, with: .blank(style))
        switch progress {
        case .indeterminate(let tick):
            let frames = Self.spinnerFrames
            let frame = frames[((tick % frames.count) + frames.count) % frames.count]
            buffer.set(Cell(frame, style: style.patched(with: filledStyle)), at: row.origin)
            buffer.set(string: " " + label, at: Position(x: row.x + 1, y: row.y), style: style, clippedTo: row)
        case .ratio(let ratio):
            let filled = Int((ratio * Double(row.width)).rounded(.down))
            let filledStyle = style.patched(with: self.filledStyle)
            buffer.fill(row.columns(row.x, count: filled), with: .blank(filledStyle))
            let labelWidth = CharacterWidth.columns(of: SafeText.sanitized(label))
            let start = row.x + max(0, (row.width - labelWidth) / 2)
            // Each label character takes the style of the part of the bar it sits on.
            buffer.drawRun(SafeText.sanitized(label), y: row.y, clip: row.columns(start, count: row.right - start)) {
                _ in style
            }
            for x in start..<min(row.right, start + labelWidth) where x < row.x + filled {
                var cell = buffer[x, row.y]
                guard !cell.isContinuation else { continue }
                cell.style = filledStyle
                buffer.set(cell, at: Position(x: x, y: row.y))
            }
        }
    }
}
