import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// A mock attached to one request, and the required-header validator, against the loopback server.
@Suite struct RequestMockAndHeaderTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        server.route("/flags", responding: .json(#"{"beta": false}"#))
    }

    @Test func aRequestsOwnMockAnswersItAloneWithoutSending() async throws {
        var mocked = HTTPRequest(path: "/flags")
        mocked.mockResponse = .json(#"{"beta": true}"#)
        let beta = try await client.value(for: mocked, parsing: .json { try $0["beta"].bool() })
        let real = try await client.get("/flags", parsing: .json { try $0["beta"].bool() })
        #expect(beta && !real)
        #expect(server.requests.count == 1, "only the request without a mock reached the server")
        #expect(client.mockedRequests.map { $0.url?.path } == ["/flags"])
        var failing = HTTPRequest(path: "/flags")
        failing.mockResponse = .failure(.connectionReset)
        failing.retryPolicy = RetryPolicy(maximumRetries: 1, initialDelay: .zero)
        #expect(await failureReason { _ = try await client.send(failing) } == .connectionReset)
        #expect(client.mockedRequests.count == 3, "the mocked failure was retried like a sent request")
    }

    @Test func theRequiredHeaderValidatorNamesWhatIsMissing() async throws {
        server.route("/versioned", responding: TestResponse(headers: [("X-API-Version", "1")], body: Data("{}".utf8)))
        client.interceptors = [ResponseValidator.requiredHeaders(["x-api-version"])]
        #expect(try await client.get("/versioned").status == 200)
        let missing = await failureReason { _ = try await client.get("/flags") }
        #expect(missing == .malformedResponse("the response has no x-api-version header"))
        client.interceptors = [ResponseValidator.requiredHeaders(["X-API-Version"], values: ["X-API-Version": "2"])]
        let wrong = await failureReason { _ = try await client.get("/versioned") }
        #expect(wrong == .malformedResponse(#"the X-API-Version header is "1", not "2""#))
    }
}
