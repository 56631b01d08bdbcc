import FerryHTTP
import Foundation
import Synchronization
import Testing

/// `HTTPRequest` keeps its fields in one shared box (copy-on-write): copies must still behave as independent
/// values, and `==` and `hashValue` must be those of a struct comparing and hashing every field.
@Suite struct HTTPRequestValueSemanticsTests {
    // MARK: - Copies stay independent

    @Test(arguments: RequestChange.all)
    func changingACopyLeavesTheOriginalAndOtherCopies(_ change: RequestChange) {
        let original = RequestChange.base()
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

    @Test(arguments: RequestChange.all)
    func changingTheOriginalLeavesItsCopies(_ change: RequestChange) {
        var original = RequestChange.base()
        let before = storedProperties(of: original)
        let copy = original
        let copyOfCopy = copy
        change.apply(&original)

        #expect(storedProperties(of: copy) == before)
        #expect(storedProperties(of: copyOfCopy) == before)
        #expect(storedProperties(of: original) != before)
    }

    @Test func aCopyChangedTwiceKeepsBothChangesAndTheOriginalNeither() {
        let original = RequestChange.base()
        let before = storedProperties(of: original)
        var copy = original
        copy.timeout = .seconds(1)
        copy.headers.add("X-Second", "2")
        var copyOfChanged = copy
        copyOfChanged.timeout = .seconds(2)

        #expect(storedProperties(of: original) == before)
        #expect(copy.timeout == .seconds(1))
        #expect(copy.headers.values(for: "X-Second") == ["2"])
        #expect(copyOfChanged.timeout == .seconds(2))
        #expect(copyOfChanged.headers.values(for: "X-Second") == ["2"])
    }

    /// Guards the argument list above: every change alters exactly one stored property, and together they
    /// alter all of them (a property added later without a change here fails this test).
    @Test func theChangesCoverEveryStoredProperty() {
        let base = RequestChange.base()
        let baseProperties = storedProperties(of: base)
        var changed = Set<Int>()
        for change in RequestChange.all {
            var request = base
            change.apply(&request)
            let differing = storedProperties(of: request).indices.filter {
                storedProperties(of: request)[$0] != baseProperties[$0]
            }
            #expect(differing.count == 1, "\(change.property) changed \(differing)")
            changed.formUnion(differing)
        }
        #expect(changed == Set(baseProperties.indices))
        #expect(baseProperties.count == 17)
    }

    // MARK: - Equality and hashing

    @Test func equalityAndHashingAgreeWithFieldByFieldComparison() {
        let requests = Self.variedRequests()
        let properties = requests.map(storedProperties(of:))
        var disagreements: [String] = []
        for (i, lhs) in requests.enumerated() {
            if lhs.hashValue != synthesizedHash(of: lhs) { disagreements.append("hash of #\(i)") }
            for (j, rhs) in requests.enumerated() {
                let fieldsEqual = properties[i] == properties[j]
                if (lhs == rhs) != fieldsEqual { disagreements.append("== of #\(i) and #\(j)") }
                if fieldsEqual, lhs.hashValue != rhs.hashValue { disagreements.append("hash of #\(i) and #\(j)") }
            }
        }
        #expect(disagreements.isEmpty)
        #expect(Set(requests).count == Set(properties).count)
    }

    @Test func requestsBuiltApartOrChangedBackAreEqual() {
        let built = RequestChange.base()
        let builtAgain = RequestChange.base()
        var changedBack = built
        changedBack.timeout = .seconds(99)
        changedBack.timeout = built.timeout
        changedBack.headers.add("X-Temporary", "1")
        changedBack.headers.remove("X-Temporary")

        #expect(built == builtAgain)
        #expect(built.hashValue == builtAgain.hashValue)
        #expect(changedBack == built)
        #expect(changedBack.hashValue == built.hashValue)
        #expect(Set([built, builtAgain, changedBack]).count == 1)
    }

    /// The base, each change of it, and each pair of changes: requests that differ in one or two fields, some
    /// built separately with the same fields.
    private static func variedRequests() -> [HTTPRequest] {
        let base = RequestChange.base()
        var requests = [base, RequestChange.base(), HTTPRequest(url: URL(fileURLWithPath: "/"))]
        for (i, first) in RequestChange.all.enumerated() {
            var once = base
            first.apply(&once)
            requests.append(once)
            for second in RequestChange.all[i...] {
                var twice = once
                second.apply(&twice)
                requests.append(twice)
            }
        }
        return requests
    }

    // MARK: - Across threads and tasks

    @Test func copiesChangedOnManyThreadsStayIndependent() {
        let shared = RequestChange.base()
        let before = storedProperties(of: shared)
        let results = Mutex([HTTPRequest?](repeating: nil, count: 64))
        DispatchQueue.concurrentPerform(iterations: 64) { worker in
            var mine = shared
            for step in 0..<50 {
                mine.headers.set("X-Worker", "\(worker)")
                mine.timeout = .milliseconds(worker * 1000 + step)
                mine.target = .path("/worker/\(worker)")
                mine.query.append("step", .string("\(step)"))
            }
            results.withLock { $0[worker] = mine }
        }

        #expect(storedProperties(of: shared) == before)
        let requests = results.withLock { $0 }
        for (worker, request) in requests.enumerated() {
            #expect(request?.headers.values(for: "X-Worker") == ["\(worker)"])
            #expect(request?.timeout == .milliseconds(worker * 1000 + 49))
            #expect(request?.target == .path("/worker/\(worker)"))
            #expect(request.map { Array($0.query).count } == Array(shared.query).count + 50)
        }
    }

    @Test func copiesChangedInConcurrentTasksStayIndependent() async {
        let shared = RequestChange.base()
        let before = storedProperties(of: shared)
        let requests = await withTaskGroup(of: (Int, HTTPRequest).self) { group in
            for task in 0..<32 {
                group.addTask {
                    var mine = shared
                    mine.method = HTTPMethod(rawValue: "M\(task)")
                    await Task.yield()
                    mine.body = .data(Data("task \(task)".utf8), contentType: "text/plain")
                    mine.usesCookieJar = task.isMultiple(of: 2)
                    return (task, mine)
                }
            }
            var parentCopy = shared
            parentCopy.method = .delete
            parentCopy.body = .none
            #expect(parentCopy.method == .delete)
            var byTask: [Int: HTTPRequest] = [:]
            for await (task, request) in group { byTask[task] = request }
            return byTask
        }

        #expect(storedProperties(of: shared) == before)
        #expect(requests.count == 32)
        for (task, request) in requests {
            #expect(request.method == HTTPMethod(rawValue: "M\(task)"))
            #expect(request.body == .data(Data("task \(task)".utf8), contentType: "text/plain"))
            #expect(request.usesCookieJar == task.isMultiple(of: 2))
            #expect(request.headers == shared.headers)
        }
    }
}

// MARK: - Helpers

/// Every stored property of a request, in declaration order, to compare without the request's own `==`.
private func storedProperties(of request: HTTPRequest) -> [AnyHashable] {
    [
        request.method, request.target, request.headers, request.query, request.body, request.auth, request.timeout,
        request.connectTimeout, request.redirectPolicy, request.tlsVerification, request.certificateAuthorityBundle,
        request.proxy, request.httpVersion, request.responseBody, request.retryPolicy, request.recordsSentHead,
        request.usesCookieJar,
    ]
}

/// The hash a synthesized `hash(into:)` gives: every stored property combined in declaration order.
private func synthesizedHash(of request: HTTPRequest) -> Int {
    var hasher = Hasher()
    hasher.combine(request.method)
    hasher.combine(request.target)
    hasher.combine(request.headers)
    hasher.combine(request.query)
    hasher.combine(request.body)
    hasher.combine(request.auth)
    hasher.combine(request.timeout)
    hasher.combine(request.connectTimeout)
    hasher.combine(request.redirectPolicy)
    hasher.combine(request.tlsVerification)
    hasher.combine(request.certificateAuthorityBundle)
    hasher.combine(request.proxy)
    hasher.combine(request.httpVersion)
    hasher.combine(request.responseBody)
    hasher.combine(request.retryPolicy)
    hasher.combine(request.recordsSentHead)
    hasher.combine(request.usesCookieJar)
    return hasher.finalize()
}

/// One change to one stored property of a request, replacing it or mutating it in place.
struct RequestChange: Sendable, CustomTestStringConvertible {
    /// The property changed, and how.
    let property: String
    /// Makes the change.
    let apply: @Sendable (inout HTTPRequest) -> Void

    var testDescription: String { property }

    init(_ property: String, _ apply: @escaping @Sendable (inout HTTPRequest) -> Void) {
        self.property = property
        self.apply = apply
    }

    /// A request with something in every reference-counted field, built anew on each call.
    static func base() -> HTTPRequest {
        var request = HTTPRequest(
            .post, url: URL(fileURLWithPath: "/base"), headers: ["Accept": "application/json"], query: ["q": "1"],
            body: .form(["a": "1"]))
        request.auth = .basic(user: "ada", password: "secret")
        request.proxy = URL(fileURLWithPath: "/proxy")
        request.certificateAuthorityBundle = URL(fileURLWithPath: "/ca.pem")
        request.responseBody = .file(URL(fileURLWithPath: "/out"))
        return request
    }

    static let all: [RequestChange] = [
        RequestChange("method") { $0.method = .put },
        RequestChange("target") { $0.target = .path("/elsewhere") },
        RequestChange("headers, replaced") { $0.headers = ["X-New": "1"] },
        RequestChange("headers, added in place") { $0.headers.add("X-Added", "2") },
        RequestChange("headers, subscript in place") { $0.headers["Accept"] = "text/plain" },
        RequestChange("headers, removed in place") { $0.headers.remove("Accept") },
        RequestChange("query, replaced") { $0.query = ["page": "2"] },
        RequestChange("query, appended in place") { $0.query.append("page", "3") },
        RequestChange("body") { $0.body = .json(Data("{}".utf8)) },
        RequestChange("auth") { $0.auth = .bearer(token: "t0k") },
        RequestChange("auth, removed") { $0.auth = nil },
        RequestChange("timeout") { $0.timeout = .seconds(5) },
        RequestChange("connectTimeout") { $0.connectTimeout = .seconds(2) },
        RequestChange("redirectPolicy") { $0.redirectPolicy = .none },
        RequestChange("tlsVerification") { $0.tlsVerification = .disabled },
        RequestChange("certificateAuthorityBundle") { $0.certificateAuthorityBundle = nil },
        RequestChange("proxy") { $0.proxy = URL(fileURLWithPath: "/other-proxy") },
        RequestChange("httpVersion") { $0.httpVersion = .http2 },
        RequestChange("responseBody") { $0.responseBody = .memory(limit: 1024) },
        RequestChange("retryPolicy") { $0.retryPolicy = RetryPolicy(maximumRetries: 3) },
        RequestChange("retryPolicy, changed in place") { $0.retryPolicy.maximumRetries = 5 },
        RequestChange("recordsSentHead") { $0.recordsSentHead = true },
        RequestChange("usesCookieJar") { $0.usesCookieJar = false },
    ]
}
