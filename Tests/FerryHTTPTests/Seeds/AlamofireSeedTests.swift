import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Alamofire's promises: `responseDecodable` with a transformation, validation (status, content type and a
/// custom check), `PUT`/`PATCH` with JSON-encoded parameters, decoding a response afterwards and per-request
/// metrics, against httpbin.
@Suite struct AlamofireSeedTests {
    struct HTTPBinResponse: Decodable, Sendable {
        var url: String
        var headers: [String: String]
    }

    struct Login: Encodable, Sendable {
        let email: String
        let password: String
    }

    @Test func responseDecodableWithATransformationAndValidation() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(
            environment: Environment(baseURL: base),
            interceptors: [
                ResponseValidator.statusCode(200..<300), ResponseValidator.contentType(["application/json"]),
            ])
        let host = try await client.get(
            "/get", parsing: .decodable(HTTPBinResponse.self).map { $0.headers["Host"] ?? "" })
        #expect(host.hasPrefix("127.0.0.1"))
        let refused = await failureReason { _ = try await client.get("/status/418") }
        guard case .failedStatus(418, _, _)? = refused else {
            Issue.record("expected a 418 refusal, got \(String(describing: refused))")
            return
        }
        let notJSON = await failureReason { _ = try await client.get("/html") }
        guard case .unexpectedContentType? = notJSON else {
            Issue.record("expected a content-type refusal, got \(String(describing: notJSON))")
            return
        }
    }

    @Test func putAndPatchWithJSONEncodedParameters() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(environment: Environment(baseURL: base))
        let login = Login(email: "test@test.test", password: "testPassword")
        let put = try await client.send(.put, "/put", json: login, parsing: .json)
        let patch = try await client.send(.patch, "/patch", json: login)
        #expect(try put["json"]["email"].string() == "test@test.test")
        #expect(try patch.decode(JSONEcho.self).json["password"] == "testPassword")
    }

    struct JSONEcho: Decodable, Sendable {
        var json: [String: String]
    }

    @Test func metricsArriveForEveryRequest() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(environment: Environment(baseURL: base))
        let totals = Recorder<Duration>()
        client.metricsHandler = { _, response in
            if let total = response.timing?.total { totals.append(total) }
        }
        _ = try await client.get("/get")
        _ = try await client.get("/bytes/1024")
        #expect(await waitUntil { totals.values.count == 2 })
        #expect(totals.values.allSatisfy { $0 > .zero })
    }
}
