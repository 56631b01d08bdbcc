import FerryWorkbench
import Foundation

// MARK: - Writing an import into a folder

extension ImportedCollection {
    /// Writes the collection into `folder` (created when missing): each `.http` file atomically and
    /// never over an existing file (`name-2.http` instead, reported); environments merged into the
    /// `http-client.env.json` and `http-client.private.env.json` of the workspace around `folder` (the
    /// nearest folder at or above it holding `http-client.env.json`, else `folder`) without changing
    /// what is there, the private file kept git-ignored; recorded responses appended to the history of
    /// `workspaceRoot` (by default that same workspace) for the requests written. Throws only for I/O failures.
    public func write(into folder: URL, workspaceRoot: URL? = nil) throws -> ImportWriteReport {
        var report = ImportWriteReport()
        try Self.createFolder(folder)
        for file in files {
            report.files.append(try write(file, into: folder, report: &report))
        }
        try writeEnvironments(near: folder, report: &report)
        try recordHistory(in: folder, workspaceRoot: workspaceRoot, report: &report)
        return report
    }

    // MARK: - Request files

    private func write(_ file: File, into folder: URL, report: inout ImportWriteReport) throws
        -> ImportWriteReport.WrittenFile
    {
        // Only names inside `folder`: `..`, `.` and empty components are dropped.
        let components = file.path.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." }
        let parent = components.dropLast().reduce(folder) { $0.appendingPathComponent($1) }
        try Self.createFolder(parent)
        let fileName = components.last ?? "imported.http"
        let stem = fileName.hasSuffix(".http") ? String(fileName.dropLast(5)) : fileName
        var written = file.written(bodiesFolder: file.bodiesFolder)
        if !written.bodies.isEmpty {
            // Bodies the text cannot hold go to a new folder beside it (never into one that exists).
            let bodies = try Self.createNewFolder(in: parent, named: file.bodiesFolder)
            written = file.written(bodiesFolder: bodies.lastPathComponent)
            for body in written.bodies {
                try FileIO.writeAtomically(Array(body.text.utf8), to: bodies.appendingPathComponent(body.name))
            }
        }
        let bytes = Array(written.text.utf8)
        // Each name in turn, written whole and put in place only where nothing exists.
        var number = 1
        while true {
            let name = number == 1 ? fileName : "\(stem)-\(number).http"
            let target = parent.appendingPathComponent(name)
            do throws(FileIO.MoveFailure) {
                try FileIO.writeNew(bytes, to: target)
                let path = (components.dropLast() + [name]).joined(separator: "/")
                if number > 1 {
                    report.diagnostics.append(
                        Diagnostic(
                            "\(file.path) exists and was left as it is; the import went to \(path)",
                            at: SourceLocation(file: path, line: 1), severity: .warning))
                }
                return ImportWriteReport.WrittenFile(
                    path: path, intendedPath: file.path, requestCount: written.requestCount)
            } catch .targetExists {
                number += 1
            } catch {
                throw WorkspaceError.io(path: target.path, reason: "\(error)")
            }
        }
    }

    // MARK: - Environment files

    private func writeEnvironments(near folder: URL, report: inout ImportWriteReport) throws {
        let publicPart = environments.map { (name: $0.name, variables: $0.variables.map { ($0.name, $0.value) }) }
        let privatePart = environments.map { (name: $0.name, variables: $0.secrets.map { ($0.name, $0.value) }) }
        guard
            publicPart.contains(where: { !$0.variables.isEmpty })
                || privatePart.contains(where: { !$0.variables.isEmpty })
        else { return }
        let root = Workspace.nearestRoot(from: folder) ?? folder
        let pairs = [
            (EnvironmentFiles.publicFileName, publicPart), (EnvironmentFiles.privateFileName, privatePart),
        ]
        for (name, part) in pairs {
            let url = root.appendingPathComponent(name)
            let existing = FileManager.default.fileExists(atPath: url.path) ? try FileIO.bytes(of: url) : nil
            let outcome = EnvironmentFileMerger(file: url.path).merge(existing, part)
            report.diagnostics += outcome.diagnostics
            guard let bytes = outcome.bytes else { continue }
            if name == EnvironmentFiles.privateFileName { try Self.keepIgnored(name, in: root) }
            try FileIO.writeAtomically(bytes, to: url)
            report.environmentFiles.append(url.path)
            report.addedVariables += outcome.addedVariables
        }
    }

    /// Adds `name` to `root/.gitignore` unless it is listed, as ``Workspace/create(at:)`` does.
    static func keepIgnored(_ name: String, in root: URL) throws {
        let ignoreURL = root.appendingPathComponent(".gitignore")
        let exists = FileManager.default.fileExists(atPath: ignoreURL.path)
        var ignore = exists ? String(decoding: try FileIO.bytes(of: ignoreURL), as: UTF8.self) : ""
        let present = Set(ignore.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        guard !present.contains(name), !present.contains("/" + name) else { return }
        if !ignore.isEmpty && !ignore.hasSuffix("\n") { ignore += "\n" }
        ignore += name + "\n"
        try FileIO.writeAtomically(Array(ignore.utf8), to: ignoreURL)
    }

    /// Makes a folder `name` in `parent` that did not exist (`name-2`, `name-3`… when it does).
    private static func createNewFolder(in parent: URL, named name: String) throws -> URL {
        var number = 1
        while true {
            let candidate = parent.appendingPathComponent(number == 1 ? name : "\(name)-\(number)")
            do {
                try FileManager.default.createDirectory(at: candidate, withIntermediateDirectories: false)
                return candidate
            } catch CocoaError.fileWriteFileExists {
                number += 1
            } catch {
                throw WorkspaceError.io(path: candidate.path, reason: "\(error)")
            }
        }
    }

    private static func createFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw WorkspaceError.io(path: url.path, reason: error.localizedDescription)
        }
    }
}
