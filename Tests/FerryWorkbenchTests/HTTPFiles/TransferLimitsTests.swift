import FerryHTTP
import Foundation
import Testing

@testable import FerryWorkbench

/// ``TransferLimits``: the connect and idle limits `ferry send` and the workbench give a request unless its
/// directives set their own.
@Suite struct TransferLimitsTests {
    private func limited(_ text: String, _ limits: TransferLimits = .standard) throws -> HTTPRequest {
        let saved = HTTPFileParser.parse(text: text, path: "t.http").requests[0]
        let prepared = try saved.prepared(with: VariableContext())
        return limits.applied(to: try prepared.httpRequest(), for: prepared)
    }

    @Test func aPlainRequestGetsTheStandardLimits() throws {
        let request = try limited("GET https://example.com/\n")
        #expect(request.connectTimeout == .seconds(10))
        #expect(request.idleTimeout == .seconds(30))
        #expect(request.timeout == nil)
    }

    @Test func directivesWin() throws {
        let connect = try limited("# @connection-timeout 2\nGET https://example.com/\n")
        #expect(connect.connectTimeout == .seconds(2))
        #expect(connect.idleTimeout == .seconds(30))
        // A whole-transfer limit says how long to wait: no idle limit on top.
        let total = try limited("# @timeout 120\nGET https://example.com/\n")
        #expect(total.timeout == .seconds(120))
        #expect(total.idleTimeout == nil)
        #expect(total.connectTimeout == .seconds(10))
    }

    @Test func otherLimitsApplyAsGiven() throws {
        let request = try limited(
            "GET https://example.com/\n", TransferLimits(connectTimeout: .seconds(1), idleTimeout: nil))
        #expect(request.connectTimeout == .seconds(1))
        #expect(request.idleTimeout == nil)
    }
}
