import Foundation
import Testing

@testable import FerryWorkbench

/// The exact curl text for each body kind, method and directive.
@Suite struct CurlCommandExporterTests {
    static let context = VariableContext(
        environment: [
            EnvironmentVariable(
                name: "host", value: "https://api.example", isSecret: false, location: .init(file: "e", line: 1)),
            EnvironmentVariable(name: "token", value: "s3cr3t'!", isSecret: true, location: .init(file: "e", line: 2)),
        ],
        includedFiles: ["./data.bin": Data([0, 1, 2]), "./a.json": Data(#"{"a":1}"#.utf8)])

    func command(
        _ text: String, masks: Bool = false, base: URL? = URL(fileURLWithPath: "/w/api"), oneLine: Bool = false
    ) throws -> String {
        let request = try #require(HTTPFileParser.parse(text: text, path: "api/t.http").requests.first)
        return try CurlCommandExporter(masksSecrets: masks, baseFolder: base)
            .command(for: request, context: Self.context).rendered(multiline: !oneLine)
    }

    @Test func getWithHeadersIsOneOptionPerLineWithNoMethod() throws {
        let text =
            "GET {{host}}/users?q=a'b&n=$x\nAccept: application/json\nX-Empty: \nAuthorization: Bearer {{token}}\n"
        #expect(
            try command(text) == """
                curl 'https://api.example/users?q=a'\\''b&n=$x' \\
                  -H 'Accept: application/json' \\
                  -H 'X-Empty;' \\
                  -H 'Authorization: Bearer s3cr3t'\\''!' \\
                  -L \\
                  --compressed
                """)
        #expect(
            try command(text, masks: true, oneLine: true)
                == "curl 'https://api.example/users?q=a'\\''b&n=$x' -H 'Accept: application/json' -H 'X-Empty;' "
                + "-H 'Authorization: Bearer ••••••' -L --compressed")
    }

    @Test func jsonBodyIsDataRawAndPostIsImplied() throws {
        let text =
            "POST {{host}}/post\nContent-Type: application/json\n\n{\"name\": \"Zoë\",\n \"cost\": \"$5 it's\"}\n"
        #expect(
            try command(text) == """
                curl https://api.example/post \\
                  -H 'Content-Type: application/json' \\
                  --data-raw '{"name": "Zoë",
                 "cost": "$5 it'\\''s"}' \\
                  -L \\
                  --compressed
                """)
    }

    @Test func otherMethodsAreExplicitAndHeadUsesHead() throws {
        #expect(
            try command("DELETE {{host}}/x\n", oneLine: true) == "curl https://api.example/x -X DELETE -L --compressed")
        #expect(try command("HEAD {{host}}/x\n", oneLine: true) == "curl https://api.example/x --head -L --compressed")
        #expect(
            try command("PATCH {{host}}/x\nContent-Type: text/plain\n\nhi\n", oneLine: true)
                == "curl https://api.example/x -X PATCH -H 'Content-Type: text/plain' --data-raw hi -L --compressed")
        // A body without Content-Type: Ferry sends none, so curl's default form type is removed.
        #expect(
            try command("POST {{host}}/x\n\nhi there\n", oneLine: true)
                == "curl https://api.example/x -H Content-Type: --data-raw 'hi there' -L --compressed")
    }

    @Test func formBodyIsOneDataRawPerPair() throws {
        let text =
            "POST {{host}}/form\nContent-Type: application/x-www-form-urlencoded\n\na=1&b=x+y&c=%C3%BC&t={{token}}\n"
        #expect(
            try command(text, masks: true, oneLine: true)
                == "curl https://api.example/form -H 'Content-Type: application/x-www-form-urlencoded' "
                + "--data-raw a=1 --data-raw b=x+y --data-raw c=%C3%BC --data-raw 't=••••••' -L --compressed")
    }

    @Test func fileBodyIsDataBinaryFromTheFileMadeAbsolute() throws {
        let text = "PUT {{host}}/put\nContent-Type: application/octet-stream\n\n< ./data.bin\n"
        #expect(
            try command(text, oneLine: true)
                == "curl https://api.example/put -X PUT -H 'Content-Type: application/octet-stream' "
                + "--data-binary @/w/api/data.bin -L --compressed")
        #expect(
            try command(text, base: nil) == """
                # run from the folder of the .http file: './data.bin' is relative to it
                curl https://api.example/put \\
                  -X PUT \\
                  -H 'Content-Type: application/octet-stream' \\
                  --data-binary @./data.bin \\
                  -L \\
                  --compressed
                """)
    }

    @Test func multipartIsFormPartsWithoutTheBoundaryHeader() throws {
        let text = """
            POST {{host}}/upload
            Content-Type: multipart/form-data; boundary=WebAppBoundary

            --WebAppBoundary
            Content-Disposition: form-data; name="title"

            Hello; it's {{token}}
            --WebAppBoundary
            Content-Disposition: form-data; name="doc"; filename="my file.json"
            Content-Type: application/json

            < ./a.json
            --WebAppBoundary--
            """
        #expect(
            try command(text) == """
                curl https://api.example/upload \\
                  --form-string 'title=Hello; it'\\''s s3cr3t'\\''!' \\
                  -F 'doc=@/w/api/a.json;type=application/json;filename="my file.json"' \\
                  -L \\
                  --compressed
                """)
    }

    @Test func aTextPartWithHeadersOfItsOwnSendsTheExactBody() throws {
        let text = """
            POST {{host}}/upload
            Content-Type: multipart/form-data; boundary=XY

            --XY
            Content-Disposition: form-data; name="meta"
            Content-Type: application/json

            {"t": "{{token}}"}
            --XY--
            """
        #expect(
            try command(text, masks: true) == """
                curl https://api.example/upload \\
                  -H 'Content-Type: multipart/form-data; boundary=XY' \\
                  --data-raw '--XY\r
                Content-Disposition: form-data; name="meta"\r
                Content-Type: application/json\r
                \r
                {"t": "••••••"}\r
                --XY--' \\
                  -L \\
                  --compressed
                """)
    }

    @Test func binaryBodiesArePipedFromPrintf() throws {
        let text = "POST {{host}}/bin\nContent-Type: application/octet-stream\n\nhead\n< ./data.bin\n"
        #expect(
            try command(text, oneLine: true)
                == "printf 'head\\012\\000\\001\\002' | curl https://api.example/bin "
                + "-H 'Content-Type: application/octet-stream' --data-binary @- -L --compressed")
    }

    @Test func directivesBecomeOptions() throws {
        let text = """
            # @no-redirect
            # @insecure
            # @timeout 2.5
            # @connection-timeout 3
            GET {{host}}/x?ids=[1,2] HTTP/2
            Authorization: Digest ada {{token}}
            """
        #expect(
            try command(text, oneLine: true)
                == "curl 'https://api.example/x?ids=[1,2]' --digest -u 'ada:s3cr3t'\\''!' -k --max-time 2.5 "
                + "--connect-timeout 3 --http2 -g --compressed")
    }

    @Test func unresolvedVariablesAreLocatedErrors() throws {
        #expect {
            try command("GET {{nope}}/x\n")
        } throws: { error in
            (error as? VariableError)?.description.contains("api/t.http:1") == true
        }
    }

    @Test func conversationsAreRefusedAndURLsAreEncodedSoCurlRunsThem() throws {
        for method in ["WEBSOCKET", "GRPC"] {
            #expect {
                try command("\(method) {{host}}/socket\n")
            } throws: { error in
                (error as? ExportRefusal)?.description.contains("a \(method) request has no curl command") == true
            }
        }
        // A literal space, a continuation line's and a non-ASCII letter: curl refuses them unencoded.
        let text = "GET {{host}}/search\n    ?generated-in=JetBrains Rider\n    &city=Zürich\n"
        #expect(
            try command(text, oneLine: true)
                == "curl 'https://api.example/search?generated-in=JetBrains%20Rider&city=Z%C3%BCrich' -L --compressed")
    }
}
