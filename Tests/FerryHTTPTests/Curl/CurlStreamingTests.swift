import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Response bodies read as an async sequence while they download: bounded buffering with pause and
/// resume, cancel by task or by dropping the sequence, errors thrown by the iterator, timing at the end.
@Suite struct CurlStreamingTests {
    let server: TestHTTPServer
    let transport = CurlTransport()
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    /// `count` bytes of a block of prime length repeated, so a lost or reordered chunk shows.
    static func pattern(_ count: Int) -> Data {
        let block = Data((0..<4093).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        var data = Data(capacity: count + block.count)
        while data.count < count { data.append(block) }
        return data.prefix(count)
    }

    @Test func largeBodyStreamsWithBoundedBuffering() async throws {
        let size = 50 * 1024 * 1024
        let expected = Self.pattern(size)
        server.route("/large", responding: TestResponse(body: expected))
        let limit = 256 * 1024
        let response = try await client.stream(HTTPRequest(path: "/large"), bufferLimit: limit)
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Length"] == String(size))
        var received = 0
        var matches = true
        for try await chunk in response.body {
            matches = matches && chunk == expected[received..<received + chunk.count]
            received += chunk.count
        }
        #expect(received == size)
        #expect(matches)
        // At most the limit plus what libcurl hands over in one write callback (16 KiB by default).
        #expect(response.body.bufferedBytesHighWaterMark <= limit + 64 * 1024)
        print(
            "streamed \(size) bytes, buffered high-water mark \(response.body.bufferedBytesHighWaterMark), pauses \(response.body.pauseCount)"
        )
        let final = try await response.task.value()
        #expect(final.body.isEmpty)
        #expect((final.timing?.bytesReceived ?? 0) >= size)  // body plus header bytes
    }

    @Test func slowReaderPausesTheTransferAndGetsEveryByte() async throws {
        let size = 8 * 1024 * 1024
        let expected = Self.pattern(size)
        server.route("/slow-reader", responding: TestResponse(body: expected))
        let response = try await client.stream(HTTPRequest(path: "/slow-reader"), bufferLimit: 64 * 1024)
        // Read nothing until the full buffer has paused the transfer.
        #expect(await waitUntil { response.body.pauseCount > 0 })
        #expect(response.task.state.isFinished == false)
        var body = Data()
        for try await chunk in response.body { body.append(chunk) }
        #expect(body == expected)
        #expect(response.body.bufferedBytesHighWaterMark <= 64 * 1024 + 64 * 1024)
        #expect(try await response.task.value().status == 200)
    }

    @Test func progressAndTimingCompleteAfterTheStream() async throws {
        let size = 4 * 1024 * 1024
        server.route("/timed", responding: TestResponse(body: Self.pattern(size)))
        let response = try await client.stream(HTTPRequest(path: "/timed"), bufferLimit: 64 * 1024)
        let progress = response.task.progress
        var received = 0
        for try await chunk in response.body { received += chunk.count }
        let final = try await response.task.value()
        var last: TransferProgress?
        for await report in progress { last = report }
        #expect(received == size)
        #expect(last?.bytesReceived == size)
        let timing = try #require(final.timing)
        #expect(timing.total > .zero)
        #expect(timing.bytesReceived >= size)
        #expect(timing.remotePort == Int(server.port))
        #expect(response.task.state == .completed)
    }

    @Test func cancelingTheReadingTaskCancelsTheTransfer() async throws {
        server.route("/endless", responding: TestResponse(body: Self.pattern(32 * 1024 * 1024)))
        let response = try await client.stream(HTTPRequest(path: "/endless"), bufferLimit: 64 * 1024)
        let chunks = Recorder<Int>()
        let reader = Task { () -> HTTPClientError.Reason? in
            do {
                for try await chunk in response.body { chunks.append(chunk.count) }
                return nil
            } catch {
                return (error as? HTTPClientError)?.reason
            }
        }
        #expect(await waitUntil { !chunks.values.isEmpty })
        reader.cancel()
        #expect(await reader.value == .canceled)
        #expect(await response.task.result.failureReason == .canceled)
        #expect(await waitUntil { transport.activeTransferCount == 0 })
    }

    @Test func droppingTheSequenceCancelsTheTransfer() async throws {
        server.route("/dropped", responding: TestResponse(body: Self.pattern(32 * 1024 * 1024)))
        let task: HTTPTask<HTTPResponse>
        do {
            let response = try await client.stream(HTTPRequest(path: "/dropped"), bufferLimit: 64 * 1024)
            task = response.task
            for try await _ in response.body { break }
        }
        #expect(await task.result.failureReason == .canceled)
        #expect(await waitUntil { transport.activeTransferCount == 0 })
        server.route("/after", responding: .text("still working"))
        #expect(try await client.send(HTTPRequest(path: "/after")).text == "still working")
    }

    @Test func resetMidBodyIsThrownByTheIterator() async throws {
        server.route(
            "/reset-mid",
            responding: TestResponse(body: Self.pattern(1_000_000)).aborted(.resetAfter(bodyBytes: 100_000)))
        let response = try await client.stream(HTTPRequest(path: "/reset-mid"))
        var received = 0
        let reason = await failureReason {
            for try await chunk in response.body { received += chunk.count }
        }
        #expect(reason == .connectionReset)
        #expect(received <= 100_000)
        #expect(await response.task.result.failureReason == .connectionReset)
    }

    @Test func failureBeforeTheHeadIsThrownByStream() async throws {
        let port = try closedPort()
        let reason = await failureReason {
            _ = try await client.stream(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
        }
        guard case .connectionRefused = reason else {
            return #expect(Bool(false), "got \(String(describing: reason))")
        }
    }

    @Test func emptyBodyEndsAtOnce() async throws {
        server.route("/empty", responding: TestResponse(status: 204))
        let response = try await client.stream(HTTPRequest(path: "/empty"))
        #expect(response.head.status == 204)
        var chunks = 0
        for try await _ in response.body { chunks += 1 }
        #expect(chunks == 0)
        #expect(try await response.task.value().status == 204)
    }
}
