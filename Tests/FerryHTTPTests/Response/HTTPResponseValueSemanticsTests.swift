import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// `HTTPResponse` keeps its fields in one shared box (copy-on-write): copies must still behave as independent
/// values, and `==` and `hashValue` must be those of a struct comparing and hashing every field.
@Suite struct HTTPResponseValueSemanticsTests {
    // MARK: - Copies stay independent

    @Test(arguments: HTTPResponse.testChanges)
    func changingACopyLeavesTheOriginalAndOtherCopies(_ change: ResponseChange) {
        ValueSemanticsChecks.changingACopyLeavesTheOriginalAndOtherCopies(change)
    }

    @Test(arguments: HTTPResponse.testChanges)
    func changingTheOriginalLeavesItsCopies(_ change: ResponseChange) {
        ValueSemanticsChecks.changingTheOriginalLeavesItsCopies(change)
    }

    /// Guards the argument list above: every change alters exactly one stored property, and together they
    /// alter all of them (a property added later without a change here fails this test).
    @Test func theChangesCoverEveryStoredProperty() {
        ValueSemanticsChecks<HTTPResponse>.changesCoverEveryStoredProperty(count: 12)
    }

    // MARK: - Equality and hashing

    /// Every pair of varied values is compared: seconds of work, done off the cooperative pool.
    @Test func equalityAndHashingAgreeWithFieldByFieldComparison() async {
        await offThePool {
            ValueSemanticsChecks.equalityAndHashingAgreeWithFieldByFieldComparison(
                plus: [HTTPResponse(status: 200, url: URL(fileURLWithPath: "/"))])
        }
    }

    // MARK: - Across threads

    @Test func copiesChangedOnManyThreadsStayIndependent() {
        let shared = HTTPResponse.testBase()
        let before = shared.storedProperties
        let results = WorkerSlots<HTTPResponse>(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { worker in
            var mine = shared
            for step in 0..<50 {
                mine.status = worker * 100 + step
                mine.headers.set("X-Worker", "\(worker)")
                mine.body.append(UInt8(step))
            }
            results.set(worker, mine)
        }

        #expect(shared.storedProperties == before)
        for (worker, response) in results.values.enumerated() {
            #expect(response?.status == worker * 100 + 49)
            #expect(response?.headers.values(for: "X-Worker") == ["\(worker)"])
            #expect(response?.body.count == shared.body.count + 50)
        }
    }
}

// MARK: - Helpers

/// One change to one stored property of a response.
typealias ResponseChange = ValueChange<HTTPResponse>

extension HTTPResponse: CopyOnWriteSubject {
    var storedProperties: [AnyHashable] {
        [
            status, reason, headers, trailerCount, url, redirects, timing, body, bodyFile, spilledBody, tlsVerification,
            sentHeads,
        ]
    }

    var synthesizedHash: Int {
        var hasher = Hasher()
        hasher.combine(status)
        hasher.combine(reason)
        hasher.combine(headers)
        hasher.combine(trailerCount)
        hasher.combine(url)
        hasher.combine(redirects)
        hasher.combine(timing)
        hasher.combine(body)
        hasher.combine(bodyFile)
        hasher.combine(spilledBody)
        hasher.combine(tlsVerification)
        hasher.combine(sentHeads)
        return hasher.finalize()
    }

    /// A response with something in every reference-counted field, built anew on each call.
    static func testBase() -> HTTPResponse {
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

    static var testChanges: [ResponseChange] {
        [
            ValueChange("status") { $0.status = 404 },
            ValueChange("reason") { $0.reason = "Not Found" },
            ValueChange("headers, replaced") { $0.headers = ["X-New": "1"] },
            ValueChange("headers, added in place") { $0.headers.add("X-Added", "2") },
            ValueChange("trailerCount") { $0.trailerCount = 1 },
            ValueChange("url") { $0.url = URL(fileURLWithPath: "/elsewhere") },
            ValueChange("redirects, removed in place") { $0.redirects.removeAll() },
            ValueChange("timing, changed in place") { $0.timing?.total = .seconds(1) },
            ValueChange("timing, removed") { $0.timing = nil },
            ValueChange("body, appended in place") { $0.body.append(contentsOf: [1, 2]) },
            ValueChange("bodyFile") { $0.bodyFile = nil },
            ValueChange("spilledBody") { response in
                let writer = try? SpillWriter(folder: FileManager.default.temporaryDirectory)
                response.spilledBody = writer?.finish()
            },
            ValueChange("tlsVerification") { $0.tlsVerification = .disabled },
            ValueChange("sentHeads, appended in place") {
                $0.sentHeads.append(SentRequestHead(method: "GET", target: "/final", version: "HTTP/1.1"))
            },
        ]
    }
}
