import FerryTerminal
import Foundation
import Testing

@Suite struct ClipboardSequenceTests {
    @Test func encodesTheTextAsBase64InsideOSC52() throws {
        #expect(try ClipboardSequence("hello").text == "\u{1B}]52;c;aGVsbG8=\u{07}")
        let unicode = "{\"name\": \"日本\"}"
        let sequence = try ClipboardSequence(unicode).text
        let payload = sequence.dropFirst("\u{1B}]52;c;".count).dropLast()
        #expect(Data(base64Encoded: String(payload)).map { String(decoding: $0, as: UTF8.self) } == unicode)
    }

    @Test func refusesTextLargerThanOneSequenceTakes() throws {
        let limit = ClipboardSequence.maximumEncodedCount / 4 * 3
        #expect(
            try ClipboardSequence(String(repeating: "a", count: limit)).text.count
                == ClipboardSequence.maximumEncodedCount + 8)
        #expect(throws: ClipboardError.tooLarge(byteCount: limit + 1, limit: limit)) {
            try ClipboardSequence(String(repeating: "a", count: limit + 1))
        }
        #expect("\(ClipboardError.tooLarge(byteCount: 10, limit: 5))".contains("10 bytes"))
    }

    @Test func theInMemoryBackendRecordsCopiesAndSuspensions() throws {
        let backend = InMemoryBackend(width: 10, height: 2)
        try backend.copyToClipboard("one")
        #expect(throws: ClipboardError.self) {
            try backend.copyToClipboard(String(repeating: "a", count: ClipboardSequence.maximumEncodedCount))
        }
        #expect(backend.copiedTexts == ["one"])
        #expect(!backend.isSuspended)
        let seen = backend.suspend { backend.isSuspended }
        #expect(seen)
        #expect(!backend.isSuspended)
        #expect(backend.suspendCount == 1)
        #expect(throws: CancellationError.self) { try backend.suspend { throw CancellationError() } }
        #expect(!backend.isSuspended && backend.suspendCount == 2)
    }
}
