import FerryGRPC
import FerryHTTP
import Testing

@Suite struct GRPCFramingTests {
    @Test func framesRoundTripAndArriveInPieces() throws {
        let messages: [[UInt8]] = [[], [1, 2, 3], Array(repeating: 7, count: 300)]
        let body = messages.flatMap { GRPCFrame.framed($0) }
        #expect(Array(body.prefix(5)) == [0, 0, 0, 0, 0])
        #expect(try GRPCFrame.messages(in: body) == messages)
        var decoder = GRPCFrameDecoder()
        var received: [[UInt8]] = []
        for byte in body { received += try decoder.append([byte]) }
        #expect(received == messages && decoder.isEmpty)
    }

    @Test func badFramesAreErrors() {
        #expect(throws: GRPCFrameError.truncated(9)) { try GRPCFrame.messages(in: [0, 0, 0, 0, 9, 1, 2, 3, 4]) }
        #expect(throws: GRPCFrameError.notGzip) { try GRPCFrame.messages(in: [1, 0, 0, 0, 2, 1, 2]) }
        let gzip = GRPCGzip.compress([1, 2, 3])
        #expect(throws: GRPCFrameError.notGzip) {
            // A gzip stream cut short, and one followed by stray bytes.
            try GRPCGzip.decompress(Array(gzip.dropLast(3)), limit: 16)
        }
        #expect(throws: GRPCFrameError.notGzip) { try GRPCGzip.decompress(gzip + [0], limit: 16) }
        #expect(throws: GRPCFrameError.tooLarge(0xFF00_0000, limit: 16)) {
            try GRPCFrame.messages(in: [0, 0xFF, 0, 0, 0], limit: 16)
        }
    }

    @Test func gzipMessagesRoundTripAndABombStopsAtTheLimit() throws {
        let message = Array("hello hello hello hello".utf8)
        let framed = GRPCFrame.framed(message, compressed: true)
        #expect(framed.first == 1 && Array(framed[5...].prefix(2)) == [0x1F, 0x8B])
        #expect(try GRPCFrame.messages(in: framed + GRPCFrame.framed([9])) == [message, [9]])
        // 64 MiB of zeros gzip to about 64 KiB; inflating stops at the 4 MiB message limit.
        let bomb = GRPCFrame.framed([UInt8](repeating: 0, count: 64 << 20), compressed: true)
        #expect(bomb.count < 100_000)
        #expect {
            try GRPCFrame.messages(in: bomb)
        } throws: { error in
            guard case .tooLarge(_, let limit) = error as? GRPCFrameError else { return false }
            return limit == GRPCFrame.defaultMessageLimit
        }
    }

    @Test func metadataAsksForGzipAndOtherEncodingsAreRefused() throws {
        let target = try #require(GRPCTarget(parsing: "localhost:1/a.B/C"))
        var metadata = HTTPHeaders()
        metadata.add("grpc-encoding", "gzip")
        let request = try GRPCCall(target: target, metadata: metadata, messages: [[1, 2]]).httpRequest()
        #expect(request.headers["grpc-accept-encoding"] == "gzip")
        guard case .data(let body, _) = request.body else { throw GRPCCallError.notGRPC("no body") }
        #expect(try body.first == 1 && GRPCFrame.messages(in: [UInt8](body)) == [[1, 2]])
        metadata = HTTPHeaders()
        metadata.add("grpc-encoding", "snappy")
        #expect(throws: GRPCCallError.unsupportedEncoding("snappy")) {
            try GRPCCall(target: target, metadata: metadata, messages: [[1]]).httpRequest()
        }
    }

    @Test func timeoutsUseTheFinestUnitThatFits() {
        #expect(GRPCTimeout.headerValue(.milliseconds(250)) == "250000u")
        #expect(GRPCTimeout.headerValue(.nanoseconds(1500)) == "1500n")
        #expect(GRPCTimeout.headerValue(.seconds(5)) == "5000000u")
        #expect(GRPCTimeout.headerValue(.seconds(3600)) == "3600000m")
        #expect(GRPCTimeout.headerValue(.seconds(400_000)) == "400000S")
    }

    @Test func targetsParseAsJetBrainsWritesThem() {
        let plain = GRPCTarget(parsing: "localhost:50051/MemberService/GetMemberById")
        #expect(
            plain
                == GRPCTarget(
                    usesTLS: false, authority: "localhost:50051", service: "MemberService", method: "GetMemberById"))
        #expect(plain?.url?.absoluteString == "http://localhost:50051/MemberService/GetMemberById")
        let secure = GRPCTarget(parsing: "grpcs://api.example.com/shop.v1.Orders/Get")
        #expect(
            secure?.usesTLS == true && secure?.authority == "api.example.com:443" && secure?.service == "shop.v1.Orders"
        )
        #expect(GRPCTarget(parsing: "grpc://h:1/a.B/C")?.description == "grpc://h:1/a.B/C")
        #expect(GRPCTarget(parsing: "localhost:50051/OnlyService") == nil)
    }

    @Test func statusComesFromTrailersOrTheHTTPStatus() {
        var headers = HTTPHeaders()
        headers.add("grpc-status", "5")
        headers.add("grpc-message", "no member %C3%A9 8%")
        #expect(GRPCStatus(headers: headers)?.description == "NOT_FOUND: no member é 8%")
        #expect(GRPCStatus(headers: [:]) == nil)
        #expect(GRPCStatus.forHTTPStatus(404).code == .unimplemented)
    }
}
