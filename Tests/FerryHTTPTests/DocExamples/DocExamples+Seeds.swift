import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

// BothamNetworking's, NamadaEatr's and Neorequest's README examples, ported to FerryHTTP and run against
// httpbin (skipped when scripts/test.sh has not started it).

/// BothamNetworking's `JSONHeadersRequestInterceptor`: JSON headers on every request.
struct JSONHeadersInterceptor: HTTPInterceptor {
    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        var request = request
        request.headers["Content-Type"] = "application/json"
        request.headers["Accept"] = "application/json"
        return request
    }
}

/// BothamNetworking's `BasicAuthentication`: credentials on the way out, the realm of a `401` on the way back.
struct BasicRealmAuth: HTTPInterceptor {
    let user: String
    let password: String
    let onAuthenticationError: @Sendable (String) -> Void

    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        var request = request
        request.auth = .basic(user: user, password: password)
        return request
    }

    func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int) async
        -> InterceptorDecision
    {
        if case .success(let response) = result, response.status == 401,
            let challenge = response.headers["WWW-Authenticate"], let start = challenge.range(of: "realm=\"")
        {
            onAuthenticationError(String(challenge[start.upperBound...].prefix { $0 != "\"" }))
        }
        return .proceed(result)
    }
}

/// BothamNetworking's `RetryInterceptor`: a `401` sends the request again (once, to stay out of a loop).
struct RetryOnUnauthorized: HTTPInterceptor {
    func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int) async
        -> InterceptorDecision
    {
        if case .success(let response) = result, response.status == 401, attempt == 0 {
            return .retry(after: .zero)
        }
        return .proceed(result)
    }
}

/// What httpbin's `/get` and `/post` echo back, decoded as Neorequest decodes its objects.
struct Echo: Decodable, Sendable {
    var url: String
    var args: [String: String]
    var form: [String: String]?
}

extension DocExamples {
    /// BothamNetworking's README: verbs, headers, parameters, a body, JSON results and interceptors.
    @Test func bothamNetworkingReadme() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let apiClient = HTTPClient(environment: Environment(baseURL: base))
        _ = try await apiClient.get("/get")
        _ = try await apiClient.send(.post, "/post")
        _ = try await apiClient.send(.put, "/put")
        _ = try await apiClient.send(.delete, "/delete")

        let headers = try await apiClient.get(
            "/headers", headers: ["User-Agent": "Ferry Headers", "Accept": "application/json; q=0.5"], parsing: .json)
        let deleted = try await apiClient.send(.delete, "/delete", parameters: ["id": "1"], parsing: .json)
        let authorized = try await apiClient.post(
            "/post", json: ["scopes": ["repo_status", "user:email"]], parsing: .json)
        #expect(try headers["headers"]["User-Agent"].string() == "Ferry Headers")
        #expect(try deleted["args"]["id"].string() == "1")
        #expect(try authorized["json"]["scopes"].array().count == 2)

        let titles = Recorder<[String]>()
        apiClient.task(for: HTTPRequest(path: "/json"), parsing: .json) { result in
            if case .success(let parsed) = result, let json = parsed.value {
                titles.append((try? json["slideshow"]["slides"].array().map { try $0["title"].string() }) ?? [])
            }
        }
        #expect(await waitUntil { titles.values.first?.first == "Wake up to WonderWidgets!" })

        let realms = Recorder<String>()
        apiClient.interceptors.append(JSONHeadersInterceptor())  // this client only
        apiClient.interceptors.append(
            BasicRealmAuth(user: "user", password: "wrong") { realm in realms.append(realm) })
        apiClient.interceptors.append(RetryOnUnauthorized())
        let refused = try await apiClient.get("/basic-auth/user/passwd")
        #expect(refused.status == 401 && realms.values == ["Fake Realm", "Fake Realm"])
        let echoed = try await apiClient.get("/headers", parsing: .json)
        #expect(try echoed["headers"]["Accept"].string() == "application/json")
    }

    /// NamadaEatr's README: a request built step by step, then sent with a completion.
    @Test func namadaEatrReadme() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(environment: Environment(baseURL: base))
        let myToken = "Bearer my-token"
        let dataBody = Data(#"{"greeting": "hi"}"#.utf8)
        var request = HTTPRequest(.post, path: "/anything", query: ["param1": "value1", "param2": "value2"])
        request.headers["Authorization"] = myToken
        request.body = .data(dataBody, contentType: "application/json")
        let answer = Recorder<Int>()
        client.task(for: request, parsing: .json) { result in
            if case .success(let parsed) = result {
                answer.append((try? parsed.value?["args"].object())?.count ?? 0)
            }
        }
        #expect(await waitUntil { answer.values == [2] })
    }

    /// Neorequest's README: a Decodable GET with error and success handled apart, and a POST with parameters.
    @Test func neorequestReadme() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(environment: Environment(baseURL: base))
        let shown = Recorder<String>()
        client.task(for: HTTPRequest(path: "/get"), parsing: .decodable(Echo.self)) { result in
            switch result {
            case .failure(let error): shown.append(error.message)  // onError
            case .success(let parsed): shown.append(parsed.value?.url ?? "")  // onSuccess
            }
        }
        let posted = try await client.post(
            "/post", form: ["name": "John Doe", "age": 7], parsing: .decodable(Echo.self))
        #expect(posted.form == ["name": "John Doe", "age": "7"])
        #expect(await waitUntil { shown.values.first?.hasSuffix("/get") == true })
    }
}
