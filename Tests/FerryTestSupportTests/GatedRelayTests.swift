import Foundation
import Testing

@testable import FerryTestSupport

@Suite struct GatedRelayTests {
    @Test func relaysTheRequestAndHoldsTheAnswerUntilTheGateOpens() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/r", responding: .text("0123456789"))
        let gate = TestGate()
        defer { gate.open() }
        let relay = try GatedRelay(to: server.port, holdingAfter: 12, until: gate)
        defer { relay.stop() }
        let client = try WireClient(port: relay.port)
        client.write("GET /r HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(client.read(until: "HTTP/1.1 200") == "HTTP/1.1 200")
        #expect(await eventually { gate.waiting == 1 })
        #expect(server.requests.map(\.path) == ["/r"])
        gate.open()
        let rest = client.readToEnd().bytes
        #expect(rest.hasPrefix(" OK\r\n"))
        #expect(rest.hasSuffix("\r\n\r\n0123456789"))
    }

    @Test func stopEndsHeldConnections() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let gate = TestGate()
        defer { gate.open() }
        let relay = try GatedRelay(to: server.port, holdingAfter: 0, until: gate)
        let client = try WireClient(port: relay.port)
        client.write("GET /echo HTTP/1.1\r\n\r\n")
        #expect(await eventually { gate.waiting == 1 })
        relay.stop()
        #expect(client.readToEnd().bytes.isEmpty)
        #expect(await eventually { gate.waiting == 0 })
        #expect(throws: (any Error).self) { _ = try WireClient(port: relay.port) }
    }
}
