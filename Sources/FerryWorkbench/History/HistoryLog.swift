import FerrySystem
import Foundation

/// The append-only history of sends in `.ferry/history.jsonl`: one JSON object per line.
///
/// Each entry is written with one `write` to a descriptor opened with `O_APPEND`, under an
/// exclusive `flock`, so two Ferry processes never interleave lines; the descriptors stay open for the life of
/// the log (FerrySystem's ``SharedAppendFile``: a run appends a line per request). When the file passes
/// ``maximumBytes`` it is rotated to `history.1.jsonl` (the previous one is dropped), which
/// bounds the log at about twice that size.
///
/// ```swift
/// let log = HistoryLog(stateFolder: workspace.stateFolder)
/// try log.append(entry)
/// let recent = log.entries().suffix(20)
/// ```
public struct HistoryLog: Sendable {
    /// The current log file.
    public let url: URL
    /// The rotated log file.
    public var rotatedURL: URL {
        url.deletingLastPathComponent().appending(path: "history.1.jsonl", directoryHint: .notDirectory)
    }
    /// The size past which the log is rotated.
    public var maximumBytes: Int
    /// The log file and its lock, opened at the first append and kept: a run appends a line per request.
    private let file: SharedAppendFile
    /// ``rotatedURL``'s path, made once.
    private let rotatedPath: String

    /// The history of a workspace's state folder.
    public init(stateFolder: URL, maximumBytes: Int = 8 << 20) {
        url = stateFolder.appending(path: "history.jsonl", directoryHint: .notDirectory)
        self.maximumBytes = maximumBytes
        file = SharedAppendFile(
            path: url.path, lockPath: stateFolder.appending(path: "history.lock", directoryHint: .notDirectory).path)
        rotatedPath = stateFolder.appending(path: "history.1.jsonl", directoryHint: .notDirectory).path
    }

    /// Appends one entry as one line (creating the folder when it is missing: only then, so that an append to a
    /// history that exists asks the file system nothing more).
    public func append(_ entry: HistoryEntry) throws {
        let line = entry.historyLine
        do {
            try append(line)
        } catch {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try append(line)
        }
    }

    private func append(_ line: [UInt8]) throws {
        do {
            try file.append(line, rotatingTo: rotatedPath, past: maximumBytes)
        } catch {
            throw WorkspaceError.io(path: error.path, reason: error.reason)
        }
    }

    /// Every readable entry, oldest first (rotated file included); malformed lines are skipped.
    public func entries() -> [HistoryEntry] {
        entries { _ in true }
    }

    /// The entries of one request (by stable id), oldest first. Lines that do not mention the id
    /// are skipped before decoding, so this stays quick on a full log.
    public func entries(forRequest id: String) -> [HistoryEntry] {
        let needle = Array("\"requestID\":\"\(id)\"".utf8)
        return entries { line in line.firstRange(of: needle) != nil }.filter { $0.requestID == id }
    }

    func entries(where keep: (ArraySlice<UInt8>) -> Bool) -> [HistoryEntry] {
        let decoder = JSONDecoder()
        var result: [HistoryEntry] = []
        for log in [rotatedURL, url] {
            guard let bytes = try? FileIO.bytes(of: log) else { continue }
            for line in bytes.split(separator: 0x0A) where keep(line) {
                if let entry = try? decoder.decode(HistoryEntry.self, from: Data(line)) { result.append(entry) }
            }
        }
        return result
    }
}
