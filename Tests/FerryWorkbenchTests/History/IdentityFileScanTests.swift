import FerryJSON
import Foundation
import Testing

@testable import FerryWorkbench

/// The scan of `ids.json` finds each record's strings by their quotes (a word at a time), escapes included: what it
/// reads must be what was written, in every spelling of the document.
@Suite(.offThePool) struct IdentityFileScanTests {
    @Test func everyStringReadsAsItWasWritten() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let records = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Self.record(using: &generator)
            }
            let bytes = Self.document(records, using: &generator)
            let text = String(decoding: bytes, as: UTF8.self)
            let scan = try #require(bytes.withUnsafeBufferPointer { IdentityFileScan($0) }, "\(text)")
            #expect(scan.records.count == records.count, "\(text)")
            for (scanned, record) in zip(scan.records, records) {
                let read = bytes.withUnsafeBufferPointer { buffer in
                    (
                        IdentityFileScan.text(scanned.id, of: buffer), IdentityFileScan.text(scanned.path, of: buffer),
                        scanned.name.flatMap { IdentityFileScan.text($0, of: buffer) },
                        IdentityFileScan.text(scanned.fingerprint, of: buffer)
                    )
                }
                #expect(read.0 == record.id && read.1 == record.path, "\(text)")
                #expect(read.2 == record.name && read.3 == record.fingerprint, "\(text)")
                #expect(scanned.isMarkedGone == (record.lastSeen != nil))
            }
        }
    }

    @Test func aStringCutShortIsNoDocument() {
        for text in [
            #"{"requests":[{"fingerprint":"a","id":"b","name":"c","path":"d}]}"#,
            #"{"requests":[{"fingerprint":"a","id":"b","name":"c","path":"d\"}]}"#,
            #"{"requests":[{"fingerprint":"a","id":"b","name":"c","path":"d\"#,
        ] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { IdentityFileScan($0) } == nil, "\(text)")
        }
    }

    /// A record whose strings need escapes or not, sometimes with no name, a date or former paths.
    private static func record(using generator: inout some RandomNumberGenerator) -> RequestIdentities.Record {
        let texts = [
            "a.http", "dir/b.http", "quote\"d", "back\\slash", "ends\\", "\\\"", "tab\there", "é ü", "line\nbreak", "",
        ]
        return RequestIdentities.Record(
            id: texts.randomElement(using: &generator) ?? "", path: texts.randomElement(using: &generator) ?? "",
            name: Bool.random(using: &generator) ? nil : texts.randomElement(using: &generator),
            fingerprint: texts.randomElement(using: &generator) ?? "",
            formerPaths: Int.random(in: 0..<5, using: &generator) == 0 ? ["old\"\\.http#x"] : nil,
            lastSeen: Int.random(in: 0..<5, using: &generator) == 0 ? 1.5e9 : nil)
    }

    /// `records` as Ferry writes them (compact), pretty, or with spaces around.
    private static func document(
        _ records: [RequestIdentities.Record], using generator: inout some RandomNumberGenerator
    ) -> [UInt8] {
        let value = JSONValue.object(
            JSONObject([
                JSONMember(key: "requests", value: .array(records.map(\.jsonValue))),
                JSONMember(key: "version", value: .number(JSONNumber(1))),
            ]))
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: return value.formattedBytes(.compact)
        case 1: return value.formattedBytes(.pretty(indent: 2))
        default: return Array(" \n".utf8) + value.formattedBytes(.compact) + Array("\n".utf8)
        }
    }
}
