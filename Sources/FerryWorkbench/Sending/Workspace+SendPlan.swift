import Foundation

// MARK: - The plan for a saved request, built the same way for every sender

extension Workspace {
    /// The errors reported inside `request`'s own section of its file (a request with any is not sent).
    public func problems(of request: WorkspaceRequest) -> [Diagnostic] {
        guard let index = fileIndex(request.path) else { return [] }
        let file = files[index].content
        // Most files have no error: then no request of theirs has one, found without looking for its section.
        let errors = file.diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty, let section = file.sectionIndex(ofRequestAt: request.position) else { return [] }
        let start = file.sections[section].firstLine
        let end = section + 1 < file.sections.count ? file.sections[section + 1].firstLine : Int.max
        return errors.filter { (start..<end).contains($0.location.line) }
    }

    /// The plan to send `request` with: its file's variables, the named `environment` (from `environments`),
    /// `captured` values and the `overrides` of `--var`, and the folder its `< ./path` includes are read from.
    /// ``RequestSender/prepare(_:runningScripts:)`` adds what earlier responses captured and makes it ready.
    /// A caller planning many requests passes what it already has: the process environment, the `.env` values (`dotenv`), the
    /// request's `fileVariables` (see ``context(for:environment:environments:captured:overrides:processEnvironment:dotenv:fileVariables:scope:)``)
    /// the stable `identities` of the workspace's requests (see ``SendPlan/identities``) and the `scope` of the request's
    /// file for `environment` (see ``environmentScope(forFileAt:environment:environments:)``).
    ///
    /// Throws when `environment` names no environment, or an included file cannot be read.
    public func sendPlan(
        for request: WorkspaceRequest, environment: String?, environments: EnvironmentFiles,
        captured: [String: String] = [:], overrides: [String: String] = [:],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment, dotenv: [String: String]? = nil,
        fileVariables: [String: String]? = nil, identities: [RequestID: String]? = nil, scope: EnvironmentScope? = nil
    ) throws -> SendPlan {
        let context = try context(
            for: request, environment: environment, environments: environments, captured: captured,
            overrides: overrides, processEnvironment: processEnvironment, dotenv: dotenv, fileVariables: fileVariables,
            scope: scope)
        var plan = SendPlan(
            workspace: self, request: request, context: context, environment: environment,
            folder: folder(ofFile: request.path))
        plan.identities = identities
        return plan
    }
}
