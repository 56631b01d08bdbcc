/// Captures a screen with `capture` until `condition` holds for one whole capture or `timeout` passes,
/// sleeping `interval` between captures (with ``eventually(timeout:every:_:)``, so no thread blocks);
/// returns whether it held and the last capture (the one that met it, or the last one seen at the deadline,
/// for the failure message).
///
/// The one polling loop behind the tmux helpers (``TmuxSession/waitUntil(_:timeout:_:)`` and the demo's
/// session in the CLI tests). Conditions take the whole capture: a capture can catch a frame half drawn, so
/// a test checks everything it needs on the capture that met its condition, never on a later one.
///
/// ```swift
/// let (held, screen) = try await pollScreen(capture: { try await session.screen() }) {
///     $0.contains("Saved") && $0.contains("● unsaved")
/// }
/// ```
public func pollScreen(
    timeout: Duration = FailureBound.event, every interval: Duration = .milliseconds(20),
    capture: () async throws -> String, until condition: (String) -> Bool
) async throws -> (held: Bool, screen: String) {
    var last = ""
    let held = try await eventually(timeout: timeout, every: interval) {
        last = try await capture()
        return condition(last)
    }
    return (held, last)
}
