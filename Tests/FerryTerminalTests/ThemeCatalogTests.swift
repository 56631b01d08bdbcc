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
}
