import FerryTestSupport
import Foundation
import Testing

/// libcurl is opened with dlopen at the first transfer (decision 0098), so a system without it (or with the
/// library `FERRY_CURL_LIBRARY` names missing) gets an error that says what to install, not a crash or a
/// loader failure before `main`; commands that send nothing still run.
@Suite struct SendLibcurlLoadingTests {
    @Test func aMissingLibcurlFailsTheSendSayingWhatToInstall() async throws {
        let fixture = try SendCommandTests.Fixture(
            base: "http://127.0.0.1:9", files: ["api.http": "### one\n# @name one\nGET {{host}}/one\n"])
        let output = try await FerryProcess.run(
            ["send", "one", "--env", "test"], environment: ["FERRY_CURL_LIBRARY": "/nonexistent/libcurl.so.4"],
            currentDirectory: fixture.root)
        #expect(output.status != 0)
        #expect(
            output.standardError.contains("cannot open libcurl (/nonexistent/libcurl.so.4)"), "\(output.standardError)")
        #expect(output.standardError.contains("apt install libcurl4"), "\(output.standardError)")
    }

    @Test func commandsThatSendNothingRunWithoutLibcurl() async throws {
        let fixture = try SendCommandTests.Fixture(
            base: "http://127.0.0.1:9", files: ["api.http": "### one\n# @name one\nGET {{host}}/one\n"])
        let output = try await FerryProcess.run(
            ["list"], environment: ["FERRY_CURL_LIBRARY": "/nonexistent/libcurl.so.4"], currentDirectory: fixture.root)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text.contains("one"), "\(output.text)")
    }
}
