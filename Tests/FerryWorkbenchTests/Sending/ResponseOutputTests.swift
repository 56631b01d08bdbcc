import FerryHTTP
import FerryTestSupport
import Foundation
import Synchronization
import Testing

@testable import FerryWorkbench

/// `>> path` and `>>! path` through RequestSender against the loopback server: the body lands in the file
/// (relative to the request's file, `{{vars}}` resolved), `>>` picks `name-1.ext` when the file exists, `>>!`
/// replaces it, nothing is written for an incomplete response, and `.ferry/` is refused before sending.
@Suite struct ResponseOutputTests {
    let server: TestHTTPServer
    let folder: TemporaryFolder

    init() throws {
        server = try TestHTTPServer()
        server.route("/json", responding: .json(#"{"n": 1}"#))
        server.route("/cut") { _ in
            TestResponse.text(String(repeating: "x", count: 4000)).aborted(.resetAfter(bodyBytes: 100))
        }
        folder = try TemporaryFolder(prefix: "ferry-output")
        try folder.write(
            "api/requests.http",
            """
            ### save
            # @name save
            GET {{host}}/json

            >> ./out/{{id}}.json

            ### replace
            # @name replace
            GET {{host}}/json

            >>! latest.json

            ### cut
            # @name cut
            GET {{host}}/cut

            >> cut.txt

            ### state
            # @name state
            GET {{host}}/json

            >> ../.ferry/evil.json

            """)
    }

    /// Prepares and sends the request named `name`; returns the files saved and the problems reported.
    func send(_ name: String) async throws -> (saved: [URL], problems: [String], end: TransferEnd?) {
        let workspace = try Workspace.load(at: folder.url)
        let found = try #require(workspace.requests.first { $0.request.name == name })
        let context = try workspace.context(
            for: found, environment: nil, overrides: ["host": server.baseURL, "id": "7"], processEnvironment: [:])
        let plan = SendPlan(
            workspace: workspace, request: found, context: context, environment: nil,
            folder: workspace.url(of: found.path).deletingLastPathComponent())
        let send = try RequestSender.prepare(plan)
        let saved = Mutex<[URL]>([])
        let problems = Mutex<[String]>([])
        let transfer = RequestSender(client: HTTPClient(transport: CurlTransport())).start(
            send, problem: { message in problems.withLock { $0.append(message) } },
            saved: { urls in saved.withLock { $0.append(contentsOf: urls) } })
        var end: TransferEnd?
        for await event in transfer.events {
            if case .ended(let ended) = event { end = ended }
        }
        return (saved.withLock { $0 }, problems.withLock { $0 }, end)
    }

    @Test func theBodyIsSavedBesideTheRequestsFileAndAnExistingFileIsKept() async throws {
        let first = try await send("save")
        #expect(first.problems == [])
        #expect(first.saved.map(\.lastPathComponent) == ["7.json"])
        #expect(try folder.read("api/out/7.json") == #"{"n": 1}"#)
        try folder.write("api/out/7-1.json", "kept")
        let second = try await send("save")
        #expect(second.saved.map(\.lastPathComponent) == ["7-2.json"])
        #expect(try folder.read("api/out/7.json") == #"{"n": 1}"#)
        #expect(try folder.read("api/out/7-1.json") == "kept")
        #expect(try folder.read("api/out/7-2.json") == #"{"n": 1}"#)
    }

    @Test func overwritingReplacesTheFile() async throws {
        try folder.write("api/latest.json", "old")
        let result = try await send("replace")
        #expect(result.saved.map(\.lastPathComponent) == ["latest.json"])
        #expect(try folder.read("api/latest.json") == #"{"n": 1}"#)
        #expect(!folder.exists("api/latest-1.json"))
    }

    @Test func anIncompleteResponseIsNotSaved() async throws {
        let result = try await send("cut")
        #expect(result.end?.isComplete == false)
        #expect(result.saved == [])
        #expect(!folder.exists("api/cut.txt"))
    }

    @Test func writingIntoFerrysStateFolderIsRefusedAtItsLine() throws {
        let workspace = try Workspace.load(at: folder.url)
        let found = try #require(workspace.requests.first { $0.request.name == "state" })
        let plan = SendPlan(
            workspace: workspace, request: found,
            context: VariableContext(overrides: ["host": server.baseURL]), environment: nil,
            folder: workspace.url(of: found.path).deletingLastPathComponent())
        let failure = try #require(throws: SendFailure.self) { try RequestSender.prepare(plan) }
        #expect(failure.variableError?.reason == .invalidOutput("../.ferry/evil.json"))
        #expect(failure.description.hasPrefix("api/requests.http:23: cannot save the response"))
        #expect(server.requests.isEmpty)
    }

    @Test func aFileThatCannotBeWrittenIsReportedAndTheSendStands() async throws {
        // A folder where the file's parent folder would go.
        try folder.write("api/out", "a file, not a folder")
        let result = try await send("save")
        #expect(result.end?.isComplete == true)
        #expect(result.saved == [])
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.hasPrefix("api/requests.http:5: response not saved to ") == true)
    }
}
