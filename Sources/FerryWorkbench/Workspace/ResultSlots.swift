import Foundation

/// Fixed slots that concurrent workers fill by index, read once they are all done.
final class ResultSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores the value for slot `index`.
    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Every slot, in order.
    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
