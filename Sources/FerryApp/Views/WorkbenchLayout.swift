import FerryTerminal

/// Where each pane sits for a terminal size; the views draw into it and mouse clicks are hit-tested
/// against it, so both always agree.
struct WorkbenchLayout: Sendable, Hashable {
    /// The collection tree pane (with its border).
    var tree: Rect
    /// The request editor pane.
    var editor: Rect
    /// The response pane.
    var response: Rect
    /// The status bar: always the last row (a long message is cut, never wrapped).
    var statusBar: Rect

    /// The layout for a terminal of `size` with the status bar on its last row; without the tree when
    /// `hidesTree`, and with only `maximized` (if set) above the status bar. A pane not shown has an empty frame,
    /// which draws nothing and takes no clicks.
    /// `sizes` says the tree's share of the width and the editor's of the height beside it.
    init(size: Size, hidesTree: Bool = false, maximized: Pane? = nil, sizes: PaneSizes = PaneSizes()) {
        let screen = Rect(origin: .zero, size: size)
        let rows = Layout.vertical([.fill(1), .length(1)]).split(screen)
        statusBar = rows[1]
        let none = Rect(x: 0, y: rows[0].y, width: 0, height: 0)
        if let maximized {
            tree = maximized == .tree ? rows[0] : none
            editor = maximized == .editor ? rows[0] : none
            response = maximized == .response ? rows[0] : none
            return
        }
        let columns =
            hidesTree
            ? [none, rows[0]] : Layout.horizontal([.percentage(sizes.treePercent), .fill(1)]).split(rows[0])
        let editorHeight = min(max(7, rows[0].height * sizes.editorPercent / 100), max(7, rows[0].height - 4))
        let right = Layout.vertical([.length(editorHeight), .fill(1)]).split(columns[1])
        tree = columns[0]
        editor = right[0]
        response = right[1]
    }

    /// Whether `pane` is on screen.
    func shows(_ pane: Pane) -> Bool {
        switch pane {
        case .tree: !tree.isEmpty
        case .editor: !editor.isEmpty
        case .response: !response.isEmpty
        }
    }

    /// The inside of a bordered pane.
    static func inner(_ pane: Rect) -> Rect { pane.inset(by: 1) }

    /// Row `index` (0: the URL or status line, 1: the tab bar) inside the editor or response pane `pane`.
    static func headerRow(_ index: Int, of pane: Rect) -> Rect {
        let inner = Self.inner(pane)
        return inner.rows(inner.y + index, count: 1)
    }

    /// The tab content inside the editor or response pane `pane`: what is below its two header rows.
    static func content(of pane: Rect) -> Rect {
        let inner = Self.inner(pane)
        return Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: max(0, inner.height - 2))
    }

    /// The body editor inside the editor pane `pane`: the Body tab's content below its one-line summary.
    static func bodyEditor(of pane: Rect) -> Rect {
        let content = Self.content(of: pane)
        return Rect(x: content.x, y: content.y + 1, width: content.width, height: max(0, content.height - 1))
    }

    /// The rows of the tree list.
    var treeList: Rect { Self.inner(tree) }

    /// The row with the method and URL.
    var urlLine: Rect { Self.headerRow(0, of: editor) }

    /// The editor's tab bar.
    var editorTabs: Rect { Self.headerRow(1, of: editor) }

    /// The editor's tab content.
    var editorContent: Rect { Self.content(of: editor) }

    /// The body editor: the Body tab's content below its one-line summary.
    var bodyEditor: Rect { Self.bodyEditor(of: editor) }

    /// The response status line.
    var statusLine: Rect { Self.headerRow(0, of: response) }

    /// The response tab bar.
    var responseTabs: Rect { Self.headerRow(1, of: response) }

    /// The response tab content.
    var responseContent: Rect { Self.content(of: response) }

    /// The pane under `position`.
    func pane(at position: Position) -> Pane? {
        if tree.contains(position) { return .tree }
        if editor.contains(position) { return .editor }
        if response.contains(position) { return .response }
        return nil
    }
}
