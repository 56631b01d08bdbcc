import FerryImport
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@Suite struct PostmanCorpusTests {
    /// Request items counted independently of the importer: leaves of the `item` tree that have a request.
    static func requestItems(_ items: Any?) -> Int {
        guard let items = items as? [[String: Any]] else { return 0 }
        return items.reduce(0) { count, item in
            if item["item"] != nil { return count + requestItems(item["item"]) }
            return count + (item["request"] != nil ? 1 : 0)
        }
    }

    static func files(_ suffix: String) -> [URL] {
        guard let corpus = TestServers.corpusDirectory() else { return [] }
        let folder = corpus.appendingPathComponent("postman")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func everyCorpusCollectionImportsEveryRequestAndReadsBack() async throws {
        try await offThePool {
            guard TestServers.corpusDirectory() != nil else { return }
            let collections = Self.files(".postman_collection.json")
            #expect(collections.count == 8)
            var total = 0
            for url in collections {
                let bytes = try FileIO.read(url).bytes
                let name = url.lastPathComponent
                #expect(
                    CollectionImporters.importer(recognizing: bytes, fileName: "x.json") == PostmanImporter.self,
                    "\(name)")
                let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
                let expected = Self.requestItems(json["item"])
                let collection = try PostmanImporter.read(bytes, fileName: name)
                #expect(collection.requestCount == expected, "\(name)")
                #expect(collection.diagnostics.filter { $0.severity == .error } == [], "\(name)")
                #expect(ImportReparsing.expectReparses(collection) == expected, "\(name)")
                #expect(Set(collection.files.map { $0.path.lowercased() }).count == collection.files.count, "\(name)")
                // A folder's requests are a file beside its subfolders' folder, never `Auth/Auth.http`.
                for path in collection.files.map(\.path) {
                    let parts = path.split(separator: "/")
                    #expect(parts.count < 2 || parts[parts.count - 2] + ".http" != parts[parts.count - 1], "\(path)")
                }
                for diagnostic in collection.diagnostics {
                    #expect(diagnostic.location.file == name && diagnostic.location.line > 1, "\(diagnostic)")
                }
                total += expected
            }
            #expect(total == 267)
        }
    }

    @Test func scriptsBecomeHandlersAndWhatIsNotTranslatedIsLocated() throws {
        guard let url = Self.files("realworld-Conduit.postman_collection.json").first else { return }
        let bytes = try FileIO.read(url).bytes
        let collection = try PostmanImporter.read(bytes, fileName: "conduit.json")
        // 30 requests with test scripts (the folder's events are empty): each becomes a response handler.
        let handlers = collection.files.flatMap(\.requests).filter { !$0.responseHandlers.isEmpty }
        #expect(handlers.count == 30)
        let kept = collection.diagnostics.filter { $0.message.contains("kept as comments") }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for diagnostic in kept {
            #expect(lines[diagnostic.location.line - 1].contains("\"listen\""), "\(diagnostic)")
        }
        // Every handler of every corpus collection reads back as written.
        var translated = 0
        for url in Self.files(".postman_collection.json") {
            let imported = try PostmanImporter.read(FileIO.read(url).bytes, fileName: url.lastPathComponent)
            for file in imported.files {
                let safe = file.safeForWriting()
                #expect(!safe.diagnostics.contains { $0.message.contains("scripts would not read back") }, "\(url)")
                translated +=
                    safe.requests.filter { request in
                        request.responseHandlers.contains { $0.contains("client.global.set(") }
                    }.count
            }
        }
        // The token chains of the corpus (salesforce, wise, brightspace, conduit) are kept.
        #expect(translated >= 20, "\(translated)")
    }

    @Test func savedExampleResponsesAreCountedInOneWarning() throws {
        guard let url = Self.files("adyen-CheckoutService-v71.postman_collection.json").first else { return }
        let bytes = try FileIO.read(url).bytes
        let collection = try PostmanImporter.read(bytes, fileName: "adyen.json")
        let saved = collection.diagnostics.filter { $0.message.contains("saved example response") }
        #expect(
            saved.map(\.message) == [
                "51 saved example responses not imported (Ferry keeps real responses in its history)"
            ])
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(saved.first.map { lines[$0.location.line - 1].contains("\"response\"") } == true)
    }

    @Test func everyCorpusEnvironmentImports() throws {
        let environments = Self.files(".postman_environment.json")
        guard !environments.isEmpty else { return }
        #expect(environments.count == 4)
        for url in environments {
            let bytes = try FileIO.read(url).bytes
            let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            let values = try #require(json["values"] as? [[String: Any]])
            let enabled = Set(
                values.filter { ($0["disabled"] as? Bool) != true && ($0["enabled"] as? Bool) != false }.compactMap {
                    $0["key"] as? String
                })
            let collection = try PostmanImporter.read(bytes, fileName: url.lastPathComponent)
            let environment = try #require(collection.environments.first)
            #expect(collection.files.isEmpty)
            #expect(environment.name == json["name"] as? String)
            #expect(
                Set((environment.variables + environment.secrets).map(\.name)) == enabled, "\(url.lastPathComponent)")
        }
    }
}
