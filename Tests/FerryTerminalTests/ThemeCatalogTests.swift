import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

/// The themes compiled into the binary and the theme folders that add to them or replace one: the compiled copy
/// is `Themes/` as it is now, and each theme says where it came from.
@Suite struct ThemeCatalogTests {
    var themesFolder: URL { TestServers.packageRoot.appendingPathComponent("Themes") }

    @Test func theCompiledThemesAreThemesFolderAsItIsNow() throws {
        // Fails when a file in Themes/ changes, comes or goes without `scripts/builtin-themes.sh --write`.
        let files = try FileManager.default.contentsOfDirectory(atPath: themesFolder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        let builtIn = ThemeCatalog.builtIn
        #expect(builtIn.problems.isEmpty, "\(builtIn.problems)")
        #expect(builtIn.themes.map(\.name).sorted() == files)
        for name in files {
            let read = Theme.read(contentsOf: themesFolder.appendingPathComponent(name + ".json"))
            let file = try #require(read.theme)
            #expect(
                builtIn.themes.first { $0.name == file.name } == file, "\(name).json differs from its compiled copy")
            #expect(builtIn.origins[file.name] == .builtIn)
        }
        #expect(ThemeCatalog.builtIn.theme(named: "ferry-dark") == ThemeCatalog.load(from: []).theme(named: nil))
    }

    @Test func aFolderAddsThemesAndReplacesABuiltInOneInItsPlace() throws {
        let folder = try TemporaryFolder(prefix: "ferry-theme-catalog")
        try folder.write("nord.json", ##"{ "name": "nord", "colors": { "text": "#ff0000" } }"##)
        try folder.write("mine.json", #"{ "name": "mine", "colors": {} }"#)
        let catalog = ThemeCatalog.load(from: [folder.url, folder.url.appendingPathComponent("missing")])
        let builtInNames = ThemeCatalog.builtIn.themes.map(\.name)
        #expect(catalog.themes.map(\.name) == builtInNames + ["mine"], "nord keeps its place")
        #expect(catalog.theme(named: "nord")[.text] == Style(fg: .rgb(255, 0, 0)))
        let nordPath = folder.url.appendingPathComponent("nord.json").standardizedFileURL.path
        #expect(catalog.origins["nord"] == .file(nordPath))
        #expect(catalog.origins["ferry-light"] == .builtIn)
        #expect(catalog.origins["ferry-light"]?.description == "built in")
        #expect(catalog.origins["nord"]?.description == nordPath)
    }

    @Test func anInstalledCopyOfABuiltInThemeLoadsAsTheFileAndAChangedOneIsReadAnew() throws {
        // `make install` puts Themes/ in share/ferry/themes: the copy is taken as read, the origin is the file.
        let folder = try TemporaryFolder(prefix: "ferry-theme-copies")
        let lightText = try String(
            contentsOf: themesFolder.appendingPathComponent("ferry-light.json"), encoding: .utf8)
        try folder.write("ferry-light.json", lightText)
        let nordText = try String(contentsOf: themesFolder.appendingPathComponent("nord.json"), encoding: .utf8)
        try folder.write("nord.json", nordText.replacingOccurrences(of: "\n}", with: "\n}\n\n"))
        try folder.write("broken.json", "{ not json")
        let catalog = ThemeCatalog.load(from: [folder.url])
        #expect(catalog.theme(named: "ferry-light") == ThemeCatalog.builtIn.theme(named: "ferry-light"))
        let lightPath = folder.url.appendingPathComponent("ferry-light.json").standardizedFileURL.path
        #expect(catalog.origins["ferry-light"] == .file(lightPath))
        #expect(
            catalog.theme(named: "nord") == ThemeCatalog.builtIn.theme(named: "nord"),
            "an edited copy reads as the same theme")
        #expect(
            catalog.origins["nord"] == .file(folder.url.appendingPathComponent("nord.json").standardizedFileURL.path))
        #expect(catalog.problems.count == 1)
        #expect(catalog.problems.first?.path.hasSuffix("broken.json") == true)
    }
}
