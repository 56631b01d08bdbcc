import FerryGRPC
import FerryHTTP
import Testing

@Suite struct GRPCFramingTests {
    @Test func framesRoundTripAndArriveInPieces() throws {
        let messages: [[UInt8]] = [[], [1, 2, 3], Array(repeating: 7, count: 300)]
        let body = messages.flatMap(GRPCFrame.framed)
        #expect(Array(body.prefix(5)) == [0, 0, 0, 0, 0])
        #expect(try GRPCFrame.messages(in: body) == messages)
        var decoder = GRPCFrameDecoder()
        var received: [[UInt8]] = []
        for byte in body { received += try decoder.append([byte]) }
        #expect(received == messages && decoder.isEmpty)
    }

    @Test func badFramesAreErrors() {
        #expect(throws: GRPCFrameError.truncated(9)) { try GRPCFrame.messages(in: [0, 0, 0, 0, 9, 1, 2, 3, 4]) }
        #expect(throws: GRPCFrameError.compressed) { try GRPCFrame.messages(in: [1, 0, 0, 0, 0]) }
        #expect(throws: GRPCFrameError.tooLarge(0xFF00_0000, limit: 16)) {
            try GRPCFrame.messages(in: [0, 0xFF, 0, 0, 0], limit: 16)
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
