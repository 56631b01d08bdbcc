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
