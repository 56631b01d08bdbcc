import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Request priority as the HTTP/2 stream weight libcurl sends, read from nghttpd's frame log.
@Suite struct RequestPriorityTests {
    @Test func weightsMapTheWholeRangeWithHTTP2sDefaultAtNormal() {
        #expect(HTTPRequestPriority(0).http2Weight == 1)
        #expect(HTTPRequestPriority.normal.http2Weight == 16)
        #expect(HTTPRequestPriority(1).http2Weight == 256)
        #expect(HTTPRequestPriority.low.http2Weight == 9)
        #expect(HTTPRequestPriority.high.http2Weight == 136)
        #expect(HTTPRequestPriority(7).value == 1)
        #expect(HTTPRequestPriority(-1).value == 0)
        #expect(HTTPRequestPriority(.nan) == .normal)
    }

    @Test func priorityGoesOutAsTheStreamWeightOfTheHeadersFrame() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-priority")
        try folder.write("a.txt", "a")
        let log = folder.url.appendingPathComponent("frames.log")
        guard let server = try await NghttpdServer.start(serving: folder.url, frameLog: log) else { return }
        defer { server.stop() }
        var request = HTTPRequest(url: URL(string: server.baseURL + "/a.txt")!)
        request.httpVersion = .http2PriorKnowledge
        // A client (so a connection) per request: libcurl 7.88 cannot send a second request on an h2c
        // prior-knowledge connection to nghttpd, weight or not (curl's own command-line tool fails the same way).
        request.priority = .high
        #expect(try await HTTPClient().send(request).status == 200)
        request.priority = .normal
        #expect(try await HTTPClient().send(request).status == 200)
        // nghttpd writes a frame's lines as it handles it; both requests were answered, so both were read.
        let frames = try headersFrames(in: log)
        #expect(frames.count == 2)
        #expect(frames.first?.contains("weight=136") == true)
        #expect(frames.last?.contains("PRIORITY") == false)
    }

    /// The text of each received HEADERS frame nghttpd logged (its header line and the lines under it).
    private func headersFrames(in log: URL) throws -> [String] {
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        var frames: [String] = []
        for (index, line) in lines.enumerated() where line.contains("recv HEADERS frame") {
            frames.append(lines[index..<min(lines.count, index + 3)].joined(separator: "\n"))
        }
        return frames
    }
}
