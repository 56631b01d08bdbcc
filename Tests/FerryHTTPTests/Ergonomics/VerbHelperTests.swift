import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Verb helpers, parameters placed by the method, and the form encodings for lists and Booleans.
@Suite struct VerbHelperTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        server.route("/users", responding: .json(#"{"id": 3, "name": "Ada"}"#))
    }

    struct User: Codable, Equatable {
        var id: Int
        var name: String
    }

    @Test func getSendsTheQueryAndParses() async throws {
        let user = try await client.get("/users", query: ["q": "a b", "page": 2], parsing: .decodable(User.self))
        #expect(user == User(id: 3, name: "Ada"))
        #expect(server.requests.last?.method == "GET")
        #expect(server.requests.last?.target == "/users?q=a%20b&page=2")
        #expect(try await client.get("/missing").status == 404)
    }

    @Test func postSendsJSONFormAndMultipartBodies() async throws {
        _ = try await client.post("/users", json: User(id: 0, name: "Ada"), parsing: .decodable(User.self))
        let json = try #require(server.requests.last)
        #expect(json.method == "POST" && json.header("Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(User.self, from: json.body) == User(id: 0, name: "Ada"))
        #expect(try await client.post("/users", form: ["name": "Ada", "admin": true]).status == 200)
        #expect(server.requests.last?.bodyText == "name=Ada&admin=true")
        #expect(server.requests.last?.header("Content-Type") == "application/x-www-form-urlencoded")
        var form = MultipartForm(boundary: "b0undary")
        form.append("name", "Ada")
        #expect(try await client.post("/users", multipart: form).status == 200)
        #expect(server.requests.last?.header("Content-Type") == "multipart/form-data; boundary=b0undary")
        #expect(server.requests.last?.bodyText.contains("name=\"name\"\r\n\r\nAda\r\n--b0undary--") == true)
    }

    @Test func unencodableJSONIsRejectedBeforeSending() async {
        let before = server.requests.count
        let reason = await failureReason { _ = try await client.post("/users", json: ["x": Double.nan]) }
        guard case .rejected(let why) = reason else { return #expect(Bool(false)) }
        #expect(why.contains("JSON body could not be encoded"))
        #expect(server.requests.count == before)
    }

    @Test func parametersGoWhereTheMethodPrefers() async throws {
        for method in [HTTPMethod.get, .delete, .head, .options] {
            _ = try await client.send(method, "/users", parameters: ["id": 3])
            #expect(server.requests.last?.target == "/users?id=3")
            #expect(server.requests.last?.body.isEmpty == true)
        }
        for method in [HTTPMethod.post, .put, .patch] {
            _ = try await client.send(method, "/users", parameters: ["id": 3])
            #expect(server.requests.last?.target == "/users")
            #expect(server.requests.last?.bodyText == "id=3")
        }
        _ = try await client.send(.post, "/users")
        #expect(server.requests.last?.target == "/users" && server.requests.last?.body.isEmpty == true)
    }

    @Test func listsAndBooleansHaveTheirEncodings() async throws {
        let parameters: FormParameters = ["tags": ["a", "b"], "draft": true, "meta": ["ids": [1, 2]], "old[]": ["x"]]
        #expect(parameters.encoded == "tags=a&tags=b&draft=true&meta%5Bids%5D=1&meta%5Bids%5D=2&old%5B%5D=x")
        var brackets = parameters
        brackets.encoding = FormEncoding(lists: .brackets, booleans: .numeric)
        #expect(
            brackets.flattened.map { "\($0.name)=\($0.value)" } == [
                "tags[]=a", "tags[]=b", "draft=1", "meta[ids][]=1", "meta[ids][]=2", "old[]=x",
            ])
        var indexed = parameters
        indexed.encoding = FormEncoding(lists: .indexed)
        #expect(
            indexed.flattened.map { "\($0.name)=\($0.value)" } == [
                "tags[0]=a", "tags[1]=b", "draft=true", "meta[ids][0]=1", "meta[ids][1]=2", "old[0]=x",
            ])
        #expect(brackets != parameters)
        _ = try await client.get("/users", query: indexed)
        #expect(server.requests.last?.target.hasPrefix("/users?tags%5B0%5D=a&tags%5B1%5D=b&draft=true") == true)
        _ = try await client.post("/users", form: brackets)
        #expect(server.requests.last?.bodyText.hasPrefix("tags%5B%5D=a&tags%5B%5D=b&draft=1") == true)
    }
}
