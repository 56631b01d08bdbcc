import FerryDynamic
import FerryHTTP
import Foundation

// MARK: - Authorization Code (with PKCE) and Implicit: the browser and the loopback redirect

extension OAuthClient {
    /// Signs in through the browser: opens the authorization URL, catches the redirect on the loopback port of
    /// `Redirect URL` (a free one when none is set), checks its `state`, then exchanges the code (with the PKCE
    /// verifier) or, for Implicit, takes the token the redirect carries.
    func signInWithBrowser(_ settings: OAuthSettings) throws(AuthError) -> AuthToken {
        let catcher = try RedirectCatcher(settings.redirectURL, id: settings.shownID)
        let state = Self.randomText(bytes: 16)
        let verifier = settings.codeVerifier ?? Self.randomText(bytes: 32)
        var query: [(String, String)] = [
            ("response_type", settings.grant == .implicit ? "token" : "code"), ("client_id", settings.clientID),
            ("redirect_uri", catcher.redirectURL), ("state", state),
        ]
        query += scope(settings)
        if let method = settings.pkce, settings.grant == .authorizationCode {
            query += [("code_challenge", Self.challenge(verifier, method)), ("code_challenge_method", method.wireName)]
        }
        query += settings.parameters(for: .authRequest)
        let base = settings.authURL ?? ""
        let encoded = query.map { FormParameters.escape($0.0) + "=" + FormParameters.escape($0.1) }.joined(
            separator: "&")
        guard let url = URL(string: base + (base.contains("?") ? "&" : "?") + encoded), url.host != nil else {
            throw AuthError("'\(settings.shownID)': the Auth URL \(InputExcerpt(base)) is not an absolute http(s) URL")
        }
        let notice = BrowserSignInNotice(configuration: settings.shownID, url: url.absoluteString)
        if let show = interaction.showBrowserPage { show(notice) } else { interaction.notify(notice.sentence) }
        interaction.openBrowser(url)
        let started = now()
        let answer = try catcher.awaitRedirect(
            within: patience, expectingFragment: settings.grant == .implicit, id: settings.shownID)
        guard answer["state"] == state else {
            throw AuthError("'\(settings.shownID)': the redirect's state does not match the sign-in's; not signed in")
        }
        if let error = answer["error"] {
            let detail = answer["error_description"].map { " (\(InputExcerpt($0).unquoted))" } ?? ""
            throw AuthError(
                "'\(settings.shownID)': the server refused the sign-in: \(InputExcerpt(error).unquoted)\(detail)")
        }
        if settings.grant == .implicit {
            guard let access = answer["access_token"] else {
                throw AuthError("'\(settings.shownID)': the redirect carries no access_token")
            }
            return AuthToken(
                accessToken: access, idToken: answer["id_token"],
                expiresAt: answer["expires_in"].flatMap(TimeInterval.init).map { started.addingTimeInterval($0) },
                obtainedAt: started, fingerprint: settings.fingerprint)
        }
        guard let code = answer["code"] else { throw AuthError("'\(settings.shownID)': the redirect carries no code") }
        var form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", catcher.redirectURL)]
        if settings.pkce != nil { form.append(("code_verifier", verifier)) }
        return try tokenRequest(settings, form)
    }

    /// `bytes` random bytes as base64url without padding (a PKCE verifier of 43 characters for 32 bytes).
    static func randomText(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return ByteEncoding.base64(bytes, urlSafe: true).replacingOccurrences(of: "=", with: "")
    }

    /// The PKCE code challenge of `verifier` (RFC 7636 §4.2).
    static func challenge(_ verifier: String, _ method: OAuthSettings.ChallengeMethod) -> String {
        switch method {
        case .plain: verifier
        case .sha256:
            ByteEncoding.base64(HashAlgorithm.sha256.digest(Array(verifier.utf8)), urlSafe: true)
                .replacingOccurrences(of: "=", with: "")
        }
    }
}

extension OAuthSettings.ChallengeMethod {
    /// The method's name on the wire.
    var wireName: String { self == .plain ? "plain" : "S256" }
}
