import Foundation

extension DispatchQueue {
    /// Where completion handlers and parse handlers run: the global concurrent queue, looked up once, since
    /// every `DispatchQueue.global()` call makes a new wrapper object (an allocation per request).
    static let handlers = DispatchQueue.global()
}
