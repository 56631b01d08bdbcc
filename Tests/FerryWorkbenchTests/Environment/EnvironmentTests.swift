import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

@Suite struct EnvironmentTests {
    let publicFile = """
        {
          "$shared": { "user": "ferry", "page": 1 },
          "local": { "host": "http://127.0.0.1:1", "user": "local-user" },
          "staging": { "host": "https://staging", "SSLConfiguration": { "verifyHostCertificate": false } }
        }
        """
    let privateFile = #"{ "local": { "password": "s3cret-pw" }, "$shared": { "token": "tok-123456" } }"#

    @Test func mergesSharedPublicAndPrivatePerEnvironment() {
        let files = EnvironmentFiles.parse(public: Array(publicFile.utf8), private: Array(privateFile.utf8))
        #expect(files.diagnostics.isEmpty)
        #expect(files.names == ["local", "staging"])
        let local = files.variables(for: "local")
        #expect(local.map(\.name) == ["user", "page", "token", "host", "password"])
        #expect(local.first { $0.name == "user" }?.value == "local-user")
        #expect(local.first { $0.name == "page" }?.value == "1")
        #expect(local.first { $0.name == "password" }?.isSecret == true)
        #expect(local.first { $0.name == "password" }?.displayValue == Secrets.mask)
        #expect(local.first { $0.name == "host" }?.location == SourceLocation(file: "http-client.env.json", line: 3))
        #expect(files.variables(for: "staging").map(\.name) == ["user", "page", "token", "host"])
    }

    @Test func malformedFileIsLocatedAndTheOtherStillLoads() {
        let broken = "{\n  \"local\": {\n    \"host\": \"x\",\n    \"port\" 8080\n  }\n}\n"
        let files = EnvironmentFiles.parse(public: Array(broken.utf8), private: Array(privateFile.utf8))
        #expect(
            files.diagnostics.map(\.description) == ["http-client.env.json:4:12: error: expected `:` after the key"])
        #expect(files.variables(for: "local").map(\.name) == ["token", "password"])
    }

    @Test func readsTheCorpusEnvironmentFiles() throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let defra = EnvironmentFiles.load(from: corpus.appendingPathComponent("http/defra-fg-gas-backend"))
        #expect(defra.diagnostics.isEmpty)
        #expect(defra.names.count == 5)
        #expect(defra.names.contains("perf test"))
        let hyades = EnvironmentFiles.load(from: corpus.appendingPathComponent("http/hyades-apiserver"))
        #expect(hyades.names.contains("dev"))
    }

    @Test func dotenvLines() {
        let values = DotEnv.parse("# c\nA=1\nexport B = \"two words\"\nbad line\nC='x'\n")
        #expect(values == ["A": "1", "B": "two words", "C": "x"])
    }
}
