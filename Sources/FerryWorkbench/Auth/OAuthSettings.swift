import FerryHTTP
import FerrySystem

/// A ``AuthConfiguration`` with its `{{variables}}` substituted and checked: everything a sign-in needs, in
/// the JetBrains HTTP Client's terms.
public struct OAuthSettings: Sendable, Hashable {
    /// The grant types JetBrains documents (`"Grant Type"`).
    public enum Grant: String, Sendable, Hashable, CaseIterable {
        case authorizationCode = "Authorization Code"
        case clientCredentials = "Client Credentials"
        case password = "Password"
        case implicit = "Implicit"
        case deviceAuthorization = "Device Authorization"
    }

    /// How the client authenticates at the token endpoint (`"Client Credentials"`).
    public enum ClientAuthentication: String, Sendable, Hashable {
        /// HTTP Basic with the client id and secret (RFC 6749 §2.3.1); JetBrains' default.
        case basic
        /// `client_id` and `client_secret` in the form body.
        case inBody = "in body"
        /// Only `client_id` in the body (a public client).
        case none
    }

    /// PKCE's code challenge method (RFC 7636).
    public enum ChallengeMethod: String, Sendable, Hashable {
        case plain = "Plain"
        case sha256 = "SHA-256"
    }

    /// The configuration's id.
    public var id: String
    /// The grant type.
    public var grant: Grant
    /// `Token URL`.
    public var tokenURL: String?
    /// `Auth URL`, for the browser grants.
    public var authURL: String?
    /// `Redirect URL`, for the browser grants; a loopback URL is caught on its port.
    public var redirectURL: String?
    /// `Device Auth URL`, for Device Authorization.
    public var deviceAuthURL: String?
    /// `Client ID`.
    public var clientID: String
    /// `Client Secret`.
    public var clientSecret: String?
    /// `Client Credentials`.
    public var clientAuthentication: ClientAuthentication
    /// `Scope`.
    public var scope: String?
    /// `Username`, for the Password grant.
    public var username: String?
    /// `Password`, for the Password grant.
    public var password: String?
    /// PKCE's method when PKCE is on (`"PKCE": true` or an object).
    public var pkce: ChallengeMethod?
    /// `Code Verifier` of the `PKCE` object, when given (else one is made per sign-in).
    public var codeVerifier: String?
    /// `Acquire Automatically` (on unless `false`): a request may start a sign-in when no token is cached.
    public var acquiresAutomatically: Bool
    /// `Use ID Token`: `$auth.token` gives the ID token rather than the access token.
    public var usesIDToken: Bool
    /// `Custom Request Parameters`.
    public var parameters: [AuthConfiguration.Parameter]
    /// Where the configuration is written.
    public var location: SourceLocation

    /// The id as messages show it (shortened, control characters escaped: it is a key of a file).
    public var shownID: String { InputExcerpt(id).unquoted }

    /// The parameters that go in the authorization request or the token request.
    public func parameters(for use: AuthConfiguration.ParameterUse) -> [(String, String)] {
        parameters.filter { $0.use == use || $0.use == .everywhere }.flatMap { parameter in
            parameter.values.map { (parameter.name, $0) }
        }
    }

    /// A digest of what decides which token the server gives: a cached token made with other settings
    /// (another client, server, scope or user) is not used.
    public var fingerprint: String {
        let parts =
            [
                grant.rawValue, tokenURL ?? "", authURL ?? "", deviceAuthURL ?? "", clientID, scope ?? "",
                username ?? "",
            ] + parameters.map { "\($0.name)=\($0.values.joined(separator: ","))" }
        return SHA1.digest(Array(parts.joined(separator: "\u{0}").utf8)).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }
}

extension OAuthSettings {
    /// Checks `configuration`, substituting its values with `resolve`; throws a ``AuthError`` naming the field
    /// that is missing or wrong.
    public init(_ configuration: AuthConfiguration, resolve: (String) throws -> String) throws {
        let place = "\(configuration.location.file):\(configuration.location.line)"
        func problem(_ text: String) -> AuthError {
            AuthError("the sign-in configuration '\(InputExcerpt(configuration.id).unquoted)' (\(place)): \(text)")
        }
        if let first = configuration.problems.first { throw problem(first) }
        func field(_ name: String) throws -> String? {
            guard let raw = configuration.fields[name] else { return nil }
            let value = try resolve(raw)
            return value.isEmpty ? nil : value
        }
        func required(_ name: String, for what: String) throws -> String {
            guard let value = try field(name) else { throw problem("\"\(name)\" is missing; \(what) needs it") }
            return value
        }
        let type = configuration.fields["Type"] ?? "OAuth2"
        guard type == "OAuth2" else {
            throw problem("\"Type\" is \(InputExcerpt(type)); Ferry signs in with \"OAuth2\" only")
        }
        guard let grantName = configuration.fields["Grant Type"] else {
            throw problem("\"Grant Type\" is missing; write one of " + Self.grantNames)
        }
        guard let grant = Grant.allCases.first(where: { $0.rawValue.lowercased() == grantName.lowercased() }) else {
            throw problem("\"Grant Type\" is \(InputExcerpt(grantName)); write one of " + Self.grantNames)
        }
        self.id = configuration.id
        self.grant = grant
        self.location = configuration.location
        self.clientID = try required("Client ID", for: "every grant")
        self.clientSecret = try field("Client Secret")
        self.scope = try field("Scope")
        self.tokenURL = grant == .implicit ? try field("Token URL") : try required("Token URL", for: grant.rawValue)
        self.authURL =
            grant == .authorizationCode || grant == .implicit
            ? try required("Auth URL", for: grant.rawValue) : try field("Auth URL")
        self.redirectURL = try field("Redirect URL")
        self.deviceAuthURL =
            grant == .deviceAuthorization ? try required("Device Auth URL", for: grant.rawValue) : nil
        self.username = grant == .password ? try required("Username", for: "Password") : nil
        self.password = grant == .password ? try field("Password") ?? "" : nil
        let authentication = configuration.fields["Client Credentials"] ?? "basic"
        guard let clientAuthentication = ClientAuthentication(rawValue: authentication.lowercased()) else {
            throw problem(
                "\"Client Credentials\" is \(InputExcerpt(authentication)); write \"basic\", \"in body\" or \"none\"")
        }
        self.clientAuthentication = clientAuthentication
        if configuration.fields["PKCE"] == "true" {
            let method = configuration.pkceFields["Code Challenge Method"] ?? "SHA-256"
            guard let read = ChallengeMethod(rawValue: method == "S256" ? "SHA-256" : method) else {
                throw problem("\"Code Challenge Method\" is \(InputExcerpt(method)); write \"SHA-256\" or \"Plain\"")
            }
            self.pkce = read
            self.codeVerifier = try configuration.pkceFields["Code Verifier"].map(resolve).flatMap {
                $0.isEmpty ? nil : $0
            }
        } else {
            self.pkce = nil
            self.codeVerifier = nil
        }
        self.acquiresAutomatically = configuration.fields["Acquire Automatically"] != "false"
        self.usesIDToken = configuration.fields["Use ID Token"] == "true"
        self.parameters = try configuration.parameters.map { parameter in
            var resolved = parameter
            resolved.values = try parameter.values.map(resolve)
            return resolved
        }
    }

    private static let grantNames = Grant.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
}

/// Why a sign-in could not give a token, in words for the person at the terminal.
public struct AuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
