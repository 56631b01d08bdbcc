import Foundation

/// Runs the `openssl` command-line tool for the test servers' certificates.
enum OpenSSLCommand {
    /// Runs one `openssl` step and throws with its output when it fails.
    static func run(_ openssl: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = openssl
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestServers.Missing(
                description: "openssl \(arguments.prefix(2).joined(separator: " ")) failed: \(text)")
        }
    }
}
