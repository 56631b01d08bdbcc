import FerryHTTP
import FerryWorkbench
import Foundation

// MARK: - WebSocket conversations

extension EffectRunner {
    /// Opens the WebSocket of `plan` as conversation `id` through the session's sender (its pre-request
    /// scripts, variables, history and handlers as for any send; the handlers' callbacks get each message as
    /// it arrives and their `output()` goes out), runs its script and posts every message in and out; the
    /// connection then stays open for typed messages until the user closes it, the server does, or Esc
    /// cancels it. At the end the Tests tab gets the scripts' outcomes.
    ///
    /// An open conversation is not counted as running work (``isQuiet``): it may stay open for as long as the
    /// user likes, and what it posts goes through the mailbox like any result.
    func openWebSocket(_ id: SendID, _ plan: SendPlan) {
        let sessions = webSockets
        var sender = self.sender
        let signIn = signInInteraction(for: .send(id))
        sender.signIn = signIn.interaction
        let executor = streams
        let task = Task(executorPreference: executor) {
            defer { sessions.remove(id) }
            func post(_ event: WebSocketEvent) { self.post(.webSocket(.moved(id, event))) }
            let preparation = Result { () throws(SendFailure) in try sender.prepareConversation(plan) }
            // A device code or browser page shown while preparing closes: the token arrived, or the sign-in failed.
            if signIn.showedDialog() { self.post(.overlay(.signIn(.signInWaitEnded(.send(id))))) }
            let prepared: PreparedConversation
            switch preparation {
            case .failure(let error):
                self.readSignIns(preparing: plan, failed: FailedSignIn(error))
                return post(.ended(.failed("\(error)")))
            case .success(let conversation):
                self.readSignIns(preparing: plan, failed: nil)
                prepared = conversation
            }
            let target = prepared.webSocket.maskedURL
            post(.connecting(target: target))
            let conversation = sender.open(prepared, closing: .byUser, executor: executor)
            sessions.attach(id, conversation: conversation)
            for await event in conversation.events {
                switch event {
                case .opened(let response):
                    post(.opened(response, url: URL(string: target) ?? URL(fileURLWithPath: "/")))
                case .message(let message): post(.exchanged(message))
                case .sendFailed(let reason): post(.sendFailed(reason))
                case .ended(let end):
                    post(.ended(Conversation.Status(end.outcome)))
                    // The handlers ended with the conversation: the Tests tab gets what the scripts produced.
                    let runs = end.report.scriptRuns
                    if !runs.isEmpty { self.post(id, .scriptsFinished(runs.map(\.outcome))) }
                }
            }
        }
        sessions.start(id, task: task)
    }

    /// Sends `text` (its variables resolved) on conversation `id`, if it is still connected.
    func sendWebSocketMessage(_ id: SendID, _ text: String) {
        guard let conversation = webSockets.conversation(id) else {
            return post(.webSocket(.moved(id, .sendFailed("The connection is not open."))))
        }
        conversation.send(typed: text)
    }

    /// Starts the closing handshake of conversation `id` with `code`; its end is posted by the conversation.
    func closeWebSocket(_ id: SendID, code: UInt16) {
        guard let conversation = webSockets.conversation(id) else { return }
        begin()
        Task(executorPreference: streams) {
            defer { self.end() }
            await conversation.close(code: code)
        }
    }
}

extension Conversation.Status {
    /// The status a conversation that ended as `outcome` shows.
    init(_ outcome: ConversationEnd.Outcome) {
        switch outcome {
        case .closed(let close): self = .closed(close)
        case .failed(let message): self = .failed(message)
        case .canceled: self = .canceled
        }
    }
}
