import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension FerryProcess {
    /// A `ferry` process started in the background, for tests that signal it while it runs.
    public final class Running: @unchecked Sendable {
        private let process: Process
        private let exit: OneShot<Int32>
        private let output: OneShot<Data>
        private let errors: OneShot<Data>

        init(process: Process, exit: OneShot<Int32>, output: OneShot<Data>, errors: OneShot<Data>) {
            self.process = process
            self.exit = exit
            self.output = output
            self.errors = errors
        }

        /// The process id.
        public var processIdentifier: Int32 { process.processIdentifier }

        /// Sends SIGINT, as Ctrl-C in a terminal does.
        public func interrupt() { kill(process.processIdentifier, SIGINT) }

        /// Waits (without blocking a thread) for the process to exit and returns what it wrote.
        public func wait() async -> Output {
            let outputData = await output.value
            let errorData = await errors.value
            let status = await exit.value
            return Output(
                status: status, standardOutput: outputData, standardError: String(decoding: errorData, as: UTF8.self))
        }
    }

    /// Starts `ferry` with `arguments`, feeds it `input` as standard input, and returns once the input is written.
    public static func start(
        _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Running {
        let process = Process()
        process.executableURL = executableURL
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["SWIFT_BACKTRACE"] = "enable=no"
        merged.merge(environment) { $1 }
        process.environment = merged
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let exit = try process.start()
        let running = Running(
            process: process, exit: exit, output: stdout.fileHandleForReading.readToEndInBackground(),
            errors: stderr.fileHandleForReading.readToEndInBackground())
        // A child that exits before reading its input (a usage error) closes the pipe under the write: that is
        // its answer, which the test reads from its status and output, not a failure of the test's process.
        // (`write(_:)` would stop the whole test process on EPIPE: it is a `try!` inside Foundation.)
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        return running
    }
}
