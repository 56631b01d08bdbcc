import FerryHTTP
import Foundation

/// The OAuth 2.0 grants (RFC 6749, PKCE RFC 7636, Device Authorization RFC 8628) as the JetBrains HTTP
/// Client runs them, over a Ferry ``HTTPClient``: one blocking call per sign-in, made from a sender's
/// preparing thread (never the app's loop).
struct OAuthClient: Sendable {
    /// The client token and device requests go through.
    let client: HTTPClient
    /// Opens the browser and tells the person what to do.
    let interaction: SignInInteraction
    /// The clock expiries are counted from.
    let now: @Sendable () -> Date
    /// How long a sign-in that needs the person (the browser, the device code) may take at most.
    let patience: TimeInterval

    /// A new token for `settings`, by its grant.
    func obtain(_ settings: OAuthSettings) throws(AuthError) -> AuthToken {
        switch settings.grant {
        case .clientCredentials:
            return try tokenRequest(settings, [("grant_type", "client_credentials")] + scope(settings))
        case .password:
            return try tokenRequest(
                settings,
                [
                    ("grant_type", "password"), ("username", settings.username ?? ""),
                    ("password", settings.password ?? ""),
                ] + scope(settings))
        case .authorizationCode, .implicit:
            return try signInWithBrowser(settings)
        case .deviceAuthorization:
            return try signInOnDevice(settings)
        }
    }

    /// A token refreshed with `refreshToken` (RFC 6749 §6); the old refresh token stays when the server
    /// sends no new one.
    func refresh(_ refreshToken: String, settings: OAuthSettings) throws(AuthError) -> AuthToken {
        var token = try tokenRequest(
            settings, [("grant_type", "refresh_token"), ("refresh_token", refreshToken)] + scope(settings))
        if token.refreshToken == nil { token.refreshToken = refreshToken }
        return token
    }

    func scope(_ settings: OAuthSettings) -> [(String, String)] {
        settings.scope.map { [("scope", $0)] } ?? []
    }

    /// POSTs `form` (with the client's authentication and the token request's custom parameters) to the
    /// token endpoint and reads the token response.
    func tokenRequest(_ settings: OAuthSettings, _ form: [(String, String)]) throws(AuthError) -> AuthToken {
        let started = now()
        let fields = try post(
            settings.tokenURL ?? "", form: form + settings.parameters(for: .tokenRequest), settings: settings,
            purpose: "the token request")
        guard case .string(let access)? = fields.value["access_token"], !access.isEmpty else {
            throw AuthError("the token response of '\(settings.shownID)' has no access_token")
        }
        return AuthToken(
            accessToken: access, idToken: fields.string("id_token"), refreshToken: fields.string("refresh_token"),
            expiresAt: fields.seconds("expires_in").map { started.addingTimeInterval($0) }, obtainedAt: started,
            fingerprint: settings.fingerprint)
    }

    /// The JSON object a form POST to `url` answered with (client authentication added as `settings` say),
    /// or the server's OAuth error in words.
    func post(_ url: String, form: [(String, String)], settings: OAuthSettings, purpose: String) throws(AuthError)
        -> OAuthResponse
    {
        guard let endpoint = URL(string: url), let scheme = endpoint.scheme?.lowercased(),
            scheme == "http" || scheme == "https", endpoint.host != nil
        else {
            throw AuthError("'\(settings.shownID)': \(purpose) URL \(InputExcerpt(url)) is not an absolute http(s) URL")
        }
        var fields = form
        var request = HTTPRequest(.post, url: endpoint, headers: ["Accept": "application/json"])
        switch settings.clientAuthentication {
        case .basic where settings.clientSecret != nil:
            let pair =
                FormParameters.escape(settings.clientID) + ":" + FormParameters.escape(settings.clientSecret ?? "")
            request.headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
        case .basic, .none:
            fields.append(("client_id", settings.clientID))
        case .inBody:
            fields.append(("client_id", settings.clientID))
            if let secret = settings.clientSecret { fields.append(("client_secret", secret)) }
        }
        request.body = .form(FormParameters(fields.map { (key: $0.0, value: FormValue.string($0.1)) }))
        request.sensitiveHeaders.insert("Authorization")
        let response = try send(request, settings: settings, purpose: purpose)
        let parsed = OAuthResponse(response.body)
        if response.status >= 400 || parsed == nil {
            throw AuthError(
                "'\(settings.shownID)': \(purpose) to \(InputExcerpt(endpoint.absoluteString).unquoted) answered \(response.status)"
                    + (parsed?.errorDescription.map { ": \($0)" } ?? ""))
        }
        return parsed ?? OAuthResponse(value: [:])
    }

    /// Sends `request` and waits for its response (this thread blocks; the transport's does the work).
    func send(_ request: HTTPRequest, settings: OAuthSettings, purpose: String) throws(AuthError) -> HTTPResponse {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result<HTTPResponse, HTTPClientError>?>(nil)
        client.task(for: request) { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        switch result.withLock({ $0 }) {
        case .success(let response)?: return response
        case .failure(let error)?: throw AuthError("'\(settings.shownID)': \(purpose) failed: \(error.message)")
        case nil: throw AuthError("'\(settings.shownID)': \(purpose) ended without a response")
        }
    }
}

/// A JSON object from an OAuth endpoint: a token, a device authorization, or an error.
struct OAuthResponse: Sendable {
    /// A member's value, kept as a string, a number or another JSON kind.
    enum Value: Sendable, Equatable {
        case string(String)
        case number(Double)
        case other
    }

    let value: [String: Value]

    init(value: [String: Value]) { self.value = value }

    /// The object in `body`, or `nil` when the body is not a JSON object.
    init?(_ body: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        value = object.mapValues { member in
            if let text = member as? String { return .string(text) }
            if let number = member as? NSNumber { return .number(number.doubleValue) }
            return .other
        }
    }

    /// A string member.
    func string(_ name: String) -> String? {
        if case .string(let text)? = value[name], !text.isEmpty { return text }
        return nil
    }

    /// A number of seconds (some servers send `"3600"` as a string).
    func seconds(_ name: String) -> TimeInterval? {
        switch value[name] {
        case .number(let seconds)?: seconds
        case .string(let text)?: TimeInterval(text)
        default: nil
        }
    }

    /// `error` and `error_description` of an error response, as `invalid_client (Client authentication failed)`.
    var errorDescription: String? {
        guard let error = string("error") else { return nil }
        // The server's words: shortened, control characters escaped.
        return InputExcerpt(error).unquoted
            + (string("error_description").map { " (\(InputExcerpt($0).unquoted))" } ?? "")
    }
}
