import FerryWorkbench

// MARK: - A run of a file or folder

extension EffectRunner {
    /// Runs `run` through a ``CollectionRunner`` over the session's sender (so script globals pass between the run
    /// and the sends around it) on the streams executor, keeping each request's exchange for Enter in the run
    /// view, posting each of its events as `.run(.eventArrived(id, …))` and then `.run(.finished(id))`; a run
    /// started before it is canceled.
    func startRun(_ id: Int, _ run: CollectionRun) {
        begin()
        let runner = CollectionRunner(sender: sender, keepsExchanges: true)
        lock.lock()
        defer { lock.unlock() }
        runTask?.cancel()
        runTask = Task(executorPreference: streams) {
            defer { self.end() }
            for await event in runner.events(of: run) {
                if Task.isCancelled { break }
                self.post(.run(.eventArrived(id, event)))
            }
            self.post(.run(.finished(id, wasCanceled: Task.isCancelled)))
        }
    }
}

// MARK: - A load test of a request, file or folder

extension EffectRunner {
    /// Sends `run`'s requests as load through a ``LoadRunner`` over the session's sender on the streams
    /// executor, posting its progress as `.run(.loadProgressed(id, …))` about once a second, then each
    /// request's result and problem as `.run(.eventArrived(id, …))` and `.run(.finished(id))`; a run or load
    /// started before it is canceled, and canceling this one stops the load (what it measured is still posted).
    func startLoad(_ id: Int, _ run: CollectionRun, _ model: LoadModel) {
        begin()
        let load = LoadRunner(sender: sender, model: model)
        lock.lock()
        defer { lock.unlock() }
        runTask?.cancel()
        runTask = Task(executorPreference: streams) {
            defer { self.end() }
            let report = await load.run(run) { progress in self.post(.run(.loadProgressed(id, progress))) }
            for diagnostic in report.diagnostics { self.post(.run(.eventArrived(id, .diagnostic(diagnostic)))) }
            for result in report.results { self.post(.run(.eventArrived(id, .result(result)))) }
            self.post(.run(.finished(id, wasCanceled: Task.isCancelled)))
        }
    }
}
