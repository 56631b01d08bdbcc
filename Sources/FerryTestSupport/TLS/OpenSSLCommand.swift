import Foundation

/// Runs the `openssl` command-line tool for the test servers' certificates.
enum OpenSSLCommand {
    /// Runs one `openssl` step and waits, without blocking a thread, until it exits; throws with its output
    /// when it fails.
    static func run(_ openssl: URL, _ arguments: [String]) async throws {
        let (process, output) = command(openssl, arguments)
        let exit = try process.start()
        let text = String(decoding: await output.fileHandleForReading.readToEndInBackground().value, as: UTF8.self)
        try check(await exit.value, arguments, text)
    }

    // MARK: - Internals

    private static func command(_ openssl: URL, _ arguments: [String]) -> (Process, Pipe) {
        let process = Process()
        process.executableURL = openssl
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        return (process, output)
    }

    private static func check(_ status: Int32, _ arguments: [String], _ text: String) throws {
        guard status == 0 else {
            throw TestServers.Missing(
                description: "openssl \(arguments.prefix(2).joined(separator: " ")) failed: \(text)")
        }
    }
}
