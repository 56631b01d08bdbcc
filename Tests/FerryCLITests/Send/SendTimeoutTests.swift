import FerryTestSupport
import Foundation
import Testing

/// `ferry send`'s time limits: an idle limit by default (`--idle-timeout` to change it, 0 for none), a
/// connect limit (`--connect-timeout`), stated in `--help`; a timeout names the phase it hit and the limits.
///
/// The server would answer (or go on) only after 30 s and no other limit is set, so the failure proves the
/// idle limit held; only the lower bound of the elapsed time is asserted (a busy machine can slow the
/// process start by many seconds).
@Suite struct SendTimeoutTests {
    static func fixture(base: String) throws -> SendCommandTests.Fixture {
        try SendCommandTests.Fixture(
            base: base,
            files: [
                "slow.http": """
                ### silent
                # @name silent
                GET {{host}}/silent

                ### stall
                # @name stall
                GET {{host}}/stall

                ### bounded
                # @name bounded
                # @timeout 2
                GET {{host}}/silent

                """
            ])
    }

    static func server() throws -> TestHTTPServer {
        let server = try TestHTTPServer()
        server.route("/silent", responding: TestResponse.text("late").delayed(by: .seconds(30)))
        server.route("/stall", responding: TestResponse(body: Data(count: 20)).dripping(10, every: .seconds(30)))
        return server
    }

    @Test func aServerThatNeverAnswersFailsAfterTheIdleLimitNamingThePhase() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let fixture = try Self.fixture(base: server.baseURL)
        let started = ContinuousClock.now
        let output = try await fixture.send(["silent", "--env", "test", "--idle-timeout", "1"])
        let elapsed = ContinuousClock.now - started
        #expect(output.status == 3, "\(output.standardError)")
        #expect(output.standardError.contains("Timed out while waiting for the response"), "\(output.standardError)")
        #expect(output.standardError.contains("idle 1.0 s"), "\(output.standardError)")
        #expect(elapsed >= .seconds(1), "fired early: \(elapsed)")
    }

    @Test func aBodyThatStallsFailsWhileReceiving() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let fixture = try Self.fixture(base: server.baseURL)
        let output = try await fixture.send(["stall", "--env", "test", "--idle-timeout", "1", "--connect-timeout", "3"])
        #expect(output.status == 3, "\(output.standardError)")
        #expect(output.standardError.contains("Timed out while receiving the body"), "\(output.standardError)")
        #expect(output.standardError.contains("connect 3.0 s, idle 1.0 s, total none"), "\(output.standardError)")
    }

    @Test func theConnectDefaultAppliesAndATotalLimitReplacesTheIdleOne() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let fixture = try Self.fixture(base: server.baseURL)
        // The hint shows the limits the request ran with: the default connect limit, and no idle limit
        // since --timeout chose how long to wait...
        let total = try await fixture.send(["silent", "--env", "test", "--timeout", "1"])
        #expect(total.status == 3)
        #expect(total.standardError.contains("connect 10.0 s, idle none, total 1.0 s"), "\(total.standardError)")
        // ...as `# @timeout` does.
        let bounded = try await fixture.send(["bounded", "--env", "test"])
        #expect(bounded.status == 3)
        #expect(bounded.standardError.contains("connect 10.0 s, idle none, total 2.0 s"), "\(bounded.standardError)")
    }

    @Test func helpStatesTheDefaultsAndBadValuesAreRefused() async throws {
        let help = try await FerryProcess.run(["send", "--help"])
        #expect(help.text.contains("--connect-timeout SEC  the limit for connecting (default: 10 s"), "\(help.text)")
        #expect(help.text.contains("--idle-timeout SEC     fail after SEC without a byte"), "\(help.text)")
        #expect(help.text.contains("(default: 30 s"), "\(help.text)")
        for bad in [["--idle-timeout", "-1"], ["--connect-timeout", "0"], ["--idle-timeout", "soon"]] {
            let output = try await FerryProcess.run(["send", "x"] + bad)
            #expect(output.status == 2)
            #expect(output.standardError.contains("\(bad[0]) expects seconds"), "\(output.standardError)")
        }
    }
}
