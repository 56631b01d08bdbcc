import Foundation

/// Runs one suite of `make bench` in a fresh child process (`FerryBench --rows NAME`), so that what the
/// allocator kept from an earlier suite (the 50 MB JSON documents, a thousand responses) cannot show up in a
/// later suite's memory figures, and the order of the suites changes no figure.
///
/// The child prints its rows as `ROW` lines of tab-separated fields; the parent reads them back.
enum SuiteProcess {
    /// The argument that makes `FerryBench` a child running one suite.
    static let flag = "--rows"
    private static let marker = "ROW"

    /// The rows of suite `name`, measured in a child process; an error row when the child fails.
    static func rows(of name: String) -> [BenchRow] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        process.arguments = [flag, name]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return [failure(name, "cannot start a child process: \(error)")]
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var rows: [BenchRow] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, fields[0] == marker else {
                FileHandle.standardError.write(Data((line + "\n").utf8))
                continue
            }
            let verdict: Bool? = fields[5] == "met" ? true : fields[5] == "missed" ? false : nil
            rows.append(
                BenchRow(
                    suite: fields[1], name: fields[2], value: fields[3], comparison: fields[4], meetsTarget: verdict)
            )
        }
        if process.terminationStatus != 0 {
            rows.append(failure(name, "the child process ended with status \(process.terminationStatus)"))
        }
        return rows
    }

    /// Prints `rows` for the parent to read (the child's side).
    static func printRows(_ rows: [BenchRow]) {
        for row in rows {
            let verdict = row.meetsTarget.map { $0 ? "met" : "missed" } ?? ""
            let fields = [marker, row.suite, row.name, row.value, row.comparison, verdict].map(flattened)
            print(fields.joined(separator: "\t"))
        }
    }

    /// `text` on one line without tabs, so it fits in one field.
    private static func flattened(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    private static func failure(_ name: String, _ why: String) -> BenchRow {
        BenchRow(suite: name, name: "error", value: why, comparison: "", meetsTarget: false)
    }
}
