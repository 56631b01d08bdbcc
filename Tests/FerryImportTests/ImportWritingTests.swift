import FerryImport
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@Suite struct ImportWritingTests {
    static let collection = ImportedCollection(
        files: [
            .init(path: "shop.http", requests: [SavedRequest(title: "list", method: "GET", url: "{{host}}/items")]),
            .init(
                path: "admin/users.http",
                requests: [
                    SavedRequest(title: "a", method: "GET", url: "{{host}}/a"),
                    SavedRequest(title: "b", method: "DELETE", url: "{{host}}/b"),
                ]),
        ],
        environments: [
            .init(
                name: "dev", variables: [.init("host", "http://localhost:1"), .init("page", "2")],
                secrets: [.init("token", "t-123")])
        ])

    func leftovers(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if name.contains(".ferry-") { names.append(name) }
        }
        return names
    }

    @Test func writesFilesFoldersAndEnvironmentsIntoAFreshFolder() throws {
        let folder = try TemporaryFolder()
        let report = try Self.collection.write(into: folder.url.appendingPathComponent("new"))
        #expect(report.files.map(\.path) == ["shop.http", "admin/users.http"])
        #expect(report.files.map(\.requestCount) == [1, 2])
        #expect(report.diagnostics == [])
        #expect(report.addedVariables == 3)
        #expect(try folder.read("new/shop.http") == "### list\nGET {{host}}/items\n\n")
        #expect(try folder.read("new/admin/users.http") == "### a\nGET {{host}}/a\n\n### b\nDELETE {{host}}/b\n\n")
        #expect(
            try folder.read("new/http-client.env.json")
                == "{\n  \"dev\": {\n    \"host\": \"http://localhost:1\",\n    \"page\": \"2\"\n  }\n}\n")
        #expect(
            try folder.read("new/http-client.private.env.json") == "{\n  \"dev\": {\n    \"token\": \"t-123\"\n  }\n}\n"
        )
        #expect(try folder.read("new/.gitignore") == "http-client.private.env.json\n")
        #expect(leftovers(in: folder.url) == [])
        // The workspace reads what was written.
        let workspace = try Workspace.load(at: folder.url.appendingPathComponent("new"))
        #expect(workspace.requests.count == 3)
        #expect(workspace.environments().variables(for: "dev").map(\.name) == ["host", "page", "token"])
    }

    @Test func neverOverwritesAnExistingFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("shop.http", "GET https://mine.test/\n")
        try folder.write("shop-2.http", "GET https://mine-too.test/\n")
        let report = try Self.collection.write(into: folder.url)
        #expect(try folder.read("shop.http") == "GET https://mine.test/\n")
        #expect(try folder.read("shop-2.http") == "GET https://mine-too.test/\n")
        #expect(try folder.read("shop-3.http") == "### list\nGET {{host}}/items\n\n")
        #expect(report.files.map(\.path) == ["shop-3.http", "admin/users.http"])
        #expect(report.files[0].intendedPath == "shop.http")
        #expect(
            report.diagnostics.map(\.message) == [
                "shop.http exists and was left as it is; the import went to shop-3.http"
            ])
        // A second import of the same collection leaves the first one alone too.
        let again = try Self.collection.write(into: folder.url)
        #expect(again.files.map(\.path) == ["shop-4.http", "admin/users-2.http"])
        #expect(try folder.read("admin/users.http").contains("DELETE {{host}}/b"))
        #expect(leftovers(in: folder.url) == [])
    }

    @Test func mergesIntoExistingEnvironmentFilesWithoutTouchingWhatIsThere() throws {
        let folder = try TemporaryFolder()
        let original = """
            {
                "$shared": {"x": 1},
                "dev": {
                    "host": "http://dev.example",
                    "keep": true
                },
                "prod": {}
            }

            """
        try folder.write("http-client.env.json", original)
        try folder.write(".gitignore", "node_modules/\nhttp-client.private.env.json\n")
        try folder.write("sub/.keep", "")
        var collection = Self.collection
        collection.environments.append(.init(name: "prod", variables: [.init("host", "https://prod.example")]))
        collection.environments.append(.init(name: "qa", variables: [.init("host", "https://qa.example")]))
        // Written into a subfolder: the environments go to the workspace around it.
        let report = try collection.write(into: folder.url.appendingPathComponent("sub"))
        #expect(
            try folder.read("http-client.env.json")
                == """
                {
                    "$shared": {"x": 1},
                    "dev": {
                        "host": "http://dev.example",
                        "keep": true,
                        "page": "2"
                    },
                    "prod": {
                        "host": "https://prod.example"
                    },
                    "qa": {
                        "host": "https://qa.example"
                    }
                }

                """)
        #expect(report.addedVariables == 4)
        #expect(report.diagnostics.count == 1)
        #expect(report.diagnostics.first?.location.line == 4)
        #expect(report.diagnostics.first?.message == "'host' in 'dev' keeps its value; the imported one differs")
        #expect(try folder.read(".gitignore") == "node_modules/\nhttp-client.private.env.json\n")
        #expect(try folder.read("http-client.private.env.json").contains("\"token\": \"t-123\""))
        #expect(folder.exists("sub/shop.http"))
        // Importing the same again adds nothing and reports nothing new.
        let again = try collection.write(into: folder.url.appendingPathComponent("sub"))
        #expect(again.addedVariables == 0)
        #expect(again.environmentFiles == [])
    }

    @Test func pathsStayInsideTheDestination() throws {
        let folder = try TemporaryFolder()
        let collection = ImportedCollection(files: [
            .init(path: "../../escape/./x.http", requests: [SavedRequest(method: "GET", url: "https://a.test/")])
        ])
        let report = try collection.write(into: folder.url.appendingPathComponent("in"))
        #expect(report.files.map(\.path) == ["escape/x.http"])
        #expect(folder.exists("in/escape/x.http"))
        #expect(!folder.exists("escape"))
    }

    @Test func aMalformedEnvironmentFileIsReportedAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        let broken = "{\n  \"dev\": {\n    \"host\": tru\n  }\n}\n"
        try folder.write("http-client.env.json", broken)
        let report = try Self.collection.write(into: folder.url)
        #expect(try folder.read("http-client.env.json") == broken)
        let problem = try #require(report.diagnostics.first { $0.location.file.hasSuffix("http-client.env.json") })
        #expect(problem.location.line == 3)
        #expect(problem.severity == .error)
        #expect(problem.message.contains("left unchanged"))
        // The requests and the private file are written all the same.
        #expect(folder.exists("shop.http"))
        #expect(folder.exists("http-client.private.env.json"))
        #expect(try folder.read(".gitignore") == "http-client.private.env.json\n")
    }
}
