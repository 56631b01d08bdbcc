import FerryTestSupport
import Foundation
import Testing

/// `ferry run --filter` selects before it makes steps (ADR 0106): the requests it keeps are sent with their file's
/// variables (declared above and below them) and their own errors; the others are reported skipped, in file order,
/// at the lines they are written on, as before; after a failure with `--fail-fast` they are "not run".
@Suite struct RunFilterCommandTests {
    static let file = """
        @greeting = hello

        ### keep one
        GET {{host}}/echo?g={{greeting}}&l={{late}}

        ### other
        GET {{host}}/echo?other

        ### keep broken
        GET {{host}}/echo
        no colon

        ### dup
        GET {{host}}/echo?dup1

        ### dup
        GET {{host}}/missing?keep

        ###
        @late = L

        """

    @Test func keptRequestsAreSentAndTheOthersReportedSkipped() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/missing", responding: .text("no", status: 404))
        let fixture = try RunCommandTests.Fixture(base: server.baseURL, files: ["f.http": Self.file])
        let output = try await fixture.run(["f.http", "--env", "test", "--filter", "KEEP"])
        // An invalid request kept by the filter is an input error: exit 2.
        #expect(output.status == 2)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "\(output.text)")
        #expect(lines[0].hasPrefix("PASS f.http#keep one  200  "))
        #expect(lines[1] == "SKIP f.http#other  skipped (filtered out)")
        #expect(
            lines[2]
                == "FAIL f.http#keep broken  not sent: f.http:11:1: error: expected a header `Name: value` or a blank "
                + "line before the body")
        #expect(lines[3] == "SKIP f.http#4  skipped (filtered out)")
        #expect(lines[4] == "SKIP f.http#5  skipped (filtered out)")
        #expect(lines[5] == "1 passed, 1 failed, 3 skipped")
        #expect(lines[6].hasPrefix("latency: min "))
        #expect(server.requests.map(\.target) == ["/echo?g=hello&l=L"])
        // By position: `#5` is kept, the rest skipped; with --fail-fast the ones after the failure are "not run".
        let failing = try await fixture.run(["f.http", "--env", "test", "--filter", "#5", "--fail-fast"])
        #expect(failing.status == 1)
        #expect(failing.text.contains("SKIP f.http#keep one  skipped (filtered out)\n"))
        #expect(failing.text.contains("FAIL f.http#5  404  "))
        #expect(failing.text.contains("0 passed, 1 failed, 4 skipped\n"))
        let afterFailure = try await fixture.run(["f.http", "--env", "test", "--filter", "o", "--fail-fast"])
        #expect(afterFailure.text.contains("SKIP f.http#4  skipped (not run: an earlier request failed)\n"))
    }
}
