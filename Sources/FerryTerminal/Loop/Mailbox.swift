import Foundation

/// A thread-safe queue of actions for the app loop: background work (HTTP sends, file loads, parsing)
/// posts results here, and posting wakes the loop out of its input wait. It counts what was posted and not
/// yet handled, so an observer can tell when every result has been reduced (`isIdle`).
///
/// ```swift
/// let mailbox = loop.mailbox
/// DispatchQueue.global().async {
///     let body = try? Data(contentsOf: url)
///     mailbox.post(.fileLoaded(body))
/// }
/// ```
public final class Mailbox<Action: Sendable>: Sendable {
    private let queue = LockedQueue<Action>()
    private let wake: WakeSignal

    /// Creates a mailbox that wakes the thread waiting on `wake`.
    public init(wake: WakeSignal) {
        self.wake = wake
    }

    /// Queues `action` and wakes the loop; safe from any thread.
    public func post(_ action: Action) {
        queue.append(action)
        wake.signal()
    }

    /// Takes every queued action and hands each to `handle`, oldest first; they count as handled once
    /// `handle` returned for all of them. Returns how many there were.
    @discardableResult
    public func drain(_ handle: (Action) -> Void) -> Int {
        let taken = queue.take()
        taken.forEach(handle)
        queue.markHandled(taken.count)
        return taken.count
    }

    /// Whether actions are waiting.
    public var isEmpty: Bool { queue.isEmpty }

    /// Whether every action posted so far was taken and handled.
    public var isIdle: Bool { queue.isIdle }
}

/// An array behind a lock, with a count of the elements appended and not yet handled.
final class LockedQueue<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []
    private var unhandled = 0

    func append(_ element: Element) {
        lock.withLock {
            elements.append(element)
            unhandled += 1
        }
    }

    func take() -> [Element] {
        lock.withLock {
            let taken = elements
            elements.removeAll()
            return taken
        }
    }

    func markHandled(_ count: Int) {
        lock.withLock { unhandled -= count }
    }

    var isEmpty: Bool { lock.withLock { elements.isEmpty } }

    var isIdle: Bool { lock.withLock { unhandled == 0 } }
}
