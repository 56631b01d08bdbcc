import FerryHTTP
import FerryWorkbench
import Foundation

/// The workbench's open WebSocket conversations, by send: the task following each one and, once prepared,
/// the conversation itself (which typed messages and the close go to).
final class WebSocketSessions: @unchecked Sendable {
    private struct Session {
        var task: Task<Void, Never>?
        var conversation: WebSocketConversation?
        var isCanceled = false
    }

    private let lock = NSLock()
    private var sessions: [SendID: Session] = [:]

    /// Remembers the task following conversation `id`.
    func start(_ id: SendID, task: Task<Void, Never>) {
        lock.withLock { sessions[id, default: Session()].task = task }
    }

    /// Remembers conversation `id` once opened; cancels it at once when it was canceled meanwhile (it then
    /// ends as canceled).
    func attach(_ id: SendID, conversation: WebSocketConversation) {
        let isCanceled = lock.withLock { () -> Bool in
            sessions[id, default: Session()].conversation = conversation
            return sessions[id]?.isCanceled ?? true
        }
        if isCanceled { conversation.cancel() }
    }

    /// Conversation `id`, while it is open.
    func conversation(_ id: SendID) -> WebSocketConversation? {
        lock.withLock { sessions[id]?.conversation }
    }

    /// Whether `id` is a conversation of these sessions.
    func contains(_ id: SendID) -> Bool { lock.withLock { sessions[id] != nil } }

    /// Ends conversation `id` at once (Esc), keeping what arrived: it ends as canceled.
    func cancel(_ id: SendID) {
        let conversation = lock.withLock { () -> WebSocketConversation? in
            sessions[id]?.isCanceled = true
            return sessions[id]?.conversation
        }
        conversation?.cancel()
    }

    /// Cancels every conversation (at quit).
    func cancelAll() {
        lock.withLock { Array(sessions.keys) }.forEach(cancel)
    }

    /// Forgets conversation `id` once it ended.
    func remove(_ id: SendID) {
        _ = lock.withLock { sessions.removeValue(forKey: id) }
    }
}
