import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// A body sent to a file is gathered into large writes through one descriptor: every byte lands in order
/// whatever the chunk sizes, a body cut short keeps what arrived, and a write that fails at the last flush
/// fails the send in words.
@Suite struct BodyFileSinkTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(transport: CurlTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ferry-sink-\(UUID())")
    }

    func end(of request: HTTPRequest) async -> TransferEnd? {
        for await event in client.transfer(request).events {
            if case .ended(let end) = event { return end }
        }
        return nil
    }

    @Test func chunksOfEverySizeLandInOrder() async throws {
        try await offThePool {
            let file = temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            let size = BodyFileSink.writeSize
            let sizes = [1, 100, size - 101, size, 3, size * 2 + 7, 0, 65_536, size - 1, 1]
            var expected = Data()
            var sink = try BodyFileSink(path: file.path)
            for (index, count) in sizes.enumerated() {
                let chunk = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
                try sink.append(chunk)
                expected.append(chunk)
            }
            #expect(sink.count == expected.count)
            try sink.close()
            try sink.close()
            #expect(try Data(contentsOf: file) == expected)
        }
    }

    @Test func aLargeChunkedBodyThroughCurlIsWhole() async throws {
        let body = await offThePool {
            Data((0..<(5 << 20 + 12_345)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 9) })
        }
        server.route("/big", responding: TestResponse(body: body, framing: .chunked(chunkSize: 70_001)))
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        var request = HTTPRequest(path: "/big")
        request.responseBody = .file(file)
        let ended = try #require(await end(of: request))
        #expect(ended.isComplete)
        #expect(ended.body.count == body.count)
        #expect(try Data(contentsOf: file) == body)
    }

    @Test func aBodyCutShortKeepsEveryByteThatArrived() async throws {
        let body = Data((0..<400_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        server.route("/cut", responding: TestResponse(body: body).aborted(.resetAfter(bodyBytes: 300_000)))
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        var request = HTTPRequest(path: "/cut")
        request.responseBody = .file(file)
        let ended = try #require(await end(of: request))
        #expect(!ended.isComplete)
        let kept = try Data(contentsOf: file)
        #expect(kept.count == ended.body.count)
        #expect(kept.count > 0)
        #expect(kept == body.prefix(kept.count))
    }

    @Test func aFullDiskAtTheLastWriteFailsTheSend() async throws {
        // Smaller than one write: nothing reaches `/dev/full` until the body has ended.
        server.route("/small", responding: TestResponse(body: Data(count: 10_000)))
        var request = HTTPRequest(path: "/small")
        request.responseBody = .file(URL(fileURLWithPath: "/dev/full"))
        let ended = try #require(await end(of: request))
        guard case .fileFailed(let message) = ended.error?.reason else {
            Issue.record("expected a file failure, got \(String(describing: ended.error))")
            return
        }
        #expect(message.contains("/dev/full"))
        #expect(message.contains(String(cString: strerror(ENOSPC))))
    }
}
