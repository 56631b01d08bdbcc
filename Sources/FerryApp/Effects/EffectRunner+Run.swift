import FerryWorkbench

// MARK: - A run of a file or folder, or a load test of it

extension EffectRunner {
    /// Runs `run` through a ``CollectionRunner`` over the session's sender (so script globals pass between the run
    /// and the sends around it), keeping each request's exchange for Enter in the run view, posting each of its
    /// events as `.run(.eventArrived(id, …))` and then `.run(.finished(id))`.
    func startRun(_ id: Int, _ run: CollectionRun) {
        let runner = CollectionRunner(sender: sender, keepsExchanges: true)
        replaceRun { [self] in
            for await event in runner.events(of: run) {
                if Task.isCancelled { break }
                post(.run(.eventArrived(id, event)))
            }
            post(.run(.finished(id, wasCanceled: Task.isCancelled)))
        }
    }

    /// Sends `run`'s requests as load through a ``LoadRunner`` over the session's sender, posting its progress as
    /// `.run(.loadProgressed(id, …))` about once a second, then each request's result and problem as
    /// `.run(.eventArrived(id, …))` and `.run(.finished(id))`; canceling stops the load, and what it measured is
    /// still posted.
    func startLoad(_ id: Int, _ run: CollectionRun, _ model: LoadModel) {
        let load = LoadRunner(sender: sender, model: model)
        replaceRun { [self] in
            let report = await load.run(run) { progress in self.post(.run(.loadProgressed(id, progress))) }
            for diagnostic in report.diagnostics { post(.run(.eventArrived(id, .diagnostic(diagnostic)))) }
            for result in report.results { post(.run(.eventArrived(id, .result(result)))) }
            post(.run(.finished(id, wasCanceled: Task.isCancelled)))
        }
    }

    /// Runs `work` as the run under way, on the streams executor, canceling the run or load started before it.
    private func replaceRun(_ work: @escaping @Sendable () async -> Void) {
        begin()
        lock.lock()
        defer { lock.unlock() }
        runTask?.cancel()
        runTask = Task(executorPreference: streams) {
            defer { self.end() }
            await work()
        }
    }
}
