import Foundation

// MARK: - Finding the workspace a folder belongs to

extension Workspace {
    /// The nearest folder at or above `folder` holding `http-client.env.json`, if any: the workspace that
    /// `folder` is part of.
    public static func nearestRoot(from folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(
                atPath: current.appendingPathComponent(EnvironmentFiles.publicFileName).path)
            {
                return current
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }
}
