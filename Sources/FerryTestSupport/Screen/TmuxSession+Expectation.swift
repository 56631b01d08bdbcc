extension TmuxSession {
    // MARK: - Waiting for a whole screen

    /// Waits until one capture of the screen shows every text of `shown` and none of `hidden` (or `timeout`
    /// passes, which throws naming what the last capture lacks or still shows, with that capture) and returns
    /// that capture.
    ///
    /// For a check on several parts of a frame (a dialog's title and the rows below it, a status message and
    /// the tree): waiting for one text and checking the rest on the same capture can fail on a frame half
    /// drawn, see ``ScreenExpectation``.
    ///
    /// ```swift
    /// try await session.send("F1")
    /// try await session.waitForScreen(showing: ["Help — keys", "Quits"], hiding: ["Quit?"])
    /// ```
    @discardableResult
    public func waitForScreen(
        showing shown: [String], hiding hidden: [String] = [], timeout: Duration = FailureBound.event
    )
        async throws -> String
    {
        try await waitForScreen(ScreenExpectation(showing: shown, hiding: hidden), timeout: timeout)
    }

    /// Waits until one capture of the screen meets `expectation` (or `timeout` passes, which throws naming
    /// what the last capture gets wrong, with that capture) and returns that capture.
    @discardableResult
    public func waitForScreen(_ expectation: ScreenExpectation, timeout: Duration = FailureBound.event) async throws
        -> String
    {
        let (held, current) = try await pollScreen(
            timeout: timeout, capture: { try await screen() }, until: expectation.isMet(by:))
        guard held else {
            let wrong = expectation.shortfall(in: current).map { " (the last capture \($0))" } ?? ""
            throw TmuxError("timed out waiting for \(expectation)\(wrong); screen:\n\(current)")
        }
        return current
    }
}
