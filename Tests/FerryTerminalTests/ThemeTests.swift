import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@Suite struct ThemeTests {
    var themesFolder: URL { TestServers.packageRoot.appendingPathComponent("Themes") }

    @Test func everyShippedThemeLoadsAndCoversEveryRole() throws {
        let catalog = ThemeCatalog.load(from: [themesFolder])
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        #expect(Set(catalog.themes.map(\.name)).isSuperset(of: ["ferry-dark", "ferry-light", "high-contrast", "nord"]))
        for theme in catalog.themes {
            let missing = ThemeRole.allCases.filter { theme.styles[$0] == nil }
            #expect(missing.isEmpty, "\(theme.name) lacks \(missing)")
        }
    }

    @Test func theDarkFileMatchesTheBuiltInFallback() throws {
        let read = Theme.read(contentsOf: themesFolder.appendingPathComponent("ferry-dark.json"))
        #expect(read.problems.isEmpty)
        let dark = try #require(read.theme)
        for role in ThemeRole.allCases {
            #expect(dark[role] == Theme.fallback[role], "\(role)")
        }
    }

    @Test func everyProblemOfAThemeFileIsReportedAtItsPlaceAndTheRestKept() throws {
        let text =
            "{\n  \"name\": \"half\",\n  \"colors\": {\n    \"text\": \"#12345\",\n    \"error\": \"red\",\n"
            + "    \"accent\": { \"fg\": 300 },\n    \"txet\": \"blue\"\n  }\n}\n"
        let read = Theme.read(Data(text.utf8), path: "half.json", defaultName: "half")
        #expect(
            read.problems.map(\.description) == [
                "half.json:4:13: role \"text\": \"#12345\" is not a colour (#rrggbb, an ANSI name, 0–255 or default); "
                    + "it keeps the default",
                "half.json:6:15: role \"accent\": palette index 300 is not 0–255; it keeps the default",
                "half.json:7:13: unknown colour role \"txet\"",
            ])
        let theme = try #require(read.theme)
        #expect(theme.name == "half")
        #expect(theme[.error] == Style(fg: .red), "the good role is kept")
        #expect(theme[.text] == Theme.fallback[.text])
    }

    @Test func invalidJSONIsReportedAtItsLineAndColumn() {
        let read = Theme.read(
            Data("{\n  \"colors\": {\n    \"text\": red\n  }\n}\n".utf8), path: "t.json", defaultName: "t")
        #expect(read.theme == nil)
        #expect(read.problems.count == 1)
        #expect(read.problems.first?.line == 3 && read.problems.first?.column == 13)
        #expect(read.problems.first?.reason.hasPrefix("is not valid JSON") == true)
    }

    @Test func aBadThemeFileIsReportedAndTheFallbackUsed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(##"{"name": "typo", "colors": {"txet": "#ffffff"}}"##.utf8).write(
            to: folder.appendingPathComponent("a.json"))
        try Data(##"{"name": "bad", "colors": {"text": "#12345"}}"##.utf8).write(
            to: folder.appendingPathComponent("b.json"))
        try Data("not json".utf8).write(to: folder.appendingPathComponent("c.json"))
        let catalog = ThemeCatalog.load(from: [folder])
        #expect(
            catalog.themes.map(\.name) == ThemeCatalog.builtIn.themes.map(\.name) + ["typo", "bad"],
            "kept without their bad roles, after the built-in ones")
        #expect(catalog.problems.count == 3)
        #expect(catalog.problems[0].reason.contains("unknown colour role \"txet\""))
        #expect(catalog.problems[1].reason.contains("\"#12345\" is not a colour"))
        #expect(catalog.problems[2].reason.contains("not valid JSON"))
        #expect(catalog.theme(named: "nothing").name == Theme.fallback.name)
        #expect(catalog.problem(choosing: "nothing")?.description.hasPrefix("FERRY_THEME: no theme is named") == true)
        #expect(catalog.problem(choosing: "typo") == nil)
    }

    @Test func bareColoursMeanForegroundOrBackgroundByRole() throws {
        let read = Theme.read(
            Data(##"{"colors": {"text": "red", "selection": 33, "error": {"fg": "#ff0000", "bold": true}}}"##.utf8),
            path: "inline", defaultName: "inline")
        #expect(read.problems.isEmpty)
        let theme = try #require(read.theme)
        #expect(theme.name == "inline")
        #expect(theme[.text] == Style(fg: .red))
        #expect(theme[.selection] == Style(bg: .indexed(33)))
        #expect(theme[.error] == Style(fg: .rgb(255, 0, 0), modifiers: .bold))
        #expect(theme[.jsonKey] == Theme.fallback[.jsonKey])
    }

    @Test func coloursDegradeToTheNearestANSIColour() {
        #expect(Color.rgb(250, 30, 30).degraded(to: .ansi16) == .ansi(.brightRed))
        #expect(Color.rgb(0, 190, 0).degraded(to: .ansi16) == .ansi(.green))
        #expect(Color.rgb(0xA6, 0xE3, 0xA1).degraded(to: .ansi16) == .ansi(.brightGreen), "a pastel keeps its hue")
        #expect(Color.rgb(0xCD, 0xD6, 0xF4).degraded(to: .ansi16) == .ansi(.brightWhite), "a light grey-blue is white")
        #expect(Color.rgb(0x58, 0x5B, 0x70).degraded(to: .ansi16) == .ansi(.brightBlack))
        #expect(Color.rgb(0x58, 0x5B, 0x70).degraded(to: .ansi8) == .ansi(.white), "never black on black")
        #expect(Color.rgb(250, 30, 30).degraded(to: .ansi8) == .ansi(.red))
        #expect(Color.ansi(.brightBlue).degraded(to: .ansi8) == .ansi(.blue))
        #expect(Color.rgb(255, 135, 0).degraded(to: .indexed256) == .indexed(208))
        #expect(Color.rgb(128, 128, 128).degraded(to: .indexed256) == .indexed(244))
        #expect(Color.indexed(196).degraded(to: .ansi16) == .ansi(.brightRed))
        #expect(Color.rgb(1, 2, 3).degraded(to: .trueColor) == .rgb(1, 2, 3))
        #expect(Color.red.degraded(to: .monochrome) == .default)
    }

    @Test func everyShippedThemeStaysDistinctOnSixteenColours() throws {
        for theme in ThemeCatalog.load(from: [themesFolder]).themes {
            let fitted = theme.fitted(to: .ansi16)
            #expect(fitted[.selection].bg != fitted[.background].bg, "\(theme.name)")
            #expect(fitted[.status2xx].fg != fitted[.status5xx].fg, "\(theme.name)")
            for role in ThemeRole.allCases {
                for color in [fitted[role].fg, fitted[role].bg] {
                    if case .rgb = color { Issue.record("\(theme.name) \(role) kept RGB") }
                    if case .indexed = color { Issue.record("\(theme.name) \(role) kept an index") }
                }
            }
        }
    }

    @Test func noColorMeansMonochromeWithReverseSelection() {
        #expect(Theme.effectiveDepth(terminal: .trueColor, environment: ["NO_COLOR": "1"]) == .monochrome)
        #expect(Theme.effectiveDepth(terminal: .trueColor, environment: ["NO_COLOR": ""]) == .trueColor)
        #expect(Theme.effectiveDepth(terminal: .ansi8, environment: [:]) == .ansi8)
        let plain = Theme.fallback.fitted(to: .monochrome)
        #expect(plain[.selection].fg == .default && plain[.selection].bg == .default)
        #expect(plain[.selection].modifiers.contains(.reverse))
        #expect(plain[.statusBar].modifiers.contains(.reverse))
    }
}
