/// A variable the person sending is asked for: `# @prompt name "description"` above a request, as the JetBrains
/// HTTP client and httpyac write it (the description may also be unquoted, or left out).
///
/// ```http
/// # @prompt otp "The code from your authenticator"
/// # @prompt password
/// POST {{host}}/login
/// ```
public struct PromptVariable: Sendable, Hashable {
    /// The variable's name, as `{{name}}` uses it.
    public var name: String
    /// What to ask, when the directive says.
    public var description: String?

    /// Creates a prompt variable.
    public init(name: String, description: String? = nil) {
        self.name = name
        self.description = description
    }

    /// Reads a directive's value: a name, then an optional description (quoted or not); `nil` without a name
    /// or with one `{{…}}` could not use.
    public init?(directive value: String) {
        let trimmed = value.trimmedSpaces
        let name = String(trimmed.prefix { !$0.isWhitespace })
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) else {
            return nil
        }
        var rest = trimmed.dropFirst(name.count).trimmedSpaces
        if rest.count >= 2, rest.first == "\"", rest.last == "\"" { rest = String(rest.dropFirst().dropLast()) }
        self.init(name: name, description: rest.isEmpty ? nil : rest)
    }

    /// Whether the name says it holds a secret (password, token, secret, key, PIN, OTP, credential): asked
    /// without echo and masked wherever the value would be shown.
    public var isSecret: Bool {
        let lowered = name.lowercased()
        return ["password", "passwd", "pass", "token", "secret", "key", "pin", "otp", "credential"].contains {
            lowered.contains($0)
        }
    }

    /// What the prompt says: the description, else the name, then `: `.
    public var question: String { (description ?? name) + ": " }
}
