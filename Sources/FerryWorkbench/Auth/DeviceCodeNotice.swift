/// What a person needs to approve a device sign-in (RFC 8628): the code to enter and where. It holds no token.
public struct DeviceCodeNotice: Sendable, Hashable {
    /// The sign-in configuration's id, as shown (`"tv"`).
    public var configuration: String
    /// The code the person enters (`user_code`).
    public var userCode: String
    /// Where the person enters it (`verification_uri`).
    public var verificationURL: String
    /// The address that carries the code itself (`verification_uri_complete`), when the server gave one.
    public var completeURL: String?

    /// A notice with the given parts.
    public init(configuration: String, userCode: String, verificationURL: String, completeURL: String? = nil) {
        self.configuration = configuration
        self.userCode = userCode
        self.verificationURL = verificationURL
        self.completeURL = completeURL
    }

    /// The notice as one sentence, as `ferry` prints it on standard error.
    public var sentence: String {
        "Signing in to '\(configuration)': open \(verificationURL) and enter the code \(userCode)"
            + (completeURL.map { "\n  (or open \($0))" } ?? "")
    }
}
