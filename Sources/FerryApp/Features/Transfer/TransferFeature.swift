import FerryHTTP
import FerryWorkbench
import Foundation

/// A send moving on, as a feature over the response pane's state (a send fills its request's exchange):
/// prepared, bytes and events arriving, retries, its end and the body prepared for display, and what its
/// scripts did. A report for a send that was replaced finds no exchange and changes nothing.
enum TransferFeature {
    /// What a transfer reads of the rest of the app.
    struct Context {
        /// The request open in the editor (the Tests tab's cursor and the status bar follow its scripts only).
        var openRequest: RequestID?
        /// The unsaved edits, so that a message about a request describes it as it is.
        var drafts: [RequestID: SavedRequest]
    }

    /// Applies what send `id` did next.
    static func reduce(
        _ action: TransferAction, of id: SendID, _ state: inout ResponseFeature.State, _ context: Context
    ) -> FeatureOutput {
        switch action {
        case .prepared(let send):
            state.updateExchange(sending: id) { exchange in
                exchange.sent = send.request
                exchange.scrubber = send.prepared.scrubber
            }
            if send.plan.sendsBodyAsWritten, let note = AppErrorText.sentAsWritten(send.prepared) {
                return .report(.info(note))
            }
        case .preparationFailed(let problem):
            guard let exchange = state.exchanges.values.first(where: { $0.id == id }) else { return .none }
            state.exchanges[exchange.requestID] = nil
            // About the request as it is: fixing it (an edit, a discard) takes the message away.
            var message = AppState.Message.error(problem)
            message.subject = .request(exchange.requestID, draft: context.drafts[exchange.requestID])
            return .report(message)
        case .progressed(let progress, let elapsed):
            state.updateExchange(sending: id) { exchange in
                guard exchange.isInFlight else { return }
                exchange.progress = progress
                exchange.elapsed = elapsed
            }
        case .headArrived(let head, let preview):
            state.updateExchange(sending: id) { exchange in
                // Until the transfer ends (a cancel included): then the body itself is prepared.
                guard exchange.isInFlight || exchange.bodySize == 0, case .empty = exchange.body else { return }
                exchange.head = head
                exchange.preview = preview
            }
        case .eventsArrived(let events):
            state.updateExchange(sending: id) { exchange in
                guard exchange.isInFlight else { return }
                exchange.events = events
            }
        case .retryWaiting(let wait):
            // Ignored once the exchange is not in flight, so the pane and status bar say so only while waiting.
            state.updateExchange(sending: id) { exchange in
                guard exchange.isInFlight else { return }
                exchange.retryWait = wait
            }
        case .retryStarted(let attempt):
            state.updateExchange(sending: id) { exchange in
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
        case .grpcAnswered(let call):
            state.updateExchange(sending: id) { $0.grpc = call }
        case .ended(let end): return finish(id, end, &state)
        case .scriptsFinished(let outcomes): return scriptsFinished(id, outcomes, &state, context)
        case .bodyPrepared(let body):
            state.updateExchange(sending: id) { exchange in
                exchange.body = body
                exchange.preview = []
                exchange.viewport = BodyViewport()
                // The prepared body holds the bytes now; keeping the raw copy too would double the memory.
                if case .received(var response) = exchange.phase {
                    response.body = Data()
                    exchange.phase = .received(response)
                }
            }
        }
        return .none
    }

    /// Keeps the outcomes of send `id`'s scripts on its exchange and, for the open request, says in the status
    /// bar how the tests went.
    private static func scriptsFinished(
        _ id: SendID, _ outcomes: [ScriptOutcome], _ state: inout ResponseFeature.State, _ context: Context
    ) -> FeatureOutput {
        var requestID: RequestID?
        state.updateExchange(sending: id) { exchange in
            exchange.scriptOutcomes = outcomes
            requestID = exchange.requestID
        }
        guard let requestID, requestID == context.openRequest else { return .none }
        state.testsCursor = 0
        let tests = outcomes.flatMap(\.tests)
        let failed = tests.count(where: { !$0.passed })
        if let error = outcomes.compactMap(\.error).first {
            return .report(.error("Script error: \(error) (Tests tab)"))
        }
        guard !tests.isEmpty else { return .none }
        let text = "Tests: \(tests.count - failed) passed, \(failed) failed (Tests tab)"
        return .report(failed > 0 ? .error(text) : .info(text))
    }
}

extension TransferFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) { self.init(openRequest: state.openRequest, drafts: state.editor.drafts) }
}

extension ResponseFeature.State {
    /// Changes the exchange of send `id`; a report for a replaced send finds nothing.
    mutating func updateExchange(sending id: SendID, _ change: (inout Exchange) -> Void) {
        guard let key = exchanges.first(where: { $0.value.id == id })?.key else { return }
        updateExchange(of: key, change)
    }
}
