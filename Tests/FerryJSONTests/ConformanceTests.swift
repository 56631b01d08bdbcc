import FerryJSON
import FerryTestSupport
import Foundation
import Testing

/// JSONTestSuite (`../shared/corpus/json/JSONTestSuite/test_parsing`): every `y_` accepted, every `n_`
/// rejected, and each `i_` case decided as listed in ``ConformanceTests/acceptedImplementationDefined``.
@Suite(.offThePool) struct ConformanceTests {
    /// The `i_` cases the strict parser accepts; every other `i_` case is rejected. See README › FerryJSON.
    ///
    /// Accepted: numbers of any size or exponent (the spelling is kept; `doubleValue` may be ±inf or 0),
    /// escaped lone or misordered UTF-16 surrogates (decoded as U+FFFD), and 500 nested arrays (the limit
    /// is 512). Rejected: raw bytes that are not UTF-8 (Latin-1, UTF-16, overlong forms, encoded surrogates,
    /// truncated sequences) and a byte order mark (accepted only with `JSONParseOptions.lenient`).
    static let acceptedImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json", "i_object_key_lone_2nd_surrogate.json",
        "i_string_1st_surrogate_but_2nd_missing.json", "i_string_1st_valid_surrogate_2nd_invalid.json",
        "i_string_incomplete_surrogate_and_escape_valid.json", "i_string_incomplete_surrogate_pair.json",
        "i_string_incomplete_surrogates_escape_valid.json", "i_string_invalid_lonely_surrogate.json",
        "i_string_invalid_surrogate.json", "i_string_inverted_surrogates_U+1D11E.json",
        "i_string_lone_second_surrogate.json", "i_structure_500_nested_arrays.json",
    ]

    static func cases() throws -> [(name: String, bytes: [UInt8])]? {
        guard let corpus = TestServers.corpusDirectory() else { return nil }
        let folder = corpus.appendingPathComponent("json/JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        return try names.sorted().map { name in
            (name, [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    @Test func everyCaseIsDecidedAsDocumented() throws {
        guard let cases = try Self.cases() else { return }
        #expect(cases.count > 300)
        var wrong: [String] = []
        for (name, bytes) in cases {
            let accepted = (try? JSONDocument(parsing: bytes)) != nil
            let expected: Bool
            switch name.first {
            case "y": expected = true
            case "n": expected = false
            default: expected = Self.acceptedImplementationDefined.contains(name)
            }
            if accepted != expected { wrong.append("\(name): \(accepted ? "accepted" : "rejected")") }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test func acceptedCasesRoundTripThroughTheCompactPrinter() throws {
        guard let cases = try Self.cases() else { return }
        for (name, bytes) in cases where name.hasPrefix("y_") {
            let value = try JSONValue(parsing: bytes)
            let reparsed = try JSONValue(parsing: value.formattedBytes(.compact))
            #expect(reparsed == value, "\(name)")
            #expect(try JSONValue(parsing: value.formattedBytes(.pretty(indent: 3))) == value, "\(name)")
        }
    }

    @Test func documentPrinterMatchesTheValuePrinter() throws {
        guard let cases = try Self.cases() else { return }
        for (name, bytes) in cases where name.hasPrefix("y_") || Self.acceptedImplementationDefined.contains(name) {
            let document = try JSONDocument(parsing: bytes)
            let value = document.value(at: document.root)
            for format in [JSONFormat.compact, .pretty(indent: 2), .pretty(indent: 0)] {
                #expect(document.formattedBytes(format) == value.formattedBytes(format), "\(name) \(format)")
            }
        }
        let nested = try JSONDocument(parsing: #"{"a\u0041": [1, {"b": "\t", "c": []}, {}], "d": "x"}"#)
        #expect(String(decoding: nested.formattedBytes(.compact, at: 1), as: UTF8.self) == #"[1,{"b":"\t","c":[]},{}]"#)
        #expect(
            String(decoding: nested.formattedBytes(.compact), as: UTF8.self)
                == #"{"aA":[1,{"b":"\t","c":[]},{}],"d":"x"}"#)
    }

    @Test func byteOrderMarkIsAcceptedOnlyWhenLenient() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: bytes) }
        #expect(try JSONValue(parsing: bytes, options: .lenient) == .object([:]))
    }
}
