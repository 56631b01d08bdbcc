import FerryWorkbench
import Foundation

/// Unsaved edits kept on disk in `.ferry/drafts/`, one `.http` file per request, so a crash or a kill
/// loses nothing: the next launch opens them as unsaved edits again.
struct DraftStore: Sendable {
    /// The drafts folder.
    let folder: URL

    /// The store of a workspace's state folder.
    init(stateFolder: URL) {
        folder = stateFolder.appendingPathComponent("drafts")
    }

    /// Writes the draft of `id` (atomically), or removes it when `request` is `nil`.
    func write(_ request: SavedRequest?, for id: RequestID) throws {
        let url = folder.appendingPathComponent(Self.fileName(for: id))
        guard let request else {
            try? FileManager.default.removeItem(at: url)
            return
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // With the `###` line, so the request's title survives a restore and the save after it.
        _ = try FileIO.writeAtomically(Array(request.rendered(separator: true).utf8), to: url)
    }

    /// Every draft on disk, by request id.
    func load() -> [RequestID: SavedRequest] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [:] }
        var drafts: [RequestID: SavedRequest] = [:]
        for name in names where name.hasSuffix(".http") {
            guard let decoded = String(name.dropLast(5)).removingPercentEncoding,
                let bytes = try? FileIO.bytes(of: folder.appendingPathComponent(name)),
                let request = HTTPFileParser.parse(bytes, path: decoded).requests.first
            else { continue }
            drafts[RequestID(parsing: decoded)] = request
        }
        return drafts
    }

    /// The file name of a draft: the request id, percent-encoded.
    static func fileName(for id: RequestID) -> String {
        (id.description.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "draft") + ".http"
    }
}
