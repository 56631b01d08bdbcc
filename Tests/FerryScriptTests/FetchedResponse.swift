import FerryScript
import FerryTestSupport
import FerryWorkbench
import Foundation

/// A real response fetched with the `curl` binary, as the facts a handler sees.
func fetch(_ url: String, headers: [String] = []) async throws -> ScriptResponseFacts {
    let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-script-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: bodyFile) }
    let curl = try await Process.run(
        URL(fileURLWithPath: "/usr/bin/curl"),
        ["-sS", "-D", "-", "-o", bodyFile.path] + headers.flatMap { ["-H", $0] } + [url])
    let lines = curl.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard let statusLine = lines.first, curl.status == 0 else {
        throw FetchFailure(description: "curl \(url) exited \(curl.status)")
    }
    let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    return ScriptResponseFacts(status: status, headers: fields, body: try Data(contentsOf: bodyFile))
}

/// Why `fetch` failed.
struct FetchFailure: Error, CustomStringConvertible {
    var description: String
}
