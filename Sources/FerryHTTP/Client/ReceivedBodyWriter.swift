import Foundation

/// Keeps a streamed body where the request's ``ResponseBodyDestination`` says.
///
/// Opened before the first attempt, so a destination that cannot be made (a file in a folder that does not
/// exist) fails the send at once, in words, before anything is sent, whatever the body's length.
struct ReceivedBodyWriter {
    private enum Storage {
        case memory([UInt8], limit: Int)
        /// Spilling: the collector is made once the head says what the body is.
        case spilling(BodyCollector?, memoryLimit: Int, folder: URL?)
        /// Writing to a file; `nil` while the sink is being written to and once it is closed.
        case file(BodyFileSink?, count: Int)
    }

    /// Why the body cannot be kept.
    struct Refusal: Error {
        var reason: HTTPClientError.Reason
    }

    private var storage: Storage

    /// A writer for `destination`; a file is created (or emptied) now, and throws when it cannot be.
    init(_ destination: ResponseBodyDestination) throws(Refusal) {
        switch destination {
        case .memory(let limit): storage = .memory([], limit: limit)
        case .spilling(let memoryLimit, let folder): storage = .spilling(nil, memoryLimit: memoryLimit, folder: folder)
        case .file(let url):
            do throws(BodyFileSink.Failure) {
                storage = .file(try BodyFileSink(path: url.path), count: 0)
            } catch {
                throw Refusal(reason: .fileFailed(error.message))
            }
        }
    }

    /// Takes the head of the body to come (a spilled body's kind depends on it).
    mutating func begin(_ head: HTTPResponse) {
        guard case .spilling(nil, let memoryLimit, let folder) = storage else { return }
        storage = .spilling(
            BodyCollector(head: head, memoryLimit: memoryLimit, folder: folder), memoryLimit: memoryLimit,
            folder: folder)
    }

    /// Keeps `chunk`; throws the reason the body cannot be kept.
    mutating func append(_ chunk: Data) throws(Refusal) {
        switch storage {
        case .memory(var bytes, let limit):
            guard bytes.count + chunk.count <= limit else { throw Refusal(reason: .bodyTooLarge(limit: limit)) }
            storage = .memory([], limit: limit)
            bytes.append(contentsOf: chunk)
            storage = .memory(bytes, limit: limit)
        case .spilling(let collector, _, _):
            do {
                try collector?.append(chunk)
            } catch {
                throw Refusal(reason: .fileFailed("\(error)"))
            }
        case .file(var sink, let count):
            // Taken out while it writes, so its buffer is not copied.
            storage = .file(nil, count: count)
            do throws(BodyFileSink.Failure) {
                try sink?.append(chunk)
            } catch {
                storage = .file(sink, count: count)
                throw Refusal(reason: .fileFailed(error.message))
            }
            storage = .file(sink, count: count + chunk.count)
        }
    }

    /// Writes what a file still holds and closes it, once the whole body arrived: the reason the last bytes could
    /// not be written, if they could not. Does nothing for a body kept elsewhere.
    mutating func close() -> Refusal? {
        guard case .file(var sink, let count) = storage else { return nil }
        storage = .file(nil, count: count)
        do throws(BodyFileSink.Failure) {
            try sink?.close()
            return nil
        } catch {
            return Refusal(reason: .fileFailed(error.message))
        }
    }

    /// The body as kept; a file is closed (the last bytes are lost when they cannot be written: ``close()``
    /// first says so).
    mutating func finish(isComplete: Bool) -> ReceivedBody {
        switch storage {
        case .memory(let bytes, let limit):
            storage = .memory([], limit: limit)
            return ReceivedBody(storage: .memory(bytes), count: bytes.count, isComplete: isComplete, isBinary: false)
        case .spilling(let collector, _, _):
            return collector?.finish(isComplete: isComplete) ?? .none
        case .file(_, let count):
            _ = close()
            return ReceivedBody(storage: .memory([]), count: count, isComplete: isComplete, isBinary: false)
        }
    }
}
