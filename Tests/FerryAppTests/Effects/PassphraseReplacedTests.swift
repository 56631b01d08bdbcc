import FerryTerminal
import Foundation
import Testing

@testable import FerryApp

/// A passphrase question that another takes the place of (two sends needing different certificates' passphrases,
/// or another dialog opening over it) is answered "canceled" at once by the real runner: its preparing thread
/// stops waiting now, not when its five minutes of patience run out.
@Suite("A replaced passphrase question", .serialized)
final class PassphraseReplacedTests {
    let folder: TemporaryWorkspace

    init() throws { folder = try TemporaryWorkspace.withAPIFolder() }

    /// Whether `reply` was answered `nil` before this call: a late answer given now is ignored then.
    static func wasCanceled(_ reply: SecretReply) -> Bool {
        reply.give("given too late")
        return reply.wait(patience: 0) == nil
    }

    @Test func anotherSendsQuestionCancelsTheFirstAtOnce() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        let first = SecretReply()
        let second = SecretReply()
        try await driver.send(.overlay(.signIn(.passphraseAsked("Passphrase for a.pem: ", first))))
        try await driver.send(.overlay(.signIn(.passphraseAsked("Passphrase for b.pem: ", second))))
        #expect(driver.state.waitingPassphrases == [second])
        #expect(driver.state.message?.text.hasPrefix("A passphrase question gave way to another dialog") == true)
        #expect(Self.wasCanceled(first), "the first waiter was answered at once")
        try await driver.send(.overlay(.signIn(.passphraseTyped("pw"))))
        try await driver.send(.overlay(.signIn(.submitted)))
        #expect(second.wait(patience: 0) == "pw", "the second one gets its answer")
    }

    @Test func anotherDialogOverTheQuestionCancelsIt() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        let reply = SecretReply()
        try await driver.send(.overlay(.signIn(.passphraseAsked("Passphrase for a.pem: ", reply))))
        try await driver.send(.app(.paletteRequested))
        #expect(driver.state.waitingPassphrases.isEmpty)
        #expect(Self.wasCanceled(reply))
    }

    @Test func theHelpOverTheQuestionKeepsItWaiting() async throws {
        let driver = try EffectDriver(workspace: folder.url)
        let reply = SecretReply()
        try await driver.send(.overlay(.signIn(.passphraseAsked("Passphrase for a.pem: ", reply))))
        try await driver.press(.key(.function(1)))
        #expect(driver.state.waitingPassphrases == [reply], "F1 lists its keys over it; the question stays")
        #expect(reply.wait(patience: 0) == nil)
    }
}
