import FerryHTTP
import Foundation

/// Holds a transfer's result across threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<HTTPResponse, HTTPClientError>?

    func set(_ value: Result<HTTPResponse, HTTPClientError>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() -> Result<HTTPResponse, HTTPClientError>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
