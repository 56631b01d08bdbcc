import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// F1 in a picker (the command palette, the environment picker…) or a name prompt lists its keys from the key
/// map (`picker` / `namePrompt` contexts); Esc, F1, q or Enter goes back to it with its filter and selection;
/// typed letters, `q` among them, still filter the picker. The reducer and the real effect runner on real
/// files, the screen drawn in memory.
@Suite("Help inside pickers")
struct PickerHelpTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests,
            environments: [
                "local": "http://127.0.0.1:9", "staging": "http://127.0.0.1:10", "production": "http://127.0.0.1:11",
                "qa": "http://127.0.0.1:12",
            ])
    }

    /// The palette's query text and selected entry, or `nil` when the palette is not open.
    static func palette(_ overlay: Overlay?) -> (query: String, selected: PaletteEntries.Entry?)? {
        guard case .palette(let picker) = overlay else { return nil }
        return (picker.query.text, picker.selectedItem)
    }

    /// The environment picker's query text and selected name, or `nil` when it is not open.
    static func environments(_ overlay: Overlay?) -> (query: String, selected: String?)? {
        guard case .environmentPicker(let picker) = overlay else { return nil }
        return (picker.query.text, picker.selectedItem?.text)
    }

    // MARK: - The command palette

    @Test func f1InThePaletteListsItsKeysAndEveryCloseKeyGoesBackWithFilterAndSelection() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        try await driver.press(.control("p"))
        try await driver.type("e")
        let first = Self.palette(driver.state.overlay)?.selected
        try await driver.press(.key(.down), .key(.down))
        let before = driver.state.overlay
        guard let open = Self.palette(before), let selected = open.selected else {
            Issue.record("the palette should be open with a selection: \(driver.screen)")
            return
        }
        #expect(open.query == "e" && selected != first, "\(driver.screen)")

        try await driver.press(.key(.function(1)))
        let help = driver.screen
        #expect(help.contains("Help — keys in the command palette"), "\(help)")
        #expect(OverlayHelpTests.lists("↑", "Up", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("↓", "Down", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("PgDn", "Page down", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Enter", "Choose the selected row", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Esc", "Close", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Backspace", "Delete backwards", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Typing", "Filters the list", in: help), "\(help)")
        // Only the picker's keys: the panes' (which don't work in the palette) are not listed.
        #expect(!help.contains("Send the request") && !help.contains("Next pane"), "\(help)")

        // Keys in the help don't reach the palette underneath: typing searches the help, Esc clears the search.
        try await driver.type("zz")
        try await driver.press(.key(.up))
        guard case .overlayHelp(under: before, _, "zz")? = driver.state.overlay else {
            Issue.record("help should still be open over the palette: \(String(describing: driver.state.overlay))")
            return
        }
        #expect(driver.screen.contains("search: zz"), "\(driver.screen)")
        try await driver.press(.key(.escape))
        guard case .overlayHelp(under: before, _, "")? = driver.state.overlay else {
            Issue.record("Esc should clear the help's search: \(String(describing: driver.state.overlay))")
            return
        }
        // Each of Esc, F1 and Enter goes back to the palette exactly as it was.
        for close in [InputEvent.key(.escape), .key(.function(1)), .key(.enter)] {
            try await driver.press(close)
            #expect(driver.state.overlay == before, "after \(close): \(driver.screen)")
            #expect(driver.screen.contains("Command palette") && driver.screen.contains("> e"), "\(driver.screen)")
            try await driver.press(.key(.function(1)))
            #expect(driver.screen.contains("Help — keys in the command palette"), "\(driver.screen)")
        }
        try await driver.press(.key(.escape))
        #expect(Self.palette(driver.state.overlay)?.selected == selected, "\(driver.screen)")
    }

    @Test func typingQInThePaletteFiltersAndDoesNotClose() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        try await driver.press(.control("p"))
        try await driver.type("qu")
        let open = Self.palette(driver.state.overlay)
        #expect(open?.query == "qu", "\(driver.screen)")
        #expect(driver.screen.contains("> qu") && driver.screen.contains("Quit  Ctrl+Q"), "\(driver.screen)")
        // Backspace through the key map edits the filter.
        try await driver.press(.key(.backspace))
        #expect(Self.palette(driver.state.overlay)?.query == "q", "\(driver.screen)")
    }

    @Test func f1InThePaletteShowsRemappedKeysAsRemappedAndTheyWork() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        let problems = driver.state.keyMap.apply(
            userFile: "[picker]\nctrl+n = cursor.down\ndown = none\nf1 = none\nf10 = help.show\nctrl+g = dialog.close\n"
        )
        #expect(problems.isEmpty, "\(problems)")
        try await driver.press(.control("p"))
        let first = Self.palette(driver.state.overlay)?.selected
        // ↓ is unbound in the picker now: it does nothing; Ctrl-N moves down instead.
        try await driver.press(.key(.down))
        #expect(Self.palette(driver.state.overlay)?.selected == first, "\(driver.screen)")
        try await driver.press(.control("n"))
        let moved = Self.palette(driver.state.overlay)?.selected
        #expect(moved != nil && moved != first, "\(driver.screen)")
        // F1 is unbound in the picker: the palette stays as it is.
        let before = driver.state.overlay
        try await driver.press(.key(.function(1)))
        #expect(driver.state.overlay == before, "\(driver.screen)")

        try await driver.press(.key(.function(10)))
        let help = driver.screen
        #expect(help.contains("Help — keys in the command palette"), "\(help)")
        #expect(OverlayHelpTests.lists("Ctrl+N", "Down", in: help), "\(help)")
        #expect(!OverlayHelpTests.lists("↓", "Down", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("F10", "Help", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Ctrl+G", "Close", in: help), "\(help)")
        #expect(!OverlayHelpTests.lists("F1", "Help", in: help), "\(help)")
        try await driver.press(.key(.escape))
        #expect(driver.state.overlay == before, "\(driver.screen)")
        // The remapped close key closes the palette.
        try await driver.press(.control("g"))
        #expect(driver.state.overlay == nil, "\(driver.screen)")
    }

    // MARK: - The environment picker

    @Test func f1InTheEnvironmentPickerGoesBackWithFilterAndSelection() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        try await driver.press(.key(.function(2)))
        try await driver.type("o")
        let first = Self.environments(driver.state.overlay)?.selected
        try await driver.press(.key(.down))
        let before = driver.state.overlay
        guard let open = Self.environments(before), let selected = open.selected else {
            Issue.record("the environment picker should be open with a selection: \(driver.screen)")
            return
        }
        #expect(open.query == "o" && selected != first, "the second of local and production: \(driver.screen)")

        try await driver.press(.key(.function(1)))
        let help = driver.screen
        #expect(help.contains("Help — keys in the environment picker"), "\(help)")
        #expect(OverlayHelpTests.lists("Enter", "Choose the selected row", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Esc", "Close", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("F1", "Keys of this view", in: help), "\(help)")
        #expect(!help.contains("> o"), "the picker is not drawn under the help: \(help)")

        // Typing searches the help (q is text there); Esc clears the search, then goes back to the picker with
        // its filter and selection.
        try await driver.press(.character("q"))
        guard case .overlayHelp(_, _, "q")? = driver.state.overlay else {
            Issue.record("q should search the help: \(String(describing: driver.state.overlay))")
            return
        }
        try await driver.press(.key(.escape), .key(.escape))
        #expect(driver.state.overlay == before, "\(driver.screen)")
        #expect(driver.screen.contains("> o"), "\(driver.screen)")
        // Enter closes the help too; Enter then chooses the environment that was selected before help.
        try await driver.press(.key(.function(1)), .key(.enter))
        #expect(driver.state.overlay == before, "\(driver.screen)")
        try await driver.press(.key(.enter))
        #expect(driver.state.overlay == nil && driver.state.environment == selected, "\(driver.screen)")
    }

    @Test func typingQInTheEnvironmentPickerFilters() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        try await driver.press(.key(.function(2)))
        try await driver.type("o")
        // After help, q typed in the picker itself filters.
        try await driver.press(.key(.function(1)), .key(.escape))
        try await driver.type("q")
        #expect(Self.environments(driver.state.overlay)?.query == "oq", "\(driver.screen)")
        #expect(driver.screen.contains("No matches"), "\(driver.screen)")
        try await driver.press(.key(.backspace), .key(.backspace))
        #expect(Self.environments(driver.state.overlay)?.query == "", "\(driver.screen)")
        try await driver.type("q")
        #expect(Self.environments(driver.state.overlay)?.query == "q", "\(driver.screen)")
        #expect(Self.environments(driver.state.overlay)?.selected == "qa", "\(driver.screen)")
        try await driver.press(.key(.enter))
        #expect(driver.state.overlay == nil && driver.state.environment == "qa", "\(driver.screen)")
    }

    // MARK: - The request's pickers

    @Test(arguments: ["method picker", "body kind picker", "auth picker", "options picker"])
    func f1InARequestPickerListsItsKeysAndEscGoesBack(picker: String) async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        driver.selectTreeRow { $0.requestID == RequestID(parsing: "requests.http#post-json") }
        try await driver.press(.key(.enter))
        #expect(driver.state.openRequest == RequestID(parsing: "requests.http#post-json"), "\(driver.screen)")
        switch picker {
        case "method picker": try await driver.press(.key(.function(3)))
        case "body kind picker": try await driver.press(.key(.function(7)))
        default:
            driver.state.panes.focus = .editor
            driver.state.editor.tab = picker == "auth picker" ? .auth : .options
            try await driver.send(.editor(.tabEditingStarted))
        }
        let opened = driver.state.overlay
        try await driver.press(.key(.down))
        let before = driver.state.overlay
        #expect(before?.isPicker == true && before != opened, "↓ moves the selection: \(driver.screen)")

        try await driver.press(.key(.function(1)))
        let help = driver.screen
        #expect(help.contains("Help — keys in the \(picker)"), "\(help)")
        #expect(OverlayHelpTests.lists("Enter", "Choose the selected row", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Typing", "Filters the list", in: help), "\(help)")
        try await driver.press(.key(.escape))
        #expect(driver.state.overlay == before, "\(driver.screen)")
        try await driver.press(.key(.escape))
        #expect(driver.state.overlay == nil, "\(driver.screen)")
    }

    // MARK: - A name prompt

    @Test func f1InANamePromptListsItsKeysAndGoesBackWithTheText() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        driver.selectTreeRow { $0.requestID == RequestID(parsing: "requests.http#get-json") }
        try await driver.press(.character("a"))
        try await driver.type("fresh")
        let before = driver.state.overlay
        guard case .namePrompt = before else {
            Issue.record("a should ask for a name: \(driver.screen)")
            return
        }
        try await driver.press(.key(.function(1)))
        let help = driver.screen
        #expect(help.contains("Help — keys in the prompt"), "\(help)")
        #expect(OverlayHelpTests.lists("Enter", "Done", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Esc", "Cancel", in: help), "\(help)")
        #expect(OverlayHelpTests.lists("Typing", "Edits the text", in: help), "\(help)")
        try await driver.press(.key(.escape))
        #expect(driver.state.overlay == before, "\(driver.screen)")
        try await driver.press(.key(.enter))
        #expect(try folder.read("requests.http").contains("fresh"), "\(driver.screen)")
    }
}
