import Foundation

// MARK: - One send moving on: prepared, bytes moving, retries, its end

extension AppReducer {
    /// Applies what send `id` did next; a report for a send that was replaced finds no exchange and changes
    /// nothing.
    static func reduce(_ action: TransferAction, of id: SendID, _ state: inout AppState) -> [Effect] {
        switch action {
        case .prepared(let send): return sendPrepared(id, send, &state)
        case .preparationFailed(let problem): return sendFailed(id, problem, &state)
        case .progressed(let progress, let elapsed):
            updateExchange(id, &state) { exchange in
                guard exchange.isInFlight else { return }
                exchange.progress = progress
                exchange.elapsed = elapsed
            }
            return []
        case .headArrived(let head, let preview):
            updateExchange(id, &state) { exchange in
                // Until the transfer ends (a cancel included): then the body itself is prepared.
                guard exchange.isInFlight || exchange.bodySize == 0, case .empty = exchange.body else { return }
                exchange.head = head
                exchange.preview = preview
            }
            return []
        case .eventsArrived(let events):
            updateExchange(id, &state) { exchange in
                guard exchange.isInFlight else { return }
                exchange.events = events
            }
            return []
        case .retryWaiting(let wait):
            // Ignored once the exchange is not in flight, so the pane and status bar say so only while waiting.
            updateExchange(id, &state) { exchange in
                guard exchange.isInFlight else { return }
                exchange.retryWait = wait
            }
            return []
        case .retryStarted(let attempt):
            updateExchange(id, &state) { exchange in
                guard exchange.isInFlight else { return }
                exchange.retryWait = nil
                exchange.attempt = attempt
                exchange.progress = .init()
                // The last attempt's head and body start are not this one's.
                exchange.head = nil
                exchange.preview = []
                exchange.events = nil
                exchange.eventSelection = nil
            }
            return []
        case .ended(let end): return finishTransfer(id, end, &state)
        case .scriptsFinished(let outcomes): return scriptsFinished(id, outcomes, &state)
        case .bodyPrepared(let body):
            updateExchange(id, &state) { exchange in
                exchange.body = body
                exchange.preview = []
                exchange.viewport = BodyViewport()
                // The prepared body holds the bytes now; keeping the raw copy too would double the memory.
                if case .received(var response) = exchange.phase {
                    response.body = Data()
                    exchange.phase = .received(response)
                }
            }
            return []
        }
    }
}
