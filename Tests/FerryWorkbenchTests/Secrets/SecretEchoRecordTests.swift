import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// What httpbin echoes of a request's secrets, in the spellings it really uses, reaches neither the history
/// line nor the HAR file: the query as the client percent-encoded it (`url`), decoded and JSON-escaped with
/// `\u` escapes (`args`), a header JSON-escaped, a body JSON-escaped inside `data`, and the Basic credential
/// the workbench encoded from `user password`. Skipped when `FERRY_HTTPBIN_URL` is unset outside `make test`.
@Suite struct SecretEchoRecordTests {
    /// Non-ASCII, a space, a slash, quotes and a character beyond the BMP: every JSON and URL special case.
    static let token = #"tök en/"s3cr3t"😀"#
    /// ASCII with JSON and HTML specials, for a header (httpbin reads header bytes as Latin-1).
    static let apiKey = #"k3y&<a>'b'\c"#

    func exchange(_ base: String) async throws -> (prepared: PreparedRequest, response: HTTPResponse) {
        let text = """
            POST \(base)/anything?key={{token}}
            X-Api-Key: {{apiKey}}
            Authorization: Basic ada {{token}}
            Content-Type: application/json

            {"note": "{{token}}"}
            """
        let saved = try #require(HTTPFileParser.parse(text: text, path: "echo.http").requests.first)
        let location = SourceLocation(file: "http-client.private.env.json", line: 1)
        let context = VariableContext(environment: [
            EnvironmentVariable(name: "token", value: Self.token, isSecret: true, location: location),
            EnvironmentVariable(name: "apiKey", value: Self.apiKey, isSecret: true, location: location),
        ])
        let prepared = try saved.prepared(with: context)
        var request = try prepared.httpRequest()
        request.recordsSentHead = true
        return (prepared, try await HTTPClient(transport: CurlTransport()).send(request))
    }

    /// Every spelling of the secrets this test knows httpbin to use, from the reference encoders.
    var echoes: [String] {
        let basic = EchoSpellings.base64("ada:" + Self.token).standard
        return [
            Self.token, Self.apiKey, EchoSpellings.jsonASCII(Self.token), EchoSpellings.jsonASCII(Self.apiKey),
            // The URL as sent, and as httpbin's `url` echoes it (half decoded, then JSON-escaped).
            EchoSpellings.percent(Self.token).replacingOccurrences(of: "%2F", with: "/"),
            EchoSpellings.jsonASCII(Self.token).replacingOccurrences(of: " ", with: "%20"),
            EchoSpellings.jsonASCII(#"{"note": ""# + Self.token), basic, String(basic.dropLast(2)),
        ]
    }

    @Test func theHistoryLineHoldsNoEchoOfASecret() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let (prepared, response) = try await exchange(base)
        let raw = String(decoding: response.body, as: UTF8.self) + (response.sentHead?.target ?? "")
        // The wire and httpbin really hold each spelling (else this test would prove nothing).
        for echo in echoes.dropFirst(2) { #expect(raw.contains(echo), "httpbin did not echo \(echo)") }

        let entry = HistoryEntry(
            prepared: prepared, requestID: "id", requestPath: "echo.http#1", environment: "local", started: Date(),
            result: .success(response))
        let line = String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
        // The line as it is stored, and its strings decoded (JSONEncoder escapes again).
        let stored = [line, entry.responseBody ?? "", entry.url] + entry.requestHeaders.map(\.value)
        for echo in echoes {
            #expect(!stored.contains { $0.contains(echo) }, "the history holds \(echo)")
        }
        #expect(entry.responseBody?.contains(#""X-Api-Key": "••••••""#) == true)
    }

    @Test func theHARFileHoldsNoEchoOfASecret() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let (prepared, response) = try await exchange(base)
        let har = HARExchange(prepared: prepared, response: response, started: Date())
        let text = String(decoding: HARExporter(creatorVersion: "test").bytes(for: [har]), as: UTF8.self)
        let body = String(decoding: har.responseBody ?? Data(), as: UTF8.self)
        for echo in echoes {
            #expect(!text.contains(echo) && !body.contains(echo), "the HAR holds \(echo)")
        }
        #expect(body.contains(#""key": "••••••""#))
    }
}
