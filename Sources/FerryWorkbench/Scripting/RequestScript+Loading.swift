import Foundation

extension RequestScript {
    /// The script's JavaScript with where it comes from, so the engine places errors at the line a person
    /// edits: the `.http` file's line for inline code, the `.js` file's own line for a file (read from
    /// `folder`, the request's file's folder). Throws a message for people when the file cannot be read.
    func loaded(from folder: URL) throws(ScriptError) -> Script {
        switch source {
        case .inline(let code):
            let origin = ScriptOrigin(path: location?.file ?? "(request)", line: location?.line ?? 1)
            return Script(source: code, origin: origin)
        case .file(let path):
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
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
