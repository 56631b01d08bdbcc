import FerryHTTP
import Foundation
import Synchronization
import Testing

/// `HTTPResponse` keeps its fields in one shared box (copy-on-write): copies must still behave as independent
/// values, and `==` and `hashValue` must be those of a struct comparing and hashing every field.
@Suite struct HTTPResponseValueSemanticsTests {
    // MARK: - Copies stay independent

    @Test(arguments: ResponseChange.all)
    func changingACopyLeavesTheOriginalAndOtherCopies(_ change: ResponseChange) {
        let original = ResponseChange.base()
        let before = storedProperties(of: original)
        let otherCopy = original
        var copy = original
        change.apply(&copy)

        #expect(storedProperties(of: original) == before)
        #expect(storedProperties(of: otherCopy) == before)
        #expect(storedProperties(of: copy) != before)
        #expect(copy != original)
        #expect(otherCopy == original)
    }

    @Test(arguments: ResponseChange.all)
    func changingTheOriginalLeavesItsCopies(_ change: ResponseChange) {
        var original = ResponseChange.base()
        let before = storedProperties(of: original)
        let copy = original
        change.apply(&original)

        #expect(storedProperties(of: copy) == before)
        #expect(storedProperties(of: original) != before)
    }

    /// Guards the argument list above: every change alters exactly one stored property, and together they
    /// alter all of them (a property added later without a change here fails this test).
    @Test func theChangesCoverEveryStoredProperty() {
        let base = ResponseChange.base()
        let baseProperties = storedProperties(of: base)
        var changed = Set<Int>()
        for change in ResponseChange.all {
            var response = base
            change.apply(&response)
            let properties = storedProperties(of: response)
            let differing = properties.indices.filter { properties[$0] != baseProperties[$0] }
            #expect(differing.count == 1, "\(change.property) changed \(differing)")
            changed.formUnion(differing)
        }
        #expect(changed == Set(baseProperties.indices))
        #expect(baseProperties.count == 10)
    }

    // MARK: - Equality and hashing

    @Test func equalityAndHashingAgreeWithFieldByFieldComparison() {
        let base = ResponseChange.base()
        var responses = [base, ResponseChange.base(), HTTPResponse(status: 200, url: URL(fileURLWithPath: "/"))]
        for (i, first) in ResponseChange.all.enumerated() {
            var once = base
            first.apply(&once)
            responses.append(once)
            for second in ResponseChange.all[i...] {
                var twice = once
                second.apply(&twice)
                responses.append(twice)
            }
        }
        let properties = responses.map(storedProperties(of:))
        var disagreements: [String] = []
        for (i, lhs) in responses.enumerated() {
            if lhs.hashValue != synthesizedHash(of: lhs) { disagreements.append("hash of #\(i)") }
            for (j, rhs) in responses.enumerated() {
                let fieldsEqual = properties[i] == properties[j]
                if (lhs == rhs) != fieldsEqual { disagreements.append("== of #\(i) and #\(j)") }
            }
        }
        #expect(disagreements.isEmpty)
        #expect(Set(responses).count == Set(properties).count)
    }

    // MARK: - Across threads

    @Test func copiesChangedOnManyThreadsStayIndependent() {
        let shared = ResponseChange.base()
        let before = storedProperties(of: shared)
        let results = Mutex([HTTPResponse?](repeating: nil, count: 64))
        DispatchQueue.concurrentPerform(iterations: 64) { worker in
            var mine = shared
            for step in 0..<50 {
                mine.status = worker * 100 + step
                mine.headers.set("X-Worker", "\(worker)")
                mine.body.append(UInt8(step))
            }
            results.withLock { $0[worker] = mine }
        }

        #expect(storedProperties(of: shared) == before)
        for (worker, response) in results.withLock({ $0 }).enumerated() {
            #expect(response?.status == worker * 100 + 49)
            #expect(response?.headers.values(for: "X-Worker") == ["\(worker)"])
            #expect(response?.body.count == shared.body.count + 50)
        }
    }
}

// MARK: - Helpers

/// Every stored property of a response, in declaration order, to compare without the response's own `==`.
private func storedProperties(of response: HTTPResponse) -> [AnyHashable] {
    [
        response.status, response.reason, response.headers, response.url, response.redirects, response.timing,
        response.body, response.bodyFile, response.tlsVerification, response.sentHeads,
    ]
}

/// The hash a synthesized `hash(into:)` gives: every stored property combined in declaration order.
private func synthesizedHash(of response: HTTPResponse) -> Int {
    var hasher = Hasher()
    hasher.combine(response.status)
    hasher.combine(response.reason)
    hasher.combine(response.headers)
    hasher.combine(response.url)
    hasher.combine(response.redirects)
    hasher.combine(response.timing)
    hasher.combine(response.body)
    hasher.combine(response.bodyFile)
    hasher.combine(response.tlsVerification)
    hasher.combine(response.sentHeads)
    return hasher.finalize()
}

/// One change to one stored property of a response, replacing it or mutating it in place.
struct ResponseChange: Sendable, CustomTestStringConvertible {
    /// The property changed, and how.
    let property: String
    /// Makes the change.
    let apply: @Sendable (inout HTTPResponse) -> Void

    var testDescription: String { property }

    init(_ property: String, _ apply: @escaping @Sendable (inout HTTPResponse) -> Void) {
        self.property = property
        self.apply = apply
    }

    /// A response with something in every reference-counted field, built anew on each call.
    static func base() -> HTTPResponse {
        var timing = TransferTiming()
        timing.remoteAddress = "127.0.0.1"
        timing.total = .milliseconds(3)
        return HTTPResponse(
            status: 200, reason: "OK", headers: ["Content-Type": "application/json"],
            url: URL(fileURLWithPath: "/final"),
            redirects: [Redirect(status: 302, from: URL(fileURLWithPath: "/a"), to: URL(fileURLWithPath: "/final"))],
            timing: timing, body: Data("{}".utf8), bodyFile: URL(fileURLWithPath: "/body"),
            sentHeads: [SentRequestHead(method: "GET", target: "/a", version: "HTTP/1.1")])
    }

    static let all: [ResponseChange] = [
        ResponseChange("status") { $0.status = 404 },
        ResponseChange("reason") { $0.reason = "Not Found" },
        ResponseChange("headers, replaced") { $0.headers = ["X-New": "1"] },
        ResponseChange("headers, added in place") { $0.headers.add("X-Added", "2") },
        ResponseChange("url") { $0.url = URL(fileURLWithPath: "/elsewhere") },
        ResponseChange("redirects, removed in place") { $0.redirects.removeAll() },
        ResponseChange("timing, changed in place") { $0.timing?.total = .seconds(1) },
        ResponseChange("timing, removed") { $0.timing = nil },
        ResponseChange("body, appended in place") { $0.body.append(contentsOf: [1, 2]) },
        ResponseChange("bodyFile") { $0.bodyFile = nil },
        ResponseChange("tlsVerification") { $0.tlsVerification = .disabled },
        ResponseChange("sentHeads, appended in place") {
            $0.sentHeads.append(SentRequestHead(method: "GET", target: "/final", version: "HTTP/1.1"))
        },
    ]
}
