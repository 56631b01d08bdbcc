import Foundation

/// One sign-in configuration of the environment as the sign-in view lists it: its id, whether the open request
/// uses it, and the state of its cached token. It holds no token.
struct SignInRow: Sendable, Equatable {
    /// What the cache says about the configuration's token.
    enum TokenState: Sendable, Equatable {
        /// A token is cached and fresh; when it expires (`nil`: the server did not say).
        case signedIn(expiresAt: Date?)
        /// The cached token expired (or will within the refresh margin); a refresh token may renew it.
        case expired(refreshable: Bool)
        /// No token is cached (or it was obtained with other settings): the next send signs in.
        case needed
        /// The configuration cannot be used: why, in words.
        case broken(String)
        /// Signing in again failed: why, in words (kept until a sign-in succeeds).
        case failed(String)
    }

    /// The configuration's id (`Security` → `Auth` → id).
    var id: String
    /// Whether the open request names it (`{{$auth.token("id")}}`).
    var isUsed: Bool
    /// Its token's state as read from the cache (the feature keeps what it learned: ``SignInFeature/Slice``).
    var state: TokenState

    /// The state in a few words for the status bar: `api ✓ until 14:05`, `api ✗ sign-in failed`.
    var badge: String {
        switch state {
        case .signedIn(let expiresAt?): "\(id) ✓ until \(expiresAt.formatted(date: .omitted, time: .shortened))"
        case .signedIn(nil): "\(id) ✓"
        case .expired: "\(id) expired"
        case .needed: "\(id) sign-in needed"
        case .broken, .failed: "\(id) ✗ sign-in failed"
        }
    }

    /// The row in words, relative to `now`: `token cached, expires 14:05 (in 12 min)`.
    func status(at now: Date) -> String {
        switch state {
        case .signedIn(let expiresAt?):
            let minutes = Int((expiresAt.timeIntervalSince(now) / 60).rounded(.down))
            let time = expiresAt.formatted(date: .omitted, time: .shortened)
            return "token cached, expires \(time) (in \(minutes < 1 ? "under a minute" : "\(minutes) min"))"
        case .signedIn(nil): return "token cached (the server gave no expiry)"
        case .expired(let refreshable):
            return refreshable ? "token expired: refreshed at the next send" : "token expired: sign-in needed"
        case .needed: return "sign-in needed (at the next send, or r)"
        case .broken(let problem): return problem
        case .failed(let problem): return "sign-in failed: \(problem) (r tries again)"
        }
    }
}
