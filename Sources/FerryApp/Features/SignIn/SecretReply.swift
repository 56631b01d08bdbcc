import Foundation

/// The answer a thread preparing a send waits for while the workbench asks the person (a client certificate's
/// passphrase): given once from the loop, read once by the waiting thread, kept nowhere else. Two replies are
/// equal only when they are the same question.
final class SecretReply: @unchecked Sendable, Equatable {
    private let answered = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var answer: String?
    private var isAnswered = false

    /// A question not answered yet.
    init() {}

    /// Gives the answer (`nil`: the person canceled); a second answer is ignored.
    func give(_ text: String?) {
        let first = lock.withLock { () -> Bool in
            guard !isAnswered else { return false }
            isAnswered = true
            answer = text
            return true
        }
        if first { answered.signal() }
    }

    /// Waits for the answer, at most `patience` seconds (then `nil`, as if canceled).
    func wait(patience: TimeInterval) -> String? {
        guard answered.wait(timeout: .now() + patience) == .success else { return nil }
        return lock.withLock { answer }
    }

    static func == (lhs: SecretReply, rhs: SecretReply) -> Bool { lhs === rhs }
}
