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
        let notice = DeviceCodeNotice(
            configuration: settings.shownID, userCode: userCode, verificationURL: verification, completeURL: complete)
        if let show = interaction.showDeviceCode { show(notice) } else { interaction.notify(notice.sentence) }
        if let url = URL(string: complete ?? verification) { interaction.openBrowser(url) }
        var interval = max(device.seconds("interval") ?? 5, 1)
        let deadline = now().addingTimeInterval(min(device.seconds("expires_in") ?? patience, patience))
        let form = [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)]
        while true {
            try Self.stopIfCanceled(settings)
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
            // The server sets the pace (RFC 8628 §3.5): this waits for it, in steps, so that canceling the
            // send (Esc on the workbench's dialog) ends the wait within one step.
            let resume = ContinuousClock.now + .seconds(interval)
            while ContinuousClock.now < resume {
                try Self.stopIfCanceled(settings)
                Thread.sleep(forTimeInterval: Self.cancelationStep)
            }
        }
    }

    /// How often a device sign-in's wait looks whether its task was canceled.
    static let cancelationStep: TimeInterval = 0.1

    /// Throws when the task this sign-in runs in was canceled (the send it prepares was).
    static func stopIfCanceled(_ settings: OAuthSettings) throws(AuthError) {
        if Task.isCancelled { throw AuthError("'\(settings.shownID)': the sign-in was canceled") }
    }

    /// `authorization_pending` or `slow_down` when `error` is the token endpoint saying so.
    static func pollingError(in error: AuthError) -> String? {
        ["authorization_pending", "slow_down"].first { error.description.contains(": \($0)") }
    }
}
