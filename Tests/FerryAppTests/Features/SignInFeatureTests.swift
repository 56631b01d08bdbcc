import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The sign-in feature on its own: the view, "sign in again", a device code and the passphrase question, each
/// key reaching it as its own action (the passphrase's letters as text, never as commands).
struct SignInFeatureTests {
    let folder: TemporaryWorkspace
    let workspace: Workspace

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
        workspace = try Workspace.load(at: folder.url)
    }

    func context(uses: [String] = []) -> SignInFeature.Context {
        SignInFeature.Context(
            page: 10, scope: SignInScope(workspace: workspace, environment: "dev", processEnvironment: [:]),
            requestUses: uses)
    }

    @Test func openingReadsTheRowsAndRSignsInAgainToTheSelectedOne() {
        var slice = SignInFeature.Slice()
        let opened = SignInFeature.reduce(.requested, &slice, context(uses: ["api"]))
        guard case .readSignIns(let scope, let uses)? = opened.effects.first else {
            Issue.record("expected the rows to be read, got \(opened.effects)")
            return
        }
        #expect(scope.environment == "dev" && uses == ["api"])
        let rows = [
            SignInRow(id: "api", isUsed: true, state: .needed),
            SignInRow(id: "tv", isUsed: false, state: .signedIn(expiresAt: nil)),
        ]
        let now = Date()
        _ = SignInFeature.reduce(.loaded(rows, in: "dev", readAt: now), &slice, context())
        #expect(slice.dialog == .view(SignInFeature.View(environment: "dev", rows: rows, readAt: now)))
        _ = SignInFeature.reduce(.cursorMoved(.down), &slice, context())
        let renewed = SignInFeature.reduce(.renewRequested, &slice, context(uses: ["api"]))
        guard case .renewSignIn(_, let ids)? = renewed.effects.first else {
            Issue.record("expected a renewal, got \(renewed.effects)")
            return
        }
        #expect(ids == ["tv"])
        #expect(renewed.requests == [.report(.info("Signing in to 'tv' again…"))])
    }

    @Test func fromThePaletteSignInAgainRenewsWhatTheOpenRequestUses() {
        var slice = SignInFeature.Slice()
        let none = SignInFeature.reduce(.renewRequested, &slice, context())
        #expect(none.effects.isEmpty)
        #expect(none.requests.count == 1)
        let renewed = SignInFeature.reduce(.renewRequested, &slice, context(uses: ["a", "b"]))
        guard case .renewSignIn(_, let ids)? = renewed.effects.first else {
            Issue.record("expected a renewal, got \(renewed.effects)")
            return
        }
        #expect(ids == ["a", "b"])
        #expect(slice.dialog == nil)
    }

    @Test func aDeviceCodeClosesWhenItsSignInEndsAndEscCancelsItsSend() {
        let notice = DeviceCodeNotice(configuration: "tv", userCode: "WDJB-MJHT", verificationURL: "http://x/device")
        var slice = SignInFeature.Slice()
        _ = SignInFeature.reduce(.deviceCodeShown(notice, .send(SendID(number: 7))), &slice, context())
        #expect(slice.dialog == .device(notice, .send(SendID(number: 7))))
        _ = SignInFeature.reduce(.signInWaitEnded(.send(SendID(number: 8))), &slice, context())
        #expect(slice.dialog != nil, "another send's end closes nothing")
        _ = SignInFeature.reduce(.signInWaitEnded(.send(SendID(number: 7))), &slice, context())
        #expect(slice.dialog == nil)
        _ = SignInFeature.reduce(.deviceCodeShown(notice, .send(SendID(number: 7))), &slice, context())
        let canceled = SignInFeature.reduce(.dismissed, &slice, context())
        guard case .cancel(let id)? = canceled.effects.first else {
            Issue.record("expected the send canceled, got \(canceled.effects)")
            return
        }
        #expect(id == SendID(number: 7))
        #expect(slice.dialog == nil)
    }

    @Test func aSecondSendAskingTheSamePassphraseWaitsOnTheOpenQuestionAndGetsTheSameAnswer() {
        let first = SecretReply()
        let second = SecretReply()
        var slice = SignInFeature.Slice()
        _ = SignInFeature.reduce(.passphraseAsked("Passphrase for client.pem: ", first), &slice, context())
        _ = SignInFeature.reduce(.passphraseTyped("s3"), &slice, context())
        _ = SignInFeature.reduce(.passphraseAsked("Passphrase for client.pem: ", second), &slice, context())
        guard case .passphrase(let shown)? = slice.dialog else {
            Issue.record("expected the question still open, got \(String(describing: slice.dialog))")
            return
        }
        #expect(shown.typed == "s3", "what was typed stays")
        #expect(shown.replies == [first, second])
        let given = SignInFeature.reduce(.submitted, &slice, context())
        #expect(given.effects.count == 2)
        #expect(first.wait(patience: 0) == nil, "effects not run yet")
        for case .answerSecret(let reply, let text) in given.effects { reply.give(text) }
        #expect(first.wait(patience: 0) == "s3" && second.wait(patience: 0) == "s3")
    }

    @Test func thePassphraseIsTypedThenGivenOrCanceled() {
        let reply = SecretReply()
        var slice = SignInFeature.Slice()
        _ = SignInFeature.reduce(.passphraseAsked("Passphrase for client.pem: ", reply), &slice, context())
        _ = SignInFeature.reduce(.passphraseTyped("s3cret"), &slice, context())
        let given = SignInFeature.reduce(.submitted, &slice, context())
        guard case .answerSecret(let answered, let text)? = given.effects.first else {
            Issue.record("expected the answer, got \(given.effects)")
            return
        }
        #expect(answered == reply && text == "s3cret")
        #expect(slice.dialog == nil)
        _ = SignInFeature.reduce(.passphraseAsked("Passphrase for client.pem: ", reply), &slice, context())
        let canceled = SignInFeature.reduce(.dismissed, &slice, context())
        guard case .answerSecret(_, nil)? = canceled.effects.first else {
            Issue.record("expected no answer, got \(canceled.effects)")
            return
        }
    }

    @Test func theFeatureKeepsEachSignInsStateBeyondTheViewAndAFailureUntilASuccess() {
        var slice = SignInFeature.Slice()
        let expiry = Date(timeIntervalSince1970: 2_000_000)
        _ = SignInFeature.reduce(.requested, &slice, context())
        let rows = [
            SignInRow(id: "api", isUsed: true, state: .signedIn(expiresAt: expiry)),
            SignInRow(id: "tv", isUsed: false, state: .needed),
        ]
        _ = SignInFeature.reduce(.loaded(rows, in: "dev", readAt: Date()), &slice, context())
        _ = SignInFeature.reduce(.dismissed, &slice, context())
        #expect(slice.dialog == nil)
        #expect(slice.memory.state(of: "api", in: "dev") == .signedIn(expiresAt: expiry), "kept once the view closed")
        #expect(slice.memory.state(of: "api", in: "prod") == nil, "per environment")
        _ = SignInFeature.reduce(
            .renewed("tv", in: "dev", .failure(SaveFailure(message: "invalid_client"))), &slice, context())
        #expect(slice.memory.state(of: "tv", in: "dev") == .failed("invalid_client"))
        _ = SignInFeature.reduce(.loaded(rows, in: "dev", readAt: Date()), &slice, context())
        #expect(
            slice.memory.state(of: "tv", in: "dev") == .failed("invalid_client"),
            "the cache's 'needed' keeps the failure")
        #expect(
            SignInRow(id: "tv", isUsed: false, state: .failed("invalid_client")).status(at: Date())
                == "sign-in failed: invalid_client (r tries again)")
        _ = SignInFeature.reduce(.renewed("tv", in: "dev", .success(AuthTokenExpiry(date: expiry))), &slice, context())
        #expect(slice.memory.state(of: "tv", in: "dev") == .signedIn(expiresAt: expiry))
    }

    @Test func theStatusBarSaysHowTheOpenRequestsSignInsStandAsTheFeatureKnowsIt() throws {
        let own = try TemporaryWorkspace(
            requests: "### me\nGET {{host}}/me\nAuthorization: Bearer {{$auth.token(\"api\")}}\n",
            environments: ["dev": "http://127.0.0.1:9"])
        var state = try own.loadState(size: Size(width: 100, height: 30))
        #expect(StatusBarView(state: state).signInBadges() == nil, "nothing known, nothing said")
        state.signInMemory.states[SignInKey(environment: state.environment, id: "api")] = .failed("invalid_client")
        #expect(StatusBarView(state: state).signInBadges() == "api ✗ sign-in failed")
        #expect(StatusBarView(state: state).leftLine().plainText.contains("api ✗ sign-in failed"))
        state.signInMemory.states[SignInKey(environment: state.environment, id: "api")] = .signedIn(expiresAt: nil)
        #expect(StatusBarView(state: state).signInBadges() == "api ✓")
    }

    @Test func aRowSaysWhenItsTokenExpiresRelativeToWhenItWasRead() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let fresh = SignInRow(id: "api", isUsed: true, state: .signedIn(expiresAt: now.addingTimeInterval(30 * 60 + 5)))
        #expect(fresh.status(at: now).hasPrefix("token cached, expires "))
        #expect(fresh.status(at: now).hasSuffix("(in 30 min)"))
        let soon = SignInRow(id: "api", isUsed: true, state: .signedIn(expiresAt: now.addingTimeInterval(20)))
        #expect(soon.status(at: now).hasSuffix("(in under a minute)"))
        #expect(
            SignInRow(id: "a", isUsed: false, state: .expired(refreshable: true)).status(at: now)
                == "token expired: refreshed at the next send")
        #expect(SignInRow(id: "a", isUsed: false, state: .needed).status(at: now).hasPrefix("sign-in needed"))
    }

    @Test func aReplyIsGivenOnceAndWaitedFor() {
        let reply = SecretReply()
        reply.give("first")
        reply.give("second")
        #expect(reply.wait(patience: 1) == "first")
    }

    @Test func theRouterTypesThePassphraseAndHandsTheViewsKeysToTheFeature() throws {
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        state.overlay = .signIn(.passphrase(SignInFeature.Passphrase(question: "?", typed: "ab", reply: SecretReply())))
        func routed(_ key: KeyEvent) -> String? { InputRouter.action(for: .key(key), in: state).map { "\($0)" } }
        #expect(
            routed(KeyEvent(.character("q")))
                == "overlay(FerryApp.OverlayAction.signIn(FerryApp.SignInAction.passphraseTyped(\"abq\")))")
        #expect(
            routed(KeyEvent(.character("r")))
                == "overlay(FerryApp.OverlayAction.signIn(FerryApp.SignInAction.passphraseTyped(\"abr\")))")
        #expect(
            routed(KeyEvent(.backspace))
                == "overlay(FerryApp.OverlayAction.signIn(FerryApp.SignInAction.passphraseTyped(\"a\")))")
        #expect(routed(KeyEvent(.enter)) == "overlay(FerryApp.OverlayAction.signIn(FerryApp.SignInAction.submitted))")
        #expect(routed(KeyEvent(.escape)) == "overlay(FerryApp.OverlayAction.signIn(FerryApp.SignInAction.dismissed))")
        state.overlay = .signIn(.view(SignInFeature.View(environment: "dev", rows: [])))
        #expect(
            routed(KeyEvent(.character("r")))
                == "overlay(FerryApp.OverlayAction.signIn(FerryApp.SignInAction.renewRequested))")
        #expect(
            routed(KeyEvent(.character("q")))
                == "overlay(FerryApp.OverlayAction.signIn(FerryApp.SignInAction.dismissed))")
        #expect(
            routed(KeyEvent(.down))
                == "overlay(FerryApp.OverlayAction.signIn(FerryApp.SignInAction.cursorMoved(FerryApp.CursorMove.down)))"
        )
    }

    @Test func aRequestNamesTheConfigurationsItUses() {
        let text = """
            ### one
            GET https://x/{{$auth.idToken("b")}}
            Authorization: Bearer {{$auth.token("a")}}
            X-Again: {{ $auth.token( "a" ) }}

            """
        let file = HTTPFileParser.parse(text: text, path: "x.http")
        #expect(file.requests.first?.signInConfigurationIDs == ["b", "a"])
    }
}
