import FerryScript
import Foundation

/// A real response fetched with the `curl` binary, as the facts a handler sees.
func fetch(_ url: String, headers: [String] = []) throws -> ScriptResponseFacts {
    let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-script-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: bodyFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-sS", "-D", "-", "-o", bodyFile.path] + headers.flatMap { ["-H", $0] } + [url]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let head = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard let statusLine = lines.first, process.terminationStatus == 0 else {
        throw FetchFailure(description: "curl \(url) exited \(process.terminationStatus)")
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
