import FerryImport
import FerryWorkbench

/// What an import in the workbench wrote: the workspace as it is afterwards and the report of the write.
struct ImportedFiles: Sendable {
    /// The workspace, read again after the files were written.
    var workspace: Workspace
    /// The environments, read again: the import may have added some, or variables to them.
    var environments: EnvironmentFiles
    /// The `.http` files and environment files written, with the importer's and the writer's diagnostics.
    var report: ImportWriteReport
    /// The name of the file that was imported, for the status bar.
    var source: String
}
