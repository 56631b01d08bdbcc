/// A `.http` file of a workspace that runs scripts, and how many: what the workbench shows before the user
/// decides whether to trust the workspace.
public struct ScriptedFile: Sendable, Hashable {
    /// The file, relative to the workspace.
    public var path: String
    /// Its pre-request scripts (`< {% … %}`, `< ./pre.js`).
    public var preRequestScripts: Int
    /// Its response handlers (`> {% … %}`, `> ./handler.js`).
    public var responseHandlers: Int

    /// A file's script counts.
    public init(path: String, preRequestScripts: Int, responseHandlers: Int) {
        self.path = path
        self.preRequestScripts = preRequestScripts
        self.responseHandlers = responseHandlers
    }
}

extension Workspace {
    /// The files whose requests run scripts, in file order (scripts run in either mode, without file, network or
    /// process access; the list tells the user what a workspace does before it is trusted).
    public func scriptedFiles() -> [ScriptedFile] {
        files.compactMap { file in
            let requests = file.requests.map(\.request)
            let before = requests.reduce(0) { $0 + $1.preRequestScripts.count }
            let after = requests.reduce(0) { $0 + $1.responseHandlerScripts.count }
            guard before + after > 0 else { return nil }
            return ScriptedFile(path: file.path, preRequestScripts: before, responseHandlers: after)
        }
    }
}
