import FerrySystem
import Foundation

/// One piece of a request body: bytes in memory or a whole file.
enum BodySegment: Sendable, Hashable {
    case bytes(Data)
    case file(URL)
}

extension HTTPBody {
    /// The body as pieces to stream in order.
    var segments: [BodySegment] {
        switch self {
        case .none: []
        case .data(let data, _), .json(let data): [.bytes(data)]
        case .form(let parameters): [.bytes(Data(parameters.encoded.utf8))]
        case .multipart(let form): form.segments
        case .file(let url, _): [.file(url)]
        }
    }
}

/// Reads a request body piece by piece into the transport's buffers, opening files only when reached.
///
/// Not thread-safe: one transfer's reader is used only on that transfer's thread.
package final class RequestBodyReader {
    /// The total length in bytes, known up front (files are measured when the reader is made).
    package let length: Int
    private var segments: ArraySlice<BodySegment>
    private var offsetInSegment = 0
    /// The open file of the current segment, read with read(2) straight into the transport's buffer.
    private var file: FileDescriptor?

    /// A reader over `body`; throws for a file that can't be read.
    package init(_ body: HTTPBody) throws(BodyReadFailure) {
        let segments = body.segments
        var length = 0
        for segment in segments {
            switch segment {
            case .bytes(let data): length += data.count
            case .file(let url):
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                    let size = attributes[.size] as? NSNumber
                else { throw BodyReadFailure("cannot read \(url.path)") }
                length += size.intValue
            }
        }
        self.length = length
        self.segments = segments[...]
    }

    deinit { closeFile() }

    private func closeFile() {
        file?.closeIgnoringErrors()
        file = nil
    }

    /// Copies up to `capacity` bytes into `buffer`; returns the count, `0` at the end.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(BodyReadFailure) -> Int {
        while let segment = segments.first {
            switch segment {
            case .bytes(let data):
                let count = min(capacity, data.count - offsetInSegment)
                if count > 0 {
                    data.withUnsafeBytes { source in
                        guard let base = source.baseAddress else { return }
                        buffer.copyMemory(from: base + offsetInSegment, byteCount: count)
                    }
                    offsetInSegment += count
                    return count
                }
            case .file(let url):
                let descriptor: FileDescriptor
                if let file {
                    descriptor = file
                } else {
                    guard let opened = try? FileDescriptor.open(url.path, O_RDONLY) else {
                        throw BodyReadFailure("cannot open \(url.path)")
                    }
                    descriptor = opened
                    file = descriptor
                }
                let count: Int
                do throws(SystemError) {
                    count = try descriptor.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
                } catch {
                    throw BodyReadFailure("cannot read \(url.path): \(error.reason)")
                }
                if count > 0 { return count }
                closeFile()
            }
            segments.removeFirst()
            offsetInSegment = 0
        }
        return 0
    }

    /// The whole body in memory (for transports that can't stream).
    package func readAll() throws(BodyReadFailure) -> Data {
        var data = Data()
        data.reserveCapacity(length)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer -> Result<Int, BodyReadFailure> in
                guard let base = buffer.baseAddress else { return .success(0) }
                return Result { () throws(BodyReadFailure) -> Int in try read(into: base, capacity: buffer.count) }
            }.get()
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
        }
    }
}

/// A request body file that could not be read; transports report it as
/// ``HTTPClientError/Reason/fileFailed(_:)``.
package struct BodyReadFailure: Error {
    package var message: String
    package init(_ message: String) { self.message = message }
}
