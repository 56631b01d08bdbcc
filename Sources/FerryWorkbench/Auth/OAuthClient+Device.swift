import Foundation

// MARK: - Device Authorization (RFC 8628)

extension OAuthClient {
    /// Asks the device authorization endpoint for a code, shows it (and opens the verification URL when a
    /// browser is there), then polls the token endpoint at the interval the server sets until the person
    /// approved, refused, or the code expired.
    func signInOnDevice(_ settings: OAuthSettings) throws(AuthError) -> AuthToken {
        let device = try post(
            settings.deviceAuthURL ?? "", form: scope(settings) + settings.parameters(for: .authRequest),
            settings: settings, purpose: "the device authorization request")
        guard let deviceCode = device.string("device_code"), let userCode = device.string("user_code"),
            let verification = device.string("verification_uri") ?? device.string("verification_url")
        else {
            throw AuthError(
                "'\(settings.shownID)': the device authorization response lacks device_code, user_code or verification_uri"
            )
        }
        let complete = device.string("verification_uri_complete")
        interaction.notify(
            "Signing in to '\(settings.shownID)': open \(verification) and enter the code \(userCode)"
                + (complete.map { "\n  (or open \($0))" } ?? ""))
        if let url = URL(string: complete ?? verification) { interaction.openBrowser(url) }
        var interval = max(device.seconds("interval") ?? 5, 1)
        let deadline = now().addingTimeInterval(min(device.seconds("expires_in") ?? patience, patience))
        let form = [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)]
        while true {
            do {
                return try tokenRequest(settings, form)
            } catch {
                let code = Self.pollingError(in: error)
                guard code == "authorization_pending" || code == "slow_down" else { throw error }
                if code == "slow_down" { interval += 5 }
            }
            guard now().addingTimeInterval(interval) < deadline else {
                throw AuthError("'\(settings.shownID)': the device code expired before the sign-in was approved")
            }
            // The server sets the pace (RFC 8628 §3.5): this waits for it, not for an event of ours.
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// `authorization_pending` or `slow_down` when `error` is the token endpoint saying so.
    static func pollingError(in error: AuthError) -> String? {
        ["authorization_pending", "slow_down"].first { error.description.contains(": \($0)") }
    }
}
