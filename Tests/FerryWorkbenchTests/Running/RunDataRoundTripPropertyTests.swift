import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// Generated tables written as RFC 4180 CSV (fields quoted when they hold a comma, a quote or a line break;
/// CRLF between records, a final one or not) and as JSON read back to the same rows, whatever the fields hold:
/// commas, doubled quotes, CR, LF, tabs, spaces, non-ASCII.
@Suite(.offThePool) struct RunDataRoundTripPropertyTests {
    static let alphabet: [Character] = ["a", "Z", "0", " ", ",", "\"", "\r", "\n", "\t", "é", "😀", "{", "=", ";"]

    func field(_ generator: inout SeededGenerator) -> String {
        String(
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator)! })
    }

    func csv(_ field: String) -> String {
        field.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
            ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }

    @Test func csvAndJSONReadBackWhatWasWritten() throws {
        var generator = SeededGenerator(seed: 36)
        for round in 0..<200 {
            let columns = (0..<Int.random(in: 1...4, using: &generator)).map { "c\($0)" }
            var rows: [[String: String]] = []
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                var row: [String: String] = [:]
                for column in columns { row[column] = field(&generator) }
                // A lone empty field would be a blank line, which the reader skips by design.
                if columns.count == 1, row["c0"] == "" { row["c0"] = "x" }
                rows.append(row)
            }
            let records =
                [columns.joined(separator: ",")]
                + rows.map { row in columns.map { csv(row[$0] ?? "") }.joined(separator: ",") }
            let text = records.joined(separator: "\r\n") + (round.isMultiple(of: 2) ? "\r\n" : "")
            let read = try RunDataFile.rows(of: Array(text.utf8), named: "r.csv")
            #expect(read.map(\.values) == rows, "round \(round): \(text.debugDescription)")
            let objects = rows.map { row in
                "{" + columns.map { "\(jsonString($0)): \(jsonString(row[$0] ?? ""))" }.joined(separator: ", ") + "}"
            }
            let json = try RunDataFile.rows(
                of: Array(("[\n" + objects.joined(separator: ",\n") + "\n]").utf8), named: "r.json")
            #expect(json.map(\.values) == rows, "round \(round)")
            #expect(json.map(\.location.line) == Array(2..<(2 + rows.count)))
        }
    }

    func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data()
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
