import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// What goes over the wire for each method and body encoding, checked byte for byte at the test server.
@Suite struct CurlWireTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    @Test func sendsEveryStandardMethodWithItsToken() async throws {
        for method in [HTTPMethod.get, .post, .put, .patch, .delete, .options, .trace, "PURGE"] {
            let response = try await client.send(HTTPRequest(method, path: "/echo"))
            #expect(response.status == 200)
        }
        let head = try await client.send(HTTPRequest(.head, path: "/echo"))
        #expect(head.body.isEmpty)
        let methods = server.requests.map(\.method)
        #expect(methods == ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PURGE", "HEAD"])
        #expect(server.requests.allSatisfy { $0.version == "HTTP/1.1" && $0.path == "/echo" })
    }

    @Test func encodesQueryParametersByteExactly() async throws {
        let request = HTTPRequest(
            path: "/echo?fixed=1", query: ["q": "a b+c;d", "nested": ["k": "v"], "list": ["1", "2"], "ids[]": [7]])
        _ = try await client.send(request)
        let recorded = try #require(server.requests.first)
        #expect(recorded.target == "/echo?fixed=1&q=a%20b%2Bc%3Bd&nested%5Bk%5D=v&list=1&list=2&ids%5B%5D=7")
    }

    @Test func sendsFormBodiesByteExactly() async throws {
        _ = try await client.send(HTTPRequest(.post, path: "/echo", body: .form(["name": "Ada L", "x": "1&2=3"])))
        let recorded = try #require(server.requests.first)
        #expect(recorded.bodyText == "name=Ada%20L&x=1%262%3D3")
        #expect(recorded.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(recorded.header("Content-Length") == "24")
        #expect(recorded.header("Expect") == nil)
    }

    @Test func sendsJSONAndRawBodiesWithTheirTypes() async throws {
        struct Payload: Encodable { var id: Int }
        _ = try await client.send(HTTPRequest(.put, path: "/echo", body: try .json(encoding: Payload(id: 3))))
        _ = try await client.send(
            HTTPRequest(.patch, path: "/echo", body: .data(Data([0, 1, 2, 255]), contentType: nil)))
        _ = try await client.send(HTTPRequest(.delete, path: "/echo", body: .text("bye")))
        let recorded = server.requests
        #expect(recorded.map(\.method) == ["PUT", "PATCH", "DELETE"])
        #expect(recorded[0].bodyText == #"{"id":3}"#)
        #expect(recorded[0].header("Content-Type") == "application/json")
        #expect(recorded[1].body == Data([0, 1, 2, 255]))
        #expect(recorded[1].header("Content-Type") == nil)
        #expect(recorded[2].bodyText == "bye")
        #expect(recorded[2].header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func streamsMultipartBodiesWithFilesByteExactly() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-multipart-\(UUID()).txt")
        try Data("file contents\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var form = MultipartForm(boundary: "XyZ")
        form.append("title", "Hi \"there\"")
        form.append("doc", file: file, filename: "a.txt", contentType: "text/plain")
        _ = try await client.send(HTTPRequest(.post, path: "/echo", body: .multipart(form)))
        let recorded = try #require(server.requests.first)
        let expected =
            "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHi \"there\"\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nfile contents\n\r\n--XyZ--\r\n"
        #expect(recorded.bodyText == expected)
        #expect(recorded.header("Content-Type") == "multipart/form-data; boundary=XyZ")
        #expect(recorded.header("Content-Length") == String(expected.utf8.count))
    }

    @Test func streamsFileBodiesFromDisk() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-upload-\(UUID()).bin")
        let bytes = Data((0..<300_000).map { UInt8($0 % 251) })
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await client.send(
            HTTPRequest(.post, path: "/echo", body: .file(file, contentType: "application/x-bin")))
        let recorded = try #require(server.requests.first)
        #expect(recorded.body == bytes)
        #expect(recorded.header("Content-Length") == "300000")
    }

    @Test func sendsHeadersInOrderWithEnvironmentDefaultsAndAuth() async throws {
        client.environment?.defaultHeaders = ["X-Default": "d", "X-Override": "env"]
        client.environment?.defaultAuth = .basic(user: "u", password: "p")
        let request = HTTPRequest(path: "/echo", headers: ["X-First": "1", "X-Override": "mine", "X-Empty": ""])
        _ = try await client.send(request)
        let recorded = try #require(server.requests.first)
        #expect(recorded.header("X-Override") == "mine")
        #expect(recorded.header("X-Default") == "d")
        #expect(recorded.header("X-Empty") == "")
        #expect(recorded.header("Authorization") == "Basic dTpw")
        #expect(recorded.header("Accept-Encoding")?.contains("gzip") == true)
        let names = recorded.headers.map(\.name)
        let first = try #require(names.firstIndex(of: "X-First"))
        let override = try #require(names.firstIndex(of: "X-Override"))
        #expect(first < override)
    }

    @Test func reusesOneConnectionForSequentialRequests() async throws {
        server.route("/a", responding: .text("A"))
        for _ in 0..<5 { _ = try await client.send(HTTPRequest(path: "/a")) }
        #expect(server.acceptedConnections == 1)
        let response = try await client.send(HTTPRequest(path: "/a"))
        #expect(response.timing?.connectionReused == true)
        #expect(response.text == "A")
    }

    @Test func returnsStatusReasonHeadersAndBodyForAnyStatus() async throws {
        server.route("/teapot") { _ in
            TestResponse(
                status: 418, reason: "I'm a teapot", headers: [("X-Pot", "1"), ("X-Pot", "2")], body: Data("short".utf8)
            )
        }
        let response = try await client.send(HTTPRequest(path: "/teapot"))
        #expect(response.status == 418)
        #expect(response.reason == "I'm a teapot")
        #expect(response.headers.values(for: "x-pot") == ["1", "2"])
        #expect(response.text == "short")
        #expect(response.url.absoluteString == server.baseURL + "/teapot")
    }
}
