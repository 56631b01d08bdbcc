import FerryWorkbench
import Foundation

// MARK: - Editing the environment files from the variables view

extension EffectRunner {
    /// On the file queue: applies `change` to `file` (its other bytes kept), writes it atomically and reads the
    /// environments again (posted as a reload that says what was changed, never the value); a malformed file
    /// is left alone and reported at its line. `u` in the tree takes the change back (the file's bytes before it
    /// are remembered, as for a tree command).
    func editEnvironmentFile(_ file: String, _ change: EnvironmentFileChange, in workspace: Workspace) {
        let root = workspace.root
        let url = root.appendingPathComponent(file)
        let before = WorkspaceUndo.sideFiles([file], in: root)
        let existing = FileManager.default.fileExists(atPath: url.path) ? try? FileIO.bytes(of: url) : nil
        let editor = EnvironmentFileEditor(file: file)
        do {
            let bytes: [UInt8]
            switch change {
            case .set(let name, let value, let environment):
                bytes = try editor.setting(name, to: value, in: environment, of: existing)
            case .addEnvironment(let name):
                bytes = try editor.addingEnvironment(name, to: existing)
            }
            _ = try FileIO.writeAtomically(bytes, to: url)
        } catch let problem as Diagnostic {
            post(WorkspaceEvent.reloaded(.failure(SaveFailure(message: "\(problem.location): \(problem.message)."))))
            return
        } catch {
            post(
                WorkspaceEvent.reloaded(
                    .failure(SaveFailure(message: "Could not write \(file): \(error). Nothing was changed."))))
            return
        }
        let summary =
            switch change {
            case .set(let name, _, let environment): "change of \(name) in \(environment) (\(file))"
            case .addEnvironment(let name): "new environment \(name) in \(file)"
            }
        remember(.files(WorkspaceUndo.sideImages(before, in: root), createdFolders: []), summary: summary)
        let note =
            switch change {
            case .set(let name, _, let environment):
                "Set \(name) in \(environment) (\(file); u in the tree undoes it)."
            case .addEnvironment(let name): "Added the environment \(name) to \(file) (u in the tree undoes it)."
            }
        reloadChanged([file], note: note, in: workspace)
    }
}
