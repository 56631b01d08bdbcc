import FerryWorkbench
import Foundation

/// What the workbench remembers about a workspace between runs: `.ferry/state.json`.
struct WorkspaceStateFile: Codable, Sendable, Hashable {
    /// The environment last used.
    var environment: String?
    /// The panes' sizes last set.
    var paneSizes: PaneSizes?

    /// The file's name inside the state folder.
    static let fileName = "state.json"

    /// Reads the file; an absent or unreadable file means nothing remembered.
    static func read(from stateFolder: URL) -> WorkspaceStateFile {
        guard let bytes = try? FileIO.bytes(of: stateFolder.appendingPathComponent(fileName)),
            let state = try? JSONDecoder().decode(WorkspaceStateFile.self, from: Data(bytes))
        else { return WorkspaceStateFile() }
        return state
    }

    /// Changes what the file remembers, keeping the rest; a file that cannot be written is left as it was (it
    /// only saves the user a step at the next start).
    static func update(in stateFolder: URL, _ change: (inout WorkspaceStateFile) -> Void) {
        var file = read(from: stateFolder)
        change(&file)
        try? file.write(to: stateFolder)
    }

    /// Writes the file atomically.
    func write(to stateFolder: URL) throws {
        try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        _ = try FileIO.writeAtomically(
            [UInt8](try encoder.encode(self)), to: stateFolder.appendingPathComponent(Self.fileName))
    }
}
