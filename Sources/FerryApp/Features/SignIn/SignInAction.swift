import FerryWorkbench
import Foundation

/// What waits on a device sign-in's code: a send being prepared, or "sign in again" for a configuration.
enum SignInOwner: Sendable, Equatable {
    /// The send that needs the token.
    case send(SendID)
    /// Signing in again to this configuration.
    case renewal(String)
}

/// The sign-in feature's actions: the sign-in view's keys and what was read, "sign in again" and its end, a
/// device sign-in's code, and a client certificate's passphrase question.
enum SignInAction: Sendable {
    /// Open the sign-in view of the current environment.
    case requested
    /// The rows of this environment were read, at this time (their expiries are shown relative to it): for the
    /// view, or after a send whose request signs in.
    case loaded([SignInRow], in: String?, readAt: Date)
    /// Move the view's selection.
    case cursorMoved(CursorMove)
    /// Sign in again: the selected row in the view, else the configurations the open request uses.
    case renewRequested
    /// Signing in again to `id` in this environment (the one active when it started) ended: when its new token
    /// expires, or why it failed.
    case renewed(String, in: String?, Result<AuthTokenExpiry, SaveFailure>)
    /// A device sign-in shows its code while it waits.
    case deviceCodeShown(DeviceCodeNotice, SignInOwner)
    /// A browser sign-in shows its address while it waits for the redirect.
    case browserPageShown(BrowserSignInNotice, SignInOwner)
    /// The device or browser sign-in of `owner` stopped waiting (its token arrived, or it failed).
    case signInWaitEnded(SignInOwner)
    /// A client certificate's passphrase is asked for (the question, and where the answer goes).
    case passphraseAsked(String, SecretReply)
    /// The passphrase typed so far.
    case passphraseTyped(String)
    /// Enter: give the passphrase.
    case submitted
    /// Esc (or q in the view): close the view, cancel the device sign-in, or cancel the send the passphrase is for.
    case dismissed
}

/// When a token obtained by "sign in again" expires (`nil`: the server did not say).
struct AuthTokenExpiry: Sendable, Equatable {
    /// The expiry.
    var date: Date?
}
