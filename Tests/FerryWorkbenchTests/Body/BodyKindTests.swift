import FerryHTTP
import FerryJSON
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// Body kinds: detection, the form and multipart codecs, conversion between kinds, byte-for-byte round trips
/// through save and load, and sending each kind to httpbin through `prepared(with:)`.
@Suite struct BodyKindTests {
    // MARK: - Detection

    @Test func kindsFollowTheContentTypeAndTheBody() {
        func kind(_ type: String?, _ body: String?) -> BodyKind {
            SavedRequest(
                method: "POST", url: "http://x", headers: type.map { [("Content-Type", $0)] } ?? [], body: body
            )
            .bodyKind
        }
        #expect(kind(nil, nil) == .none)
        #expect(kind("application/json", nil) == .json)
        #expect(kind("application/vnd.api+json; charset=utf-8", "{}") == .json)
        #expect(kind("text/plain", "hi") == .text)
        #expect(kind(nil, "hi") == .text)
        #expect(kind("application/x-www-form-urlencoded", "a=1") == .form)
        #expect(kind("multipart/form-data; boundary=B", nil) == .multipart)
        #expect(kind("image/png", "< ./logo.png") == .file)
        #expect(kind("application/json", "< ./data.json") == .file)
        #expect(kind("application/x-www-form-urlencoded", "< ./form.txt") == .form)
    }

    // MARK: - Form

    @Test func formBodiesDecodeAndEncodeAsFerryHTTPDoes() throws {
        let fields = try #require(FormBody.fields(from: "a=1&name=Ada%20Lovelace&sym=%26%3D%2B&plus=x+y&empty="))
        #expect(fields.map(\.name) == ["a", "name", "sym", "plus", "empty"])
        #expect(fields.map(\.value) == ["1", "Ada Lovelace", "&=+", "x y", ""])
        let pairs = FormParameters(fields.map { (key: $0.name, value: FormValue.string($0.value)) })
        // A new body is escaped exactly as FerryHTTP's form encoding escapes it.
        #expect(FormBody.text(from: fields) == pairs.encoded)
        #expect(FormBody.escape("ü ~*{{user}}/") == "%C3%BC%20~*{{user}}%2F")
    }

    @Test func unchangedFormFieldsKeepTheirText() throws {
        let original = "b=x+y&a=%7e"
        var fields = try #require(FormBody.fields(from: original))
        #expect(FormBody.text(from: fields, original: original) == original)
        fields[1].value = "new value"
        #expect(FormBody.text(from: fields, original: original) == "b=x+y&a=new%20value")
    }

    @Test func formVariablesStayAsWritten() throws {
        let fields = try #require(FormBody.fields(from: "user={{user}}&q=a%20{{term}}"))
        #expect(fields.map(\.value) == ["{{user}}", "a {{term}}"])
        #expect(FormBody.text(from: fields) == "user={{user}}&q=a%20{{term}}")
    }

    @Test(arguments: ["a=1\n&b=2", "< ./form.txt", "a=1&&b=2", "a=%zz", "=1", "a=%C3"])
    func bodiesThatAreNotOneFormLineFallBackToText(body: String) {
        #expect(FormBody.fields(from: body) == nil)
    }

    // MARK: - Multipart

    static let multipart = """
        --WebAppBoundary
        Content-Disposition: form-data; name="title"

        Hello {{user}}
        --WebAppBoundary
        Content-Disposition: form-data; name="upload"; filename="data.json"
        Content-Type: application/json
        X-Extra: kept

        < ./data.json
        --WebAppBoundary--
        """

    @Test func multipartBodiesParseIntoTextAndFileFields() throws {
        #expect(
            MultipartBody.boundary(inContentType: "multipart/form-data; boundary=\"WebAppBoundary\"")
                == "WebAppBoundary")
        let fields = try #require(MultipartBody.fields(from: Self.multipart, boundary: "WebAppBoundary"))
        #expect(fields.count == 2)
        #expect(fields[0] == FormField(name: "title", value: "Hello {{user}}"))
        #expect(fields[1].filePath == "./data.json" && fields[1].fileName == "data.json")
        #expect(fields[1].contentType == "application/json")
        #expect(
            MultipartBody.text(from: fields, boundary: "WebAppBoundary", original: Self.multipart) == Self.multipart)
    }

    @Test func newMultipartPartsUseTheJetBrainsSyntax() {
        let text = MultipartBody.text(
            from: [FormField(name: "a", value: "1"), FormField(name: "f", filePath: "./x.txt")], boundary: "B")
        #expect(
            text == """
                --B
                Content-Disposition: form-data; name="a"

                1
                --B
                Content-Disposition: form-data; name="f"; filename="x.txt"
                Content-Type: text/plain

                < ./x.txt
                --B--
                """)
    }

    @Test(arguments: [
        "--B\nContent-Disposition: form-data; name=\"a\"\n\n1", "x\n--B--", "--B\nContent-Type: text/plain\n\n1\n--B--",
        "--B\nContent-Disposition: form-data; name=\"a\"\n\n1\n--B--\ntrailing",
    ])
    func malformedMultipartBodiesFallBackToText(body: String) {
        #expect(MultipartBody.fields(from: body, boundary: "B") == nil)
    }

    // MARK: - Converting

    @Test func convertingBetweenKindsCarriesTheFields() throws {
        var request = SavedRequest(method: "POST", url: "http://x", body: nil)
        request.convertBody(to: .form)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        request.setFormFields([FormField(name: "a", value: "1 2"), FormField(name: "b", value: "{{v}}")])
        #expect(request.body == "a=1%202&b={{v}}")
        request.convertBody(to: .multipart)
        #expect(request.header("Content-Type") == "multipart/form-data; boundary=WebAppBoundary")
        #expect(request.formFields?.map(\.value) == ["1 2", "{{v}}"])
        request.convertBody(to: .json)
        #expect(request.header("Content-Type") == "application/json")
        let json = try JSONValue(parsing: try #require(request.body))
        #expect(json["a"].value == .string("1 2"))
        request.convertBody(to: .form)
        #expect(request.body == "a=1%202&b={{v}}")
        request.convertBody(to: .text)
        #expect(request.body == "a=1%202&b={{v}}" && request.bodyKind == .text)
        request.setFileBody(path: "./payload.json")
        #expect(request.bodyKind == .file && request.body == "< ./payload.json")
        request.convertBody(to: .multipart)
        #expect(request.formFields?.first?.filePath == "./payload.json")
        request.convertBody(to: .none)
        #expect(request.body == nil && request.header("Content-Type") == nil && request.bodyKind == .none)
    }

    // MARK: - Round trips through the file

    static let kinds: [(String, String)] = [
        ("json", "Content-Type: application/json\n\n{\n  \"a\": [1, 2]\n}"),
        ("text", "Content-Type: text/plain\n\nline one\nline two {{user}}"),
        ("form", "Content-Type: application/x-www-form-urlencoded\n\na=1&b=x+y&c=%C3%BC&d={{user}}"),
        ("multipart", "Content-Type: multipart/form-data; boundary=WebAppBoundary\n\n" + multipart),
        ("file", "Content-Type: application/json\n\n< ./data.json"),
    ]

    @Test func everyKindRoundTripsByteForByteThroughSaveAndLoad() throws {
        let folder = try TemporaryFolder()
        var text = ""
        for (name, rest) in Self.kinds { text += "### \(name)\nPOST http://x/post\n\(rest)\n\n" }
        text += "### none\nPOST http://x/post\n\n"
        try folder.write("bodies.http", text)
        var workspace = try Workspace.load(at: folder.url)
        // Rewriting each request through the form and multipart codecs changes nothing on disk.
        for entry in workspace.requests {
            var request = entry.request
            if let fields = request.formFields { request.setFormFields(fields) }
            try workspace.updateRequest(entry.id, with: request)
        }
        let saved = try String(contentsOf: folder.url.appendingPathComponent("bodies.http"), encoding: .utf8)
        #expect(saved == text)
        let kinds = try Workspace.load(at: folder.url).requests.map(\.request.bodyKind)
        #expect(kinds == [.json, .text, .form, .multipart, .file, .none])
        // An edit is saved and loads back as the same fields.
        var form = try workspace.request("bodies.http#form").request
        var fields = try #require(form.formFields)
        fields.append(FormField(name: "new one", value: "{{user}} & co"))
        form.setFormFields(fields)
        try workspace.updateRequest(RequestID(parsing: "bodies.http#form"), with: form)
        let reloaded = try Workspace.load(at: folder.url)
        #expect(
            try reloaded.request("bodies.http#form").request.body
                == "a=1&b=x+y&c=%C3%BC&d={{user}}&new%20one={{user}}%20%26%20co")
        #expect(try reloaded.request("bodies.http#form").request.formFields == fields)
        #expect(try reloaded.request("bodies.http#multipart").request.body == Self.multipart)
    }

    // MARK: - Sending to httpbin

    @Test func everyKindSendsThroughPreparationToHttpbin() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let folder = try TemporaryFolder()
        try folder.write("data.json", "{\"from\": \"file\"}")
        var text = ""
        for (name, rest) in Self.kinds { text += "### \(name)\nPOST {{host}}/post\n\(rest)\n\n" }
        text += "### none\nPOST {{host}}/post\n\n"
        try folder.write("bodies.http", text)
        try folder.write("http-client.env.json", "{\"local\": {\"host\": \"\(base)\", \"user\": \"ada\"}}")
        let workspace = try Workspace.load(at: folder.url)
        let client = HTTPClient(transport: CurlTransport())
        func echo(_ name: String) async throws -> JSONValue {
            let entry = try workspace.request("bodies.http#\(name)")
            let context = try workspace.context(for: entry, environment: "local")
            let request = try entry.request.prepared(with: context).httpRequest()
            let response = try await client.send(request)
            #expect(response.status == 200)
            return try JSONValue(parsing: response.body)
        }
        #expect(try await echo("json")["json"]["a"][1].value == .number(JSONNumber(2)))
        #expect(try await echo("text")["data"].value == .string("line one\nline two ada"))
        let form = try await echo("form")["form"]
        #expect(form["a"].value == .string("1") && form["b"].value == .string("x y"))
        #expect(form["c"].value == .string("ü") && form["d"].value == .string("ada"))
        let multipart = try await echo("multipart")
        #expect(multipart["form"]["title"].value == .string("Hello ada"))
        #expect(multipart["files"]["upload"].value == .string("{\"from\": \"file\"}"))
        #expect(try await echo("file")["json"]["from"].value == .string("file"))
        #expect(try await echo("none")["data"].value == .string(""))
    }
}
