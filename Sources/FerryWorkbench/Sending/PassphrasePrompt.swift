import FerryHTTP
import Foundation

/// Asks for the passphrase of a client certificate's key once per certificate in a process (a `ferry run` of
/// many requests asks once), keeping the answers in memory only: never in a file, the history or a message.
public final class PassphrasePrompt: Sendable {
    private let ask: @Sendable (String) -> String?
    /// The answers so far; held while asking, so two sends needing the same passphrase ask once.
    private let known = Locked<[URL: String]>([:])

    /// A prompt asking with `ask` (given the question; `nil` when there is no answer).
    public init(ask: @escaping @Sendable (String) -> String?) {
        self.ask = ask
    }

    /// The passphrase of `certificate`: the one given earlier in this process, else asked for now.
    public func passphrase(for certificate: URL) -> String? {
        known.withLock { known in
            if let answer = known[certificate] { return answer }
            let answer = ask("Passphrase for the client certificate \(certificate.lastPathComponent): ")
            if let answer { known[certificate] = answer }
            return answer
        }
    }
}
