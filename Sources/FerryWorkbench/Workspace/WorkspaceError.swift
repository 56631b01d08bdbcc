/// Why a workspace operation failed.
public enum WorkspaceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No request has this id.
    case noSuchRequest(String)
    /// No file or folder at this workspace path.
    case noSuchItem(String)
    /// Something already exists at this workspace path.
    case alreadyExists(String)
    /// A name is not allowed (empty, has `/`, starts with `.`).
    case invalidName(String)
    /// The file changed on disk since it was loaded; saving would overwrite someone else's edit.
    case changedOnDisk(String)
    /// No environment of this name; the known ones are listed.
    case noSuchEnvironment(String, known: [String])
    /// Reading or writing failed.
    case io(path: String, reason: String)

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .noSuchRequest(let id): "no request '\(id)'"
        case .noSuchItem(let path): "nothing at '\(path)'"
        case .alreadyExists(let path): "'\(path)' already exists"
        case .invalidName(let name): "'\(name)' is not a valid name"
        case .changedOnDisk(let path): "'\(path)' changed on disk since it was loaded; reload it before saving"
        case .noSuchEnvironment(let name, let known):
            "no environment '\(name)' (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}
