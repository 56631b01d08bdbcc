import FerryHTTP
import Foundation
import Testing

@testable import FerryWorkbench

/// `# @insecure`, `# @retries N` and `# @reconnect [N]`: parsed, checked, carried into the prepared and the FerryHTTP request.
@Suite struct TransferDirectiveTests {
    private func parse(_ text: String) -> HTTPFile { HTTPFileParser.parse(text: text, path: "t.http") }

    @Test func insecureAndRetriesReachTheHTTPRequest() throws {
        let file = parse("# @insecure\n# @retries 3\nGET https://self-signed.local/x\n")
        #expect(file.diagnostics.isEmpty)
        let saved = file.requests[0]
        #expect(saved.directives.insecure)
        #expect(saved.directives.retries == 3)
        let prepared = try saved.prepared(with: VariableContext())
        #expect(!prepared.verifiesTLS)
        #expect(prepared.retries == 3)
        let request = try saved.resolved(with: VariableContext())
        #expect(request.tlsVerification == .disabled)
        #expect(request.retryPolicy.maximumRetries == 3)
    }

    @Test func withoutThemTLSIsVerifiedAndNothingIsRetried() throws {
        let request = try parse("GET https://example.com/\n").requests[0].resolved(with: VariableContext())
        #expect(request.tlsVerification == .enabled)
        #expect(request.retryPolicy == .none)
    }

    @Test func kulalasCurlFlagsMeanInsecureToo() {
        for directive in ["curl-insecure", "curl-k"] {
            #expect(parse("# @\(directive)\nGET https://h/\n").requests[0].directives.insecure, "\(directive)")
        }
    }

    @Test func aMalformedRetryCountIsReportedWhereItIs() {
        let file = parse("# @retries many\nGET /a\n\n### b\n# @retries 11\nGET /b\n")
        let messages = file.diagnostics.map(\.description)
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("t.http:1:12: error: expected a number of retries from 0 to 10") == true)
        #expect(file.requests[0].directives.retries == nil)
    }

    @Test func directivesSurviveARoundTrip() throws {
        let text = "### a\n# @insecure\n# @retries 2\nGET https://h/\n"
        let file = parse(text)
        #expect(file.requests[0].directives.insecure && file.requests[0].directives.retries == 2)
        #expect(file.bytes() == Array(text.utf8))
        #expect(file.requests[0].rendered(separator: true).contains("# @insecure\n# @retries 2\n"))
    }

    @Test func reconnectAsksTheTransferToReconnectAnEventStream() throws {
        let bare = try parse("# @reconnect\nGET https://h/events\n").requests[0].resolved(with: VariableContext())
        #expect(bare.eventStream.reconnects)
        #expect(bare.eventStream.maximumReconnections == RequestDirectives.defaultReconnections)
        let counted = try parse("# @reconnect 2\nGET https://h/events\n").requests[0].resolved(with: VariableContext())
        #expect(counted.eventStream.reconnects && counted.eventStream.maximumReconnections == 2)
        let plain = try parse("GET https://h/events\n").requests[0].resolved(with: VariableContext())
        #expect(!plain.eventStream.reconnects)
    }

    @Test func aMalformedReconnectionCountIsReportedWhereItIs() {
        let file = parse("# @reconnect often\nGET /a\n")
        let messages = file.diagnostics.map(\.description)
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix("t.http:1:14: error: expected nothing or a number of reconnections") == true,
            "\(messages)")
        #expect(file.requests[0].directives.reconnections == nil)
    }
}
