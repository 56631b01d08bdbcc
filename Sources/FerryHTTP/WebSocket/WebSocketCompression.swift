import CZlib

/// The client's compressor for permessage-deflate (RFC 7692 §7.2.1): each message is deflated with a sync
/// flush and sent without the flush's trailing `00 00 FF FF`; the window carries over to the next message
/// unless the agreement says otherwise. Used only under its connection's lock.
final class WebSocketDeflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let resetsEachMessage: Bool

    /// A compressor for `agreement`; `nil` when zlib cannot start one, or when the window the server allows
    /// (8 bits) is one zlib's raw deflate cannot keep to: messages then go uncompressed, as RFC 7692 allows.
    init?(_ agreement: PerMessageDeflate) {
        guard agreement.clientMaxWindowBits >= 9 else { return nil }
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard ferry_deflate_init_raw(stream, Int32(agreement.clientMaxWindowBits)) == Z_OK else {
            stream.deallocate()
            return nil
        }
        resetsEachMessage = agreement.clientNoContextTakeover
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// `bytes` compressed as one message's payload.
    func compress(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(256, min(bytes.count + 64, 64 * 1024)))
        bytes.withUnsafeBufferPointer { input in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    _ = deflate(stream, Z_SYNC_FLUSH)
                    return out.count - Int(stream.pointee.avail_out)
                }
                output += chunk[0..<produced]
            } while stream.pointee.avail_out == 0
        }
        stream.pointee.next_in = nil
        if output.suffix(4) == [0, 0, 0xFF, 0xFF] { output.removeLast(4) }
        if resetsEachMessage { deflateReset(stream) }
        // An empty message compresses to one empty block (§7.2.3.6).
        return output.isEmpty ? [0] : output
    }
}

/// The client's decompressor for permessage-deflate (RFC 7692 §7.2.2): a message's payload gets the
/// `00 00 FF FF` back and is inflated with the window kept from the messages before. Bounded: a payload that
/// inflates past the message limit is refused as it grows, so a small "deflate bomb" cannot fill memory.
final class WebSocketInflater {
    private let stream: UnsafeMutablePointer<z_stream>

    /// A decompressor; `nil` when zlib cannot start one.
    init?() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard ferry_inflate_init_raw(stream) == Z_OK else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// The message `payload` compresses; throws ``WebSocketError/Reason/messageTooLarge(limit:)`` past
    /// `limit` bytes, or a protocol violation when it is not deflate data.
    func decompress(_ payload: [UInt8], limit: Int) throws(WebSocketError.Reason) -> [UInt8] {
        let input = payload + [0, 0, 0xFF, 0xFF]
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var failure: WebSocketError.Reason?
        input.withUnsafeBufferPointer { input in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            while failure == nil {
                var status: Int32 = Z_OK
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    status = inflate(stream, Z_SYNC_FLUSH)
                    return out.count - Int(stream.pointee.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    failure = .protocolViolation("a compressed message is not valid deflate data")
                    break
                }
                guard output.count + produced <= limit else {
                    failure = .messageTooLarge(limit: limit)
                    break
                }
                output += chunk[0..<produced]
                // A final block ends the stream: the next message starts a new one.
                if status == Z_STREAM_END { inflateReset(stream) }
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { break }
                if status == Z_BUF_ERROR && produced == 0 { break }
            }
        }
        stream.pointee.next_in = nil
        if let failure { throw failure }
        return output
    }
}
