import FerryHTTP
import Foundation
import Testing

@testable import FerryWorkbench

/// The workbench marks every header whose value came from a secret as sensitive in the ``HTTPRequest`` it
/// builds, so FerryHTTP keeps it from other origins; headers without a secret stay unmarked.
@Suite struct SensitiveHeaderMarkingTests {
    @Test func headersBuiltFromSecretsAreMarked() throws {
        let text = """
            GET https://api.example.com/x
            X-Api-Key: {{key}}
            X-Trace: t-{{plain}}
            Authorization: Basic ada {{password}}
            X-From-Env: {{$processEnv TOKEN}}
            Accept: */*
            """
        let saved = try #require(HTTPFileParser.parse(text: text, path: "a.http").requests.first)
        let location = SourceLocation(file: "env", line: 1)
        let context = VariableContext(
            environment: [
                EnvironmentVariable(name: "key", value: "k-123", isSecret: true, location: location),
                EnvironmentVariable(name: "password", value: "pw-1", isSecret: true, location: location),
                EnvironmentVariable(name: "plain", value: "1", isSecret: false, location: location),
            ],
            processEnvironment: ["TOKEN": "env-token"])
        let request = try saved.resolved(with: context)
        #expect(request.sensitiveHeaders == ["X-Api-Key", "Authorization", "X-From-Env"])
        #expect(request.isSensitiveHeader("x-api-key"))
        #expect(!request.isSensitiveHeader("X-Trace"))
        #expect(request.isSensitiveHeader("Cookie"))
    }
}
