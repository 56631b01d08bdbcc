import FerryHTTP
import FerryJSON
import FerryScript
import FerryTerminal
import FerryWorkbench
import Foundation

/// Runs the reducer's effects off the loop and posts their results back through the mailbox.
///
/// Sends go through FerryHTTP, bodies are parsed on a background queue, files are written on one serial
/// queue (so saves and drafts never race). It counts what is running so tests can wait for quiet.
final class EffectRunner: @unchecked Sendable {
    let client: HTTPClient
    /// The session's sender: every send of the workbench goes through it, so script globals last the session.
    let sender: RequestSender
    private let mailbox: Mailbox<AppAction>
    let services: AppServices
    /// The backend, for the effects that need the terminal itself; only used on the loop's thread.
    let terminal: any TerminalBackend
    /// The workspace's folder, and its `.ferry` state folder: fixed for the session (the workspace itself is the
    /// state's, handed to each piece of file work).
    let root: URL
    let stateFolder: URL
    private let files = DispatchQueue(label: "ferry.app.files")
    let lock = NSLock()
    /// The workspace's variable files (``contextFileNames``) as an import or a reload last read them, `nil` for
    /// one that was absent, so Ferry's own writes of them reload nothing; only touched on `files`.
    var contextFilesAsRead: [String: [UInt8]?] = [:]
    let limits: ResponseLimits
    /// Where streamed transfers run (their own queue, not the cooperative pool).
    let streams = QueueTaskExecutor(label: "ferry.app.streams")
    var tasks: [SendID: Task<Void, Never>] = [:]
    private var transfers: [SendID: HTTPTransfer] = [:]
    private var pendingDrafts: [RequestID: SavedRequest?] = [:]
    private var isDraftFlushScheduled = false
    private var running = 0
    /// The run of a file or folder under way (`ferry run` in the workbench); guarded by `lock`.
    var runTask: Task<Void, Never>?
    /// The WebSocket conversations under way.
    let webSockets = WebSocketSessions()
    /// The sign-ins the workbench waits on: "sign in again" under way, passphrase questions open.
    let signIns: SignInSessions

    /// A runner sending through `transport`, saving into `workspace`, copying and suspending through
    /// `terminal`; `limits` says when response bodies go to a temporary file.
    init(
        workspace: Workspace, transport: any HTTPTransport, mailbox: Mailbox<AppAction>, services: AppServices,
        terminal: any TerminalBackend, limits: ResponseLimits = ResponseLimits()
    ) {
        // The workspace's cookies (`.ferry/cookies`) go out with every send unless `# @no-cookie-jar`.
        self.client = HTTPClient(transport: transport, cookieJar: workspace.cookieJar())
        // Only `# @cache` requests use it (HTTPRequest.usesCache); made empty, the folder read when first used.
        client.cache = workspace.httpCache()
        // Scripts run on FerryScript's engine (JavaScriptCore, opened at the first script).
        var sender = RequestSender(
            client: client, scripting: Scripting(engine: ScriptRunner(limit: services.scriptTimeLimit)))
        // A sign-in's notices must not write over the screen: a device code is a dialog (each send sets its own,
        // `signInInteraction(for:)`), the browser opens through the services; a client certificate's passphrase
        // is asked in a masked dialog and kept in memory for the session.
        sender.signIn = SignInInteraction(notify: { _ in }, openBrowser: services.openBrowser)
        let signIns = SignInSessions()
        sender.passphrases = Self.passphrasePrompt(posting: mailbox, sessions: signIns)
        self.signIns = signIns
        self.sender = sender
        self.terminal = terminal
        self.limits = limits
        self.mailbox = mailbox
        self.services = services
        self.root = workspace.root
        self.stateFolder = workspace.stateFolder
    }

    // MARK: - Quiet

    /// Whether no effect is running and every action posted was reduced.
    var isQuiet: Bool { isRunningNothing && mailbox.isIdle }

    /// Whether no effect is running (what they posted may wait in the mailbox).
    var isRunningNothing: Bool { lock.withLock { running == 0 } }

    // MARK: - Running

    /// Starts every effect.
    func run(_ effects: [Effect]) {
        effects.forEach(run)
    }

    /// Starts one effect.
    func run(_ effect: Effect) {
        switch effect {
        case .send(let id, let plan): send(id, plan)
        case .sendGRPC(let id, let plan): sendGRPC(id, plan)
        case .cancel(let id):
            // The transfer's own cancel keeps what arrived; a send still being prepared stops with its task.
            let (task, transfer) = lock.withLock { (tasks[id], transfers[id]) }
            if let transfer { transfer.cancel() } else { task?.cancel() }
            webSockets.cancel(id)
        case .prepareReceived(let id, let body, let isJSON, let note):
            let limits = self.limits
            background(.userInitiated) {
                let prepared = BodyPreparation.prepare(body, isJSON: isJSON, note: note, limits: limits)
                self.post(id, .bodyPrepared(prepared))
            }
        case .onFiles(let work, let workspace): onFiles { self.doFileWork(work, on: workspace) }
        case .rememberEnvironment(let name):
            onFiles { WorkspaceStateFile.update(in: self.stateFolder) { $0.environment = name } }
        case .rememberPaneSizes(let sizes):
            onFiles { WorkspaceStateFile.update(in: self.stateFolder) { $0.paneSizes = sizes } }
        case .writeDraft(let id, let request): writeDraft(id, request)
        case .changeCookies(let cookie, let clearsAll): changeCookies(delete: cookie, clearsAll: clearsAll)
        case .copyAsCurl(let id, let plan):
            background(.userInitiated) {
                self.post(EditorAction.curlCommandMade(id, CurlCopy.make(for: plan, with: self.sender)))
            }
        case .copyAsCode(let id, let plan, let language):
            background(.userInitiated) {
                self.post(
                    EditorAction.codeMade(id, language, CurlCopy.code(for: plan, in: language, with: self.sender)))
            }
        // These three touch the terminal, so they run here, on the loop's thread, between frames.
        case .copy(let text):
            do {
                try terminal.copyToClipboard(text)
            } catch {
                post(.app(.copyFailed(SaveFailure(message: "\(error)"))))
            }
        case .editExternally(let id, let text, let fileExtension):
            begin()
            do {
                let edited = try terminal.suspend { try services.editText(text, fileExtension) }
                post(EditorAction.externalEditFinished(id, .success(edited)))
            } catch {
                post(EditorAction.externalEditFinished(id, .failure(SaveFailure(message: "\(error)"))))
            }
            end()
        case .suspendProcess:
            terminal.suspend { services.stopProcess() }
        case .editFile(let url, let line, let request):
            do {
                try terminal.suspend { try services.editFile(url, line) }
                if let request { post(.workspace(.requestFileEdited(request))) }
            } catch {
                post(.workspace(.changed(.failure(SaveFailure(message: "\(error)")), select: nil)))
            }
        case .showBody(let body, let name, let viewer): showBody(body, name: name, in: viewer)
        case .runCollection(let id, let run): startRun(id, run)
        case .loadCollection(let id, let run, let model): startLoad(id, run, model)
        case .openWebSocket(let id, let plan): openWebSocket(id, plan)
        case .sendWebSocketMessage(let id, let text): sendWebSocketMessage(id, text)
        case .closeWebSocket(let id, let code): closeWebSocket(id, code: code)
        case .cancelRun: lock.withLock { runTask }?.cancel()
        case .saveBody(let id, let body, let typed, let url, let replacing):
            onFiles {
                let result = Result { () throws(BodyFile.Failure) in
                    try BodyFile.write(body, to: url, replacing: replacing)
                    return url
                }
                self.post(.response(.bodySaveFinished(id, typed: typed, result)))
            }
        case .readSignIns(let scope, let uses): background(.userInitiated) { self.readSignIns(scope, uses: uses) }
        case .renewSignIn(let scope, let ids): renewSignIn(scope, ids)
        case .cancelRenewal: signIns.cancelRenewal()
        case .answerSecret(let reply, let answer): reply.give(answer)
        case .loadGraphQLSchemas: onFiles { self.loadGraphQLSchemas() }
        case .introspect(let endpoint, let plan): introspect(endpoint, plan)
        case .loadGRPCDescriptors(let endpoint, let plan): loadGRPCDescriptors(endpoint, plan)
        }
    }

    /// Cancels everything in flight and waits for the cookie file to be written (at quit).
    func cancelAll() {
        let (all, running) = lock.withLock { (Array(tasks.values), Array(transfers.values)) }
        running.forEach { $0.cancel() }
        all.forEach { $0.cancel() }
        lock.withLock { runTask }?.cancel()
        signIns.cancelAll()
        webSockets.cancelAll()
        client.cookieJar?.flush()
    }

    // MARK: - Internals

    /// Prepares `plan` and sends it through the workbench's ``RequestSender`` (which retries as FerryHTTP's
    /// policy says and records the history), posting what was prepared, the progress, retries and the end.
    private func send(_ id: SendID, _ plan: SendPlan) {
        begin()
        let clock = ContinuousClock.now
        var sender = self.sender
        let signIn = signInInteraction(for: .send(id))
        sender.signIn = signIn.interaction
        let limits = self.limits
        let executor = streams
        // Created under the lock, so the task's own removal (at its end) always comes after this insertion.
        lock.lock()
        defer { lock.unlock() }
        tasks[id] = Task(executorPreference: executor) {
            defer {
                self.lock.withLock {
                    _ = self.tasks.removeValue(forKey: id)
                    _ = self.transfers.removeValue(forKey: id)
                }
                self.end()
            }
            let send: PreparedSend
            let preparation = Self.prepare(plan, with: sender, limits: limits)
            // A device code or browser page shown while preparing closes: the token arrived, or the sign-in failed.
            if signIn.showedDialog() { self.post(.overlay(.signIn(.signInWaitEnded(.send(id))))) }
            if case .failure(let problem) = preparation {
                self.readSignIns(preparing: plan, failed: problem.signIn)
            } else {
                self.readSignIns(preparing: plan, failed: nil)
            }
            switch preparation {
            case .failure(let problem): return self.post(id, .preparationFailed(problem.message))
            case .success(let prepared): send = prepared
            }
            self.post(id, .prepared(send))
            let report = Locked<SendReport?>(nil)
            let transfer = sender.start(send, executor: executor) { made in report.withLock { $0 = made } }
            let isCanceled = self.lock.withLock { () -> Bool in
                self.transfers[id] = transfer
                return Task.isCancelled
            }
            if isCanceled { transfer.cancel() }
            // The head as soon as it is in, then the start of the body as it grows (at most every 100 ms).
            let arriving = ArrivingReports { action in self.post(id, action) }
            for await event in transfer.events {
                switch event {
                case .progress(let progress):
                    self.post(id, .progressed(progress, elapsed: ContinuousClock.now - clock))
                case .retryWaiting(let attempt, let attempts, let delay, _):
                    self.post(id, .retryWaiting(RetryWait(attempt: attempt, of: attempts, delay: delay)))
                case .attemptStarted(let attempt, _) where attempt > 1:
                    arriving.reset()
                    self.post(id, .retryStarted(attempt: attempt))
                case .head(let head):
                    arriving.headArrived(head)
                case .bodyChunk(let chunk):
                    arriving.take(chunk, at: self.now())
                case .reconnected(let connection, let lastEventID):
                    arriving.reconnected(connection: connection, lastEventID: lastEventID, at: self.now())
                case .ended(let end):
                    arriving.finish()
                    self.post(id, .ended(end))
                    if plan.request.request.isGraphQL { self.readGraphQLErrors(id, end) }
                    // The handlers ran (and the contract was checked) before the end was handed on; the Tests
                    // tab gets what they produced.
                    if let outcomes = report.withLock({ $0?.outcomes }), !outcomes.isEmpty {
                        self.post(id, .scriptsFinished(outcomes))
                    }
                case .attemptStarted:
                    break
                }
            }
        }
    }

    /// `plan` made ready as the workbench sends it: prepared by ``RequestSender`` (a problem in the app's
    /// words), a JSON body checked, the heads recorded for the Request tab, a large or binary body kept in a
    /// temporary file.
    static func prepare(_ plan: SendPlan, with sender: RequestSender, limits: ResponseLimits)
        -> Result<PreparedSend, PreparationFailure>
    {
        var send: PreparedSend
        do throws(SendFailure) {
            send = try sender.prepare(plan)
        } catch {
            return .failure(
                PreparationFailure(
                    message: AppErrorText.preparation(error, environment: plan.environment).message,
                    signIn: FailedSignIn(error)))
        }
        if !plan.sendsBodyAsWritten, let problem = AppErrorText.invalidJSONBody(send.prepared) {
            return .failure(PreparationFailure(message: problem))
        }
        send.request.recordsSentHead = true
        send.request.responseBody = .spilling(memoryLimit: limits.memoryLimit, folder: limits.spillFolder)
        return .success(send)
    }

    private func writeDraft(_ id: RequestID, _ request: SavedRequest?) {
        let schedule = lock.withLock { () -> Bool in
            pendingDrafts[id] = .some(request)
            defer { isDraftFlushScheduled = true }
            return !isDraftFlushScheduled
        }
        guard schedule else { return }
        // One write per request per batch of edits: the flush takes whatever is pending when it runs.
        onFiles {
            let batch = self.lock.withLock { () -> [RequestID: SavedRequest?] in
                let taken = self.pendingDrafts
                self.pendingDrafts = [:]
                self.isDraftFlushScheduled = false
                return taken
            }
            let store = DraftStore(stateFolder: self.stateFolder)
            for (id, request) in batch { try? store.write(request, for: id) }
        }
    }

    func onFiles(_ work: @escaping @Sendable () -> Void) {
        begin()
        files.async {
            work()
            self.end()
        }
    }

    func background(_ qos: DispatchQoS.QoSClass, _ work: @escaping @Sendable () -> Void) {
        begin()
        DispatchQueue.global(qos: qos).async {
            work()
            self.end()
        }
    }

    func post(_ action: AppAction) {
        mailbox.post(action)
    }

    /// Posts what send `id` did next.
    func post(_ id: SendID, _ action: TransferAction) { post(.transfer(id, action)) }

    /// The time by the services' clock (``AppServices/now``).
    func now() -> Date { services.now() }

    /// Posts how a file operation on the workspace ended.
    func post(_ event: WorkspaceEvent) { post(.workspace(event)) }

    /// Posts what an editing effect brought back.
    func post(_ action: EditorAction) { post(.editor(action)) }

    /// Posts what a trash effect found or did.
    func post(_ action: TrashAction) { post(.overlay(.trash(action))) }

    func begin() { lock.withLock { running += 1 } }

    func end() {
        lock.withLock { running -= 1 }
    }
}
