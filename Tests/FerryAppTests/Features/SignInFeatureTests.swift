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
        var dialog: SignInFeature.State?
        let opened = SignInFeature.reduce(.requested, &dialog, context(uses: ["api"]))
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
        _ = SignInFeature.reduce(.loaded(rows, readAt: now), &dialog, context())
        #expect(dialog == .view(SignInFeature.View(environment: "dev", rows: rows, readAt: now)))
        _ = SignInFeature.reduce(.cursorMoved(.down), &dialog, context())
        let renewed = SignInFeature.reduce(.renewRequested, &dialog, context(uses: ["api"]))
        guard case .renewSignIn(_, let ids)? = renewed.effects.first else {
            Issue.record("expected a renewal, got \(renewed.effects)")
            return
        }
        #expect(ids == ["tv"])
        #expect(renewed.requests == [.report(.info("Signing in to 'tv' again…"))])
    }

    @Test func fromThePaletteSignInAgainRenewsWhatTheOpenRequestUses() {
        var dialog: SignInFeature.State?
        let none = SignInFeature.reduce(.renewRequested, &dialog, context())
        #expect(none.effects.isEmpty)
        #expect(none.requests.count == 1)
        let renewed = SignInFeature.reduce(.renewRequested, &dialog, context(uses: ["a", "b"]))
        guard case .renewSignIn(_, let ids)? = renewed.effects.first else {
            Issue.record("expected a renewal, got \(renewed.effects)")
            return
        }
        #expect(ids == ["a", "b"])
        #expect(dialog == nil)
    }

    @Test func aDeviceCodeClosesWhenItsSignInEndsAndEscCancelsItsSend() {
        let notice = DeviceCodeNotice(configuration: "tv", userCode: "WDJB-MJHT", verificationURL: "http://x/device")
        var dialog: SignInFeature.State?
        _ = SignInFeature.reduce(.deviceCodeShown(notice, .send(SendID(number: 7))), &dialog, context())
        #expect(dialog == .device(notice, .send(SendID(number: 7))))
        _ = SignInFeature.reduce(.signInWaitEnded(.send(SendID(number: 8))), &dialog, context())
        #expect(dialog != nil, "another send's end closes nothing")
        _ = SignInFeature.reduce(.signInWaitEnded(.send(SendID(number: 7))), &dialog, context())
        #expect(dialog == nil)
        _ = SignInFeature.reduce(.deviceCodeShown(notice, .send(SendID(number: 7))), &dialog, context())
        let canceled = SignInFeature.reduce(.dismissed, &dialog, context())
        guard case .cancel(let id)? = canceled.effects.first else {
            Issue.record("expected the send canceled, got \(canceled.effects)")
            return
        }
        #expect(id == SendID(number: 7))
        #expect(dialog == nil)
    }

    @Test func thePassphraseIsTypedThenGivenOrCanceled() {
        let reply = SecretReply()
        var dialog: SignInFeature.State?
        _ = SignInFeature.reduce(.passphraseAsked("Passphrase for client.pem: ", reply), &dialog, context())
        _ = SignInFeature.reduce(.passphraseTyped("s3cret"), &dialog, context())
        let given = SignInFeature.reduce(.submitted, &dialog, context())
        guard case .answerSecret(let answered, let text)? = given.effects.first else {
            Issue.record("expected the answer, got \(given.effects)")
            return
        }
        #expect(answered == reply && text == "s3cret")
        #expect(dialog == nil)
        _ = SignInFeature.reduce(.passphraseAsked("Passphrase for client.pem: ", reply), &dialog, context())
        let canceled = SignInFeature.reduce(.dismissed, &dialog, context())
        guard case .answerSecret(_, nil)? = canceled.effects.first else {
            Issue.record("expected no answer, got \(canceled.effects)")
            return
        }
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
