import FerryHTTP
import Foundation
import Testing

/// The built-in mock transport: rules, their order and limits, delays, cancel, and what it records.
@Suite struct MockTransportTests {
    let mock = MockTransport()
    var client: HTTPClient {
        HTTPClient(transport: mock, environment: Environment(baseURL: URL(string: "https://api.test")!))
    }

    @Test func anExactRuleAnswersWithItsStatusHeadersAndBody() async throws {
        mock.respond(to: .get, "https://api.test/users/1", with: .json(#"{"id":1}"#, headers: ["X-Trace": "t1"]))
        let response = try await client.send(HTTPRequest(path: "/users/1"))
        #expect(response.status == 200)
        #expect(response.text == #"{"id":1}"#)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["X-Trace"] == "t1")
        #expect(response.headers["Content-Length"] == "8")
        #expect(response.url.absoluteString == "https://api.test/users/1")
        #expect(response.timing == nil)
    }

    @Test func theMethodTheQueryAndAWildcardDecideWhichRuleMatches() async throws {
        mock.respond(to: .post, "https://api.test/items", with: .status(201))
        mock.respond("https://api.test/files/*", with: .text("a file"))
        #expect(try await client.send(HTTPRequest(.post, path: "/items?dry=1")).status == 201)
        #expect(try await client.send(HTTPRequest(path: "/files/a/b.txt")).text == "a file")
        let wrongMethod = await #expect(throws: HTTPClientError.self) {
            try await client.send(HTTPRequest(.get, path: "/items"))
        }
        #expect(wrongMethod?.message.contains("MockTransport has no rule for GET https://api.test/items") == true)
    }

    @Test func theNewestRuleWinsAndARuleWithTimesStepsAsideAfterThem() async throws {
        mock.respond("https://api.test/flag", with: .text("old"))
        mock.respond("https://api.test/flag", with: .text("new"))
        mock.respond("https://api.test/flag", with: .status(503), times: 2)
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await client.send(HTTPRequest(path: "/flag")).status) }
        #expect(statuses == [503, 503, 200])
        #expect(try await client.send(HTTPRequest(path: "/flag")).text == "new")
    }

    @Test func aRuleCanAnswerFromTheRequest() async throws {
        mock.respond(matching: { $0.method == .put }) { request in
            .text("got \(request.headers["X-Name"] ?? "?")", status: 202)
        }
        var request = HTTPRequest(.put, path: "/anything")
        request.headers["X-Name"] = "ferry"
        let response = try await client.send(request)
        #expect(response.status == 202)
        #expect(response.text == "got ferry")
    }

    @Test func aFailureAnswerFailsTheRequestWithThatReason() async throws {
        mock.respond("https://api.test/down", with: .failure(.connectionRefused(host: "api.test", port: 443)))
        let error = await #expect(throws: HTTPClientError.self) { try await client.send(HTTPRequest(path: "/down")) }
        #expect(error?.reason == .connectionRefused(host: "api.test", port: 443))
    }

    @Test func cancelingDuringTheDelayEndsAsCanceledAtOnceAndNeverLater() async throws {
        mock.respond("https://api.test/slow", with: MockResponse.text("late").delayed(by: .seconds(600)))
        let task = client.task(for: HTTPRequest(path: "/slow"))
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Never at the end of the 600 s delay (half of it bounds a loaded machine).
        #expect(ContinuousClock.now - start < .seconds(300))
        guard case .failure(let error) = result else {
            Issue.record("expected .canceled, got \(result)")
            return
        }
        #expect(error.isCanceled)
        #expect(task.state == .canceled)
    }

    @Test func itRecordsTheResolvedRequestsInOrder() async throws {
        mock.respond("https://api.test/*", with: .status(204))
        _ = try await client.send(HTTPRequest(path: "/a"))
        _ = try await client.send(HTTPRequest(.delete, path: "/b"))
        #expect(
            mock.receivedRequests.map { "\($0.method) \($0.url?.absoluteString ?? "")" } == [
                "GET https://api.test/a", "DELETE https://api.test/b",
            ])
        mock.reset()
        #expect(mock.receivedRequests.isEmpty)
        await #expect(throws: HTTPClientError.self) { try await client.send(HTTPRequest(path: "/a")) }
    }

    @Test func aBodyGoesToTheRequestsFileOrFailsPastItsLimit() async throws {
        mock.respond("https://api.test/blob", with: MockResponse(body: Data(repeating: 7, count: 100)))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-mock-\(UUID()).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        var toFile = HTTPRequest(path: "/blob")
        toFile.responseBody = .file(file)
        let response = try await client.send(toFile)
        #expect(response.body.isEmpty)
        #expect(response.bodyFile == file)
        #expect(try Data(contentsOf: file) == Data(repeating: 7, count: 100))

        var limited = HTTPRequest(path: "/blob")
        limited.responseBody = .memory(limit: 10)
        let error = await #expect(throws: HTTPClientError.self) { try await client.send(limited) }
        #expect(error?.reason == .bodyTooLarge(limit: 10))
    }

    @Test func parsersWorkOnMockedResponses() async throws {
        struct User: Decodable, Equatable { var id: Int }
        mock.respond("https://api.test/user", with: .json(#"{"id":7}"#))
        mock.respond("https://api.test/empty", with: .status(204))
        #expect(try await client.value(for: HTTPRequest(path: "/user"), parsing: .decodable(User.self)) == User(id: 7))
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.value(for: HTTPRequest(path: "/empty"), parsing: .decodable(User.self))
        }
        #expect(error?.reason == .unexpectedNoContent(status: 204))
    }
}
