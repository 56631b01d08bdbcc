import FerryTerminal
import Testing

@Suite struct DialogTests {
    let screen = Rect(x: 0, y: 0, width: 40, height: 12)

    /// A screen full of dots, so the dialog's cleared area shows.
    func background() -> ScreenBuffer {
        ScreenBuffer(size: Size(width: 40, height: 12), filledWith: Cell("."))
    }

    // MARK: - Confirm

    @Test func confirmDialogIsCentredOverAClearedArea() {
        var buffer = background()
        let state = ConfirmDialogState(title: "Delete", message: "Delete Get users?")
        ConfirmDialog(state: state).render(into: &buffer, area: screen)
        let dots = String(repeating: ".", count: 10)
        expectScreen(
            buffer,
            [
                String(repeating: ".", count: 40),
                String(repeating: ".", count: 40),
                String(repeating: ".", count: 40),
                ".........╭ Delete ───────────╮" + dots,
                ".........│ Delete Get users? │" + dots,
                ".........│                   │" + dots,
                ".........│  [ Yes ]  [ No ]  │" + dots,
                ".........╰───────────────────╯" + dots,
                String(repeating: ".", count: 40),
                String(repeating: ".", count: 40),
                String(repeating: ".", count: 40),
                String(repeating: ".", count: 40),
            ])
        #expect(buffer[21, 6].style.modifiers.contains(.reverse))
        #expect(!buffer[12, 6].style.modifiers.contains(.reverse))
        #expect(buffer[9, 3].style.modifiers.contains(.bold))
    }

    @Test func confirmDialogKeysAndClicks() {
        var state = ConfirmDialogState(title: "Delete", message: "Delete Get users?")
        #expect(state.handle(.key(.enter), area: screen) == .cancelled)
        #expect(state.handle(.key(.tab), area: screen) == .handled)
        #expect(state.isConfirmSelected)
        #expect(state.handle(.key(.enter), area: screen) == .confirmed)
        #expect(state.handle(.character("l"), area: screen) == .handled)
        #expect(!state.isConfirmSelected)
        #expect(state.handle(.character("y"), area: screen) == .confirmed)
        #expect(state.handle(.character("n"), area: screen) == .cancelled)
        #expect(state.handle(.key(.escape), area: screen) == .cancelled)
        #expect(state.handle(.character("x"), area: screen) == .ignored)
        #expect(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 14, y: 6))), area: screen) == .confirmed)
        #expect(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 23, y: 6))), area: screen) == .cancelled)
        #expect(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 20, y: 6))), area: screen) == .ignored)
    }

    @Test func longMessagesWrapInsideTheMaximumWidth() {
        var buffer = ScreenBuffer(width: 80, height: 24)
        let message = String(repeating: "word ", count: 30)
        let state = ConfirmDialogState(title: "Long", message: message)
        ConfirmDialog(state: state).render(into: &buffer, area: buffer.area)
        let box = state.frame(in: buffer.area)
        #expect(box.width == ConfirmDialogState.maximumWidth)
        #expect(box.height == 3 + 4)
        #expect(buffer.line(box.y + 1).contains("word word"))
    }

    // MARK: - Prompt

    @Test func promptDialogEditsAndConfirms() {
        var state = PromptDialogState(title: "Rename", label: "New name:", text: "Get")
        #expect(state.handle(.character("X"), area: screen) == .handled)
        #expect(state.handle(.paste(" users"), area: screen) == .handled)
        #expect(state.text == "GetX users")
        var buffer = ScreenBuffer(width: 40, height: 12)
        let prompt = PromptDialog(state: state)
        prompt.render(into: &buffer, area: screen)
        expectScreen(
            buffer,
            [
                "", "", "", "",
                " ╭ Rename ────────────────────────────╮",
                " │ New name:                          │",
                " │ GetX users                         │",
                " ╰────────────────────────────────────╯",
            ])
        #expect(buffer[3, 6].style.modifiers.contains(.underline))
        #expect(prompt.cursorPosition(in: screen) == Position(x: 13, y: 6))
        #expect(state.handle(.key(.enter), area: screen) == .confirmed)
        #expect(state.handle(.key(.escape), area: screen) == .cancelled)
        #expect(state.handle(.key(.tab), area: screen) == .ignored)
    }

    // MARK: - Picker

    @Test func pickerFiltersFuzzilyAndConfirmsTheSelection() {
        let names = ["local", "staging", "production", "stage-eu"]
        var state = PickerDialogState(title: "Environment", items: names.map { ListItem($0) })
        for event in InputEvent.typing("stg") { #expect(state.handle(event, area: screen) == .handled) }
        #expect(state.list.visibleIndices.map { names[$0] } == ["staging", "stage-eu"])
        var buffer = ScreenBuffer(width: 40, height: 12)
        let picker = PickerDialog(state: state)
        picker.render(into: &buffer, area: screen)
        expectScreen(
            buffer,
            [
                "", "",
                " ╭ Environment ───────────────────────╮",
                " │ > stg                              │",
                " │ ────────────────────────────────── │",
                " │ staging                            │",
                " │ stage-eu                           │",
                " │                                    │",
                " │                                    │",
                " ╰────────────────────────────────────╯",
            ])
        #expect(buffer[3, 5].style.modifiers.contains(.reverse))
        #expect(buffer[3, 5].style.fg == .yellow)
        #expect(picker.cursorPosition(in: screen) == Position(x: 8, y: 3))
        #expect(state.handle(.key(.down), area: screen) == .handled)
        #expect(state.handle(.key(.enter), area: screen) == .confirmed)
        #expect(state.selectedItem?.text == "stage-eu")
        #expect(state.handle(.key(.escape), area: screen) == .cancelled)
    }

    @Test func pickerWithNoMatchesCannotConfirm() {
        var state = PickerDialogState(title: "Pick", items: [ListItem("alpha")])
        for event in InputEvent.typing("zz") { _ = state.handle(event, area: screen) }
        #expect(state.selectedIndex == nil)
        #expect(state.handle(.key(.enter), area: screen) == .handled)
        #expect(state.handle(.key(.backspace), area: screen) == .handled)
        #expect(state.handle(.key(.backspace), area: screen) == .handled)
        #expect(state.selectedIndex == 0)
    }

    @Test func pickerRowsAreClickable() {
        var state = PickerDialogState(title: "Pick", items: ["one", "two", "three"].map { ListItem($0) })
        let list = state.areas(in: screen).list
        #expect(
            state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: list.x, y: list.y + 2))), area: screen)
                == .handled)
        #expect(state.selectedItem?.text == "three")
    }

    // MARK: - Help

    @Test func helpOverlayListsBindingsGroupedByContext() {
        let bindings = [
            KeyBinding(.control("s"), action: "send", help: "Send the request"),
            KeyBinding(KeyEvent(.function(1)), action: "help", help: "Show this help"),
            KeyBinding(KeyEvent(.character("/")), action: "filter", help: "Filter", context: "list"),
        ]
        var buffer = ScreenBuffer(width: 40, height: 12)
        HelpOverlay(bindings: bindings).render(into: &buffer, area: screen)
        expectScreen(
            buffer,
            [
                "", "",
                "      ╭ Keys ────────────────────╮",
                "      │ Ctrl+S  Send the request │",
                "      │ F1      Show this help   │",
                "      │                          │",
                "      │ list                     │",
                "      │ /       Filter           │",
                "      ╰──────────────────────────╯",
            ])
        #expect(buffer[8, 3].style.modifiers.contains(.bold))
        #expect(!buffer[16, 3].style.modifiers.contains(.bold))
        #expect(buffer[8, 6].style.modifiers.contains(.underline))
    }

    @Test func helpOverlayCombinesKeyBindingsWithTheWidgetsOwnKeysAndScrolls() {
        let bindings = [KeyBinding(.control("s"), action: "send", help: "Send")]
        let entries = bindings.map { HelpOverlay.Entry(key: $0.key.displayName, help: $0.help) } + HelpOverlay.treeKeys
        let overlay = HelpOverlay(entries: entries)
        #expect(overlay.rows.map(\.key) == ["Ctrl+S", "", "tree", "Enter", "→ l", "← h"])
        var buffer = ScreenBuffer(width: 50, height: 7)
        HelpOverlay(entries: entries, scroll: 3).render(into: &buffer, area: buffer.area)
        // Three rows fit; scrolled by three they are the tree's keys.
        #expect(buffer.line(2).contains("│ Enter   Expand / collapse"))
        #expect(buffer.line(4).contains("│ ← h     Collapse, or go to the parent"))
    }
}
