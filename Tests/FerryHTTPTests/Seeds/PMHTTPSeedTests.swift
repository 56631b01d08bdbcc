import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// PMHTTP's promises, kept with FerryHTTP's own API where the port once needed a workaround: a client-wide
/// request timeout, a retry behavior that combines (`HTTPManagerRetryBehavior(any:)`), a network-activity
/// count, multipart requests that carry the request's parameters as fields, and JSON parsed by a closure.
@Suite struct PMHTTPSeedTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
    }

    @Test func timeoutIntervalForRequestIsTheClientsDefaultTimeout() async throws {
        server.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(30)))
        let client = HTTPClient(
            environment: Environment(baseURL: URL(string: server.baseURL)!), defaultTimeout: .milliseconds(300))
        let reason = await failureReason { _ = try await client.get("/slow") }
        guard case .timedOut? = reason else {
            Issue.record("expected a timeout, got \(String(describing: reason))")
            return
        }
    }

    @Test func retryBehaviorsCombineLikeRetryAny() async throws {
        let attempts = Counter()
        server.route("/cats") { _ in
            switch attempts.next() {
            case 0: .unavailable(retryAfter: 0)  // the policy's kind of retry
            case 1: TestResponse(status: 409)  // the extra rule's
            default: .json(#"{"cats": 3}"#)
            }
        }
        let client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        client.defaultRetryBehavior = .any([
            .policy(RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(5))),
            .onStatus([409], maximumRetries: 2),
        ])
        let cats = try await client.get("/cats", parsing: .json { try $0["cats"].int() })
        #expect(cats == 3 && server.requests.count == 3)
    }

    @Test func theNetworkActivityHandlerIsTheActivityStream() async throws {
        server.route("/get", responding: .json("{}"))
        let client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        let counts = Recorder<Int>()
        let activity = client.activity
        let watcher = Task { for await change in activity { counts.append(change.inFlight) } }
        _ = try await client.get("/get")
        _ = try await client.get("/get")
        #expect(await waitUntil { counts.values == [1, 0, 1, 0] })
        watcher.cancel()
    }

    @Test func aMultipartUploadCarriesTheParametersAsFields() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(environment: Environment(baseURL: base))
        var upload = MultipartForm()
        upload.append("file", data: Data("meow".utf8), filename: "cat.txt", contentType: "text/plain")
        let echoed = try await client.post(
            "/post", parameters: ["name": "Fluffles", "color": "tabby"], multipart: upload, parsing: .json)
        #expect(try echoed["form"]["name"].string() == "Fluffles" && echoed["form"]["color"].value == "tabby")
        #expect(try echoed["files"]["file"].string() == "meow")
    }
}
