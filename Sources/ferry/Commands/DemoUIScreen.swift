import FerryTerminal

/// The state of `ferry --demo-ui`: a list of sample requests, a detail pane and a status bar.
struct DemoUIState {
    /// The sample requests: method and path.
    var items: [(method: String, path: String)] = [
        ("GET", "/users"), ("POST", "/users"), ("GET", "/users/42"), ("PUT", "/users/42"),
        ("PATCH", "/users/42/name"), ("DELETE", "/users/42"), ("GET", "/search?q=日本語"), ("HEAD", "/health"),
        ("OPTIONS", "/users"), ("GET", "/emoji/😀"),
    ]
    /// The selected row.
    var selection = 0
    /// Whether the list (rather than the detail pane) has the keyboard.
    var isListFocused = true
    /// What the last event was, as text.
    var lastEvent = "none yet"
    /// Text from the last paste.
    var pasted = ""
    /// Whether the user asked to quit.
    var hasQuit = false
    /// Whether `!` crashes the process (`--crash-on-bang`, for the test that the terminal is restored
    /// after a crash).
    var crashesOnBang = false
}

/// What can happen in the demo.
enum DemoUIAction: Sendable {
    case moveUp, moveDown, first, last, select(Int), toggleFocus, quit, crash
    case noted(String), pasted(String)
}

/// The demo's key map: one table for dispatch and the status bar hints.
let demoKeyMap = KeyMap(
    [
        KeyBinding("up", action: "up", help: "Up"), KeyBinding("k", action: "up", help: "Up"),
        KeyBinding("down", action: "down", help: "Down"), KeyBinding("j", action: "down", help: "Down"),
        KeyBinding("home", action: "first", help: "First"), KeyBinding("end", action: "last", help: "Last"),
        KeyBinding("tab", action: "focus", help: "Switch pane"),
        KeyBinding("q", action: "quit", help: "Quit"), KeyBinding("ctrl+c", action: "quit", help: "Quit"),
    ].compactMap { $0 })

extension DemoUIState {
    // MARK: - Input

    /// The action for an input event (every event is also noted in the detail pane).
    static func action(for event: InputEvent, in state: DemoUIState) -> DemoUIAction? {
        switch event {
        case .key(KeyEvent(.character("!"), modifiers: [])) where state.crashesOnBang:
            return .crash
        case .key(let key):
            switch demoKeyMap.action(for: key) {
            case "up": return .moveUp
            case "down": return .moveDown
            case "first": return .first
            case "last": return .last
            case "focus": return .toggleFocus
            case "quit": return .quit
            default: return .noted("key \(key.displayName)")
            }
        case .mouse(let mouse):
            switch mouse.kind {
            case .press(.left): return .select(mouse.position.y - 2)
            case .scrollUp: return .moveUp
            case .scrollDown: return .moveDown
            default: return .noted("mouse at \(mouse.position)")
            }
        case .paste(let text): return .pasted(text)
        case .resize(let size): return .noted("resized to \(size)")
        }
    }

    // MARK: - Reducing

    /// Applies an action.
    mutating func apply(_ action: DemoUIAction) {
        switch action {
        case .moveUp: selection = max(0, selection - 1)
        case .moveDown: selection = min(items.count - 1, selection + 1)
        case .first: selection = 0
        case .last: selection = items.count - 1
        case .select(let row) where items.indices.contains(row): selection = row
        case .select: break
        case .toggleFocus: isListFocused.toggle()
        case .quit: hasQuit = true
        case .crash: fatalError("crash requested with --crash-on-bang")
        case .noted(let text): lastEvent = text
        case .pasted(let text):
            pasted = text
            lastEvent = "paste of \(text.count) characters"
        }
    }

    // MARK: - Drawing

    /// Draws the whole screen.
    func render(into frame: inout Frame, theme: Theme, depth: ColorDepth) {
        let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(frame.area)
        frame.buffer.fill(frame.area, with: .blank(theme[.background]))
        Line(
            [
                Span(" Ferry ", style: theme[.accent].adding(.bold)),
                Span("terminal demo · ↑/↓ select · Tab switch pane · q quit", style: theme[.muted]),
            ]
        ).render(into: &frame.buffer, area: rows[0])
        let panes = Layout.horizontal([.percentage(40), .fill(1)]).split(rows[1])
        renderList(into: &frame.buffer, area: panes[0], theme: theme)
        renderDetails(into: &frame.buffer, area: panes[1], theme: theme)
        frame.buffer.fill(rows[2], with: .blank(theme[.statusBar]))
        let hints = demoKeyMap.activeBindings().map { "\($0.key.displayName) \($0.help)" }.joined(separator: "  ")
        Line(
            [Span(" \(hints)"), Span("  \(theme.name) · \(depth)", style: theme[.muted])], style: theme[.statusBar]
        ).render(into: &frame.buffer, area: rows[2])
    }

    private func block(_ title: String, focused: Bool, theme: Theme) -> Block {
        Block(
            title: Line(" \(title) "), borderType: .rounded, focusedBorderType: .thick, borderStyle: theme[.border],
            focusedBorderStyle: theme[.focusedBorder], style: theme[.background], isFocused: focused)
    }

    private func renderList(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let block = block("Requests", focused: isListFocused, theme: theme)
        block.render(into: &buffer, area: area)
        let inner = block.inner(area)
        for (row, item) in items.enumerated() where row < inner.height {
            let line = inner.rows(inner.y + row, count: 1)
            let isSelected = row == selection
            let marker = isSelected ? "▶ " : "  "
            Line([
                Span(marker),
                Span(
                    item.method.padding(toLength: 8, withPad: " ", startingAt: 0),
                    style: theme.style(forMethod: item.method)),
                Span(item.path),
            ]).render(into: &buffer, area: line)
            if isSelected { buffer.setStyle(theme[.selection], in: line) }
        }
    }

    private func renderDetails(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let block = block("Details", focused: !isListFocused, theme: theme)
        block.render(into: &buffer, area: area)
        let item = items[selection]
        let text = Text([
            Line([Span("Selected: ", style: theme[.muted]), Span("\(item.method) \(item.path)", style: theme[.text])]),
            Line([Span("Row: ", style: theme[.muted]), Span("\(selection + 1) of \(items.count)")]),
            Line([Span("Last event: ", style: theme[.muted]), Span(lastEvent, style: theme[.accent])]),
            Line([Span("Pasted: ", style: theme[.muted]), Span(pasted)]),
            Line(""),
            Line(
                [Span("Status classes: ", style: theme[.muted])]
                    + [200, 301, 404, 503].map { code in
                        Span("\(code) ", style: theme.style(forStatus: code))
                    }),
            Line([
                Span("JSON: ", style: theme[.muted]), Span("{", style: theme[.text]),
                Span("\"ok\"", style: theme[.jsonKey]), Span(": "), Span("true", style: theme[.jsonBoolean]),
                Span(", "), Span("\"n\"", style: theme[.jsonKey]), Span(": "), Span("42", style: theme[.jsonNumber]),
                Span("}"),
            ]),
            Line([Span("Wide: ", style: theme[.muted]), Span("日本語 テキスト 😀 ✓")]),
        ])
        Paragraph(text: text, style: theme[.background], wrap: true).render(into: &buffer, area: block.inner(area))
    }
}
