import FerryWorkbench

// MARK: - Sending the open request and canceling it

extension ResponseFeature {
    /// Starts sending the open request (with its unsaved edits) in the active environment; a send already
    /// in flight for the same request is canceled and its result will be dropped by id. The effect prepares
    /// it (``RequestSender``: values captured from earlier responses, included files) and reports back with
    /// ``TransferAction/prepared(_:)`` or ``TransferAction/preparationFailed(_:)`` (in ``AppAction/transfer(_:_:)``).
    /// `bodyAsWritten` skips the check of a JSON body (``SendPlan/sendsBodyAsWritten``). A request with
    /// `# @prompt` variables is sent once they are answered: without `answers` the `# @prompt` form is asked
    /// for (``PromptsFeature``), with the values its environment or file gives them as defaults.
    static func send(
        _ state: inout State, _ context: Context, bodyAsWritten: Bool = false, answers: PromptedValues? = nil
    ) -> FeatureOutput {
        guard let (id, opened) = context.plan() else {
            return .report(.error("Open a request first: select it in the tree and press Enter."))
        }
        var plan = opened
        plan.sendsBodyAsWritten = bodyAsWritten
        if let answers {
            plan.context.answer(answers)
        } else if let question = PromptsFeature.question(for: plan, .send(id, asWritten: bodyAsWritten)) {
            return FeatureOutput(requests: [.dispatch(.overlay(.prompts(.asked(question))))])
        }
        var (sendID, effects) = state.beginExchange(for: id)
        if plan.request.request.isWebSocket {
            state.exchanges[id]?.conversation = Conversation()
            effects.append(.openWebSocket(id: sendID, plan))
        } else if plan.request.request.isGRPC {
            state.exchanges[id]?.grpc = GRPCCallState()
            effects.append(.sendGRPC(id: sendID, plan))
            // The endpoint's descriptors, for completing and checking the body, once per endpoint.
            return FeatureOutput(effects: effects, requests: [.clearMessage, .dispatch(.grpc(.descriptorsNeeded))])
        } else {
            effects.append(.send(id: sendID, plan))
        }
        return FeatureOutput(effects: effects, requests: [.clearMessage])
    }

    /// Esc with nothing left to peel: cancels the open request's transfer (the pane then says Canceled), or
    /// names the request still sending elsewhere.
    static func cancel(_ state: inout State, _ context: Context) -> FeatureOutput {
        guard let exchange = state.exchange(in: context), exchange.isInFlight else {
            guard let inFlight = state.exchanges.values.first(where: \.isInFlight) else { return .none }
            return .report(
                .info("Nothing in flight here; \(inFlight.requestID) is still sending (open it and press Esc)."))
        }
        state.updateExchange(of: context.openRequest) { $0.phase = .canceled }
        return FeatureOutput(effects: [.cancel(id: exchange.id)], requests: [.report(.info("Canceled."))])
    }
}
