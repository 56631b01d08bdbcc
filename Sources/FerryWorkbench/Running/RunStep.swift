/// One place in a run's file, in order: a request to send, or one of the file's own requests that the run's
/// filter leaves out (``CollectionRun/filter``, ``CollectionRun/onlyRequest``), which is only reported skipped.
enum RunStep: Sendable {
    /// A request to send (it is still checked against the filter, as a `run` line's may be left out too).
    case send(ComposedStep)
    /// A request the filter leaves out: what its skipped result says of it.
    case filteredOut(id: RequestID, position: Int, line: Int, method: String)
}

extension CollectionRun {
    /// What each file of the run does, in order, file by file as ``files``: the filter is applied first, on each
    /// request's id and name, and a step (``ComposedStep``) is made only for the requests it keeps. A file with `run`
    /// or `import` lines is composed whole (``Workspace/composedSteps(of:)``), its steps checked as they run.
    var plannedSteps: [[RunStep]] {
        files.map { file in
            guard file.content.statements.isEmpty else {
                return workspace.composedSteps(of: file).steps.map(RunStep.send)
            }
            let ids = file.requestIDs
            var steps: [RunStep] = []
            steps.reserveCapacity(ids.count)
            var position = 0
            for section in file.content.sections {
                guard let request = section.request else { continue }
                let id = ids[position]
                if keeps(id, named: request.name) {
                    let found = WorkspaceRequest(id: id, path: file.path, position: position, request: request)
                    steps.append(.send(ComposedStep(request: found)))
                } else {
                    let line = request.sourceMap?.requestLine ?? section.firstLine
                    steps.append(.filteredOut(id: id, position: position, line: line, method: request.method))
                }
                position += 1
            }
            return steps
        }
    }
}
