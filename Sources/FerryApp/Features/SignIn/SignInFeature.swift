import FerryTerminal
import FerryWorkbench
import Foundation

/// Sign-in in the workbench (issue 35): the sign-in view (the environment's `Security` → `Auth`
/// configurations, which the open request uses, whether a token is cached and when it expires, r signs in
/// again), a device sign-in's code while it waits (Esc cancels it), and a client certificate's passphrase asked
/// in a masked field (Esc cancels the send). Its state is the dialog on top (``Overlay/signIn(_:)``); the
/// tokens are read and obtained by effects, and no token is ever part of the state.
enum SignInFeature {
    /// The dialog shown.
    enum State: Sendable, Equatable {
        /// The sign-in view.
        case view(View)
        /// A device sign-in's code, shown until its token arrives.
        case device(DeviceCodeNotice, SignInOwner)
        /// A browser sign-in's address, shown until the redirect came back.
        case browser(BrowserSignInNotice, SignInOwner)
        /// A client certificate's passphrase being typed (drawn masked).
        case passphrase(Passphrase)
    }

    /// The feature's slice: the dialog on top, and what the feature remembers beyond it.
    struct Slice: Sendable, Equatable {
        /// The sign-in dialog, while it is on top.
        var dialog: State?
        /// What is known of each configuration's sign-in (the root keeps it: `AppState.signInMemory`).
        var memory = Memory()
    }

    /// What the feature remembers beyond its dialog: each configuration's sign-in as last learned.
    struct Memory: Sendable, Equatable {
        /// By environment and id: read from the token cache when the view opens and after a send that signs in,
        /// set by "sign in again" when it ends (signed in and until when, or why it failed). It outlives the
        /// view, and the view's rows and the status bar show it; never a token.
        var states: [SignInKey: SignInRow.TokenState] = [:]

        /// What is known of configuration `id`'s sign-in in `environment`.
        func state(of id: String, in environment: String?) -> SignInRow.TokenState? {
            states[SignInKey(environment: environment, id: id)]
        }

        /// Records `state` as what is known of `id`'s sign-in in `environment`; the cache saying "needed" after a
        /// failed sign-in keeps the failure (the token was forgotten before the grant failed).
        mutating func learn(_ state: SignInRow.TokenState, of id: String, in environment: String?) {
            let key = SignInKey(environment: environment, id: id)
            if case .needed = state, case .failed? = states[key] { return }
            states[key] = state
        }
    }

    /// The sign-in view: the environment's configurations as last read, and the selected row.
    struct View: Sendable, Equatable {
        /// The environment they belong to (`nil`: `$shared` only).
        var environment: String?
        /// The rows, the open request's first; `nil` until read.
        var rows: [SignInRow]?
        /// The selected row.
        var selection = 0
        /// When the rows were read (their expiries are shown relative to it).
        var readAt = Date.distantPast
    }

    /// The passphrase question.
    struct Passphrase: Sendable, Equatable {
        /// What is asked (names the certificate's file).
        var question: String
        /// What was typed; never drawn, never written anywhere.
        var typed = ""
        /// Where the answer goes.
        var reply: SecretReply
        /// Other sends asking the same question (the same certificate) while it is open: the one answer is theirs
        /// too.
        var alsoWaiting: [SecretReply] = []

        /// Every thread waiting on this question.
        var replies: [SecretReply] { [reply] + alsoWaiting }
    }

    /// What the feature reads of the rest of the app.
    struct Context: Sendable {
        /// How far a page moves.
        var page: Int
        /// Where the configurations are read (the workspace, the current environment).
        var scope: SignInScope
        /// The current environment.
        var environment: String? { scope.environment }
        /// The configurations the open request names, in order.
        var requestUses: [String]
    }

    /// Applies a sign-in action to the slice (its `dialog` is `nil` when no sign-in dialog is on top).
    static func reduce(_ action: SignInAction, _ slice: inout Slice, _ context: Context) -> FeatureOutput {
        switch action {
        case .loaded(let rows, let environment, _):
            // Learned for the environment they were read in, which may no longer be the active one.
            for row in rows { slice.memory.learn(row.state, of: row.id, in: environment) }
            return reduce(action, &slice.dialog, context)
        case .renewed(let id, let environment, let result):
            switch result {
            case .success(let expiry): slice.memory.learn(.signedIn(expiresAt: expiry.date), of: id, in: environment)
            case .failure(let failure): slice.memory.learn(.failed(failure.message), of: id, in: environment)
            }
            return reduce(action, &slice.dialog, context)
        case .requested, .cursorMoved, .renewRequested, .deviceCodeShown, .browserPageShown, .signInWaitEnded,
            .passphraseAsked, .passphraseTyped, .submitted, .dismissed:
            return reduce(action, &slice.dialog, context)
        }
    }

    /// Applies a sign-in action to the dialog (`nil`: no sign-in dialog on top).
    private static func reduce(_ action: SignInAction, _ dialog: inout State?, _ context: Context) -> FeatureOutput {
        switch action {
        case .requested:
            dialog = .view(View(environment: context.environment))
            return .run([.readSignIns(context.scope, uses: context.requestUses)])
        case .loaded(let rows, let environment, let readAt):
            guard case .view(var view) = dialog, view.environment == environment else { return .none }
            view.rows = rows
            view.readAt = readAt
            view.selection = min(view.selection, max(0, rows.count - 1))
            dialog = .view(view)
            return .none
        case .cursorMoved(let move):
            guard case .view(var view) = dialog else { return .none }
            view.selection = AppReducer.step(view.selection, move, count: view.rows?.count ?? 0, page: context.page)
            dialog = .view(view)
            return .none
        case .renewRequested:
            return renew(dialog, context)
        case .renewed(let id, let environment, let result):
            return renewed(id, in: environment, result, &dialog, context)
        case .deviceCodeShown(let notice, let owner):
            dialog = .device(notice, owner)
            return .none
        case .browserPageShown(let notice, let owner):
            dialog = .browser(notice, owner)
            return .none
        case .signInWaitEnded(let owner):
            switch dialog {
            case .device(_, owner)?, .browser(_, owner)?: dialog = nil
            default: break
            }
            return .none
        case .passphraseAsked(let question, let reply):
            // A second send needing the same passphrase waits on the question already open; a different one
            // replaces it, and the root cancels the first at once (``AppReducer/releaseReplacedPassphrases``).
            if case .passphrase(var shown) = dialog, shown.question == question {
                shown.alsoWaiting.append(reply)
                dialog = .passphrase(shown)
                return .none
            }
            dialog = .passphrase(Passphrase(question: question, reply: reply))
            return .none
        case .passphraseTyped(let text):
            guard case .passphrase(var question) = dialog else { return .none }
            question.typed = text
            dialog = .passphrase(question)
            return .none
        case .submitted:
            guard case .passphrase(let question) = dialog else { return .none }
            dialog = nil
            return .run(question.replies.map { .answerSecret($0, question.typed) })
        case .dismissed:
            return dismissed(&dialog)
        }
    }

    /// Signs in again to the selected row's configuration (the view), else to those the open request uses.
    private static func renew(_ dialog: State?, _ context: Context) -> FeatureOutput {
        let ids: [String]
        if case .view(let view) = dialog {
            guard let rows = view.rows, rows.indices.contains(view.selection) else { return .none }
            ids = [rows[view.selection].id]
        } else {
            ids = context.requestUses
        }
        guard !ids.isEmpty else {
            return .report(
                .info("The open request uses no {{$auth.token(\"…\")}}: Ctrl-P → Sign-in lists the environment's."))
        }
        let names = ids.map { "'\($0)'" }.joined(separator: ", ")
        return FeatureOutput(
            effects: [.renewSignIn(context.scope, ids: ids)],
            requests: [.report(.info("Signing in to \(names) again…"))])
    }

    private static func renewed(
        _ id: String, in environment: String?, _ result: Result<AuthTokenExpiry, SaveFailure>,
        _ dialog: inout State?, _ context: Context
    ) -> FeatureOutput {
        // Named when the environment changed while it ran: the state is that environment's, not the active one's.
        let place = environment == context.environment ? "" : " in \(SafeText.sanitized(environment ?? "$shared"))"
        var output: FeatureOutput
        switch result {
        case .success(let expiry):
            let until = expiry.date.map { ", the token expires \($0.formatted(date: .omitted, time: .shortened))" }
            output = .report(.info("Signed in to '\(id)'\(place) again\(until ?? "")."))
        case .failure(let failure):
            output = .report(.error("Signing in to '\(id)'\(place) again failed: \(failure.message)"))
        }
        // The device code or browser page of that sign-in gives way to the view it started from, read again.
        switch dialog {
        case .device(_, .renewal(id))?, .browser(_, .renewal(id))?:
            dialog = .view(View(environment: context.environment))
        default: break
        }
        if case .view = dialog {
            output.effects.append(
                .readSignIns(context.scope, uses: context.requestUses))
        }
        return output
    }

    private static func dismissed(_ dialog: inout State?) -> FeatureOutput {
        guard let open = dialog else { return .none }
        dialog = nil
        switch open {
        case .view: return .none
        case .device(_, .send(let id)), .browser(_, .send(let id)):
            return FeatureOutput(effects: [.cancel(id: id)], requests: [.report(.info("Sign-in canceled."))])
        case .device(_, .renewal), .browser(_, .renewal):
            return FeatureOutput(effects: [.cancelRenewal], requests: [.report(.info("Sign-in canceled."))])
        case .passphrase(let question):
            return FeatureOutput(
                effects: question.replies.map { .answerSecret($0, nil) },
                requests: [.report(.info("No passphrase given: the send is canceled."))])
        }
    }
}

extension Overlay {
    /// The sign-in dialog's state, when this is it.
    var signInDialog: SignInFeature.State? {
        if case .signIn(let dialog) = self { return dialog }
        return nil
    }
}

/// A sign-in configuration of an environment (`nil`: `$shared` only).
struct SignInKey: Sendable, Hashable {
    /// The environment.
    var environment: String?
    /// The configuration's id (`Security` → `Auth` → id).
    var id: String
}

extension AppState {
    /// The sign-in dialog while it is on top (also under its help), `nil` otherwise.
    var signInDialog: SignInFeature.State? { presented(\.signInDialog) }

    /// The sign-in feature's slice: the dialog on top (setting `nil` closes it) and what the feature remembers.
    var signIn: SignInFeature.Slice {
        get { SignInFeature.Slice(dialog: signInDialog, memory: signInMemory) }
        set {
            signInMemory = newValue.memory
            present(newValue.dialog, extract: \.signInDialog, embed: Overlay.signIn)
        }
    }
}

extension SignInFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) {
        self.init(
            page: max(1, state.size.height - 6),
            scope: SignInScope(
                workspace: state.workspace, environment: state.environment,
                processEnvironment: state.processEnvironment),
            requestUses: state.currentRequest?.signInConfigurationIDs ?? [])
    }
}
