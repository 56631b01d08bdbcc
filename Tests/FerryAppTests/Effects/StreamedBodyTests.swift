import FerryHTTP
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The pieces behind streamed bodies: the receiver's memory-or-file decision, preparation for display,
/// hex paging from a file, and the reducer taking in a transfer that ended (complete or canceled).
@Suite("Streamed bodies")
struct StreamedBodyTests {
    let spill: TemporaryFolder
    let limits: ResponseLimits

    init() throws {
        spill = try TemporaryFolder(prefix: "ferry-spill")
        limits = ResponseLimits(memoryLimit: 1000, previewBytes: 100, spillFolder: spill.url)
    }

    private func head(_ type: String?, length: Int? = nil) throws -> HTTPResponse {
        var headers: [String: String] = [:]
        if let type { headers["Content-Type"] = type }
        if let length { headers["Content-Length"] = String(length) }
        return HTTPResponse(
            status: 200, headers: HTTPHeaders(headers.map { (name: $0.key, value: $0.value) }),
            url: try #require(URL(string: "http://x/")))
    }

    // MARK: - Receiving

    @Test func smallTextStaysInMemory() throws {
        let receiver = BodyCollector(
            head: try head("text/plain"), memoryLimit: limits.memoryLimit, folder: limits.spillFolder)
        try receiver.append(Data("hello ".utf8))
        try receiver.append(Data("world".utf8))
        let body = receiver.finish(isComplete: true)
        guard case .memory(let bytes) = body.storage else {
            Issue.record("expected memory")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "hello world")
        #expect(body.count == 11 && !body.isBinary && body.isComplete)
    }

    @Test func textPastTheLimitMovesToAFileWithEveryByte() throws {
        let receiver = BodyCollector(
            head: try head("text/plain"), memoryLimit: limits.memoryLimit, folder: limits.spillFolder)
        let chunks = (0..<5).map { Data(String(repeating: Character(String($0)), count: 300).utf8) }
        for chunk in chunks { try receiver.append(chunk) }
        let body = receiver.finish(isComplete: false)
        #expect(body.isSpilled && !body.isComplete && body.count == 1500)
        #expect(Data(body.prefix(2000)) == chunks.reduce(Data(), +))
        // The file is unlinked at once: nothing is left in the folder; no child process inherits it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: spill.url.path).isEmpty)
        if case .file(let file) = body.storage {
            #expect(fcntl(file.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        }
    }

    @Test func binaryByMediaTypeOrNULBytesGoesToAFileFromTheFirstChunk() throws {
        let octets = BodyCollector(
            head: try head("application/octet-stream"), memoryLimit: limits.memoryLimit, folder: limits.spillFolder)
        try octets.append(Data("plain".utf8))
        let first = octets.finish(isComplete: true)
        #expect(first.isSpilled && first.isBinary)
        let sniffed = BodyCollector(head: try head(nil), memoryLimit: limits.memoryLimit, folder: limits.spillFolder)
        try sniffed.append(Data([0x41, 0, 0x42]))
        #expect(sniffed.finish(isComplete: true).isBinary)
        let text = BodyCollector(
            head: try head("application/problem+json"), memoryLimit: limits.memoryLimit, folder: limits.spillFolder)
        try text.append(Data("{}".utf8))
        #expect(!text.finish(isComplete: true).isSpilled)
    }

    @Test func aContentLengthOverTheLimitSpillsAtOnce() throws {
        let receiver = BodyCollector(
            head: try head("application/json", length: 5000), memoryLimit: limits.memoryLimit,
            folder: limits.spillFolder)
        try receiver.append(Data("[1".utf8))
        #expect(receiver.finish(isComplete: false).isSpilled)
    }

    // MARK: - Preparing

    @Test func aSpilledTextBodyShowsWholeLinesOfItsFirstPart() throws {
        let receiver = BodyCollector(
            head: try head("text/plain"), memoryLimit: limits.memoryLimit, folder: limits.spillFolder)
        let text = (1...200).map { String(format: "row %03d", $0) }.joined(separator: "\n")
        try receiver.append(Data(text.utf8))
        let prepared = BodyPreparation.prepare(
            receiver.finish(isComplete: true), isJSON: false, note: nil, limits: limits)
        guard case .text(let body) = prepared else {
            Issue.record("expected text, got \(prepared)")
            return
        }
        // 100 bytes hold 12 whole lines of 8 bytes ("row 001\n").
        #expect(body.lineCount == 12)
        #expect(body.line(11) == "row 012")
        #expect(body.note?.contains("first 96 B of 1.6 KB") == true)
    }

    @Test func anIncompleteJSONBodyIsShownAsTextWithItsNote() {
        let body = ReceivedBody(
            storage: .memory(Array(#"{"a": [1, 2"#.utf8)), count: 11, isComplete: false, isBinary: false)
        let prepared = BodyPreparation.prepare(body, isJSON: true, note: "Canceled: partial.", limits: limits)
        guard case .text(let text) = prepared else {
            Issue.record("expected text, got \(prepared)")
            return
        }
        #expect(text.note == "Canceled: partial.")
        #expect(text.line(0) == #"{"a": [1, 2"#)
    }

    @Test func hexPagesReadOnlyTheirRowsFromTheFile() throws {
        let receiver = BodyCollector(
            head: try head("image/png"), memoryLimit: limits.memoryLimit, folder: limits.spillFolder)
        let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try receiver.append(Data(bytes))
        let prepared = BodyPreparation.prepare(
            receiver.finish(isComplete: true), isJSON: false, note: nil, limits: limits)
        guard case .binary(let hex) = prepared, case .file = hex.storage else {
            Issue.record("expected hex from a file, got \(prepared)")
            return
        }
        #expect(hex.rowCount(width: 100) == 256)
        #expect(hex.rowCount(width: 50) == 512)
        #expect(hex.bytes(rows: 10..<12, perRow: 16) == Array(bytes[160..<192]))
        #expect(hex.bytes(rows: 255..<300, perRow: 16) == Array(bytes[4080...]))
    }

    // MARK: - A transfer's end, on the response pane's state

    static let request = RequestID(path: "requests.http", selector: "get-json")

    /// The pane with send #1 of ``request`` in flight (or `canceled`).
    private static func pane(canceled: Bool = false) -> ResponseFeature.State {
        var exchange = Exchange(id: .first, requestID: request)
        if canceled { exchange.phase = .canceled }
        var state = ResponseFeature.State()
        state.exchanges[request] = exchange
        return state
    }

    private static let context = TransferFeature.Context(openRequest: request, drafts: [:])

    @Test func aCanceledTransferKeepsCanceledAndPreparesWhatArrived() throws {
        var state = Self.pane(canceled: true)
        let body = ReceivedBody(storage: .memory(Array("abc".utf8)), count: 3, isComplete: false, isBinary: false)
        let request = HTTPRequest(url: try #require(URL(string: "http://x/")))
        let end = TransferEnd(
            .failure(HTTPClientError(.canceled, request: request)), partialHead: try head("text/plain"), body: body)
        let ended = TransferFeature.reduce(.ended(end), of: .first, &state, Self.context)
        let exchange = try #require(state.exchanges[Self.request])
        guard case .canceled = exchange.phase else {
            Issue.record("expected canceled, got \(exchange.phase)")
            return
        }
        guard case .prepareReceived(.first, let prepared, let isJSON, let note)? = ended.effects.first else {
            Issue.record("expected prepareReceived, got \(ended.effects)")
            return
        }
        #expect(prepared.count == 3 && !isJSON)
        #expect(note == "Canceled: partial body, the 3 B that had arrived.")
        #expect(exchange.isBodyIncomplete && exchange.isBodyPartial)
        let shown = BodyPreparation.prepare(prepared, isJSON: isJSON, note: note, limits: limits)
        _ = TransferFeature.reduce(.bodyPrepared(shown), of: .first, &state, Self.context)
        guard case .text? = state.exchanges[Self.request]?.body else {
            Issue.record("expected the partial text")
            return
        }
    }

    @Test func aCompleteTransferBecomesTheResponse() throws {
        var state = Self.pane()
        let body = ReceivedBody(storage: .memory(Array("[1]".utf8)), count: 3, isComplete: true, isBinary: false)
        let ended = TransferFeature.reduce(
            .ended(TransferEnd(.success(try head("application/json")), body: body)), of: .first, &state, Self.context)
        #expect(state.exchanges[Self.request]?.response?.status == 200)
        #expect(state.exchanges[Self.request]?.isBodyPartial == false)
        guard case .prepareReceived(.first, _, let isJSON, let note)? = ended.effects.first else {
            Issue.record("expected prepareReceived, got \(ended.effects)")
            return
        }
        #expect(isJSON && note == nil)
        // A late result for a replaced send finds nothing.
        let before = state
        let late = TransferEnd(.failure(HTTPClientError(.canceled, request: HTTPRequest(path: "/"))), body: body)
        let dropped = TransferFeature.reduce(.ended(late), of: SendID(number: 100), &state, Self.context)
        #expect(dropped.effects.isEmpty && dropped.requests.isEmpty)
        #expect(state.exchanges[Self.request]?.response?.status == before.exchanges[Self.request]?.response?.status)
    }
}
