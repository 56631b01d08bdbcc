import FerryImport
import FerryWorkbench
import Foundation

// MARK: - Importing a foreign file into the workspace

extension EffectRunner {
    /// Reads the file at `path` (absolute, `~/…`, or relative to the workspace), imports it with the importer
    /// that recognizes it, writes the result into `folder` (never over an existing file) and posts the
    /// workspace as it then is, or the problem in words.
    func importFile(_ path: String, intoFolder folder: String, in before: Workspace) {
        let root = before.root
        // The environment files and `.gitignore` an import may merge into, as they were.
        let sidePaths = Set([folder, ""]).flatMap { base in
            [EnvironmentFiles.publicFileName, EnvironmentFiles.privateFileName, ".gitignore"].map {
                base.isEmpty ? $0 : base + "/" + $0
            }
        }
        let sideFiles = WorkspaceUndo.sideFiles(sidePaths, in: root)
        let source = Self.importSource(path, root: root)
        let result: Result<ImportedFiles, SaveFailure>
        do {
            let bytes = try [UInt8](Data(contentsOf: source))
            let name = source.lastPathComponent
            guard let importer = CollectionImporters.importer(recognizing: bytes, fileName: name) else {
                throw SaveFailure(
                    message: "\(name) is not a curl command, a Postman collection or environment, an "
                        + "OpenAPI or Swagger document, nor a HAR capture.")
            }
            let collection = try importer.read(bytes, fileName: name)
            let destination = folder.isEmpty ? root : root.appendingPathComponent(folder, isDirectory: true)
            var report = try collection.write(into: destination, workspaceRoot: root)
            report.diagnostics.insert(contentsOf: collection.diagnostics, at: 0)
            if !folder.isEmpty {
                report.files = report.files.map { file in
                    var file = file
                    file.path = folder + "/" + file.path
                    return file
                }
            }
            let workspace = try Workspace.load(at: root)
            // The environments posted are read from these files as they are now (not `.env`, not posted).
            recordContextFiles([EnvironmentFiles.publicFileName, EnvironmentFiles.privateFileName])
            if case .files(let images, let folders)? = WorkspaceUndo.images(before: before, after: workspace) {
                let sideImages = WorkspaceUndo.sideImages(sideFiles, in: root)
                remember(
                    .files(images + sideImages, createdFolders: folders),
                    summary: Self.summary(of: .importFile(path: path, intoFolder: folder)))
            }
            result = .success(
                ImportedFiles(
                    workspace: workspace, environments: workspace.environments(), report: report, source: name))
        } catch let failure as SaveFailure {
            result = .failure(failure)
        } catch let diagnostic as Diagnostic {
            result = .failure(SaveFailure(message: "Not imported: \(diagnostic)"))
        } catch {
            result = .failure(SaveFailure(message: "Could not import \(path): \(error.localizedDescription)"))
        }
        post(WorkspaceEvent.importFinished(result))
    }

    /// `path` as a file URL: `~` is the home folder, a relative path starts at the workspace root.
    static func importSource(_ path: String, root: URL) -> URL {
        if path.hasPrefix("~/") {
            return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(String(path.dropFirst(2)))
        }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent(path)
    }
}
