import CZlib

/// gzip for gRPC messages (`grpc-encoding: gzip`, the compressed flag set in a message's prefix), over zlib.
public enum GRPCGzip {
    /// `bytes` gzip-compressed.
    public static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard ferry_deflate_init_gzip(&stream) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(256, min(bytes.count + 64, 64 * 1024)))
        var status = Z_OK
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = deflate(&stream, Z_FINISH)
                    return out.count - Int(stream.avail_out)
                }
                output += chunk[0..<produced]
            } while status == Z_OK || status == Z_BUF_ERROR && stream.avail_out == 0
        }
        return output
    }

    /// The bytes `compressed` holds; throws when it is not gzip data, or when it inflates past `limit` bytes
    /// (checked as it grows, so a small bomb cannot fill memory).
    public static func decompress(_ compressed: [UInt8], limit: Int) throws(GRPCFrameError) -> [UInt8] {
        var stream = z_stream()
        guard ferry_inflate_init_gzip(&stream) == Z_OK else { throw .notGzip }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var failure: GRPCFrameError?
        compressed.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                var status = Z_OK
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                guard output.count + produced <= limit else {
                    failure = .tooLarge(output.count + produced, limit: limit)
                    return
                }
                output += chunk[0..<produced]
                if status == Z_STREAM_END { return }
                guard status == Z_OK || status == Z_BUF_ERROR && produced > 0 else {
                    failure = .notGzip
                    return
                }
            }
        }
        if let failure { throw failure }
        guard stream.avail_in == 0 else { throw .notGzip }
        return output
    }
}
