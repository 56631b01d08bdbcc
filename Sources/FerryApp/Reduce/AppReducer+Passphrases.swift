// MARK: - A passphrase question another dialog replaced

extension AppState {
    /// The threads preparing sends that wait on the passphrase question on screen (none when none is shown).
    var waitingPassphrases: [SecretReply] {
        guard case .passphrase(let question)? = signInDialog else { return [] }
        return question.replies
    }
}

extension AppReducer {
    /// Cancels at once the passphrase questions that were `waiting` before an action and left the screen without
    /// an answer in `effects` (another send's question or another dialog took their place): their threads stop
    /// waiting now instead of at the end of their patience, and their sends end as canceled.
    static func releaseReplacedPassphrases(
        _ waiting: [SecretReply], _ state: inout AppState, answeredBy effects: [Effect]
    ) -> [Effect] {
        guard !waiting.isEmpty else { return [] }
        let shown = state.waitingPassphrases
        let answered = effects.compactMap { effect -> SecretReply? in
            if case .answerSecret(let reply, _) = effect { return reply }
            return nil
        }
        let replaced = waiting.filter { reply in !shown.contains(reply) && !answered.contains(reply) }
        guard !replaced.isEmpty else { return [] }
        state.report(.info("A passphrase question gave way to another dialog: its send is canceled (send it again)."))
        return replaced.map { .answerSecret($0, nil) }
    }
}
