import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// Large, binary and partial bodies through the whole app: the real loop, curl, a loopback server, and
/// small limits so a few hundred kilobytes go to a temporary file.
@Suite("Large and partial bodies", .serialized)
final class LargeBodyTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    let spill: TemporaryFolder
    let limits: ResponseLimits

    /// The requests, in tree order: open request `n` with `n` presses of Down, then Enter.
    static let requests = """
        ### Binary
        # @name binary
        GET {{host}}/binary

        ### Big binary
        # @name big-binary
        GET {{host}}/big-binary

        ### Big text
        # @name big-text
        GET {{host}}/big-text

        ### Big JSON
        # @name big-json
        GET {{host}}/big-json

        ### Slow
        # @name slow
        GET {{host}}/slow

        ### Slow binary
        # @name slow-binary
        GET {{host}}/slow-binary

        ### Broken
        # @name broken
        GET {{host}}/broken

        """

    /// 64 KiB counting 0…255 over and over.
    static let bigBinary = Data((0..<65_536).map { UInt8($0 % 256) })
    /// 20,000 numbered lines (240,000 bytes).
    static let bigText = (1...20_000).map { String(format: "line %06d", $0) }.joined(separator: "\n") + "\n"

    init() throws {
        server = try TestHTTPServer()
        let octets = [("Content-Type", "application/octet-stream")]
        server.route(
            "/binary", responding: TestResponse(status: 200, headers: octets, body: Data([0, 1, 2, 0xFF, 0x41])))
        server.route("/big-binary", responding: TestResponse(status: 200, headers: octets, body: Self.bigBinary))
        server.route("/big-text", responding: .text(Self.bigText))
        let items = (0..<10_000).map { #"{"id": \#($0)}"# }.joined(separator: ",\n")
        server.route("/big-json", responding: .json("[\n" + items + "\n]"))
        server.route(
            "/slow",
            responding: TestResponse.text(String(repeating: "x", count: 4000)).dripping(100, every: .milliseconds(100)))
        server.route(
            "/slow-binary",
            responding: TestResponse(status: 200, headers: octets, body: Self.bigBinary).dripping(
                64, every: .milliseconds(100)))
        server.route(
            "/broken",
            responding: TestResponse.text("alpha\nbeta\n" + String(repeating: "gamma\n", count: 1000)).aborted(
                .resetAfter(bodyBytes: 11)))
        folder = try TemporaryWorkspace(requests: Self.requests, environments: ["local": server.baseURL])
        spill = try TemporaryFolder(prefix: "ferry-spill")
        limits = ResponseLimits(memoryLimit: 64 * 1024, previewBytes: 16 * 1024, spillFolder: spill.url)
    }

    deinit { server.stop() }

    private func launch(opening index: Int, width: Int = 80) async throws -> AppHarness {
        let harness = try AppHarness(workspace: folder.url, width: width, limits: limits)
        try await harness.settle()
        try await harness.press([.key(.home)] + Array(repeating: .key(.down), count: index + 1) + [.key(.enter)])
        return harness
    }

    /// Descriptors this process holds open on spilled bodies in the test's folder (each file is unlinked).
    private func openSpillFiles() -> Int { Self.openSpillFiles(in: spill.url) }

    /// Descriptors this process holds open on spilled bodies in `folder` (each file is unlinked).
    private static func openSpillFiles(in folder: URL) -> Int {
        let prefix = folder.resolvingSymlinksInPath().path + "/" + SpillWriter.namePrefix
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { entry in
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry)) ?? "")
                .hasPrefix(prefix)
        }.count
    }

    // MARK: - Binary bodies

    @Test func aBinaryBodyGoesToAnUnlinkedFileAndShowsAsHex() async throws {
        let app = try await launch(opening: 0)
        defer { app.stop() }
        #expect(app.state.openRequest?.selector == "binary")
        try await app.press(.control("r"))
        #expect(app.shows("00000000  00 01 02 ff 41"), "\(app.screen)")
        #expect(app.shows("|....A|"))
        #expect(app.shows("5 B"))
        #expect(openSpillFiles() == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spill.url.path).isEmpty)
        // Sending again replaces the response: the first file is closed (and so gone) once no state holds it.
        try await app.press(.control("r"))
        try await app.press(.key(.down))
        try await app.waitFor("the replaced body's file to close") { [spill = spill.url] in
            Self.openSpillFiles(in: spill) == 1
        }
        try await app.quit()
    }

    @Test func aLargeBinaryBodyIsPagedFromItsFile() async throws {
        let app = try await launch(opening: 1, width: 120)
        defer { app.stop() }
        try await app.press(.control("r"))
        #expect(app.shows("00000010  10 11 12 13 14 15 16 17  18 19 1a 1b 1c 1d 1e 1f"), "\(app.screen)")
        #expect(app.shows("64.0 KB"))
        guard case .binary(let hex) = app.state.currentExchange?.body, case .file = hex.storage else {
            Issue.record(
                "expected a hex dump paged from a file, got \(String(describing: app.state.currentExchange?.body))")
            return
        }
        #expect(hex.rowCount(width: 94) == 4096)
        try await app.press(.key(.tab), .key(.end))
        #expect(app.state.panes.focus == .response)
        #expect(
            app.shows("0000fff0  f0 f1 f2 f3 f4 f5 f6 f7  f8 f9 fa fb fc fd fe ff  |................|"), "\(app.screen)"
        )
        try await app.quit()
    }

    // MARK: - Large text and JSON

    @Test func aLargeTextBodyShowsItsFirstPartWithTheFullSize() async throws {
        let app = try await launch(opening: 2)
        defer { app.stop() }
        try await app.press(.control("r"))
        #expect(app.shows("partial view"), "\(app.screen)")
        #expect(app.shows("234.4 KB"))
        #expect(app.shows("Too large to show whole: first 16.0 KB"))
        #expect(app.shows("  1 line 000001"))
        guard case .text(let text) = app.state.currentExchange?.body else {
            Issue.record("expected text")
            return
        }
        // The preview is cut at a line break within the first 16 KiB: 1,365 whole lines of 12 bytes.
        #expect(text.lineCount == 16 * 1024 / 12)
        #expect(text.line(text.lineCount - 1) == String(format: "line %06d", text.lineCount))
        // Only the preview is in memory; the unlinked file stays open, so `s` can save the whole body from it.
        #expect(openSpillFiles() == 1)
        try await app.quit()
    }

    @Test func jsonOverTheMemoryLimitIsShownAsTextNotATree() async throws {
        let app = try await launch(opening: 3)
        defer { app.stop() }
        try await app.press(.control("r"))
        #expect(!app.probe.isShowingJSONTree)
        #expect(app.shows("Too large for a tree"), "\(app.screen)")
        #expect(app.shows("partial view"))
        try await app.quit()
    }

    // MARK: - Cancel keeps what arrived

    @Test func escShowsTheTextThatHadArrived() async throws {
        let app = try await launch(opening: 4)
        defer { app.stop() }
        app.backend.enqueue(.control("r"))
        try await app.press([.key(.escape)], when: "bytes to arrive") {
            ($0.state.currentExchange?.progress.bytesReceived ?? 0) >= 200
        }
        #expect(app.shows("Canceled"), "\(app.screen)")
        #expect(app.shows("partial"))
        #expect(app.shows("had arrived"))
        #expect(app.shows("  1 xxxxxxxxxx"))
        let exchange = try #require(app.state.currentExchange)
        #expect(exchange.isBodyIncomplete)
        #expect(exchange.bodySize >= 200 && exchange.bodySize < 4000)
        guard case .text(let text) = exchange.body else {
            Issue.record("expected the partial text, got \(exchange.body)")
            return
        }
        #expect(text.line(0) == String(repeating: "x", count: exchange.bodySize))
        try await app.quit()
    }

    @Test func escShowsTheBinaryThatHadArrivedAsHex() async throws {
        let app = try await launch(opening: 5)
        defer { app.stop() }
        app.backend.enqueue(.control("r"))
        try await app.press([.key(.escape)], when: "bytes to arrive") {
            ($0.state.currentExchange?.progress.bytesReceived ?? 0) >= 64
        }
        #expect(app.shows("Canceled"), "\(app.screen)")
        #expect(app.shows("00000000  00 01 02 03 04 05 06 07  |........|"))
        guard case .binary(let hex) = app.state.currentExchange?.body else {
            Issue.record("expected hex")
            return
        }
        #expect(hex.count >= 64 && hex.count < Self.bigBinary.count)
        #expect(hex.note?.contains("Canceled") == true)
        try await app.quit()
    }

    @Test func aTransferBrokenMidBodyShowsTheErrorAndWhatArrived() async throws {
        let app = try await launch(opening: 6)
        defer { app.stop() }
        #expect(app.state.openRequest?.selector == "broken")
        try await app.press(.control("r"))
        guard case .failed = app.state.currentExchange?.phase else {
            Issue.record("expected a failure, got \(String(describing: app.state.currentExchange?.phase))")
            return
        }
        #expect(app.shows("Failed"), "\(app.screen)")
        #expect(app.shows("Partial body: the transfer stopped after"))
        #expect(app.shows("  1 alpha"))
        #expect(app.shows("  2 beta"))
        try await app.quit()
    }
}
