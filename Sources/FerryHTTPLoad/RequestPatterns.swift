import FerryHTTP
import Foundation
import Synchronization

/// The ways the benchmarks drive an ``HTTPClient``, shared by FerryBench and FerryHTTPProbe (this library
/// links only FerryHTTP, so the probe stays a pure HTTP client). Every request must answer 200.
public enum RequestPatterns {
    /// `width` requests at a time as completion-handler code does it: `width` chains, each handler sending the
    /// next request not sent yet; returns once every request has completed. A width of 1 sends one request
    /// after another.
    public static func chained(_ client: HTTPClient, _ requests: [HTTPRequest], width: Int) {
        RequestChains(client: client, requests: requests, width: width).run()
    }

    /// One request at a time from a thread that blocks until each completion handler has run (one more thread
    /// hand-off per request than ``chained(_:_:width:)``).
    public static func blocking(_ client: HTTPClient, _ requests: some Sequence<HTTPRequest>) {
        let done = DispatchSemaphore(value: 0)
        for request in requests {
            client.task(for: request) { result in
                expectOK(result)
                done.signal()
            }
            done.wait()
        }
    }

    /// At most `inFlight` requests at once, from a thread that blocks while that many are in flight.
    public static func gated(_ client: HTTPClient, _ requests: some Sequence<HTTPRequest>, inFlight: Int) {
        let slots = DispatchSemaphore(value: inFlight)
        let group = DispatchGroup()
        for request in requests {
            slots.wait()
            group.enter()
            client.task(for: request) { result in
                expectOK(result)
                slots.signal()
                group.leave()
            }
        }
        group.wait()
    }

    /// One request at a time through `await client.send(_:)`.
    public static func sequentialAsync(_ client: HTTPClient, _ requests: [HTTPRequest]) async {
        for request in requests {
            let status = try? await client.send(request).status
            precondition(status == 200, "request failed")
        }
    }

    fileprivate static func expectOK(_ result: Result<HTTPResponse, HTTPClientError>) {
        precondition((try? result.get().status) == 200, "request failed: \(result)")
    }
}

/// The state ``RequestPatterns/chained(_:_:width:)`` shares between its completion handlers.
private final class RequestChains: Sendable {
    private let client: HTTPClient
    private let requests: [HTTPRequest]
    private let width: Int
    private let nextIndex = Atomic<Int>(0)
    private let endedChains = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)

    init(client: HTTPClient, requests: [HTTPRequest], width: Int) {
        self.client = client
        self.requests = requests
        self.width = max(1, width)
    }

    /// Starts every chain and waits until all have ended.
    func run() {
        for _ in 0..<width { sendNext() }
        done.wait()
    }

    /// Sends the next request not sent yet, whose handler calls this again; ends the chain when none is left.
    private func sendNext() {
        let index = nextIndex.add(1, ordering: .relaxed).oldValue
        guard index < requests.count else {
            if endedChains.add(1, ordering: .acquiringAndReleasing).newValue == width { done.signal() }
            return
        }
        client.task(for: requests[index]) { result in
            RequestPatterns.expectOK(result)
            self.sendNext()
        }
    }
}
