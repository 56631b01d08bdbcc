import FerryTerminal
import Testing

@Suite struct TreeViewTests {
    typealias Node = TreeItem<String, ListItem>

    static func node(_ id: String, _ children: [Node] = []) -> Node {
        Node(id: id, row: ListItem(String(id.split(separator: "/").last ?? "")), children: children)
    }

    static let roots: [Node] = [
        node(
            "api",
            [
                node("api/auth", [node("api/auth/login")]),
                node("api/users", [node("api/users/list"), node("api/users/create")]),
            ]),
        node("misc"),
    ]
    let area = Rect(x: 0, y: 0, width: 20, height: 6)

    func render(_ state: TreeState<String, ListItem>) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 20, height: 6)
        TreeView(state: state).render(into: &buffer, area: buffer.area)
        return buffer
    }

    @Test func drawsIndentationGuidesAndDisclosure() {
        let state = TreeState(roots: Self.roots, expanded: ["api", "api/auth", "api/users"])
        expectScreen(
            render(state),
            ["▾ api", "├ ▾ auth", "│ └ login", "└ ▾ users", "  ├ list", "  └ create"])
        #expect(render(state)[2, 0].style.modifiers.contains(.reverse))
    }

    @Test func enterRightAndLeftExpandCollapseAndWalkTheTree() {
        var state = TreeState(roots: Self.roots)
        expectScreen(render(state), ["▸ api", "misc"])
        expectUsed(state.handle(.key(.enter), area: area))
        expectScreen(render(state), ["▾ api", "├ ▸ auth", "└ ▸ users", "misc"])
        expectUsed(state.handle(.key(.right), area: area))
        #expect(state.selectedID == "api/auth")
        expectUsed(state.handle(.key(.down), area: area))
        expectUsed(state.handle(.key(.right), area: area))
        #expect(state.selectedID == "api/users")
        expectUsed(state.handle(.key(.right), area: area))
        #expect(state.selectedID == "api/users/list")
        expectUsed(state.handle(.key(.right), area: area), false)
        expectUsed(state.handle(.key(.enter), area: area), false)
        expectUsed(state.handle(.key(.left), area: area))
        #expect(state.selectedID == "api/users")
        expectUsed(state.handle(.key(.left), area: area))
        expectScreen(render(state), ["▾ api", "├ ▸ auth", "└ ▸ users", "misc"])
        expectUsed(state.handle(.character("h"), area: area))
        #expect(state.selectedID == "api")
        expectUsed(state.handle(.character("h"), area: area))
        expectScreen(render(state), ["▸ api", "misc"])
        expectUsed(state.handle(.key(.left), area: area), false)
        expectUsed(state.handle(.character("j"), area: area))
        #expect(state.selectedID == "misc")
    }

    @Test func collapsingAnAncestorSelectsIt() {
        var state = TreeState(roots: Self.roots, expanded: ["api", "api/users"])
        state.select(id: "api/users/create")
        state.setExpanded(false, id: "api")
        #expect(state.selectedID == "api")
    }

    @Test func mouseSelectsAndTogglesOnTheTriangle() {
        var state = TreeState(roots: Self.roots, expanded: ["api"])
        expectUsed(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 6, y: 2))), area: area))
        #expect(state.selectedID == "api/users")
        #expect(!state.expanded.contains("api/users"))
        expectUsed(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 2, y: 2))), area: area))
        #expect(state.expanded.contains("api/users"))
        expectScreen(render(state), ["▾ api", "├ ▸ auth", "└ ▾ users", "  ├ list", "  └ create", "misc"])
    }

    @Test func filterKeepsMatchesWithTheirAncestorsAndFixesTheGuides() {
        var state = TreeState(roots: Self.roots)
        expectUsed(state.handle(.character("/"), area: area))
        for event in InputEvent.typing("login") { expectUsed(state.handle(event, area: area)) }
        let buffer = render(state)
        expectScreen(buffer, ["▾ api", "└ ▾ auth", "  └ login", "", "", "/login"])
        #expect(state.selectedID == "api/auth/login")
        #expect(buffer[4, 2].style.fg == .yellow)
        expectUsed(state.handle(.key(.escape), area: area))
        #expect(state.selectedID == "api/auth/login")
        expectScreen(render(state), ["▾ api", "├ ▾ auth", "│ └ login", "└ ▸ users", "misc"])
    }

    @Test func scrollingKeepsTheSelectionVisible() {
        var state = TreeState(roots: Self.roots, expanded: ["api", "api/auth", "api/users"])
        let small = Rect(x: 0, y: 0, width: 20, height: 3)
        for _ in 0..<5 { expectUsed(state.handle(.key(.down), area: small)) }
        #expect(state.selectedID == "api/users/create")
        var buffer = ScreenBuffer(width: 20, height: 3)
        TreeView(state: state).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["└ ▾ users", "  ├ list", "  └ create"])
        expectUsed(state.handle(.mouse(MouseEvent(.scrollUp, at: Position(x: 0, y: 0))), area: small))
        #expect(state.offset == 0)
        #expect(state.selectedID == "api/auth/login")
    }

    @Test func filterTypingBackspacePasteAndEscapeWorkAsInTheList() {
        var state = TreeState(roots: Self.roots)
        expectUsed(state.handle(.paste("log"), area: area), false)
        expectUsed(state.handle(.character("/"), area: area))
        expectUsed(state.handle(.paste("us\ner\r\n"), area: area))
        #expect(state.filter == "user")
        #expect(state.selectedID == "api/users")
        expectUsed(state.handle(.key(.backspace), area: area))
        #expect(state.filter == "use")
        expectUsed(state.handle(.key(.enter), area: area))
        #expect(!state.isFiltering)
        expectUsed(state.handle(.character("k"), area: area))
        #expect(state.selectedID == "api")
        expectUsed(state.handle(.key(.escape), area: area))
        #expect(state.filter.isEmpty)
        #expect(state.selectedID == "api")
        expectUsed(state.handle(.key(.escape), area: area), false)
        expectUsed(state.handle(.character("/"), area: area))
        expectUsed(state.handle(.key(.backspace), area: area))
        #expect(!state.isFiltering)
    }
}
