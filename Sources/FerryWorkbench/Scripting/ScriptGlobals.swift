import Foundation

/// The variables scripts set with `client.global.set`, shared by every script of a workbench session or
/// of one `ferry run`; thread-safe.
public final class ScriptGlobals: Sendable {
    private let storage = LockedValues()

    /// An empty store.
    public init() {}

    /// The value of `name`, or nil.
    public subscript(name: String) -> String? {
        storage.withLock { $0[name] }
    }

    /// Sets `name` to `value`; nil removes it.
    public func set(_ name: String, _ value: String?) {
        storage.withLock { $0[name] = value }
    }

    /// Whether no variable is set.
    public var isEmpty: Bool { storage.withLock { $0.isEmpty } }

    /// Removes every variable.
    public func removeAll() { storage.withLock { $0.removeAll() } }

    /// The names that are set, sorted.
    public var names: [String] { storage.withLock { $0.keys.sorted() } }

    /// A copy of every variable.
    public func snapshot() -> [String: String] { storage.withLock { $0 } }

    /// Sets every variable of `values`, replacing values of the same name.
    public func merge(_ values: [String: String]) {
        storage.withLock { $0.merge(values) { _, new in new } }
    }
}

/// A dictionary behind a lock.
private final class LockedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: String] = [:]

    func withLock<Result>(_ body: (inout [String: String]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}
