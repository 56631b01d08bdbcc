// MARK: - A streamed send waits to try again

extension AppReducer {
    /// Notes a retry wait starting (`.retryWaiting`) or ending with the next attempt (`.retryStarted`) on the
    /// exchange, so the response pane and the status bar can say so; ignored once the exchange is not in flight.
    static func retryChanged(_ action: AppAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .retryWaiting(let id, let wait):
            updateExchange(id, &state) { exchange in
                guard exchange.isInFlight else { return }
                exchange.retryWait = wait
            }
        case .retryStarted(let id, let attempt):
            updateExchange(id, &state) { exchange in
                guard exchange.isInFlight else { return }
                exchange.retryWait = nil
                exchange.attempt = attempt
                exchange.progress = .init()
                // The last attempt's head and body start are not this one's.
                exchange.head = nil
                exchange.preview = []
            }
        default:
            break
        }
        return []
    }
}
