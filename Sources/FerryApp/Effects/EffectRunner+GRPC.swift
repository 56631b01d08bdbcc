import FerryHTTP
import FerryWorkbench
import Foundation

// MARK: - gRPC calls

extension EffectRunner {
    /// Prepares `plan`'s `GRPC` request as any send and makes the call through the session's sender
    /// (``RequestSender/sendGRPC(_:onMessage:)``: descriptors from `# @proto`, `.ferry/grpc` or server reflection,
    /// the history line, `>>` outputs and handlers as `ferry send` does). A stream's messages are posted as they
    /// arrive (``ArrivingReports/messageArrived(_:at:)``), then the status (``TransferAction/grpcAnswered(_:)``)
    /// and the end, whose body is the messages as JSON; the Tests tab gets the scripts' outcomes.
    ///
    /// The call is the send's task: Esc (``Effect/cancel(id:)``) cancels it, and the call ends `CANCELLED`.
    func sendGRPC(_ id: SendID, _ plan: SendPlan) {
        begin()
        var sender = self.sender
        let signIn = signInInteraction(for: .send(id))
        sender.signIn = signIn.interaction
        let limits = self.limits
        // Created under the lock, so the task's own removal (at its end) always comes after this insertion.
        lock.lock()
        defer { lock.unlock() }
        tasks[id] = Task(executorPreference: streams) {
            defer {
                _ = self.lock.withLock { self.tasks.removeValue(forKey: id) }
                self.end()
            }
            let preparation = Self.prepare(plan, with: sender, limits: limits)
            if signIn.showedDialog() { self.post(.overlay(.signIn(.signInWaitEnded(.send(id))))) }
            if case .failure(let problem) = preparation {
                self.readSignIns(preparing: plan, failed: problem.signIn)
            } else {
                self.readSignIns(preparing: plan, failed: nil)
            }
            let send: PreparedSend
            switch preparation {
            case .failure(let problem): return self.post(id, .preparationFailed(problem.message))
            case .success(let prepared): send = prepared
            }
            self.post(id, .prepared(send))
            let arriving = ArrivingReports { action in self.post(id, action) }
            let outcome = await sender.sendGRPC(send) { message in
                arriving.messageArrived(message.formatted(.compact), at: self.now())
            }
            arriving.finish()
            if let exchange = outcome.exchange {
                self.post(id, .grpcAnswered(GRPCCallState(exchange)))
                self.post(id, .ended(exchange.shownEnd))
            } else {
                self.post(id, .ended(outcome.end))
            }
            if !outcome.report.outcomes.isEmpty { self.post(id, .scriptsFinished(outcome.report.outcomes)) }
        }
    }
}

extension EffectRunner {
    /// Finds the descriptors of `plan`'s `GRPC` request through the session's sender
    /// (``RequestSender/grpcDescriptors(_:)``: `# @proto`, `.ferry/grpc`, server reflection, cached) and posts them
    /// as `endpoint`'s; its pre-request scripts do not run for it.
    func loadGRPCDescriptors(_ endpoint: String, _ plan: SendPlan) {
        begin()
        let sender = self.sender
        Task(executorPreference: streams) {
            defer { self.end() }
            let result: Result<GRPCLoadedDescriptors, GRPCSendError>
            do throws(GRPCSendError) {
                let send: PreparedSend
                do {
                    send = try sender.prepare(plan, runningScripts: false)
                } catch {
                    throw GRPCSendError("\(error)")
                }
                let (pool, source) = try await sender.grpcDescriptors(send)
                result = .success(GRPCLoadedDescriptors(pool: pool, source: source))
            } catch {
                result = .failure(error)
            }
            self.post(.grpc(.descriptorsLoaded(endpoint: endpoint, result)))
        }
    }
}
