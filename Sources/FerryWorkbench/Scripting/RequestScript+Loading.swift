import Foundation

extension RequestScript {
    /// The script's JavaScript with where it comes from, so the engine places errors at the line a person
    /// edits: the `.http` file's line for inline code, the `.js` file's own line for a file (read from
    /// `folder`, the request's file's folder). Throws a message for people when the file cannot be read, or when
    /// `confinement` refuses it (a confined workspace's script file outside the workspace).
    func loaded(from folder: URL, confinedTo confinement: WorkspaceConfinement?) throws(ScriptError) -> Script {
        switch source {
        case .inline(let code):
            let origin = ScriptOrigin(path: location?.file ?? "(request)", line: location?.line ?? 1)
            return Script(source: code, origin: origin)
        case .file(let path):
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            if let confinement, let refusal = confinement.refusal(of: url, for: .reading) {
                throw ScriptError(
                    message: RequestSender.untrusted(
                        "the script \(path)", refusal, at: nil, root: URL(fileURLWithPath: confinement.root)),
                    location: location.map { ScriptLocation(path: $0.file, line: $0.line) }, kind: .exception)
            }
            guard let bytes = FileManager.default.contents(atPath: url.path) else {
                throw ScriptError(
                    message: "cannot read the script \(path) (\(url.path))",
                    location: location.map { ScriptLocation(path: $0.file, line: $0.line) }, kind: .exception)
            }
            return Script(source: String(decoding: bytes, as: UTF8.self), origin: ScriptOrigin(path: displayPath(path)))
        }
    }

    /// A `.js` path as messages show it: beside the `.http` file's workspace-relative path when relative.
    private func displayPath(_ path: String) -> String {
        guard !path.hasPrefix("/"), let file = location?.file else { return path }
        let folder = (file as NSString).deletingLastPathComponent
        let joined = folder.isEmpty ? path : folder + "/" + path
        return (joined as NSString).standardizingPath
    }
}
