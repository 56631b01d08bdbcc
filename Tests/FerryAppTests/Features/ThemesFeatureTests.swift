import FerryTerminal
import Foundation
import Testing

@testable import FerryApp

/// The theme picker on its own: it lists the themes with the current one selected, each move asks the root to
/// show the selected theme, Esc asks for the old one back and Enter keeps the choice, with a message each.
struct ThemesFeatureTests {
    /// The checkout's themes.
    static let catalog = ThemeCatalog.load(from: [ThemeAndKeyPresetTests.themesFolder]).themes

    static func named(_ name: String) -> Theme? { catalog.first { $0.name == name } }

    static func context(_ current: Theme) -> ThemesFeature.Context {
        ThemesFeature.Context(current: current, found: catalog, screen: Size(width: 80, height: 24))
    }

    @Test func movingShowsEachThemeAndEscPutsTheOldOneBack() throws {
        let dark = try #require(Self.named("ferry-dark"), "the bundled themes are found")
        var picker: ThemesFeature.State?
        #expect(ThemesFeature.reduce(.requested, &picker, Self.context(dark)).requests.isEmpty)
        #expect(picker?.picker.selectedItem?.value == "ferry-dark", "the current theme is selected")
        let moved = ThemesFeature.reduce(.dialogEvent(.key(KeyEvent(.down))), &picker, Self.context(dark))
        let next = try #require(picker?.picker.selectedItem?.value)
        #expect(next != "ferry-dark")
        #expect(moved.requests == [.showTheme(try #require(Self.named(next)))], "a move shows the theme at once")
        let previewed = try #require(Self.named(next))
        let closed = ThemesFeature.reduce(.dialogEvent(.key(KeyEvent(.escape))), &picker, Self.context(previewed))
        #expect(picker == nil)
        #expect(closed.requests == [.showTheme(dark), .report(.info("Theme: ferry-dark, as it was."))])
    }

    @Test func enterKeepsTheChoiceAndAnUnlistedCurrentThemeIsListedFirst() throws {
        let light = try #require(Self.named("ferry-light"))
        var custom = light
        custom.name = "mine"
        var picker: ThemesFeature.State?
        _ = ThemesFeature.reduce(.requested, &picker, Self.context(custom))
        #expect(picker?.themes.first?.name == "mine", "the theme in use is listed though no file has it")
        #expect(picker?.picker.selectedItem?.value == "mine")
        for character in "ferry-light" {
            _ = ThemesFeature.reduce(.dialogEvent(.key(KeyEvent(.character(character)))), &picker, Self.context(custom))
        }
        let chosen = ThemesFeature.reduce(.dialogEvent(.key(KeyEvent(.enter))), &picker, Self.context(custom))
        #expect(picker == nil)
        #expect(chosen.requests.first == .showTheme(light))
        #expect(chosen.requests.count == 2)
    }
}
