import FerryHTTP
import FerryJSON
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// The strongest check of the curl export: the exported command, run by the real `/usr/bin/curl`, sends
/// what FerryHTTP sends for the same saved request (method, target, headers, body bytes; multipart part by
/// part, since the boundaries differ).
@Suite struct CurlCommandWireTests {
    /// One request of each kind, with quoting traps in URLs, headers and bodies.
    static let requests = """
        ### get
        GET {{host}}/echo?q=it's%20a%20test&dollar=$HOME&u=%C3%BC
        Accept: application/json
        X-Quote: it's "quoted" $HOME `id` \\ ; & |
        X-Unicode: Zoë 日本
        X-Empty: 
        Authorization: Bearer {{token}}

        ### json
        POST {{host}}/echo
        Content-Type: application/json
        Accept: */*

        {"name": "Zoë", "note": "it's $5 `now`",
         "lines": "a\\nb"}

        ### text-no-type
        PUT {{host}}/echo
        Accept: */*

        line one
        line 'two' $x

        ### form
        POST {{host}}/echo
        Content-Type: application/x-www-form-urlencoded
        Accept: */*

        a=1&b=x+y&c=%C3%BC&t={{token}}

        ### file
        PATCH {{host}}/echo
        Content-Type: application/octet-stream
        Accept: */*

        < ./data.bin

        ### mixed-binary
        POST {{host}}/echo
        Content-Type: application/octet-stream
        Accept: */*

        head
        < ./data.bin

        ### multipart
        POST {{host}}/echo
        Content-Type: multipart/form-data; boundary=WebAppBoundary
        Accept: */*

        --WebAppBoundary
        Content-Disposition: form-data; name="title"

        Hello; it's {{token}}
        second line
        --WebAppBoundary
        Content-Disposition: form-data; name="doc"; filename="my file.json"
        Content-Type: application/json

        < ./my file.json
        --WebAppBoundary
        Content-Disposition: form-data; name="blob"; filename="data.bin"
        Content-Type: application/octet-stream

        < ./data.bin
        --WebAppBoundary--

        ### multipart-raw
        POST {{host}}/echo
        Content-Type: multipart/form-data; boundary=b0undary
        Accept: */*

        --b0undary
        Content-Disposition: form-data; name="meta"
        Content-Type: application/json

        {"a": "{{token}}"}
        --b0undary
        Content-Disposition: form-data; name="doc"

        <@ ./my file.json
        --b0undary--

        ### delete
        DELETE {{host}}/echo?id=7
        Accept: */*
        """

    static let binary: [UInt8] = [0x00, 0xFF, 0x0A, 0x0D, 0x25, 0x5C, 0x27, 0x80, 0x41]

    /// A workspace whose `{{host}}` is `base`.
    static func workspace(base: String) throws -> (TemporaryFolder, Workspace) {
        let folder = try TemporaryFolder()
        try folder.write("api/requests.http", requests)
        try Data(binary).write(to: folder.url.appendingPathComponent("api/data.bin"))
        try folder.write("api/my file.json", #"{"from": "file's"}"#)
        try folder.write("http-client.env.json", #"{"test": {"host": "\#(base)"}}"#)
        try folder.write("http-client.private.env.json", #"{"test": {"token": "s3cr3t'$(id)"}}"#)
        return (folder, try Workspace.load(at: folder.url))
    }

    @Test(arguments: [
        "get", "json", "text-no-type", "form", "file", "mixed-binary", "multipart", "multipart-raw", "delete",
    ])
    func curlSendsWhatFerrySends(name: String) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (folder, workspace) = try Self.workspace(base: server.baseURL)
        let found = try workspace.request("api/requests.http#\(name)")
        let context = try workspace.context(for: found, environment: "test")
        let response = try await HTTPClient(transport: CurlTransport()).send(
            try found.request.prepared(with: context).httpRequest())
        #expect(response.status == 200)
        let command = try CurlCommandExporter(baseFolder: folder.url.appendingPathComponent("api"))
            .command(for: found.request, context: context)
        // Run from elsewhere: the file paths in the command are absolute.
        let output = try await ShellQuotingTests.shell(
            command.rendered(multiline: true) + " --silent --show-error", in: FileManager.default.temporaryDirectory)
        #expect(!output.isEmpty)
        let recorded = server.requests
        try #require(recorded.count == 2)
        let ferry = recorded[0]
        let curl = recorded[1]
        #expect(curl.method == ferry.method)
        #expect(curl.target == ferry.target)
        #expect(Self.comparableHeaders(curl) == Self.comparableHeaders(ferry))
        if name == "multipart" {
            let ferryParts = try Self.parts(ferry)
            #expect(ferryParts.count == 3)
            #expect(try Self.parts(curl) == ferryParts)
        } else {
            #expect(curl.body == ferry.body)
            #expect(curl.header("Content-Length") == ferry.header("Content-Length"))
            #expect(curl.header("Content-Type") == ferry.header("Content-Type"))
        }
    }

    @Test func curlAndFerryGetTheSameAnswerFromHttpbin() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let text = Self.requests.replacingOccurrences(of: "{{host}}/echo", with: "{{host}}/anything")
        let folder = try TemporaryFolder()
        try folder.write("api/requests.http", text)
        try Data(Self.binary).write(to: folder.url.appendingPathComponent("api/data.bin"))
        try folder.write("api/my file.json", #"{"from": "file's"}"#)
        try folder.write("http-client.env.json", #"{"test": {"host": "\#(base)", "token": "t'o k$en"}}"#)
        let workspace = try Workspace.load(at: folder.url)
        let client = HTTPClient(transport: CurlTransport())
        for name in ["get", "json", "text-no-type", "form", "file", "multipart", "multipart-raw", "delete"] {
            let found = try workspace.request("api/requests.http#\(name)")
            let context = try workspace.context(for: found, environment: "test")
            let response = try await client.send(try found.request.prepared(with: context).httpRequest())
            let command = try CurlCommandExporter(baseFolder: folder.url.appendingPathComponent("api"))
                .command(for: found.request, context: context)
            let output = try await ShellQuotingTests.shell(command.rendered(multiline: false) + " -s")
            let ferry = try JSONValue(parsing: response.body)
            let curl = try JSONValue(parsing: output)
            #expect(ferry["method"].value == .string(found.request.method), "\(name)")
            for key in ["method", "url", "args", "data", "form", "files", "json"] {
                #expect(curl[key].value == ferry[key].value, "\(name): \(key)")
            }
            let ignored: Set<String> = ["user-agent", "accept-encoding", "content-type", "content-length"]
            let headers = { (value: JSONValue) in
                value["headers"].value?.objectValue?.members.filter { !ignored.contains($0.key.lowercased()) }
                    .map { "\($0.key): \($0.value)" }.sorted()
            }
            #expect(headers(curl) == headers(ferry), "\(name): headers")
        }
    }

    // MARK: - Helpers

    /// The header fields that must match: everything but what each client adds on its own.
    static func comparableHeaders(_ request: RecordedRequest) -> [String] {
        let own: Set<String> = ["user-agent", "accept-encoding", "expect", "content-type", "content-length"]
        return request.headers.filter { !own.contains($0.name.lowercased()) }.map {
            "\($0.name.lowercased()): \($0.value)"
        }
    }

    /// The parts of a multipart body: the `Content-Disposition` name and filename, the part's
    /// `Content-Type` (when the form gave one), and the content bytes.
    struct Part: Equatable {
        var name: String?
        var fileName: String?
        var contentType: String?
        var content: [UInt8]
    }

    static func parts(_ request: RecordedRequest) throws -> [Part] {
        let type = try #require(request.header("Content-Type"))
        let boundary = try #require(MultipartBody.boundary(inContentType: type))
        let bytes = [UInt8](request.body)
        let delimiter = Array("\r\n--\(boundary)".utf8)
        // Prepend CRLF so the first delimiter looks like the others.
        let all = Array("\r\n".utf8) + bytes
        var pieces: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + delimiter.count <= all.count {
            if Array(all[index..<index + delimiter.count]) == delimiter {
                pieces.append(Array(all[start..<index]))
                index += delimiter.count
                start = index
            } else {
                index += 1
            }
        }
        var parts: [Part] = []
        for piece in pieces.dropFirst() {
            guard piece.starts(with: Array("\r\n".utf8)) else { continue }  // the closing `--`
            let body = Array(piece.dropFirst(2))
            let separator = Array("\r\n\r\n".utf8)
            guard
                let split = (0...(body.count - separator.count)).first(where: { Array(body[$0..<$0 + 4]) == separator })
            else { continue }
            let head = String(decoding: body[..<split], as: UTF8.self)
            var part = Part(content: Array(body[(split + 4)...]))
            for line in head.components(separatedBy: "\r\n") {
                let lowered = line.lowercased()
                if lowered.hasPrefix("content-disposition:") {
                    let parameters = MultipartBody.dispositionParameters(String(line.dropFirst(20)))
                    part.name = parameters["name"]
                    part.fileName = parameters["filename"]
                } else if lowered.hasPrefix("content-type:") {
                    part.contentType = line.dropFirst(13).trimmingCharacters(in: .whitespaces)
                }
            }
            parts.append(part)
        }
        return parts
    }
}
