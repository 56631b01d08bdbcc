import FerryHTTP
import FerryWorkbench
import Foundation

/// The workbench's open WebSocket conversations, by send: the task running each one, its socket once
/// connected, and the variables typed messages are resolved with.
final class WebSocketSessions: @unchecked Sendable {
    private struct Session {
        var task: Task<Void, Never>?
        var socket: WebSocket?
        var context: VariableContext?
    }

    private let lock = NSLock()
    private var sessions: [SendID: Session] = [:]

    /// Remembers the task running conversation `id`.
    func start(_ id: SendID, task: Task<Void, Never>) {
        lock.withLock { sessions[id, default: Session()].task = task }
    }

    /// Remembers the socket of conversation `id` once connected, and the variables it was prepared with;
    /// returns whether the conversation was canceled meanwhile (the socket is then canceled too).
    func attach(_ id: SendID, socket: WebSocket, context: VariableContext) -> Bool {
        let isCanceled = lock.withLock { () -> Bool in
            sessions[id, default: Session()].socket = socket
            sessions[id]?.context = context
            return sessions[id]?.task?.isCancelled ?? true
        }
        if isCanceled { socket.cancel() }
        return isCanceled
    }

    /// The socket of conversation `id` and its variables, while it is connected.
    func socket(_ id: SendID) -> (WebSocket, VariableContext)? {
        lock.withLock {
            guard let session = sessions[id], let socket = session.socket, let context = session.context else {
                return nil
            }
            return (socket, context)
        }
    }

    /// Whether `id` is a conversation of these sessions.
    func contains(_ id: SendID) -> Bool { lock.withLock { sessions[id] != nil } }

    /// Ends conversation `id` at once (Esc): the socket dropped, the task canceled.
    func cancel(_ id: SendID) {
        let session = lock.withLock { sessions[id] }
        session?.socket?.cancel()
        session?.task?.cancel()
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
