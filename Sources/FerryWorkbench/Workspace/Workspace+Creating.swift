import Foundation

// MARK: - Creating a new workspace

extension Workspace {
    /// The lines Ferry adds to a new workspace's `.gitignore`: secrets and local state stay out of git.
    public static let ignoredPaths = [EnvironmentFiles.privateFileName, stateFolderName + "/"]

    /// Creates a workspace folder with an empty `http-client.env.json` and a `.gitignore` that
    /// lists the private environment file and `.ferry/` (appended to an existing one, once).
    @discardableResult
    public static func create(at root: URL) throws -> Workspace {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw WorkspaceError.io(path: root.path, reason: error.localizedDescription)
        }
        let environment = root.appendingPathComponent(EnvironmentFiles.publicFileName)
        if !manager.fileExists(atPath: environment.path) {
            try FileIO.writeAtomically(Array("{\n  \"$shared\": {}\n}\n".utf8), to: environment)
        }
        let ignoreURL = root.appendingPathComponent(".gitignore")
        var ignore = (try? FileIO.bytes(of: ignoreURL)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let present = Set(ignore.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = ignoredPaths.filter { !present.contains($0) && !present.contains("/" + $0) }
        if !missing.isEmpty {
            if !ignore.isEmpty && !ignore.hasSuffix("\n") { ignore += "\n" }
            ignore += missing.map { $0 + "\n" }.joined()
            try FileIO.writeAtomically(Array(ignore.utf8), to: ignoreURL)
        }
        let workspace = try load(at: root)
        try workspace.ensureStateFolder()
        return workspace
    }
}
