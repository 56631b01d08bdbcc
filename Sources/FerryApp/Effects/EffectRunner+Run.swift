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
