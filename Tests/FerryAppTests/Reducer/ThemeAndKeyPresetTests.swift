import FerryTerminal
import Foundation
import Testing

@testable import FerryApp

/// The theme picker's live preview, the settings file and the key presets.
@Suite("Themes, settings and key presets")
struct ThemeAndKeyPresetTests {
    let folder: TemporaryWorkspace
    var state: AppState
    /// The checkout's `Themes/` folder.
    static let themesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes")
    /// The themes in it.
    static let catalog = ThemeCatalog.load(from: [themesFolder])

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
        state.theme = Self.catalog.theme(named: "ferry-dark")
        state.themes = Self.catalog.themes
    }

    /// The theme picker on top, else a recorded issue.
    private func themePicker(_ state: AppState) -> PickerDialogState<PickerChoice<String>>? {
        guard case .themePicker(let view) = state.overlay else {
            Issue.record("no theme picker: \(String(describing: state.overlay))")
            return nil
        }
        return view.picker
    }

    /// How many cells of the screen drawn for `state` have `background`.
    private func cells(of state: AppState, withBackground background: Color) -> Int {
        var buffer = ScreenBuffer(size: state.size)
        WorkbenchView(state: state).render(into: &buffer, area: Rect(origin: .zero, size: state.size))
        var count = 0
        for y in 0..<state.size.height {
            for x in 0..<state.size.width where buffer[x, y].style.bg == background { count += 1 }
        }
        return count
    }

    @Test func aBinaryBuiltInTheCheckoutFindsItsThemesFromAnyFolder() {
        // This test runs from `.build/<triple>/debug/`, as `ferry` does from there or `.build/static/release/`.
        let folders = ThemeCatalog.defaultDirectories(environment: [:]).map(\.standardizedFileURL.path)
        #expect(folders.contains(Self.themesFolder.standardizedFileURL.path), "\(folders)")
    }

    @Test func theCheckoutHasThemesToPickFrom() {
        #expect(Self.catalog.problems.isEmpty, "\(Self.catalog.problems)")
        #expect(Set(Self.catalog.themes.map(\.name)).isSuperset(of: ["ferry-dark", "ferry-light", "nord"]))
    }

    @Test mutating func movingThroughThePickerShowsEachThemeAndEscPutsTheOldOneBack() throws {
        let dark = state.theme
        let light = Self.catalog.theme(named: "ferry-light")
        #expect(cells(of: state, withBackground: light[.background].bg) == 0)
        state.feed([.character("T")])
        #expect(themePicker(state)?.selectedItem?.value == "ferry-dark")
        state.feed(InputEvent.typing("light"))
        #expect(state.theme.name == "ferry-light")
        #expect(state.theme[.background] != dark[.background])
        // The view draws with the previewed theme: the panes take its background.
        #expect(cells(of: state, withBackground: light[.background].bg) > 80 * 24 / 5)
        // A query matching no theme shows the one there was.
        state.feed(InputEvent.typing("zzz"))
        #expect(state.theme == dark)
        state.feed([.key(.escape)])
        #expect(state.overlay == nil)
        #expect(state.theme == dark)
        #expect(state.message?.text == "Theme: ferry-dark, as it was.")
    }

    @Test mutating func enterKeepsThePreviewedTheme() throws {
        state.feed([.character("T")] + InputEvent.typing("nord") + [.key(.enter)])
        #expect(state.overlay == nil)
        #expect(state.theme.name == "nord")
        #expect(state.message?.text.contains("theme = nord in ~/.config/ferry/config keeps it") == true)
    }

    @Test mutating func theKeptThemesBackgroundFillsThePanesNotOnlyTheDialog() {
        let light = Self.catalog.theme(named: "ferry-light")
        state.feed([.character("T")] + InputEvent.typing("light") + [.key(.enter)])
        #expect(state.overlay == nil)
        // Blank cells, borders and text drawn in fg-only roles take the screen background: all but the
        // status bar and a few highlighted cells (the selected tree row, the active tab).
        #expect(cells(of: state, withBackground: light[.background].bg) > 80 * 22 * 3 / 4)
    }

    /// Every pair of built-in themes: a start in the first with a folder, a file and a request selected, a live
    /// switch to the second, drawn cell for cell (style and character) as a start in the second.
    @Test(arguments: ThemeCatalog.builtIn.themes.map(\.name))
    func aLiveSwitchDrawsEveryCellAsAStartWithThatTheme(from start: String) throws {
        let workspace = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: ["api/users.http": "### list\n# @name list\nGET {{host}}/users\n"])
        func started(in theme: Theme) throws -> AppState {
            var state = try workspace.loadState(size: Size(width: 100, height: 30))
            state.theme = theme
            state.themes = Self.catalog.themes
            state.feed([.key(.down), .key(.down), .key(.down)])
            return state
        }
        func cells(_ state: AppState) -> [Cell] {
            var buffer = ScreenBuffer(size: state.size)
            WorkbenchView(state: state).render(into: &buffer, area: Rect(origin: .zero, size: state.size))
            // The status line says what happened; the panes above it are compared.
            return (0..<state.size.height - 1).flatMap { y in (0..<state.size.width).map { buffer[$0, y] } }
        }
        for target in Self.catalog.themes where target.name != start {
            var switched = try started(in: Self.catalog.theme(named: start))
            switched.feed([.character("T")] + InputEvent.typing(target.name) + [.key(.enter)])
            #expect(switched.theme == target, "\(start) → \(target.name)")
            let fresh = try started(in: target)
            let differing = zip(cells(switched), cells(fresh)).filter { $0 != $1 }.count
            #expect(differing == 0, "\(start) → \(target.name): \(differing) cells differ from a start in it")
        }
    }

    @Test mutating func thePaletteOpensThePicker() {
        state.feed([.control("p")] + InputEvent.typing("pick a theme") + [.key(.enter)])
        #expect(themePicker(state) != nil)
    }

    // MARK: - The settings file

    @Test func theSettingsFileIsReadLineByLineWithEveryProblemAtItsLine() {
        let settings = UserSettings(
            parsing: "# mine\ntheme = nord\n\nkeys= vim\ncolour = red\nno equals sign\ntheme =\n", path: "config")
        #expect(settings.theme == UserSettings.Setting(value: "nord", line: 2))
        #expect(settings.keys == UserSettings.Setting(value: "vim", line: 4))
        #expect(
            settings.problems.map(\.description) == [
                "config:5: unknown setting \"colour\" (known: theme, keys)",
                "config:6: expected name = value",
                "config:7: theme needs a value",
            ])
    }

    @Test func aControlCharacterInASettingIsRefused() {
        let settings = UserSettings(parsing: "theme = no\u{1B}[2Jrd\n", path: "config")
        #expect(settings.theme == nil)
        #expect(settings.problems.map(\.description) == ["config:1: theme holds a control character"])
    }

    @Test func theSettingsFileIsFoundInTheConfigFolder() throws {
        let config = folder.url.appendingPathComponent("xdg/ferry")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("keys = vim\n".utf8).write(to: config.appendingPathComponent("config"))
        let settings = UserSettings.load(environment: ["XDG_CONFIG_HOME": folder.url.path + "/xdg"])
        #expect(settings.keys?.value == "vim")
        #expect(settings.path == config.appendingPathComponent("config").path)
        #expect(UserSettings.load(environment: ["HOME": folder.url.path + "/none"]) == UserSettings())
    }

    @Test func anUnknownThemeInTheSettingsFileIsReportedAtItsLine() {
        let problem = Self.catalog.problem(choosing: "solarised", from: "/home/u/.config/ferry/config", line: 3)
        #expect(
            problem?.description.hasPrefix("/home/u/.config/ferry/config:3: no theme is named \"solarised\"") == true)
    }

    // MARK: - Key presets

    @Test mutating func theVimPresetAddsHjklGgAndColon() throws {
        let vim = try #require(AppKeyMap.preset(named: "vim"))
        #expect(AppKeyMap.preset(named: "emacs") == nil)
        state.keyMap = vim
        state.feed([.character("G")])
        #expect(state.tree.selectedRow == state.tree.rows.count - 1)
        state.feed([.character("g")])
        #expect(state.tree.selectedRow == 0)
        state.feed([.character("h")])
        #expect(state.tree.rows.count == 1, "h collapses the file")
        state.feed([.character("l")])
        #expect(state.tree.rows.count > 1, "l expands it again")
        state.feed([.character(":")])
        guard case .palette = state.overlay else {
            Issue.record("`:` opens the palette")
            return
        }
    }

    @Test mutating func theDefaultKeysLeaveThoseLettersToTheirOwnUses() {
        state.feed([.character("G")])
        #expect(state.tree.selectedRow != state.tree.rows.count - 1)
        state.feed([.character(":")])
        #expect(state.overlay == nil)
    }
}
