import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

// The code of the articles "Parsers and validation" and "Timeouts, retries and observation", compiled and
// run against the loopback server (`DocCatalogTests` finds each block here).

/// What httpbin-like echoes decode to in these examples.
struct Profile: Decodable, Sendable {
    var name: String
    var tags: [String]
}

@Suite struct FrictionDocExamples {
    let server: TestHTTPServer
    let baseURL: URL

    init() throws {
        server = try TestHTTPServer()
        baseURL = try #require(URL(string: server.baseURL))
        server.route("/profile", responding: .json(#"{"name": "Ada", "tags": ["admin", "ops"]}"#))
        server.route("/robots.txt", responding: .text("User-agent: *\nDisallow: /private\n"))
        server.route(
            "/logo.png", responding: TestResponse(headers: [("Content-Type", "image/png")], body: Data(count: 512)))
        server.route("/health", responding: TestResponse(headers: [("X-Request-ID", "r1")], body: Data("ok".utf8)))
        server.route("/upload", responding: .text("stored"))
        server.route(
            "/file",
            responding: TestResponse(
                headers: [("Content-Type", "application/octet-stream")], body: Data(count: 100_000)))
        let busy = Counter()
        server.route("/busy") { _ in
            busy.next() == 0
                ? TestResponse(status: 503, headers: [("Retry-After", "Sun, 06 Nov 1994 08:49:37 GMT")]) : .text("free")
        }
    }

    // MARK: - Parsers and validation

    @Test func parsersStartChains() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let name = try await client.get("/profile", parsing: .decodable(Profile.self).map { $0.name })
        let rules = try await client.get("/robots.txt", parsing: .text.map { $0.split(separator: "\n") })
        let size = try await client.get("/logo.png", parsing: .data.map(\.count))
        let json = try await client.get("/profile", parsing: .json)
        let tags = try json["tags"].array().map { try $0.string() }
        #expect(name == "Ada" && rules.count == 2 && size == 512 && tags == ["admin", "ops"])
    }

    @Test func typedErrorsInClosures() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let failures = Recorder<String>()
        client.task(for: HTTPRequest(path: "/profile"), parsing: .decodable([Profile].self)) { result in
            do throws(HTTPClientError) {
                let profiles = try result.get().getValue()
                print(profiles.count)
            } catch {
                failures.append(error.message)  // error is an HTTPClientError, not any Error
            }
        }
        #expect(await waitUntil { failures.values.count == 1 })
    }

    @Test func decodingAResponse() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let response = try await client.get("/profile")
        let profile = try response.decode(Profile.self)
        #expect(profile.tags.count == 2)
    }

    @Test func validators() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        client.interceptors = [
            ResponseValidator.successfulStatus,
            ResponseValidator.requiredHeaders(["X-Request-ID"]),
            ResponseValidator.custom { response in
                response.body.count > 1_000_000 ? "the body is over a megabyte" : nil
            },
        ]
        let health = try await client.get("/health")
        #expect(health.status == 200)
        #expect(await failureReason { _ = try await client.get("/profile") } != nil)
    }

    // MARK: - Timeouts, retries and observation

    @Test func timeouts() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL), defaultTimeout: .seconds(30))
        var upload = HTTPRequest(
            .post, path: "/upload", body: .data(Data(count: 1 << 20), contentType: "application/octet-stream"))
        upload.timeout = .seconds(300)  // this one request may take longer
        upload.connectTimeout = .seconds(5)
        upload.idleTimeout = .seconds(20)  // but not stall
        let stored = try await client.send(upload)
        #expect(stored.status == 200)
    }

    @Test func retries() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        client.defaultRetryPolicy = RetryPolicy(maximumRetries: 2)  // Retry-After, seconds or HTTP-date, honoured
        var order = HTTPRequest(.post, path: "/busy", body: .json(["item": 7]))
        order.retryBehavior = .any([
            .policy(RetryPolicy(maximumRetries: 2)),
            .onStatus([503], methods: [.post], maximumRetries: 1),  // BothamNetworking: a POST on a status
        ])
        let placed = try await client.send(order)
        client.defaultRetryBehavior = .failures(count: 3)  // Neorequest's numberOfRetries
        #expect(placed.status == 200)
    }

    @Test func progressStateAndTiming() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let sent = Recorder<Int>()
        let request = HTTPRequest(
            .post, path: "/upload", body: .data(Data(count: 1 << 20), contentType: "application/octet-stream"))
        let task = client.task(for: request) { progress in
            sent.append(progress.bytesSent)  // upload progress, on the transport's thread
        }
        if case .running(let progress) = task.state { print(progress.bytesSent) }
        let response = try await task.value()
        if let timing = response.timing {
            print(timing.connect, timing.waiting, timing.total, timing.remoteAddress ?? "")
        }
        #expect(task.state == .completed && sent.values.last == 1 << 20)
    }

    @Test func activityAndMetrics() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let activity = client.activity
        let watcher = Task {
            for await change in activity where change.inFlight == 0 {
                print("idle")
            }
        }
        client.metricsHandler = { request, response in
            print(request.targetDescription, response.status, response.timing?.total ?? .zero)
        }
        _ = try await client.get("/profile")
        #expect(client.requestsInFlight == 0)
        watcher.cancel()
    }

    @Test func downloadProgressAndBatchSummaries() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let folder = try TemporaryFolder(prefix: "ferry-doc-frictions")
        let download = client.download(HTTPRequest(path: "/file"), to: folder.url.appendingPathComponent("file"))
        let progress = download.progress
        download.start()
        for await report in progress {
            print(report.bytesReceived, report.fractionReceived ?? 0)
        }

        let batch = client.batch()
        batch.add(HTTPRequest(path: "/profile"))
        batch.add(HTTPRequest(path: "/missing"), parsing: .json)
        batch.start()
        let summary = await batch.summary()
        print(summary.succeeded, summary.failed.keys.sorted(), summary.canceled)
        #expect(try await download.result.get().byteCount == 100_000 && summary.failed.keys.sorted() == [1])
    }

    @Test func aMockForOneRequest() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        var request = HTTPRequest(path: "/feature-flags")
        request.mockResponse = .json(#"{"beta": true}"#)
        let beta = try await client.value(for: request, parsing: .json { try $0["beta"].bool() })
        #expect(beta && server.requests.isEmpty)
    }
}
