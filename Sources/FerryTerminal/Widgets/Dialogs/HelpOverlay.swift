/// A centred overlay listing key bindings (key and help text), grouped by context, generated from the key map.
///
/// ```
/// ╭ Keys ─────────────────────╮
/// │ Ctrl+S  Send the request  │
/// │ F1      Show this help    │
/// │                           │
/// │ list                      │
/// │ /       Filter            │
/// ╰───────────────────────────╯
/// ```
///
/// ```swift
/// HelpOverlay(bindings: keyMap.activeBindings(in: ["list"])).render(into: &buffer, area: screen)
/// ```
public struct HelpOverlay: Widget {
    /// One row of the overlay.
    public struct Entry: Hashable, Sendable {
        /// The key as shown (`Ctrl+S`).
        public var key: String
        /// What it does.
        public var help: String
        /// The group it is listed under (`KeyMap.global` for the first, untitled group).
        public var context: String

        /// Creates an entry.
        public init(key: String, help: String, context: String = KeyMap.global) {
            self.key = key
            self.help = help
            self.context = context
        }
    }

    /// The rows, in order.
    public var entries: [Entry]
    /// The title on the box.
    public var title: String
    /// Rows scrolled off the top (for key maps longer than the screen).
    public var scroll: Int
    /// The style of the box.
    public var style: Style
    /// The style of the border and title.
    public var borderStyle: Style
    /// The style laid over keys.
    public var keyStyle: Style
    /// The style laid over group headings.
    public var headingStyle: Style

    /// Creates an overlay from entries.
    public init(
        entries: [Entry], title: String = "Keys", scroll: Int = 0, style: Style = .plain,
        borderStyle: Style = Style(modifiers: .bold), keyStyle: Style = Style(modifiers: .bold),
        headingStyle: Style = Style(modifiers: [.underline])
    ) {
        self.entries = entries
        self.title = title
        self.scroll = scroll
        self.style = style
        self.borderStyle = borderStyle
        self.keyStyle = keyStyle
        self.headingStyle = headingStyle
    }

    /// Creates an overlay from key bindings (keys shown as `KeyEvent.displayName`, grouped by context).
    public init(bindings: [KeyBinding], title: String = "Keys", scroll: Int = 0) {
        self.init(
            entries: bindings.map { Entry(key: $0.key.displayName, help: $0.help, context: $0.context) }, title: title,
            scroll: scroll)
    }

    // MARK: - Layout

    /// The overlay's text rows: groups in first-seen order, a heading before each group but a leading global one.
    public var rows: [(key: String, help: String, isHeading: Bool)] {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for entry in entries {
            if groups[entry.context] == nil { order.append(entry.context) }
            groups[entry.context, default: []].append(entry)
        }
        var result: [(key: String, help: String, isHeading: Bool)] = []
        for (index, context) in order.enumerated() {
            if index > 0 { result.append(("", "", false)) }
            if !(index == 0 && context == KeyMap.global) { result.append((context, "", true)) }
            for entry in groups[context] ?? [] { result.append((entry.key, entry.help, false)) }
        }
        return result
    }

    /// The box when drawn over `screen`.
    public func frame(in screen: Rect) -> Rect {
        let rows = rows
        let keyWidth = rows.filter { !$0.isHeading }.map { CharacterWidth.columns(of: $0.key) }.max() ?? 0
        let helpWidth = rows.map { $0.isHeading ? 0 : CharacterWidth.columns(of: $0.help) }.max() ?? 0
        let width = max(keyWidth + 2 + helpWidth, CharacterWidth.columns(of: title) + 2) + 4
        return DialogFrame.area(width: width, height: rows.count + 2, in: screen)
    }

    // MARK: - Drawing

    /// Draws the overlay centred in `area` (the whole screen).
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        let box = frame(in: area)
        guard !box.isEmpty else { return }
        let inner = DialogFrame.draw(title: title, in: &buffer, area: box, style: style, borderStyle: borderStyle)
            .inset(horizontal: 1, vertical: 0)
        let rows = rows
        let keyWidth = rows.filter { !$0.isHeading }.map { CharacterWidth.columns(of: $0.key) }.max() ?? 0
        let first = min(max(0, scroll), max(0, rows.count - inner.height))
        for y in inner.y..<inner.bottom {
            let index = first + y - inner.y
            guard index < rows.count else { break }
            let row = rows[index]
            let line = inner.rows(y, count: 1)
            if row.isHeading {
                buffer.set(string: row.key, at: line.origin, style: style.patched(with: headingStyle), clippedTo: line)
                continue
            }
            buffer.set(string: row.key, at: line.origin, style: style.patched(with: keyStyle), clippedTo: line)
            buffer.set(string: row.help, at: Position(x: line.x + keyWidth + 2, y: y), style: style, clippedTo: line)
        }
    }
}
