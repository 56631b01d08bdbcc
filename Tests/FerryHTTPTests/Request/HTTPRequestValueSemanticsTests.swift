import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// `HTTPRequest` keeps its fields in one shared box (copy-on-write): copies must still behave as independent
/// values, and `==` and `hashValue` must be those of a struct comparing and hashing every field.
@Suite struct HTTPRequestValueSemanticsTests {
    // MARK: - Copies stay independent

    @Test(arguments: HTTPRequest.testChanges)
    func changingACopyLeavesTheOriginalAndOtherCopies(_ change: RequestChange) {
        ValueSemanticsChecks.changingACopyLeavesTheOriginalAndOtherCopies(change)
    }

    @Test(arguments: HTTPRequest.testChanges)
    func changingTheOriginalLeavesItsCopies(_ change: RequestChange) {
        ValueSemanticsChecks.changingTheOriginalLeavesItsCopies(change)
    }

    @Test func aCopyChangedTwiceKeepsBothChangesAndTheOriginalNeither() {
        let original = HTTPRequest.testBase()
        let before = original.storedProperties
        var copy = original
        copy.timeout = .seconds(1)
        copy.headers.add("X-Second", "2")
        var copyOfChanged = copy
        copyOfChanged.timeout = .seconds(2)

        #expect(original.storedProperties == before)
        #expect(copy.timeout == .seconds(1))
        #expect(copy.headers.values(for: "X-Second") == ["2"])
        #expect(copyOfChanged.timeout == .seconds(2))
        #expect(copyOfChanged.headers.values(for: "X-Second") == ["2"])
    }

    /// Guards the argument list above: every change alters exactly one stored property, and together they
    /// alter all of them (a property added later without a change here fails this test).
    @Test func theChangesCoverEveryStoredProperty() {
        ValueSemanticsChecks<HTTPRequest>.changesCoverEveryStoredProperty(count: 27)
    }

    // MARK: - Equality and hashing

    /// Every pair of varied values is compared: seconds of work, done off the cooperative pool.
    @Test func equalityAndHashingAgreeWithFieldByFieldComparison() async {
        await offThePool {
            ValueSemanticsChecks.equalityAndHashingAgreeWithFieldByFieldComparison(
                plus: [HTTPRequest(url: URL(fileURLWithPath: "/"))])
        }
    }

    @Test func requestsBuiltApartOrChangedBackAreEqual() {
        let built = HTTPRequest.testBase()
        let builtAgain = HTTPRequest.testBase()
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

    // MARK: - Across threads and tasks

    @Test func copiesChangedOnManyThreadsStayIndependent() {
        let shared = HTTPRequest.testBase()
        let before = shared.storedProperties
        let results = WorkerSlots<HTTPRequest>(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { worker in
            var mine = shared
            for step in 0..<50 {
                mine.headers.set("X-Worker", "\(worker)")
                mine.timeout = .milliseconds(worker * 1000 + step)
                mine.target = .path("/worker/\(worker)")
                mine.query.append("step", .string("\(step)"))
            }
            results.set(worker, mine)
        }

        #expect(shared.storedProperties == before)
        let requests = results.values
        for (worker, request) in requests.enumerated() {
            #expect(request?.headers.values(for: "X-Worker") == ["\(worker)"])
            #expect(request?.timeout == .milliseconds(worker * 1000 + 49))
            #expect(request?.target == .path("/worker/\(worker)"))
            #expect(request.map { Array($0.query).count } == Array(shared.query).count + 50)
        }
    }

    @Test func copiesChangedInConcurrentTasksStayIndependent() async {
        let shared = HTTPRequest.testBase()
        let before = shared.storedProperties
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

        #expect(shared.storedProperties == before)
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

/// One change to one stored property of a request.
typealias RequestChange = ValueChange<HTTPRequest>

extension HTTPRequest: CopyOnWriteSubject {
    var storedProperties: [AnyHashable] {
        [
            method, target, headers, query, body, auth, timeout, connectTimeout, idleTimeout, redirectPolicy,
            tlsVerification,
            certificateAuthorityBundle, clientCertificate, proxy, httpVersion, responseBody,
            inheritsRetryPolicy ? nil : retryBehavior,
            recordsSentHead, usesFreshConnection, usesCookieJar, sensitiveHeaders, interceptors, usesCache,
            cachePartition, priority, eventStream, mockResponse,
        ]
    }

    var synthesizedHash: Int {
        var hasher = Hasher()
        hasher.combine(method)
        hasher.combine(target)
        hasher.combine(headers)
        hasher.combine(query)
        hasher.combine(body)
        hasher.combine(auth)
        hasher.combine(timeout)
        hasher.combine(connectTimeout)
        hasher.combine(idleTimeout)
        hasher.combine(redirectPolicy)
        hasher.combine(tlsVerification)
        hasher.combine(certificateAuthorityBundle)
        hasher.combine(clientCertificate)
        hasher.combine(proxy)
        hasher.combine(httpVersion)
        hasher.combine(responseBody)
        hasher.combine(inheritsRetryPolicy ? nil : retryBehavior)
        hasher.combine(recordsSentHead)
        hasher.combine(usesFreshConnection)
        hasher.combine(usesCookieJar)
        hasher.combine(sensitiveHeaders)
        hasher.combine(interceptors)
        hasher.combine(usesCache)
        hasher.combine(cachePartition)
        hasher.combine(priority)
        hasher.combine(eventStream)
        hasher.combine(mockResponse)
        return hasher.finalize()
    }

    /// A request with something in every reference-counted field, built anew on each call.
    static func testBase() -> HTTPRequest {
        var request = HTTPRequest(
            .post, url: URL(fileURLWithPath: "/base"), headers: ["Accept": "application/json"], query: ["q": "1"],
            body: .form(["a": "1"]))
        request.auth = .basic(user: "ada", password: "secret")
        request.proxy = URL(fileURLWithPath: "/proxy")
        request.certificateAuthorityBundle = URL(fileURLWithPath: "/ca.pem")
        request.clientCertificate = ClientCertificate(certificate: URL(fileURLWithPath: "/client.pem"))
        request.responseBody = .file(URL(fileURLWithPath: "/out"))
        return request
    }

    static var testChanges: [RequestChange] {
        [
            ValueChange("method") { $0.method = .put },
            ValueChange("target") { $0.target = .path("/elsewhere") },
            ValueChange("headers, replaced") { $0.headers = ["X-New": "1"] },
            ValueChange("headers, added in place") { $0.headers.add("X-Added", "2") },
            ValueChange("headers, subscript in place") { $0.headers["Accept"] = "text/plain" },
            ValueChange("headers, removed in place") { $0.headers.remove("Accept") },
            ValueChange("query, replaced") { $0.query = ["page": "2"] },
            ValueChange("query, appended in place") { $0.query.append("page", "3") },
            ValueChange("body") { $0.body = .json(Data("{}".utf8)) },
            ValueChange("auth") { $0.auth = .bearer(token: "t0k") },
            ValueChange("auth, removed") { $0.auth = nil },
            ValueChange("timeout") { $0.timeout = .seconds(5) },
            ValueChange("connectTimeout") { $0.connectTimeout = .seconds(2) },
            ValueChange("idleTimeout") { $0.idleTimeout = .seconds(7) },
            ValueChange("redirectPolicy") { $0.redirectPolicy = .none },
            ValueChange("tlsVerification") { $0.tlsVerification = .disabled },
            ValueChange("certificateAuthorityBundle") { $0.certificateAuthorityBundle = nil },
            ValueChange("clientCertificate") { $0.clientCertificate?.passphrase = "p" },
            ValueChange("proxy") { $0.proxy = URL(fileURLWithPath: "/other-proxy") },
            ValueChange("httpVersion") { $0.httpVersion = .http2 },
            ValueChange("responseBody") { $0.responseBody = .memory(limit: 1024) },
            ValueChange("retryPolicy") { $0.retryPolicy = RetryPolicy(maximumRetries: 3) },
            ValueChange("retryPolicy, changed in place") { $0.retryPolicy.maximumRetries = 5 },
            ValueChange("retryBehavior") { $0.retryBehavior = .onStatus([401], methods: [.post]) },
            ValueChange("recordsSentHead") { $0.recordsSentHead = true },
            ValueChange("usesCookieJar") { $0.usesCookieJar = false },
            ValueChange("sensitiveHeaders") { $0.sensitiveHeaders = ["X-Api-Key"] },
            ValueChange("inheritsRetryPolicy") { $0.inheritsRetryPolicy = false },
            ValueChange("usesCache") { $0.usesCache = false },
            ValueChange("cachePartition") { $0.cachePartition = "staging" },
            ValueChange("priority") { $0.priority = .high },
            ValueChange("eventStream") { $0.eventStream = EventStreamOptions(reconnects: true) },
            ValueChange("usesFreshConnection") { $0.usesFreshConnection = true },
            ValueChange("mockResponse") { $0.mockResponse = .status(204) },
            ValueChange("interceptors, excluded") { $0.interceptors.excluded = [.auth] },
            ValueChange("interceptors, added") { $0.interceptors.added = [ResponseValidator.successfulStatus] },
        ]
    }
}
