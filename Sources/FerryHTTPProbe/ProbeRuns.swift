import FerryHTTP
import Foundation

/// The probe's request patterns and measurements.
enum ProbeRuns {
    // MARK: - Patterns

    /// One request at a time, each waiting for the previous completion handler.
    static func sequential(_ client: HTTPClient, _ requests: some Sequence<HTTPRequest>) {
        let done = DispatchSemaphore(value: 0)
        for request in requests {
            client.send(request) { result in
                precondition((try? result.get().status) == 200, "request failed: \(result)")
                done.signal()
            }
            done.wait()
        }
    }

    /// One request at a time, each completion handler sending the next.
    static func chained(_ client: HTTPClient, _ requests: [HTTPRequest]) {
        let done = DispatchSemaphore(value: 0)
        send(client, requests, from: 0, then: done)
        done.wait()
    }

    private static func send(
        _ client: HTTPClient, _ requests: [HTTPRequest], from index: Int, then done: DispatchSemaphore
    ) {
        guard index < requests.count else {
            done.signal()
            return
        }
        client.send(requests[index]) { result in
            precondition((try? result.get().status) == 200, "request failed: \(result)")
            send(client, requests, from: index + 1, then: done)
        }
    }

    /// One request at a time through the async API.
    static func sequentialAsync(_ client: HTTPClient, _ requests: [HTTPRequest]) async {
        for request in requests {
            let status = try? await client.send(request).status
            precondition(status == 200, "request failed")
        }
    }

    /// At most `inFlight` requests at once.
    static func parallel(_ client: HTTPClient, _ requests: some Sequence<HTTPRequest>, inFlight: Int) {
        let slots = DispatchSemaphore(value: inFlight)
        let group = DispatchGroup()
        for request in requests {
            slots.wait()
            group.enter()
            client.send(request) { result in
                precondition((try? result.get().status) == 200, "request failed: \(result)")
                slots.signal()
                group.leave()
            }
        }
        group.wait()
    }

    // MARK: - Measurements

    /// Requests per second for `count` requests done by `body`, after one warm-up run.
    static func rate(_ count: Int, _ body: () -> Void) -> Int {
        body()
        let start = ContinuousClock.now
        body()
        return Int(Double(count) / seconds(since: start))
    }

    /// Requests per second for `count` requests done by the async `body`, after one warm-up run.
    static func asyncRate(_ count: Int, _ body: () async -> Void) async -> Int {
        await body()
        let start = ContinuousClock.now
        await body()
        return Int(Double(count) / seconds(since: start))
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return max(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, 1e-9)
    }

    /// The process's peak resident set size in bytes (VmHWM in `/proc/self/status`).
    static func peakResidentBytes() -> Int { statusBytes("VmHWM:") }

    /// A size line of `/proc/self/status`, such as `RssAnon:`, in bytes.
    static func statusBytes(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        return 0
    }
}
