/// A selectable, scrollable, filterable column of rows: the selection, scrolling, paging, wheel and
/// filter-typing behaviour shared by `ListState` and `TreeState`.
///
/// A conforming state says how many rows it shows, where they are drawn and what setting or clearing the
/// filter means; the extension below supplies the rest.
protocol ScrollableSelection {
    /// The selected row (an index into the rows shown).
    var selectedRow: Int? { get set }
    /// The first row in view.
    var offset: Int { get set }
    /// The height of the rows area last seen, used for paging and scrolling.
    var viewportHeight: Int { get set }
    /// Whether typed characters go to the filter.
    var isFiltering: Bool { get set }
    /// What the user typed to filter by.
    var filter: String { get }
    /// How many rows are shown.
    var rowCount: Int { get }

    /// The rows area inside `area` (the filter line, when shown, takes the bottom row).
    func rowsArea(in area: Rect) -> Rect
    /// Sets the filter text and re-filters.
    mutating func setFilter(_ text: String)
    /// Clears the filter (Esc).
    mutating func clearFilter()
    /// Applies a key press; returns whether it was used.
    mutating func handle(_ key: KeyEvent) -> Bool
    /// Applies a mouse event over the rows area `rows`; returns whether it was used.
    mutating func handle(_ mouse: MouseEvent, rows: Rect) -> Bool
}

extension ScrollableSelection {
    // MARK: - Selection and scrolling

    /// The first row to draw in a rows area of `height`, keeping the selection in view.
    func offsetKeepingSelection(height: Int) -> Int {
        RowNavigation.offset(offset, keeping: selectedRow, height: height, count: rowCount)
    }

    /// Selects `row` (clamped to the rows shown; `nil` or no rows clears the selection), scrolling it into view.
    mutating func selectClamped(row: Int?) {
        guard let row, rowCount > 0 else {
            selectedRow = nil
            return
        }
        selectedRow = min(max(0, row), rowCount - 1)
        offset = offsetKeepingSelection(height: viewportHeight)
    }

    // MARK: - Events

    /// Applies `event` to the rows drawn in `area`: records the viewport height, then passes keys and mouse
    /// events on; a paste goes to the filter (without line breaks) while filtering. Returns whether it was used.
    mutating func handleInput(_ event: InputEvent, area: Rect) -> Bool {
        viewportHeight = rowsArea(in: area).height
        switch event {
        case .key(let key):
            return handle(key)
        case .mouse(let mouse):
            return handle(mouse, rows: rowsArea(in: area))
        case .paste(let text):
            guard isFiltering else { return false }
            setFilter(filter + text.filter { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
            return true
        case .resize:
            return false
        }
    }

    /// Applies the filter keys: while filtering, typed characters, Backspace, Esc and Enter; otherwise `/`
    /// starts filtering and Esc clears a set filter. Returns whether `key` was used.
    mutating func handleFilterKey(_ key: KeyEvent) -> Bool {
        if isFiltering {
            if let character = RowNavigation.typedCharacter(key) {
                setFilter(filter + String(character))
                return true
            }
            switch key.key {
            case .backspace:
                if filter.isEmpty { isFiltering = false } else { setFilter(String(filter.dropLast())) }
                return true
            case .escape:
                isFiltering = false
                clearFilter()
                return true
            case .enter:
                isFiltering = false
                return true
            default:
                return false
            }
        } else if key == KeyEvent(.character("/")) {
            isFiltering = true
            return true
        } else if key.key == .escape && key.modifiers.isEmpty && !filter.isEmpty {
            clearFilter()
            return true
        }
        return false
    }

    /// Moves the selection for a navigation key (see `RowNavigation.target`); returns whether `key` was one.
    mutating func handleNavigationKey(_ key: KeyEvent, vimKeys: Bool) -> Bool {
        guard
            let target = RowNavigation.target(
                for: key, selected: selectedRow, count: rowCount, page: viewportHeight, vimKeys: vimKeys)
        else { return false }
        selectClamped(row: target)
        return true
    }

    /// Applies a left click (selects the row under it, then calls `pressed` with that row) or a wheel notch
    /// over the rows area `rows`; returns whether the event was used.
    mutating func handleRowsMouse(
        _ mouse: MouseEvent, rows: Rect, pressed: (inout Self, Int) -> Void = { _, _ in }
    ) -> Bool {
        guard rows.contains(mouse.position) else { return false }
        let count = rowCount
        switch mouse.kind {
        case .press(.left):
            let row = offsetKeepingSelection(height: rows.height) + mouse.position.y - rows.y
            guard row < count else { return true }
            selectClamped(row: row)
            pressed(&self, row)
            return true
        case .scrollUp, .scrollDown:
            let direction = mouse.kind == .scrollUp ? -1 : 1
            let current = offsetKeepingSelection(height: rows.height)
            offset = RowNavigation.scrolled(current, direction: direction, height: rows.height, count: count)
            selectedRow = RowNavigation.clamp(selectedRow, offset: offset, height: min(rows.height, count))
            return true
        default:
            return false
        }
    }
}
