/// The state of a `TextView`: the lines, the scroll position and the search.
///
/// Keys: Up/Down (`k`/`j`), PgUp/PgDn (and Space), Home/End (`g`/`G`) scroll; Left/Right (`h`/`l`) scroll
/// sideways; `/` starts a search (typing searches as you go, Enter keeps it, Esc drops it); `n`/`N` go to the
/// next/previous match. The wheel scrolls.
///
/// Matches are found once per query (not per frame); drawing touches only the rows in view.
///
/// ```swift
/// var body = TextViewState(source: TextLines(responseText))
/// if body.handle(event, area: pane) { return }
/// TextView(state: body).render(into: &buffer, area: pane)
/// ```
public struct TextViewState<Source: TextLineSource> {
    // MARK: - Stored state

    /// The lines shown; replacing them re-runs the search.
    public var source: Source {
        didSet {
            matches = TextSearch.matches(of: query, in: source)
            currentMatch = matches.isEmpty ? nil : min(currentMatch ?? 0, matches.count - 1)
            top = min(top, maximumTop)
        }
    }
    /// Whether line numbers are drawn in a gutter on the left.
    public var showsLineNumbers: Bool
    /// The first line in view.
    public internal(set) var top: Int
    /// The first display column in view.
    public internal(set) var left: Int
    /// What is searched for.
    public internal(set) var query: String
    /// Whether typed characters go to the search.
    public internal(set) var isSearching: Bool
    /// Every match of `query`, in order.
    public internal(set) var matches: [TextMatch]
    /// The match `n`/`N` last went to.
    public internal(set) var currentMatch: Int?
    /// The size of the text area (without gutter and search line) last seen by `handle(_:area:)`.
    public var viewport: Size

    // MARK: - Creating

    /// Creates a view of `source` scrolled to the top.
    public init(source: Source, showsLineNumbers: Bool = true) {
        self.source = source
        self.showsLineNumbers = showsLineNumbers
        self.top = 0
        self.left = 0
        self.query = ""
        self.isSearching = false
        self.matches = []
        self.currentMatch = nil
        self.viewport = .zero
    }

    // MARK: - Layout

    /// Whether the search line shows at the bottom.
    public var showsSearchLine: Bool { isSearching || !query.isEmpty }

    /// The columns of the line-number gutter (digits plus a space), 0 when hidden.
    public var gutterWidth: Int { showsLineNumbers ? String(max(1, source.lineCount)).count + 1 : 0 }

    /// The text area inside `area` (without gutter and search line).
    public func textArea(in area: Rect) -> Rect {
        let height = area.height - (showsSearchLine ? 1 : 0)
        return Rect(x: area.x + gutterWidth, y: area.y, width: area.width - gutterWidth, height: height)
    }

    /// The largest useful `top` for the last viewport.
    var maximumTop: Int { max(0, source.lineCount - max(1, viewport.height)) }

    // MARK: - Scrolling and searching

    /// Scrolls so `line` is the first in view (clamped).
    public mutating func scroll(toLine line: Int) {
        top = min(max(0, line), maximumTop)
    }

    /// Scrolls sideways by `columns` (negative is left).
    public mutating func scroll(columns: Int) {
        left = max(0, left + columns)
    }

    /// Searches for `query` and goes to the first match at or after the top of the view.
    public mutating func search(for query: String) {
        self.query = query
        matches = TextSearch.matches(of: query, in: source)
        guard !matches.isEmpty else {
            currentMatch = nil
            return
        }
        go(toMatch: matches.firstIndex { $0.line >= top } ?? 0)
    }

    /// Goes to the next match (wrapping).
    public mutating func nextMatch() {
        guard !matches.isEmpty else { return }
        go(toMatch: currentMatch.map { ($0 + 1) % matches.count } ?? 0)
    }

    /// Goes to the previous match (wrapping).
    public mutating func previousMatch() {
        guard !matches.isEmpty else { return }
        go(toMatch: currentMatch.map { ($0 - 1 + matches.count) % matches.count } ?? matches.count - 1)
    }

    /// Makes match `index` current and scrolls it into view (centred vertically when it was out of view).
    public mutating func go(toMatch index: Int) {
        guard matches.indices.contains(index) else { return }
        currentMatch = index
        let match = matches[index]
        let height = max(1, viewport.height)
        if match.line < top || match.line >= top + height { scroll(toLine: match.line - height / 2) }
        let width = max(1, viewport.width)
        let line = source.line(at: match.line)
        let start = ScreenBuffer.cellWidth(of: line.prefix(match.range.lowerBound))
        let end = start + ScreenBuffer.cellWidth(of: line.dropFirst(match.range.lowerBound).prefix(match.range.count))
        if start < left || end > left + width { left = max(0, start - width / 3) }
    }

    // MARK: - Events

    /// Applies `event` to the view drawn in `area` (the area given to `TextView.render`); returns whether it
    /// was used.
    public mutating func handle(_ event: InputEvent, area: Rect) -> Bool {
        viewport = textArea(in: area).size
        switch event {
        case .key(let key):
            return handle(key)
        case .paste(let text):
            guard isSearching else { return false }
            search(for: query + text.filter { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
            return true
        case .mouse(let mouse):
            guard area.contains(mouse.position) else { return false }
            switch mouse.kind {
            case .scrollUp: scroll(toLine: top - RowNavigation.wheelStep)
            case .scrollDown: scroll(toLine: top + RowNavigation.wheelStep)
            default: return false
            }
            return true
        case .resize:
            return false
        }
    }

    /// Applies a key press using the last known viewport; returns whether it was used.
    public mutating func handle(_ key: KeyEvent) -> Bool {
        if isSearching {
            if let character = RowNavigation.typedCharacter(key) {
                search(for: query + String(character))
                return true
            }
            switch key.key {
            case .backspace:
                if query.isEmpty { isSearching = false } else { search(for: String(query.dropLast())) }
                return true
            case .enter:
                isSearching = false
                return true
            case .escape:
                isSearching = false
                search(for: "")
                return true
            default:
                break
            }
        }
        let plain = key.modifiers.isEmpty
        let vim = plain && !isSearching
        let page = max(1, viewport.height - 1)
        switch key.key {
        case .up where plain: scroll(toLine: top - 1)
        case .down where plain: scroll(toLine: top + 1)
        case .character("k") where vim: scroll(toLine: top - 1)
        case .character("j") where vim: scroll(toLine: top + 1)
        case .pageUp: scroll(toLine: top - page)
        case .pageDown: scroll(toLine: top + page)
        case .character(" ") where vim: scroll(toLine: top + page)
        case .home where plain: scroll(toLine: 0)
        case .end where plain: scroll(toLine: maximumTop)
        case .character("g") where vim: scroll(toLine: 0)
        case .character("G") where !isSearching && key.modifiers.subtracting(.shift).isEmpty: scroll(toLine: maximumTop)
        case .left where plain: scroll(columns: -4)
        case .right where plain: scroll(columns: 4)
        case .character("h") where vim: scroll(columns: -4)
        case .character("l") where vim: scroll(columns: 4)
        case .character("/") where vim: isSearching = true
        case .character("n") where vim: nextMatch()
        case .character("N") where !isSearching && key.modifiers.subtracting(.shift).isEmpty: previousMatch()
        case .escape where plain && !query.isEmpty: search(for: "")
        default: return false
        }
        return true
    }
}

extension TextViewState: Equatable where Source: Equatable {}
extension TextViewState: Sendable where Source: Sendable {}
