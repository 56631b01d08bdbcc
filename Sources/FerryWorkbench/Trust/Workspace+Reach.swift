import Foundation

/// A place where a workspace's files read or write outside the workspace, found without sending anything: what
/// the user is shown before trusting a workspace.
public struct OutsideReference: Sendable, Hashable, CustomStringConvertible {
    /// What the file does there.
    public enum Kind: Sendable, Hashable {
        /// `>> path` / `>>! path`: writes a response there.
        case writes
        /// `< path`: sends the file's bytes.
        case reads
    }

    /// Where it is written.
    public var location: SourceLocation
    /// Whether it reads or writes.
    public var kind: Kind
    /// The path as written.
    public var path: String
    /// Why it reaches outside: the resolved place, or that a variable decides it.
    public var reason: String

    /// A reference from its parts.
    public init(location: SourceLocation, kind: Kind, path: String, reason: String) {
        self.location = location
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// `api/users.http:12:1: writes ../../x (/home/u/x is outside the workspace)`.
    public var description: String {
        "\(location): \(kind == .writes ? "writes" : "reads") \(path) (\(reason))"
    }
}

extension Workspace {
    /// Every `>>` output, `<` include and script file (`< ./pre.js`, `> ./handler.js`) of the workspace's
    /// requests that reaches outside the workspace, or whose path a `{{variable}}` decides (it could): file
    /// order, then line order.
    public func outsideReferences() -> [OutsideReference] {
        let confinement = WorkspaceConfinement(root: root)
        var found: [OutsideReference] = []
        for file in files {
            let folder = url(of: file.path).deletingLastPathComponent()
            for entry in file.requests {
                let request = entry.request
                let start = request.sourceMap.map { SourceLocation(file: $0.file, line: $0.bodyLine ?? $0.requestLine) }
                var includes: [(String, SourceLocation?)] = []
                for (offset, line) in (request.body ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated()
                {
                    guard let include = SavedRequest.include(in: line) else { continue }
                    includes.append((include.path, start.map { SourceLocation(file: $0.file, line: $0.line + offset) }))
                }
                for script in request.preRequestScripts + request.responseHandlerScripts {
                    guard case .file(let path) = script.source else { continue }
                    includes.append((path, script.location ?? start))
                }
                let checks =
                    includes.map { (OutsideReference.Kind.reads, $0.0, $0.1) }
                    + request.responseOutputs.map { (OutsideReference.Kind.writes, $0.path, $0.location ?? start) }
                for (kind, path, location) in checks {
                    guard let location else { continue }
                    if path.contains("{{") {
                        found.append(
                            OutsideReference(
                                location: location, kind: kind, path: path, reason: "a variable decides where"))
                        continue
                    }
                    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
                    let refusal = confinement.refusal(of: url, for: kind == .writes ? .writing : .reading)
                    if let refusal, refusal.contains("outside") || refusal.contains("regular") {
                        found.append(OutsideReference(location: location, kind: kind, path: path, reason: refusal))
                    }
                }
            }
        }
        return found
    }
}
