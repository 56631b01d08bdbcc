import FerryTerminal
import Testing

/// The tree's badge and marker columns, filter keywords, and expanding many nodes at once.
@Suite struct TreeBadgeTests {
    /// A request-like row: a name, and a URL the filter also matches.
    struct Row: ListRow, Hashable {
        var text: String
        var filterKeywords: String = ""
    }

    typealias Node = TreeItem<String, Row>

    static let roots: [Node] = [
        Node(
            id: "api", row: Row(text: "api"),
            children: [
                Node(id: "get", row: Row(text: "list", filterKeywords: "http://h/users")),
                Node(id: "post", row: Row(text: "create", filterKeywords: "http://h/users/new")),
            ]),
        Node(id: "misc", row: Row(text: "misc"), children: [Node(id: "ping", row: Row(text: "ping"))]),
    ]

    static let methods = ["get": "GET", "post": "POST", "ping": "GET"]

    func render(_ state: TreeState<String, Row>, width: Int = 24, height: Int = 6) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        TreeView(
            state: state,
            badge: { id, _ in
                Self.methods[id].map {
                    [Span($0.padding(toLength: 5, withPad: " ", startingAt: 0), style: Style(fg: .green))]
                } ?? []
            },
            marker: { id, _ in id == "post" ? [Span(" ●", style: Style(fg: .yellow))] : [] }
        ).render(into: &buffer, area: buffer.area)
        return buffer
    }

    @Test func badgesGoBeforeTheTextAndMarkersAfterIt() {
        let state = TreeState(roots: Self.roots, expanded: ["api", "misc"])
        expectScreen(render(state), ["▾ api", "├ GET  list", "└ POST create ●", "▾ misc", "└ GET  ping"])
        let buffer = render(state)
        #expect(buffer[2, 1].style.fg == .green)
        #expect(buffer[7, 1].style.fg != .green)
        #expect(buffer[14, 2].style.fg == .yellow)
        // The selected row's style lies under the badge and the marker too.
        #expect(buffer[2, 0].style.modifiers.contains(.reverse))
        var selected = state
        selected.select(id: "post")
        #expect(render(selected)[2, 2].style.modifiers.contains(.reverse))
        #expect(render(selected)[14, 2].style.modifiers.contains(.reverse))
        // A narrow pane cuts the text with … and keeps the marker, never drawing outside.
        expectScreen(render(state, width: 10), ["▾ api", "├ GET  li…", "└ POST … ●", "▾ misc", "└ GET  pi…"])
    }

    @Test func theFilterMatchesTextWithHighlightsAndKeywordsWithout() {
        var state = TreeState(roots: Self.roots, expanded: ["api", "misc"], filterMode: .substring)
        state.setFilter("cre")
        #expect(state.rows.map(\.id) == ["api", "post"])
        #expect(state.rows[1].matchPositions == [0, 1, 2])
        // "users" is only in the URLs: both requests show, nothing highlighted; the badge is never matched.
        state.setFilter("users")
        #expect(state.rows.map(\.id) == ["api", "get", "post"])
        #expect(state.rows[1].matchPositions.isEmpty)
        #expect(state.rows.map(\.isMatch) == [false, true, true])
        #expect(state.selectedID == "get", "the first row that matched by its keywords is selected")
        state.setFilter("GET")
        #expect(state.rows.isEmpty)
        let buffer = render(
            {
                var filtered = state; filtered.setFilter("cre"); return filtered
            }())
        #expect(buffer[7, 1].style.fg == .yellow, "the match is highlighted in the text, after the badge")
        #expect(buffer[6, 1].style.fg != .yellow)
        // Lists honour keywords the same way.
        var list = ListState(items: [Row(text: "list", filterKeywords: "http://h/users"), Row(text: "other")])
        list.setFilter("users")
        #expect(list.visibleIndices == [0])
    }

    @Test func manyNodesExpandOrCollapseAtOnceKeepingTheSelectionInView() {
        var state = TreeState(roots: Self.roots)
        #expect(state.rows.map(\.id) == ["api", "misc"])
        state.setExpanded(true, ids: ["api", "misc"])
        #expect(state.rows.map(\.id) == ["api", "get", "post", "misc", "ping"])
        state.select(id: "ping")
        state.setExpanded(false, ids: ["api", "misc"])
        #expect(state.rows.map(\.id) == ["api", "misc"])
        #expect(state.selectedID == "misc")
    }
}
