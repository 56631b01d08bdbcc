/// How many items a producer handed to a reader that the reader has not taken yet, bounded: a producer asks
/// ``isFull`` (a thread) or awaits ``waitForRoom()`` (a task) before handing over more, so a reader slower
/// than the network holds the network back instead of letting the items pile up in memory.
///
/// The reader's side calls ``consumed()`` for each item it takes; room opens again once half the limit is
/// free (so a producer is not woken for every item), and ``close()`` (the reader went away) opens it for good.
package final class Backlog: Sendable {
    /// The most items waiting at once.
    package let limit: Int
    private let state: Locked<State>
    /// Called (on the reader's thread) when room opens for a producer that does not await it, such as an
    /// I/O thread waiting in `poll(2)`.
    private let onRoom: @Sendable () -> Void

    private struct State {
        var pending = 0
        var highWater = 0
        var isClosed = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// A backlog of at most `limit` items; `onRoom` is called whenever room opens.
    package init(limit: Int, onRoom: @escaping @Sendable () -> Void = {}) {
        self.limit = max(1, limit)
        state = Locked(State())
        self.onRoom = onRoom
    }

    /// Whether a producer must wait before handing over another item.
    package var isFull: Bool { state.withLock { !$0.isClosed && $0.pending >= limit } }

    /// The most items that were waiting at once so far.
    package var highWater: Int { state.withLock { $0.highWater } }

    /// Counts an item handed to the reader.
    package func produced() {
        state.withLock { state in
            state.pending += 1
            state.highWater = max(state.highWater, state.pending)
        }
    }

    /// Counts an item the reader took; opens room once half the limit is free.
    package func consumed() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
            state.pending = max(0, state.pending - 1)
            guard state.pending == limit / 2 else { return nil }
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else { return }
        for waiter in waiters { waiter.resume() }
        onRoom()
    }

    /// Returns once there is room (at once when there is, or the backlog is closed).
    package func waitForRoom() async {
        await withCheckedContinuation { continuation in
            let hasRoom = state.withLock { state -> Bool in
                guard !state.isClosed, state.pending >= limit else { return true }
                state.waiters.append(continuation)
                return false
            }
            if hasRoom { continuation.resume() }
        }
    }

    /// The reader went away: no producer waits any more.
    package func close() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isClosed = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        onRoom()
    }
}
