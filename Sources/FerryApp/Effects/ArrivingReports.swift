import FerryHTTP
import Foundation

/// What one send shows while its response arrives: the head at once, then the start of the body
/// (``ArrivingPreview``) and an event stream's events (``ArrivingEvents``), each at most every 100 ms, and
/// at the latest 100 ms after the chunk that brought them, so a stream that goes quiet (an event, then
/// nothing for minutes) still shows what it sent instead of waiting for the next chunk.
///
/// Reports are posted under its lock, so a late one never lands after the end or after a retry's reset.
final class ArrivingReports: @unchecked Sendable {
    private let lock = NSLock()
    private let post: @Sendable (TransferAction) -> Void
    private var preview = ArrivingPreview()
    private var events: ArrivingEvents?
    private var isFlushScheduled = false
    private var isFinished = false

    /// Reports that `post` hands on (from the transfer's thread or a timer's).
    init(post: @escaping @Sendable (TransferAction) -> Void) {
        self.post = post
    }

    /// A new attempt starts: what the last one sent is forgotten.
    func reset() {
        lock.withLock {
            preview = ArrivingPreview()
            events = nil
        }
    }

    /// The head arrived: posted at once, and the body is followed from here (as events, for an event stream).
    func headArrived(_ head: HTTPResponse) {
        lock.withLock {
            preview.head = head
            events = head.isEventStream ? ArrivingEvents() : nil
            post(.headArrived(head, preview: []))
        }
    }

    /// Takes a body chunk: posts what is due, and makes sure what is not due yet is posted soon.
    func take(_ chunk: Data, at time: Date) {
        lock.withLock {
            var isPending = false
            if let (head, bytes) = preview.take(chunk) {
                post(.headArrived(head, preview: bytes))
            } else {
                isPending = true
            }
            if events != nil {
                if let soFar = events?.take(chunk, at: time) { post(.eventsArrived(soFar)) } else { isPending = true }
            }
            if isPending { scheduleFlush() }
        }
    }

    /// Makes sure what is held back is posted soon (once a quiet moment passed); under `lock`.
    private func scheduleFlush() {
        guard !isFlushScheduled else { return }
        isFlushScheduled = true
        let delay = max(ArrivingPreview.interval, ArrivingEvents.interval)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay.seconds) { [weak self] in self?.flush() }
    }

    /// A gRPC stream's response message arrived (as JSON text): kept as an event (type `message`), posted as
    /// an event stream's are.
    func messageArrived(_ message: String, at time: Date) {
        lock.withLock {
            if events == nil { events = ArrivingEvents() }
            if let soFar = events?.take([ServerSentEvent(data: message)], at: time) {
                post(.eventsArrived(soFar))
            } else {
                scheduleFlush()
            }
        }
    }

    /// The event stream was opened again (connection `connection`, resuming after `lastEventID`): posted at
    /// once with the events so far.
    func reconnected(connection: Int, lastEventID: String, at time: Date) {
        lock.withLock {
            if let soFar = events?.reconnected(connection: connection, lastEventID: lastEventID, at: time) {
                post(.eventsArrived(soFar))
            }
        }
    }

    /// The transfer ended: what was not posted yet is, and nothing after.
    func finish() {
        lock.withLock {
            postRest()
            isFinished = true
        }
    }

    private func flush() {
        lock.withLock {
            isFlushScheduled = false
            if !isFinished { postRest() }
        }
    }

    /// Posts the preview and events not posted yet (each reports nothing when it has nothing new); under `lock`.
    private func postRest() {
        if let (head, bytes) = preview.rest() { post(.headArrived(head, preview: bytes)) }
        if let soFar = events?.rest() { post(.eventsArrived(soFar)) }
    }
}
