import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// Environment files as JetBrains reads them: comments, `$schema`, an empty file, the older
/// `rest-client.env.json` name, and the `Security` → `Auth` objects merged from both files.
@Suite struct EnvironmentLeniencyTests {
    @Test func commentsSchemaAndAnEmptyFileAreRead() {
        let commented = """
            {
              "$schema": "https://json.schemastore.org/http-client-env.json",
              // the local server
              "local": { "host": "http://127.0.0.1" /* no port */ }
            }
            """
        let files = EnvironmentFiles.parse(public: Array(commented.utf8), private: Array(" \n".utf8))
        #expect(files.diagnostics.isEmpty)
        #expect(files.names == ["local"])
        #expect(files.variables(for: "local").map(\.value) == ["http://127.0.0.1"])
        // A comment does not hide a real error after it, which keeps its line.
        let broken = "// one\n/* two\n */ { \"a\": }\n"
        let located = EnvironmentFiles.parse(public: Array(broken.utf8), private: nil)
        #expect(located.diagnostics.first?.location.line == 3)
    }

    @Test func theOlderFileNameIsReadWhenTheNewOneIsAbsent() throws {
        let folder = try TemporaryFolder(prefix: "ferry-env-older")
        try folder.write("rest-client.env.json", #"{ "dev": { "host": "old" } }"#)
        #expect(EnvironmentFiles.load(from: folder.url).variables(for: "dev").map(\.value) == ["old"])
        try folder.write("http-client.env.json", #"{ "dev": { "host": "new" } }"#)
        #expect(EnvironmentFiles.load(from: folder.url).variables(for: "dev").map(\.value) == ["new"])
    }

    @Test func authConfigurationsMergeTheirFieldsFromBothFilesAndShared() throws {
        let publicFile = """
            {
              "$shared": { "Security": { "Auth": { "common": { "Type": "OAuth2", "Grant Type": "Client Credentials",
                "Client ID": "c", "Token URL": "https://id/token" } } } },
              "dev": { "Security": { "Auth": { "api": {
                "Type": "OAuth2", "Grant Type": "Password", "Client ID": "app", "Token URL": "{{id}}/token",
                "Username": "ada", "PKCE": { "Code Challenge Method": "Plain" },
                "Custom Request Parameters": { "audience": { "Value": "aud", "Use": "In Token Request" }, "r": ["1", "2"] }
              } } }, "id": "https://id" }
            }
            """
        let privateFile =
            #"{ "dev": { "Security": { "Auth": { "api": { "Password": "pw", "Client Secret": "s" } } } } }"#
        let files = EnvironmentFiles.parse(public: Array(publicFile.utf8), private: Array(privateFile.utf8))
        #expect(files.diagnostics.isEmpty)
        #expect(files.variables(for: "dev").map(\.name) == ["id"])  // Security is a setting, not a variable
        let configurations = files.authConfigurations(for: "dev")
        #expect(configurations.keys.sorted() == ["api", "common"])
        let api = try #require(configurations["api"])
        #expect(api.location == SourceLocation(file: "http-client.env.json", line: 4))
        let settings = try OAuthSettings(api) { $0.replacingOccurrences(of: "{{id}}", with: "https://id") }
        #expect(settings.grant == .password)
        #expect(settings.tokenURL == "https://id/token")
        #expect(settings.password == "pw" && settings.clientSecret == "s")
        #expect(settings.pkce == .plain)
        #expect(settings.parameters(for: .tokenRequest).map { "\($0.0)=\($0.1)" } == ["audience=aud", "r=1", "r=2"])
        #expect(settings.parameters(for: .authRequest).map { "\($0.0)=\($0.1)" } == ["r=1", "r=2"])
        #expect(files.authConfigurations(for: nil).keys.sorted() == ["common"])
    }
}
