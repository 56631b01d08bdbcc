/// What a person needs while a browser sign-in (Authorization Code, Implicit) waits for its redirect: the address
/// to open when no browser opened (over SSH, on another machine). It holds no token.
public struct BrowserSignInNotice: Sendable, Hashable {
    /// The sign-in configuration's id, as shown.
    public var configuration: String
    /// The authorization address (with its `state` and PKCE challenge, never a secret).
    public var url: String

    /// A notice with the given parts.
    public init(configuration: String, url: String) {
        self.configuration = configuration
        self.url = url
    }

    /// The notice as one sentence, as `ferry` prints it on standard error.
    public var sentence: String {
        "Signing in to '\(configuration)': open this URL in a browser if none opened:\n  \(url)"
    }
}
