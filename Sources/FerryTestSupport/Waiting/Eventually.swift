/// Polls `condition` until it holds or `timeout` passes, sleeping `interval` between tries with
/// `Task.sleep`; returns whether it held. Stops early (returning the condition's last answer) when the
/// task is cancelled.
///
/// The one way tests wait for something to happen: it never blocks a thread, so a test waiting here
/// leaves the cooperative pool (one thread per core, two on this machine) to the other tests. Deadlines
/// can be generous for slow machines: a passing run returns as soon as the condition holds.
///
/// ```swift
/// #expect(await eventually { server.requests.count == 2 })
/// ```
@discardableResult
public func eventually(
    timeout: Duration = FailureBound.event, every interval: Duration = .milliseconds(10),
    _ condition: () throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline || Task.isCancelled { return false }
        do { try await Task.sleep(for: interval) } catch { return try condition() }
    }
}

/// Like ``eventually(timeout:every:_:)``, but for conditions that need to `await`.
@discardableResult
public func eventually(
    timeout: Duration = FailureBound.event, every interval: Duration = .milliseconds(10),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline || Task.isCancelled { return false }
        do { try await Task.sleep(for: interval) } catch { return try await condition() }
    }
}
