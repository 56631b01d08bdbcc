/// The state of a `ListView`: the rows, the selection, the scroll position and the filter.
///
/// The app keeps it in its state and feeds it events; `handle(_:area:)` is pure (no IO) and says whether
/// the event was used. Keys: Up/Down, `k`/`j`, PgUp/PgDn, Home/End, `g`/`G`; `/` starts filtering (typed
/// characters then go to the filter; Enter keeps it, Esc clears it); a click selects; the wheel scrolls.
///
/// ```swift
/// var list = ListState(items: requests.map { ListItem($0.name) })
/// if list.handle(event, area: listArea) { return }       // used by the list
/// if case .key(let key) = event, key.key == .enter, let index = list.selectedIndex { open(requests[index]) }
/// ListView(state: list).render(into: &buffer, area: listArea)
/// ```
public struct ListState<Row: ListRow>: ScrollableSelection {
    // MARK: - Stored state

    /// All rows, filtered or not; setting them keeps the selected row when it is still there.
    public var items: [Row] {
        didSet { refilter(keeping: selectedIndex, selectingBest: false) }
    }
    /// How the filter matches rows.
    public var filterMode: TextFilter {
        didSet { refilter(keeping: selectedIndex, selectingBest: !filter.isEmpty) }
    }
    /// Whether typed characters go to the filter (after `/`, or always for pickers).
    public var isFiltering: Bool
    /// Whether `j`, `k`, `g` and `G` move the selection when not filtering.
    public var usesVimKeys: Bool
    /// What the user typed to filter by.
    public private(set) var filter: String
    /// The indices into `items` of the rows shown, in display order.
    public private(set) var visibleIndices: [Int]
    /// The matched character offsets of each shown row (parallel to `visibleIndices`; empty without a filter).
    public private(set) var matchPositions: [[Int]]
    /// The selected display row (an index into `visibleIndices`).
    public internal(set) var selectedRow: Int?
    /// The first display row in view.
    public internal(set) var offset: Int
    /// The height of the rows area last seen by `handle(_:area:)`, used for paging and scrolling.
    public var viewportHeight: Int
    /// Whether the `/filter` line is never drawn (for pickers that show the filter in their own field).
    public var hidesFilterLine: Bool

    // MARK: - Creating

    /// Creates a list of `items` with the first row selected.
    public init(items: [Row] = [], filterMode: TextFilter = .fuzzy, usesVimKeys: Bool = true) {
        self.items = items
        self.filterMode = filterMode
        self.isFiltering = false
        self.usesVimKeys = usesVimKeys
        self.filter = ""
        self.visibleIndices = Array(items.indices)
        self.matchPositions = []
        self.selectedRow = items.isEmpty ? nil : 0
        self.offset = 0
        self.viewportHeight = 0
        self.hidesFilterLine = false
    }

    // MARK: - Reading

    /// The index into `items` of the selected row.
    public var selectedIndex: Int? {
        guard let selectedRow, selectedRow < visibleIndices.count else { return nil }
        return visibleIndices[selectedRow]
    }

    /// The selected row.
    public var selectedItem: Row? { selectedIndex.map { items[$0] } }

    /// Whether the filter line shows under the rows (while filtering or while a filter is set).
    public var showsFilterLine: Bool { !hidesFilterLine && (isFiltering || !filter.isEmpty) }

    /// The rows area inside `area` (the filter line, when shown, takes the bottom row).
    public func rowsArea(in area: Rect) -> Rect {
        showsFilterLine ? area.rows(area.y, count: area.height - 1) : area
    }

    /// The first display row to draw in a rows area of `height`, keeping the selection in view.
    public func visibleOffset(height: Int) -> Int {
        offsetKeepingSelection(height: height)
    }

    // MARK: - Changing

    /// Selects display row `row` (clamped), scrolling it into view.
    public mutating func select(row: Int?) {
        selectClamped(row: row)
    }

    /// Selects the row showing `items[index]`, if it is shown.
    public mutating func select(index: Int) {
        if let row = visibleIndices.firstIndex(of: index) { select(row: row) }
    }

    /// Sets the filter text and re-filters, keeping the selected row when it still matches.
    public mutating func setFilter(_ text: String) {
        let kept = selectedIndex
        // A longer query only narrows (in-order and substring matches alike): search the rows shown.
        let narrowing = !filter.isEmpty && text.hasPrefix(filter)
        let candidates = narrowing ? visibleIndices.sorted() : nil
        filter = text
        refilter(keeping: kept, selectingBest: !text.isEmpty, among: candidates)
    }

    // MARK: - Events

    /// Applies `event` to the list drawn in `area` (the same area given to `ListView.render`); returns whether
    /// it was used.
    public mutating func handle(_ event: InputEvent, area: Rect) -> Bool {
        handleInput(event, area: area)
    }

    /// Applies a key press using the last known viewport height; returns whether it was used.
    public mutating func handle(_ key: KeyEvent) -> Bool {
        handleFilterKey(key) || handleNavigationKey(key, vimKeys: usesVimKeys && !isFiltering)
    }

    /// Applies a mouse event over the rows area `rows`.
    mutating func handle(_ mouse: MouseEvent, rows: Rect) -> Bool {
        handleRowsMouse(mouse, rows: rows)
    }

    // MARK: - Internals

    /// How many rows are shown (after filtering).
    var rowCount: Int { visibleIndices.count }

    /// Esc clears the filter; the selected item stays selected.
    mutating func clearFilter() {
        setFilter("")
    }

    /// Recomputes the shown rows; selects the best match when `selectingBest`, else keeps `previous` (an item
    /// index) selected when it is shown.
    /// Only the item indices in `candidates` (ascending) are tried when given.
    mutating func refilter(keeping previous: Int?, selectingBest: Bool, among candidates: [Int]? = nil) {
        if filter.isEmpty {
            visibleIndices = Array(items.indices)
            matchPositions = []
        } else {
            var matched: [(index: Int, match: FuzzyMatch)] = []
            let matcher = filterMode.matcher(for: filter)
            for index in candidates ?? Array(items.indices) {
                if let match = matcher(items[index].text) {
                    matched.append((index, match))
                } else if !items[index].filterKeywords.isEmpty, let match = matcher(items[index].filterKeywords) {
                    matched.append((index, FuzzyMatch(score: match.score, positions: [])))
                }
            }
            if filterMode.ranksMatches {
                matched.sort {
                    $0.match.score != $1.match.score ? $0.match.score > $1.match.score : $0.index < $1.index
                }
            }
            visibleIndices = matched.map(\.index)
            matchPositions = matched.map(\.match.positions)
        }
        if visibleIndices.isEmpty {
            selectedRow = nil
        } else if selectingBest {
            selectedRow = 0
        } else if let previous, let row = visibleIndices.firstIndex(of: previous) {
            selectedRow = row
        } else {
            selectedRow = min(selectedRow ?? 0, visibleIndices.count - 1)
        }
        offset = visibleOffset(height: viewportHeight)
    }
}

extension ListState: Equatable where Row: Equatable {}
extension ListState: Sendable where Row: Sendable {}
