// MARK: - A passphrase question another dialog replaced

extension AppState {
    /// The threads preparing sends that wait on the passphrase question on screen (none when none is shown).
    var waitingPassphrases: [SecretReply] {
        guard case .passphrase(let question)? = signInDialog else { return [] }
        return question.replies
    }
}

extension AppReducer {
    /// The passphrase questions that were `waiting` before an action and left the screen without an answer in
    /// `effects` (another send's question or another dialog took their place, and the ones `shown` now do not
    /// include them), each answered with a cancel: their threads stop waiting now instead of at the end of their
    /// patience, and their sends end as canceled.
    static func releaseReplacedPassphrases(
        _ waiting: [SecretReply], shown: [SecretReply], answeredBy effects: [Effect]
    ) -> [Effect] {
        guard !waiting.isEmpty else { return [] }
        let answered = effects.compactMap { effect -> SecretReply? in
            if case .answerSecret(let reply, _) = effect { return reply }
            return nil
        }
        let replaced = waiting.filter { reply in !shown.contains(reply) && !answered.contains(reply) }
        return replaced.map { .answerSecret($0, nil) }
    }

    /// What the status bar says when a passphrase question gave way to another dialog.
    static let replacedPassphraseMessage = AppState.Message.info(
        "A passphrase question gave way to another dialog: its send is canceled (send it again).")
}
