/// The state of a `PickerDialog`: a query field over a fuzzy-filtered list.
///
/// Typing filters (best matches first, see `FuzzyMatcher`); Up/Down, PgUp/PgDn move; Enter confirms the
/// selected row (read `selectedIndex`); Esc cancels; a click selects a row.
///
/// ```swift
/// var picker = PickerDialogState(title: "Environment", items: environments.map { ListItem($0.name) })
/// if picker.handle(event, area: screen) == .confirmed, let index = picker.selectedIndex { use(environments[index]) }
/// ```
public struct PickerDialogState<Row: ListRow> {
    /// The title on the box.
    public var title: String
    /// The query field.
    public internal(set) var query: TextEditorState
    /// The filtered list.
    public internal(set) var list: ListState<Row>

    /// Creates a picker over `items`, first row selected.
    public init(title: String, items: [Row], filterMode: TextFilter = .fuzzy) {
        self.title = title
        self.query = TextEditorState()
        var list = ListState(items: items, filterMode: filterMode, usesVimKeys: false)
        list.hidesFilterLine = true
        self.list = list
    }

    /// The index into the items of the selected row.
    public var selectedIndex: Int? { list.selectedIndex }

    /// The selected row.
    public var selectedItem: Row? { list.selectedItem }

    /// Selects the item at `index` (into the items, shown or not; a hidden one selects nothing).
    public mutating func select(index: Int) {
        list.select(index: index)
    }

    /// Replaces the rows (for a list that follows the query, such as a row offering what was typed), filtered
    /// by the query as it is, best match selected.
    public mutating func replaceItems(_ items: [Row]) {
        list.items = items
        list.setFilter(query.text)
    }

    // MARK: - Layout

    /// The widest box a picker takes.
    public static var maximumWidth: Int { 70 }

    /// The dialog's box when drawn over `screen`: tall enough for every row, up to the screen.
    public func frame(in screen: Rect) -> Rect {
        DialogFrame.area(width: Self.maximumWidth, height: max(1, list.items.count) + 4, in: screen)
    }

    /// The query row and the list area when drawn over `screen`.
    public func areas(in screen: Rect) -> (query: Rect, list: Rect) {
        let inner = frame(in: screen).inset(by: 1).inset(horizontal: 1, vertical: 0)
        let query = inner.rows(inner.y, count: 1)
        let list = inner.rows(inner.y + 2, count: inner.height - 2)
        return (query.columns(query.x + 2, count: query.width - 2), list)
    }

    // MARK: - Events

    /// Applies `event` to the dialog drawn over `screen`.
    public mutating func handle(_ event: InputEvent, area screen: Rect) -> DialogResponse {
        let areas = areas(in: screen)
        list.viewportHeight = areas.list.height
        switch event {
        case .key(let key):
            switch key.key {
            case .enter where key.modifiers.isEmpty:
                return list.selectedIndex == nil ? .handled : .confirmed
            case .escape where key.modifiers.isEmpty:
                return .cancelled
            case .up, .down, .pageUp, .pageDown:
                return list.handle(key) ? .handled : .ignored
            default:
                break
            }
        case .mouse:
            return list.handle(event, area: areas.list) ? .handled : .ignored
        default:
            break
        }
        let before = query.text
        guard query.handle(event, area: areas.query) else { return .ignored }
        if query.text != before { list.setFilter(query.text) }
        return .handled
    }
}

extension PickerDialogState: Equatable where Row: Equatable {}
extension PickerDialogState: Sendable where Row: Sendable {}
