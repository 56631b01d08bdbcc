import FerryTestSupport
import Foundation

/// Runs a short Python 3 program (the parsers of its standard library: `xml.etree`, `html.parser`) so a test
/// checks a report with a real parser rather than Ferry's own reading of it.
enum PythonCheck {
    /// Python 3 is missing from `PATH` (`scripts/install-deps.sh` installs it).
    struct Missing: Error, CustomStringConvertible {
        var description: String { "python3 is missing (scripts/install-deps.sh installs it)" }
    }

    /// Runs `script` with `arguments`; its status and its output and errors, as text.
    static func run(_ script: String, arguments: [String]) async throws -> (status: Int32, output: String) {
        guard let python = TestServers.executable(named: "python3") else { throw Missing() }
        let result = try await Process.run(python, ["-c", script] + arguments, mergingErrors: true)
        return (result.status, result.text)
    }
}
