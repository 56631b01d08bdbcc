import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

/// The sign-ins the workbench waits on: the "sign in again" under way (one at a time, canceled by Esc on its
/// device code) and the passphrase questions open (answered `nil` at quit, so no preparing thread waits on).
final class SignInSessions: @unchecked Sendable {
    private let lock = NSLock()
    private var renewal: Task<Void, Never>?
    private var replies: [ObjectIdentifier: SecretReply] = [:]

    /// Keeps `task` as the renewal under way, canceling the one before.
    func startRenewal(_ task: Task<Void, Never>) {
        lock.withLock {
            renewal?.cancel()
            renewal = task
        }
    }

    /// Cancels the renewal under way.
    func cancelRenewal() { lock.withLock { renewal }?.cancel() }

    /// Keeps `reply` open until it is answered.
    func opened(_ reply: SecretReply) { lock.withLock { replies[ObjectIdentifier(reply)] = reply } }

    /// Forgets `reply` (answered).
    func closed(_ reply: SecretReply) { _ = lock.withLock { replies.removeValue(forKey: ObjectIdentifier(reply)) } }

    /// Cancels the renewal and answers every open question `nil` (the app quits).
    func cancelAll() {
        let open = lock.withLock { () -> [SecretReply] in
            renewal?.cancel()
            return Array(replies.values)
        }
        open.forEach { $0.give(nil) }
    }
}

/// Where sign-in configurations are read: the workspace, the environment (`nil`: `$shared` only) and the
/// process environment their `{{variables}}` may use.
struct SignInScope: Sendable {
    /// The workspace (its env files, its token cache).
    var workspace: Workspace
    /// The environment.
    var environment: String?
    /// The process environment.
    var processEnvironment: [String: String]
}

/// A send's sign-in interaction, and whether it showed a dialog (a device code, a browser page), which is closed
/// when preparing ends.
struct SendSignIn: Sendable {
    /// The interaction the send's sender uses.
    var interaction: SignInInteraction
    /// Whether a dialog was shown.
    var showedDialog: @Sendable () -> Bool
}

// MARK: - Sign-in: the view's rows, signing in again, device codes and passphrases

extension EffectRunner {
    /// The passphrase prompt of the workbench's sender: the question is a masked dialog (posted to the loop),
    /// and the preparing thread waits for its answer (`nil` when Esc cancels it).
    static func passphrasePrompt(posting mailbox: Mailbox<AppAction>, sessions: SignInSessions) -> PassphrasePrompt {
        PassphrasePrompt { question in
            let reply = SecretReply()
            sessions.opened(reply)
            defer { sessions.closed(reply) }
            mailbox.post(.overlay(.signIn(.passphraseAsked(question, reply))))
            return reply.wait(patience: AuthTokens.patience)
        }
    }

    /// The interaction of a sign-in for `owner`: its device code or browser address is shown in the workbench's
    /// dialog, the browser opens through the services, other notices are dropped (they would write over the
    /// screen).
    func signInInteraction(for owner: SignInOwner) -> SendSignIn {
        let shown = Locked(false)
        let interaction = SignInInteraction(
            notify: { _ in }, openBrowser: services.openBrowser,
            showDeviceCode: { [weak self] notice in
                shown.withLock { $0 = true }
                self?.post(.overlay(.signIn(.deviceCodeShown(notice, owner))))
            },
            showBrowserPage: { [weak self] notice in
                shown.withLock { $0 = true }
                self?.post(.overlay(.signIn(.browserPageShown(notice, owner))))
            })
        return SendSignIn(interaction: interaction, showedDialog: { shown.withLock { $0 } })
    }

    /// Tells the sign-in feature what preparing `plan` did to its request's sign-ins (a token obtained, refreshed:
    /// the cache read again), `failed` (a sign-in that failed while preparing) marked failed as "sign in again"
    /// marks it.
    func readSignIns(preparing plan: SendPlan, failed: FailedSignIn?) {
        let uses = plan.request.request.signInConfigurationIDs
        guard !uses.isEmpty else { return }
        readSignIns(
            SignInScope(
                workspace: plan.workspace, environment: plan.environment,
                processEnvironment: plan.context.processEnvironment), uses: uses, failed: failed)
    }

    /// Reads the sign-in view's rows and posts them: each configuration of `environment` (those the open
    /// request uses first, then by id) with its cached token's state, or failed as `failed` says. No token leaves
    /// this function.
    func readSignIns(_ scope: SignInScope, uses: [String], failed: FailedSignIn? = nil) {
        let (workspace, environment) = (scope.workspace, scope.environment)
        let files = workspace.environments()
        let configured = files.authConfigurations(for: environment)
        let store = workspace.authTokenStore
        let now = Date()
        let ids = uses + configured.keys.sorted().filter { !uses.contains($0) }
        let rows = ids.map { id -> SignInRow in
            let isUsed = uses.contains(id)
            if let failed, failed.id == id { return SignInRow(id: id, isUsed: isUsed, state: .failed(failed.problem)) }
            guard configured[id] != nil else {
                return SignInRow(id: id, isUsed: isUsed, state: .broken("not in this environment's Security → Auth"))
            }
            let settings: OAuthSettings
            do {
                settings = try workspace.authSettings(
                    id: id, environment: environment, environments: files, processEnvironment: scope.processEnvironment)
            } catch {
                return SignInRow(id: id, isUsed: isUsed, state: .broken("\(error)"))
            }
            guard let token = store.token(for: id, in: environment), token.fingerprint == settings.fingerprint else {
                return SignInRow(id: id, isUsed: isUsed, state: .needed)
            }
            if token.expires(within: AuthTokens.refreshMargin, of: now) {
                return SignInRow(id: id, isUsed: isUsed, state: .expired(refreshable: token.refreshToken != nil))
            }
            return SignInRow(id: id, isUsed: isUsed, state: .signedIn(expiresAt: token.expiresAt))
        }
        post(.overlay(.signIn(.loaded(rows, in: environment, readAt: now))))
    }

    /// Signs in again to each of `ids` in turn, off the loop: forgets the cached token, then obtains a new one
    /// by the configuration's grant (a device code shows its dialog); posts how each ended.
    func renewSignIn(_ scope: SignInScope, _ ids: [String]) {
        begin()
        let (workspace, environment) = (scope.workspace, scope.environment)
        let files = workspace.environments()
        let store = workspace.authTokenStore
        let client = self.client
        signIns.startRenewal(
            Task(executorPreference: streams) {
                defer { self.end() }
                for id in ids {
                    let signIn = self.signInInteraction(for: .renewal(id))
                    let result = Result { () throws(SaveFailure) -> AuthTokenExpiry in
                        do {
                            let settings = try workspace.authSettings(
                                id: id, environment: environment, environments: files,
                                processEnvironment: scope.processEnvironment)
                            try store.forget(id: id, in: environment)
                            let tokens = AuthTokens(
                                store: store, environment: environment, client: client,
                                interaction: signIn.interaction)
                            return AuthTokenExpiry(date: try tokens.renew(settings, usingRefreshToken: false).expiresAt)
                        } catch {
                            throw SaveFailure(message: "\(error)")
                        }
                    }
                    self.post(.overlay(.signIn(.renewed(id, in: environment, result))))
                    if Task.isCancelled { break }
                }
            })
    }
}

/// Why a send could not be prepared: the words for the status bar, and the sign-in that failed, when that was why.
struct PreparationFailure: Error, Sendable {
    /// The problem in words.
    var message: String
    /// The sign-in that failed while preparing.
    var signIn: FailedSignIn? = nil
}

/// A sign-in that failed while a send was prepared: its configuration and why.
struct FailedSignIn: Sendable, Equatable {
    /// The configuration's id (`Security` → `Auth` → id).
    var id: String
    /// Why, in words.
    var problem: String

    /// The sign-in `failure` reports, `nil` when something else stopped the send.
    init?(_ failure: SendFailure) {
        guard case .signIn(_, let id, let problem)? = failure.variableError?.reason else { return nil }
        self.id = id
        self.problem = problem
    }
}
