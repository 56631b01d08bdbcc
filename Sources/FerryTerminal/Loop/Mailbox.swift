import Foundation

/// A thread-safe queue of actions for the app loop: background work (HTTP sends, file loads, parsing)
/// posts results here, and posting wakes the loop out of its input wait.
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

    /// Takes every queued action, oldest first.
    public func drain() -> [Action] {
        queue.removeAll()
    }

    /// Whether actions are waiting.
    public var isEmpty: Bool { queue.isEmpty }
}

/// An array behind a lock.
final class LockedQueue<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    func append(_ element: Element) {
        lock.withLock { elements.append(element) }
    }

    func removeAll() -> [Element] {
        lock.withLock {
            let taken = elements
            elements.removeAll()
            return taken
        }
    }

    var isEmpty: Bool { lock.withLock { elements.isEmpty } }
}
