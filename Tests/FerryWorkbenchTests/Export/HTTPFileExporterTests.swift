import Foundation
import Testing

@testable import FerryWorkbench

/// `.http` export: as written (templates kept) or resolved, and what it parses back to.
@Suite struct HTTPFileExporterTests {
    static let text = """
        @base = {{host}}/v1

        ### list
        # @name list
        # @timeout 5
        GET {{base}}/users
            ?page={{page}}
        Accept: application/json
        # X-Disabled: 1
        Authorization: Bearer {{token}}

        ### upload
        POST {{base}}/upload
        Content-Type: application/json

        {"page": {{page}}}
        < ./{{page}}.json
        """

    static let context = VariableContext(
        fileVariables: ["base": "{{host}}/v1"],
        environment: [
            EnvironmentVariable(
                name: "host", value: "https://h.example", isSecret: false, location: .init(file: "e", line: 1)),
            EnvironmentVariable(name: "token", value: "tok-123", isSecret: true, location: .init(file: "e", line: 2)),
        ],
        overrides: ["page": "2"], includedFiles: ["./2.json": Data("{}".utf8)])

    static var requests: [SavedRequest] { HTTPFileParser.parse(text: text, path: "t.http").requests }

    @Test func asWrittenItParsesBackToTheSameRequests() throws {
        let exported = try HTTPFileExporter().text(for: Self.requests.map { ($0, Self.context) })
        let parsed = HTTPFileParser.parse(text: exported, path: "x.http")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.requests.map(\.fullURL) == Self.requests.map(\.fullURL))
        #expect(parsed.requests.map(\.name) == ["list", "upload"])
        #expect(
            parsed.requests.map { $0.headers.map { "\($0.name): \($0.value)" } }
                == Self.requests.map { $0.headers.map { "\($0.name): \($0.value)" } })
        #expect(parsed.requests.map(\.body) == Self.requests.map(\.body))
        #expect(parsed.requests[0].directives.timeout == 5)
    }

    @Test func resolvedMasksSecretsAndParsesBackToWhatWouldBeSent() throws {
        let masked = try HTTPFileExporter(resolves: true).text(for: Self.requests.map { ($0, Self.context) })
        #expect(
            masked == """
                ### list
                # @name list
                # @timeout 5
                GET https://h.example/v1/users?page=2
                Accept: application/json
                # X-Disabled: 1
                Authorization: Bearer ••••••

                ### upload
                POST https://h.example/v1/upload
                Content-Type: application/json

                {"page": 2}
                < ./2.json


                """)
        let revealed = try HTTPFileExporter(resolves: true, revealsSecrets: true)
            .text(for: Self.requests.map { ($0, Self.context) })
        let parsed = HTTPFileParser.parse(text: revealed, path: "x.http").requests
        // Re-parsed and prepared with no variables at all, each request is what the original prepares to.
        for (original, again) in zip(Self.requests, parsed) {
            let expected = try original.prepared(with: Self.context)
            let actual = try again.prepared(with: VariableContext(includedFiles: Self.context.includedFiles))
            #expect(actual.url == expected.url)
            #expect(actual.method == expected.method)
            #expect(actual.headers.map(\.value) == expected.headers.map(\.value))
            #expect(actual.body == expected.body)
        }
    }

    @Test func aRequestTakenOutOfItsFileKeepsTheFileVariablesItUses() throws {
        let upload = Self.requests[1]
        let exported = try HTTPFileExporter().text(for: [
            (upload, VariableContext(fileVariables: ["base": "{{host}}/v1"]))
        ])
        #expect(exported.hasPrefix("### upload\n@base = {{host}}/v1\nPOST {{base}}/upload\n"))
        let again = try #require(HTTPFileParser.parse(text: exported, path: "x.http").requests.first)
        let context = VariableContext(
            fileVariables: HTTPFileParser.parse(text: exported, path: "x.http").fileVariables(forRequestAt: 0),
            environment: Self.context.environment, overrides: ["page": "2"], includedFiles: Self.context.includedFiles)
        #expect(try again.prepared(with: context).url == "https://h.example/v1/upload")
    }

    @Test func anUnresolvedVariableIsALocatedError() {
        let request = HTTPFileParser.parse(text: "GET https://h/{{missing}}\n", path: "t.http").requests[0]
        #expect {
            try HTTPFileExporter(resolves: true).text(for: [(request, VariableContext())])
        } throws: { error in
            (error as? VariableError)?.description.hasPrefix("t.http:1") == true
        }
    }
}
