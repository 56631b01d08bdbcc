import Foundation

/// Runs the built `ferry` executable as a child process, for end-to-end tests of the command line.
public enum FerryProcess {
    /// What a finished run of `ferry` produced.
    public struct Output: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var standardOutput: Data
        /// Everything written to standard error, as text.
        public var standardError: String
        /// Standard output as UTF-8 text.
        public var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// The `ferry` binary that `swift build` put next to the test bundle.
    public static var executableURL: URL {
        let buildDirectory = Bundle.main.bundleURL
        let besideBundle = buildDirectory.appendingPathComponent("ferry")
        if FileManager.default.isExecutableFile(atPath: besideBundle.path) { return besideBundle }
        return TestServers.packageRoot.appendingPathComponent(".build/debug/ferry")
    }

    /// Runs `ferry` with `arguments`, feeding `input` to standard input, and waits (without blocking a
    /// thread) for it to exit.
    public static func run(
        _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) async throws -> Output {
        try await start(arguments, input: input, environment: environment, currentDirectory: currentDirectory).wait()
    }
}
