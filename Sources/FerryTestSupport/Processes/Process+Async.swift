import Foundation

// MARK: - Child processes, awaited

extension Process {
    /// Starts the process and returns its exit status to await, set by a termination handler (this
    /// replaces any handler already set).
    ///
    /// ```swift
    /// let exit = try process.start()
    /// let status = await exit.value
    /// ```
    public func start() throws -> OneShot<Int32> {
        let exit = OneShot<Int32>()
        terminationHandler = { exit.fulfill($0.terminationStatus) }
        try run()
        return exit
    }

    /// Runs the process and waits, without blocking a thread, until it exits; returns its exit status.
    @discardableResult
    public func runToExit() async throws -> Int32 {
        try await start().value
    }
}

// MARK: - Pipes, drained on a thread of their own

extension FileHandle {
    /// Reads this handle to its end on a new thread (so two pipes can drain at once) and returns the
    /// bytes to await.
    public func readToEndInBackground() -> OneShot<Data> {
        let data = OneShot<Data>()
        Thread.detachNewThread { [self] in data.fulfill(readDataToEndOfFile()) }
        return data
    }
}

// MARK: - A whole run, awaited

/// How a child process ended and what it printed.
public struct ChildProcessResult: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything it wrote to standard output (and standard error, when merged).
    public var output: Data
    /// The output as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: output, as: UTF8.self) }
}

extension Process {
    /// Runs `executable` with `arguments` and awaits its end without blocking a thread: `input` is written to
    /// its standard input on a thread of its own (so a large input cannot fill the pipe while its output
    /// waits), its output drains on another. `environment` is added to this process's; standard error is
    /// merged into the output with `mergingErrors`, else discarded.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
        mergingErrors: Bool = false
    ) async throws -> ChildProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = mergingErrors ? output : FileHandle.nullDevice
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        let exit = try process.start()
        if let input, let writer = inputPipe?.fileHandleForWriting {
            Thread.detachNewThread {
                // A child that exits without reading its input closes the pipe: no failure of the test process.
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        let data = await output.fileHandleForReading.readToEndInBackground().value
        return ChildProcessResult(status: await exit.value, output: data)
    }
}
