import FerryTerminal
import Testing

@Suite struct WidgetThemeTests {
    let theme = Theme(
        name: "test",
        styles: [
            .text: Style(fg: .white), .selection: Style(fg: .black, bg: .cyan), .accent: Style(fg: .magenta),
            .muted: Style(fg: .gray), .focusedBorder: Style(fg: .blue), .statusBar: Style(fg: .black, bg: .white),
        ])

    @Test func themedListUsesTheSelectionAndAccentRoles() {
        var state = ListState(items: [ListItem("alpha"), ListItem("beta")])
        state.setFilter("a")
        var buffer = ScreenBuffer(width: 10, height: 3)
        ListView(state: state, theme: theme).render(into: &buffer, area: buffer.area)
        #expect(buffer[1, 0].style.bg == .cyan)
        #expect(buffer[0, 0].style.fg == .magenta)
        #expect(buffer[0, 1].style == Style(fg: .white))
    }

    @Test func themedDialogBorderAndFieldPlaceholderUseTheirRoles() {
        var buffer = ScreenBuffer(width: 40, height: 10)
        ConfirmDialog(state: ConfirmDialogState(title: "Quit", message: "Quit?"), theme: theme)
            .render(into: &buffer, area: buffer.area)
        let box = ConfirmDialogState(title: "Quit", message: "Quit?").frame(in: buffer.area)
        #expect(buffer[box.x, box.y].style.fg == .blue)
        var field = ScreenBuffer(width: 10, height: 1)
        TextField(state: TextEditorState(), theme: theme, placeholder: "URL").render(into: &field, area: field.area)
        #expect(field[0, 0].style.fg == .gray)
        var bar = ScreenBuffer(width: 10, height: 1)
        StatusBar(left: "ok", hints: [], theme: theme).render(into: &bar, area: bar.area)
        #expect(bar[5, 0].style.bg == .white)
    }
}
