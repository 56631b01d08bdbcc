import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// permessage-deflate (RFC 7692) against the `websockets` echo server agreeing to it, both with its defaults
/// (context kept across messages) and strictly (no context takeover, a 2^10-byte client window); and against
/// a raw server that agrees and then sends what a good peer never does.
@Suite struct WebSocketCompressionTests {
    /// Messages that compress well and ones that do not, text (with non-ASCII) and binary.
    static let messages: [WebSocketMessage] = [
        .text(String(repeating: "the same line again, ", count: 5_000)),
        .text("short"),
        .text(""),
        .text("häagen-dazs ✓ " + String(repeating: "ü", count: 70_000)),
        .binary(Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })),
        .binary(Data(repeating: 7, count: 300_000)),
        .text(String(repeating: "the same line again, ", count: 5_000)),
    ]

    @Test(arguments: [WebSocketEchoServer.Compression.standard, .strict])
    func messagesRoundTripCompressed(_ compression: WebSocketEchoServer.Compression) async throws {
        guard let server = try await WebSocketEchoServer.start(compression: compression) else { return }
        defer { server.stop() }
        let socket = try await WebSocket.connect(try WebSocketHostileServerTests.request(server.baseURL + "/echo"))
        let agreed = try #require(socket.response.headers["Sec-WebSocket-Extensions"])
        #expect(agreed.hasPrefix("permessage-deflate"), "\(agreed)")
        if compression == .strict { #expect(agreed.contains("client_max_window_bits=10"), "\(agreed)") }
        var received: [WebSocketMessage] = []
        for message in Self.messages {
            switch message {
            case .text(let text): try socket.send(text: text)
            case .binary(let data): try socket.send(binary: data)
            }
        }
        for try await message in socket.messages {
            received.append(message)
            if received.count == Self.messages.count { break }
        }
        #expect(received == Self.messages)
        _ = try await socket.close()
    }

    /// Four tasks sending at once: each message is compressed against the context of the one sent before it,
    /// so one out of order would be garbage to the server. Every message comes back, each sender's in order.
    @Test func concurrentSendersKeepTheCompressionContextInOrder() async throws {
        guard let server = try await WebSocketEchoServer.start(compression: .standard) else { return }
        defer { server.stop() }
        let socket = try await WebSocket.connect(try WebSocketHostileServerTests.request(server.baseURL + "/echo"))
        let senders = 4
        let each = 100
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for index in 0..<each {
                        try socket.send(
                            text: "sender \(sender) message \(index) " + String(repeating: "abc", count: index))
                    }
                }
            }
            try await group.waitForAll()
        }
        var next = [Int](repeating: 0, count: senders)
        var received = 0
        for try await message in socket.messages {
            guard case .text(let text) = message else { continue }
            let words = text.split(separator: " ")
            guard words.count >= 4, let sender = Int(words[1]), next.indices.contains(sender) else {
                Issue.record("not a message sent: \(text.prefix(40))")
                break
            }
            #expect(Int(words[3]) == next[sender], "\(text.prefix(40))")
            next[sender] += 1
            received += 1
            if received == senders * each { break }
        }
        #expect(next == [Int](repeating: each, count: senders))
        _ = try await socket.close()
    }

    @Test func noOfferNoExtension() async throws {
        guard let server = try await WebSocketEchoServer.start(compression: .standard) else { return }
        defer { server.stop() }
        var options = WebSocket.Options()
        options.offersCompression = false
        let socket = try await WebSocket.connect(
            try WebSocketHostileServerTests.request(server.baseURL + "/echo"), options: options)
        #expect(socket.response.headers["Sec-WebSocket-Extensions"] == nil)
        try socket.send(text: "plain")
        for try await message in socket.messages {
            #expect(message == .text("plain"))
            break
        }
        _ = try await socket.close()
    }

    // MARK: - Hostile peers

    /// A frame of `payload` with RSV1 set: a compressed text message.
    static func compressedFrame(_ payload: [UInt8]) -> [UInt8] {
        WebSocketFrame(isFinal: true, opcode: .text, payload: payload, isCompressed: true).encodedUnmasked
    }

    /// 20 MB of zeros deflates to about 20 KB: inflating it is stopped at the limit, with close 1009.
    @Test func aDeflateBombIsStoppedAtTheLimit() async throws {
        let bomb = try #require(WebSocketDeflater(PerMessageDeflate())).compress([UInt8](repeating: 0, count: 20 << 20))
        #expect(bomb.count < 100_000)
        let server = try RawWebSocketServer(
            .handshake(then: Self.compressedFrame(bomb), extensions: "permessage-deflate"),
            accept: WebSocket.acceptValue(forKey:))
        var options = WebSocket.Options()
        options.maxMessageSize = 1 << 20
        let socket = try await WebSocket.connect(try WebSocketHostileServerTests.request(server.url), options: options)
        let error = await #expect(throws: WebSocketError.self) { for try await _ in socket.messages {} }
        #expect(error?.reason == .messageTooLarge(limit: 1 << 20))
        #expect(try await WebSocketHostileServerTests.sentCloseCode(server) == 1009)
    }

    @Test func dataThatIsNotDeflateClosesWith1002() async throws {
        let server = try RawWebSocketServer(
            .handshake(then: Self.compressedFrame([0xFF, 0xFF, 0xFF, 0x01, 0x02]), extensions: "permessage-deflate"),
            accept: WebSocket.acceptValue(forKey:))
        let socket = try await WebSocket.connect(try WebSocketHostileServerTests.request(server.url))
        let error = await #expect(throws: WebSocketError.self) { for try await _ in socket.messages {} }
        guard case .protocolViolation = error?.reason else {
            Issue.record("expected a protocol violation, got \(String(describing: error))")
            return
        }
        #expect(try await WebSocketHostileServerTests.sentCloseCode(server) == 1002)
    }

    /// RSV1 without the extension agreed is a protocol error.
    @Test func aCompressedFrameWithoutTheExtensionClosesWith1002() async throws {
        let payload = try #require(WebSocketDeflater(PerMessageDeflate())).compress(Array("hi".utf8))
        let server = try RawWebSocketServer(
            .handshake(then: Self.compressedFrame(payload)), accept: WebSocket.acceptValue(forKey:))
        let socket = try await WebSocket.connect(try WebSocketHostileServerTests.request(server.url))
        let error = await #expect(throws: WebSocketError.self) { for try await _ in socket.messages {} }
        #expect(error?.message.contains("reserved bits") == true, "\(String(describing: error))")
    }

    /// What goes on the wire once agreed: RSV1 set, a payload far smaller than the text, which inflates back.
    @Test func sentMessagesAreCompressedOnTheWire() async throws {
        let server = try RawWebSocketServer(
            .handshake(then: [], extensions: "permessage-deflate"), accept: WebSocket.acceptValue(forKey:))
        let socket = try await WebSocket.connect(try WebSocketHostileServerTests.request(server.url))
        let text = String(repeating: "the same line again, ", count: 5_000)
        try socket.send(text: text)
        #expect(await waitUntil { server.receivedAfterHandshake.count > 4 })
        let head = server.receivedAfterHandshake
        #expect(head[0] == 0xC1, "FIN, RSV1 and text: \(String(head[0], radix: 16))")
        let length = Int(head[1] & 0x7F)
        let (payloadLength, maskStart) = length == 126 ? (Int(head[2]) << 8 | Int(head[3]), 4) : (length, 2)
        #expect(payloadLength < 2_000, "\(payloadLength) bytes for \(text.utf8.count)")
        #expect(await waitUntil { server.receivedAfterHandshake.count >= maskStart + 4 + payloadLength })
        let frame = server.receivedAfterHandshake.prefix(maskStart + 4 + payloadLength)
        let mask = Array(frame[maskStart..<maskStart + 4])
        let payload = frame.dropFirst(maskStart + 4).enumerated().map { $0.element ^ mask[$0.offset & 3] }
        let inflated = try #require(WebSocketInflater()).decompress(payload, limit: 1 << 20)
        #expect(String(decoding: inflated, as: UTF8.self) == text)
        socket.cancel()
    }

    @Test(arguments: [
        "x-webkit-deflate-frame", "permessage-deflate, permessage-deflate", "permessage-deflate; foo",
        "permessage-deflate; client_max_window_bits=16", "permessage-deflate; server_no_context_takeover=1",
        "permessage-deflate; client_no_context_takeover; client_no_context_takeover",
    ])
    func anAnswerThatIsNotToTheOfferFailsTheHandshake(_ extensions: String) async throws {
        let server = try RawWebSocketServer(
            .handshake(then: [], extensions: extensions), accept: WebSocket.acceptValue(forKey:))
        let error = await #expect(throws: WebSocketError.self) {
            _ = try await WebSocket.connect(try WebSocketHostileServerTests.request(server.url))
        }
        guard case .handshakeInvalid = error?.reason else {
            Issue.record("expected an invalid handshake, got \(String(describing: error))")
            return
        }
    }

    // MARK: - The codec

    @Test func theAgreementIsRead() throws {
        #expect(try PerMessageDeflate(response: []) == nil)
        #expect(try PerMessageDeflate(response: ["permessage-deflate"]) == PerMessageDeflate())
        #expect(
            try PerMessageDeflate(response: [
                #"permessage-deflate; server_no_context_takeover; client_no_context_takeover; client_max_window_bits="9""#
            ])
                == PerMessageDeflate(
                    serverNoContextTakeover: true, clientNoContextTakeover: true, clientMaxWindowBits: 9))
        #expect(
            try PerMessageDeflate(response: ["permessage-deflate; server_max_window_bits=12"])?.clientMaxWindowBits
                == 15)
    }

    /// With context takeover, a message repeating the last one compresses to a few bytes and still inflates.
    @Test func contextCarriesOverUnlessTheAgreementSaysNot() throws {
        let text = Array(String(repeating: "abcdefgh", count: 500).utf8)
        let keeping = try #require(WebSocketDeflater(PerMessageDeflate()))
        let inflater = try #require(WebSocketInflater())
        let first = keeping.compress(text)
        let second = keeping.compress(text)
        #expect(second.count < first.count)
        #expect(try inflater.decompress(first, limit: 1 << 20) == text)
        #expect(try inflater.decompress(second, limit: 1 << 20) == text)

        let resetting = try #require(WebSocketDeflater(PerMessageDeflate(clientNoContextTakeover: true)))
        #expect(resetting.compress(text) == resetting.compress(text))
        #expect(WebSocketDeflater(PerMessageDeflate(clientMaxWindowBits: 8)) == nil)
    }
}

extension WebSocketFrame {
    /// The frame as a server sends it: unmasked.
    fileprivate var encodedUnmasked: [UInt8] {
        var bytes = encoded(mask: [0, 0, 0, 0])
        let lengthByte = 1
        bytes[lengthByte] &= 0x7F
        let maskStart = bytes.count - payload.count - 4
        bytes.removeSubrange(maskStart..<maskStart + 4)
        return bytes
    }
}
