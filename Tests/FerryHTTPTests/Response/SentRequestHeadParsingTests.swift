import Foundation
import Testing

@testable import FerryHTTP

/// Parsing request heads from the bytes libcurl reports, and gathering heads that arrive in pieces.
@Suite struct SentRequestHeadParsingTests {
    @Test func parsesTheRequestLineAndFieldsInOrder() throws {
        let bytes = Array("POST /a?b=1 HTTP/1.1\r\nHost: x\r\nX-A:  padded \t\r\nX-A: again\r\nEmpty:\r\n\r\n".utf8)
        let head = try #require(SentRequestHead(parsing: bytes))
        #expect(head.requestLine == "POST /a?b=1 HTTP/1.1")
        #expect(head.headers.map { "\($0.name)=\($0.value)" } == ["Host=x", "X-A=padded", "X-A=again", "Empty="])
    }

    @Test func acceptsBareLineFeedsAndAMissingEnd() throws {
        let head = try #require(SentRequestHead(parsing: Array("GET / HTTP/2\nHost: h\nAccept: */*".utf8)))
        #expect(head.version == "HTTP/2")
        #expect(head.headers.map(\.name) == ["Host", "Accept"])
    }

    @Test func refusesSomethingThatIsNotARequestLine() {
        #expect(SentRequestHead(parsing: Array("HTTP/1.1 200 OK\r\n\r\n".utf8)) == nil)
        #expect(SentRequestHead(parsing: Array("garbage\r\n\r\n".utf8)) == nil)
        #expect(SentRequestHead(parsing: [UInt8]()) == nil)
    }

    @Test func textRoundTrips() throws {
        let head = SentRequestHead(method: "GET", target: "/", version: "HTTP/1.1", headers: ["Host": "h", "A": "b"])
        #expect(head.text == "GET / HTTP/1.1\r\nHost: h\r\nA: b\r\n\r\n")
        #expect(SentRequestHead(parsing: Array(head.text.utf8)) == head)
    }

    @Test func recorderGathersHeadsSplitAcrossCallsAndSeveralInOneCall() {
        var recorder = SentHeadRecorder()
        let text = "GET /1 HTTP/1.1\r\nHost: h\r\n\r\nGET /2 HTTP/1.1\r\nHost: h\r\n\r\nGET /3 HTTP/1.1\r\nHo"
        let bytes = Array(text.utf8)
        // Fed in 5-byte pieces, so the CRLF CRLF ends straddle calls.
        var start = 0
        while start < bytes.count {
            let piece = Array(bytes[start..<min(start + 5, bytes.count)])
            piece.withUnsafeBytes { recorder.append($0) }
            start += 5
        }
        #expect(recorder.heads.map(\.target) == ["/1", "/2", "/3"])
        #expect(recorder.heads.last?.headers.isEmpty == true)
        Array("st: h\r\n\r\n".utf8).withUnsafeBytes { recorder.append($0) }
        #expect(recorder.heads.map(\.target) == ["/1", "/2", "/3"])
        #expect(recorder.heads.last?.headers["Host"] == "h")
    }
}
