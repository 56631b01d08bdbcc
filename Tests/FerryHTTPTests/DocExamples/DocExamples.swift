import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

// The code of the DocC catalog (Sources/FerryHTTP/FerryHTTP.docc): every ```swift block of its articles
// appears in this file, line for line (`DocCatalogTests` checks it), so every example compiles and runs here,
// against the loopback server and, for the seeds' README examples, httpbin.

/// A model the examples decode.
struct User: Codable, Equatable {
    var id: Int
    var name: String
}

/// The examples, in the order of the articles.
@Suite struct DocExamples {
    let server: TestHTTPServer
    let baseURL: URL

    init() throws {
        server = try TestHTTPServer()
        baseURL = try #require(URL(string: server.baseURL))
        server.route("/users/1", responding: .json(#"{"id": 1, "name": "Ada"}"#))
        server.route("/users", responding: .json(#"{"users": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bo"}]}"#))
        server.route("/search") { request in .json(#"{"query": "\#(request.query ?? "")"}"#) }
        server.route("/big", responding: TestResponse(body: Data(count: 300_000)))
    }

    // MARK: - Getting started

    @Test func gettingStarted() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let user = try await client.get("/users/1", parsing: .decodable(User.self))
        print(user.name)

        let response = try await client.send(HTTPRequest(path: "/users/1"))
        print(response.status, response.headers["Content-Type"] ?? "")
        #expect(user == User(id: 1, name: "Ada") && response.status == 200)
    }

    // MARK: - Sending and parsing

    @Test func completionHandlers() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let shown = Recorder<String>()
        let show: @Sendable (String) -> Void = { shown.append($0) }
        let request = HTTPRequest(path: "/users/1")
        client.task(for: request, parsing: .decodable(User.self)) { result in
            switch result {
            case .success(let parsed): show(parsed.value?.name ?? "no content")
            case .failure(let error): show(error.message)
            }
        }
        #expect(await waitUntil { shown.values == ["Ada"] })
    }

    @Test func jsonInOneStep() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let names = ResponseParser.json { json in
            try json["users"].array().map { try $0["name"].string() }
        }
        let count = names.map(\.count)
        let users = try await client.value(for: HTTPRequest(path: "/users"), parsing: names)
        let total = try await client.value(for: HTTPRequest(path: "/users"), parsing: count)
        #expect(users == ["Ada", "Bo"] && total == 2)
    }

    @Test func verbHelpers() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let found = try await client.get("/search", query: ["q": "cute cats", "page": 2])
        let created = try await client.post("/users", json: User(id: 0, name: "Ada"))
        let signedIn = try await client.post("/login", form: ["user": "ada", "remember": true])
        let deleted = try await client.send(.delete, "/users", parameters: ["id": 7])
        #expect(found.text == #"{"query": "q=cute%20cats&page=2"}"#)
        #expect(created.status == 200 && signedIn.status == 404 && deleted.status == 200)
        #expect(server.requests.last?.target == "/users?id=7")

        var tags: FormParameters = ["tags": ["a", "b"], "draft": true]
        tags.encoding = FormEncoding(lists: .brackets, booleans: .numeric)
        print(tags.encoded)  // tags%5B%5D=a&tags%5B%5D=b&draft=1
        #expect(tags.encoded == "tags%5B%5D=a&tags%5B%5D=b&draft=1")
    }

    @Test func errorsWithoutTypedThrows() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let request = HTTPRequest(path: "/users")
        switch await client.task(for: request, parsing: .decodable(User.self)).result {
        case .success(let parsed): print(parsed.value?.name ?? "")
        case .failure(let error): print(error.message)
        }

        do throws(HTTPClientError) {
            _ = try await client.value(for: request, parsing: .decodable(User.self))
        } catch {
            if case .parseFailed(let failure) = error.reason {
                print(failure.path ?? "", failure.bodyExcerpt)
            }
        }
        let failure = await client.task(for: request, parsing: .decodable(User.self)).result
        guard case .failure(let error) = failure, case .parseFailed(let details) = error.reason else {
            return #expect(Bool(false))
        }
        #expect(details.underlying is DecodingError && details.bodyExcerpt.hasPrefix(#"{"users""#))
    }

    @Test func cancellation() async throws {
        server.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(5)))
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let waiting = Task {
            await client.task(for: HTTPRequest(path: "/slow")).result
        }
        waiting.cancel()  // cancels the request too
        let result = await waiting.value
        #expect((try? result.get()) == nil)
    }

    // MARK: - Streaming and files

    @Test func streamingAndFiles() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let response = try await client.stream(HTTPRequest(path: "/big"))
        var received = 0
        for try await chunk in response.body { received += chunk.count }
        #expect(received == 300_000)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-doc-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        var download = HTTPRequest(path: "/big")
        download.responseBody = .file(file)
        _ = try await client.send(download)

        var upload = MultipartForm()
        upload.append("name", "Fluffles")
        upload.append("photo", file: file, contentType: "image/jpeg")
        let sent = try await client.post("/users", multipart: upload)
        #expect(try Data(contentsOf: file).count == 300_000)
        #expect(sent.status == 200 && (server.requests.last?.body.count ?? 0) > 300_000)
    }

    // MARK: - Auth and interceptors

    @Test func authAndInterceptors() async throws {
        server.route("/me") { request in
            request.header("Authorization") == "Bearer fresh"
                ? .json(#"{"id": 1, "name": "Ada"}"#) : .text("", status: 401)
        }
        let auth = BearerTokenAuth(token: "stale") { "fresh" }
        let client = HTTPClient(
            transport: CurlTransport(), environment: Environment(baseURL: baseURL),
            interceptors: [auth, ResponseValidator.successfulStatus])
        let me = try await client.get("/me", parsing: .decodable(User.self))

        var basic = HTTPRequest(path: "/users/1")
        basic.auth = .basic(user: "ada", password: "s3cret")
        _ = try await HTTPClient(environment: Environment(baseURL: baseURL)).send(basic)
        #expect(server.requests.last?.header("Authorization") == "Basic YWRhOnMzY3JldA==")
        #expect(me.name == "Ada" && auth.refreshCount == 1)
    }

    // MARK: - Testing with mocks

    @Test func testingWithMocks() async throws {
        let mock = MockTransport()
        mock.respond(to: .get, "https://api.example.com/users/1", with: .json(#"{"id": 1, "name": "Ada"}"#))
        mock.respond(to: .get, "https://api.example.com/users/2", with: .status(404))
        let client = HTTPClient(
            transport: mock, environment: Environment(baseURL: URL(string: "https://api.example.com")!))
        let ada = try await client.get("/users/1", parsing: .decodable(User.self))
        let missing = await client.task(for: HTTPRequest(path: "/users/2"), parsing: .decodable(User.self)).result
        #expect(ada.name == "Ada")
        #expect((try? missing.get()) == nil && mock.receivedRequests.count == 2)
    }

    // MARK: - The seeds' README examples, ported (httpbin)

    /// PMHTTP's README: a GET with parameters parsed as JSON, and a POST parsed by a closure over the JSON.
    @Test func pmhttpReadme() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(environment: Environment(baseURL: base))
        client.task(for: HTTPRequest(.get, path: "/get", parameters: ["query": "cute cats"]), parsing: .json) {
            result in
            switch result {
            case .success(let parsed): print(parsed.value?["args"]["query"].value ?? "")
            case .failure(let error) where error.isCanceled: break
            case .failure(let error): print(error.message)
            }
        }
        struct SubmitCatResponse { var name: String }
        let submitted = try await client.post(
            "/post", form: ["name": "Fluffles", "color": "tabby"],
            parsing: .json { json in SubmitCatResponse(name: try json["form"]["name"].string()) })
        #expect(submitted.name == "Fluffles")
        let query = try await client.get("/get", query: ["query": "cute cats"], parsing: .json)
        #expect(query["args"]["query"].value == "cute cats")
    }

    /// Alamofire's README: `AF.request("https://httpbin.org/get").response { … }` and a JSON-encoded POST.
    @Test func alamofireReadme() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        struct Login: Encodable {
            let email: String
            let password: String
        }
        let client = HTTPClient(environment: Environment(baseURL: base))
        let answer = await withCheckedContinuation { continuation in
            client.task(for: HTTPRequest(path: "/get")) { result in
                debugPrint(result)
                continuation.resume(returning: (try? result.get())?.status)
            }
        }
        let login = Login(email: "test@test.test", password: "testPassword")
        let echoed = try await client.post("/post", json: login, parsing: .json)
        #expect(answer == 200)
        #expect(echoed["json"]["email"].value == "test@test.test")
    }
}
