import FerryTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ferry send -o FILE --continue` across processes, with the real binary: a send killed (SIGKILL) mid-body
/// leaves FILE and its record, and the next `--continue` asks for the rest with `Range`/`If-Range` and ends
/// byte-exact; a whole FILE is not fetched again; a changed validator or an ignored range starts over.
@Suite struct SendContinueTests {
    /// 1 MiB of a pattern that shows a misplaced byte.
    static let body = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 256) })

    /// What the loopback route does: its ETag, whether it honours `Range`, and a gate holding the whole-body
    /// answer after some bytes.
    final class Resource: @unchecked Sendable {
        private let lock = NSLock()
        private var tag = "\"v1\""
        private var honoursRange = true
        private var hold: (TestGate, Int)?

        func set(tag: String? = nil, honoursRange: Bool? = nil, hold: (TestGate, Int)?) {
            lock.withLock {
                if let tag { self.tag = tag }
                if let honoursRange { self.honoursRange = honoursRange }
                self.hold = hold
            }
        }

        /// Serves ``SendContinueTests/body`` with `Range: bytes=N-`, `If-Range` and 416 past the end.
        func answer(_ request: RecordedRequest) -> TestResponse {
            let (tag, honoursRange, hold) = lock.withLock { (self.tag, self.honoursRange, self.hold) }
            let body = SendContinueTests.body
            let headers = [("ETag", tag), ("Accept-Ranges", "bytes"), ("Content-Type", "application/octet-stream")]
            if honoursRange, let range = request.header("Range"), range.hasPrefix("bytes="), range.hasSuffix("-"),
                let offset = Int(range.dropFirst(6).dropLast()),
                request.header("If-Range").map({ $0 == tag }) ?? true
            {
                if offset >= body.count {
                    return TestResponse(status: 416, headers: headers + [("Content-Range", "bytes */\(body.count)")])
                }
                return TestResponse(
                    status: 206,
                    headers: headers + [("Content-Range", "bytes \(offset)-\(body.count - 1)/\(body.count)")],
                    body: body.subdata(in: offset..<body.count))
            }
            let whole = TestResponse(headers: headers, body: body)
            guard let (gate, bytes) = hold else { return whole }
            return whole.held(until: gate, afterBodyBytes: bytes)
        }
    }

    let server: TestHTTPServer
    let resource = Resource()
    let fixture: SendCommandTests.Fixture
    let file: URL

    init() throws {
        server = try TestHTTPServer()
        let resource = resource
        server.route("/big") { resource.answer($0) }
        fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "GET {{host}}/big\n", "h.http": Self.handled])
        file = fixture.root.appendingPathComponent("big.bin")
    }

    /// The same request with a response handler that logs what it saw and tests for a resumed answer.
    static let handled = """
        GET {{host}}/big

        > {%
            client.log("handled " + response.status + " " + response.headers.valueOf("Content-Range"));
            client.test("resumed", () => client.assert(response.status === 206, "status " + response.status));
        %}

        """

    var record: URL { file.deletingLastPathComponent().appendingPathComponent("big.bin.ferry-resume") }

    func fileSize() -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
    }

    func send(_ extra: [String] = []) async throws -> FerryProcess.Output {
        try await fixture.send(["a.http", "--env", "test", "-o", file.path, "--continue"] + extra)
    }

    /// Runs a `--continue` send until the server holds the body after `heldAfter` bytes and part of it is on
    /// disk, then kills it with SIGKILL (no pause, no clean-up); returns the partial file's length.
    ///
    /// Nothing here races the clock. The send has no idle limit (`--idle-timeout 0`), so it cannot end by itself
    /// while the server holds the body: on a loaded machine its 30 s default once fired before the test's poll
    /// ran, and that send wrote a history line of its own. The gate holds for as long as the test needs, and
    /// the poll runs off the cooperative pool; their deadlines only bound a failure.
    func killedMidBody(heldAfter bytes: Int) async throws -> Int {
        let gate = TestGate()
        defer { gate.open() }
        resource.set(hold: (gate, bytes))
        let running = try FerryProcess.start(
            ["send", "a.http", "--env", "test", "-o", file.path, "--continue", "--idle-timeout", "0"],
            currentDirectory: fixture.root)
        let partWritten = await offThePool {
            await eventually(timeout: .seconds(300)) { gate.waiting == 1 && fileSize() > 0 }
        }
        kill(running.processIdentifier, SIGKILL)
        _ = await running.wait()
        resource.set(hold: nil)
        #expect(partWritten)
        #expect(gate.waiting == 1, "the send was killed while the server held the body")
        return fileSize()
    }

    @Test func aKilledSendIsCompletedByTheNextContinueByteExact() async throws {
        let partial = try await killedMidBody(heldAfter: 600_000)
        #expect(partial > 0 && partial <= 600_000)
        #expect(FileManager.default.fileExists(atPath: record.path))

        let resumed = try await send()
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardError.contains("resumed at byte \(partial)"))
        #expect(try Data(contentsOf: file) == Self.body)
        #expect(server.requests.last?.header("Range") == "bytes=\(partial)-")
        #expect(server.requests.last?.header("If-Range") == "\"v1\"")
        #expect(!FileManager.default.fileExists(atPath: record.path))

        // A whole file is not fetched again: the range from its end gets a 416 naming its length.
        let again = try await send()
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardError.contains("already complete (\(Self.body.count) bytes)"))
        #expect(server.requests.last?.header("Range") == "bytes=\(Self.body.count)-")
        #expect(server.responseBodyBytesWritten < 2 * Self.body.count)
        #expect(try Data(contentsOf: file) == Self.body)
    }

    /// A resumed send goes through the one send pipeline: the run that finishes writes one history line with
    /// the final status and the file's length, and runs the request's response handler.
    @Test func aResumedSendRecordsItsHistoryAndRunsItsHandler() async throws {
        let partial = try await killedMidBody(heldAfter: 600_000)
        #expect(partial > 0)
        #expect(
            !FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(".ferry/history.jsonl").path))

        let resumed = try await fixture.send(["h.http", "--env", "test", "-o", file.path, "--continue"])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardError.contains("resumed at byte \(partial)"))
        let range = "bytes \(partial)-\(Self.body.count - 1)/\(Self.body.count)"
        #expect(resumed.standardError.contains("handled 206 \(range)"), "\(resumed.standardError)")
        #expect(resumed.standardError.contains("test passed: resumed"), "\(resumed.standardError)")
        #expect(try Data(contentsOf: file) == Self.body)
        let lines = try fixture.history().split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""status":206"#) == true, "\(lines)")
        #expect(lines.first?.contains(#""responseSize":\#(Self.body.count)"#) == true, "\(lines)")
    }

    /// A refused status is recorded and handled like any send's: the handler sees the 404.
    @Test func aRefusedContinueIsRecordedWithItsStatus() async throws {
        server.route("/missing", responding: .text("no", status: 404))
        let missing = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: ["m.http": "GET {{host}}/missing\n\n> {% client.log(\"handled \" + response.status); %}\n"])
        let output = try await missing.send(["m.http", "--env", "test", "-o", file.path, "--continue"])
        #expect(output.status == 4, "\(output.standardError)")
        #expect(output.standardError.contains("handled 404"), "\(output.standardError)")
        #expect(try missing.history().contains(#""status":404"#))
    }

    @Test func aChangedValidatorStartsOver() async throws {
        let partial = try await killedMidBody(heldAfter: 300_000)
        #expect(partial > 0)
        resource.set(tag: "\"v2\"", hold: nil)
        let output = try await send()
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardError.contains("started over: the server's ETag or Last-Modified changed"))
        #expect(server.requests.last?.header("If-Range") == "\"v1\"")
        #expect(try Data(contentsOf: file) == Self.body)
        #expect(!FileManager.default.fileExists(atPath: record.path))
    }

    @Test func anIgnoredRangeStartsOver() async throws {
        let partial = try await killedMidBody(heldAfter: 300_000)
        #expect(partial > 0)
        resource.set(honoursRange: false, hold: nil)
        let output = try await send()
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardError.contains("started over: the server sent the whole body, not the range"))
        #expect(server.requests.last?.header("Range") == "bytes=\(partial)-")
        #expect(try Data(contentsOf: file) == Self.body)
    }

    @Test func continueNeedsAnOutputFile() async throws {
        let output = try await fixture.send(["a.http", "--env", "test", "--continue"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("--continue needs -o FILE"))
    }

    @Test func httpbinRangeIsCompletedAfterAKill() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let httpbinPort = try #require(URL(string: base)?.port.flatMap { UInt16(exactly: $0) })
        // httpbin's answer is held after 90 000 bytes (head included) until the send was killed: some 64 KiB
        // of it were written to the file by then.
        let gate = TestGate()
        defer { gate.open() }
        let relay = try GatedRelay(to: httpbinPort, holdingAfter: 90_000, until: gate)
        defer { relay.stop() }
        let bin = try SendCommandTests.Fixture(
            base: relay.baseURL, files: ["r.http": "GET {{host}}/range/102400?chunk_size=4096\n"])
        let target = bin.root.appendingPathComponent("range.bin")
        let arguments = ["send", "r.http", "--env", "test", "-o", target.path, "--continue"]
        // No idle limit for the send that is killed: it must not end by itself while the relay holds.
        let running = try FerryProcess.start(arguments + ["--idle-timeout", "0"], currentDirectory: bin.root)
        let size = { ((try? FileManager.default.attributesOfItem(atPath: target.path))?[.size] as? Int) ?? 0 }
        #expect(await offThePool { await eventually(timeout: .seconds(300)) { size() > 0 } })
        kill(running.processIdentifier, SIGKILL)
        _ = await running.wait()
        gate.open()
        let partial = size()
        #expect(partial > 0 && partial < 102_400)

        let resumed = try await FerryProcess.run(arguments, currentDirectory: bin.root)
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardError.contains("resumed at byte \(partial)"))
        let expected = Data((0..<102_400).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        #expect(try Data(contentsOf: target) == expected)
    }
}
