import FerryTestSupport
import FerryWorkbench
import Foundation

/// The workspace the trash tests delete from and restore into, on a real folder: `api/users.http` (requests
/// `list` and `one`), `api/deep/more.http` and `top.http`, plus `extraFiles`.
func makeTrashTestWorkspace(extraFiles: [String: String] = [:]) throws -> (TemporaryFolder, Workspace) {
    let folder = try TemporaryFolder()
    try folder.write(
        "api/users.http", "### list\n# @name list\nGET http://h/users\n\n### one\n# @name one\nGET http://h/1\n")
    try folder.write("api/deep/more.http", "# @name more\nGET http://h/more\n")
    try folder.write("top.http", "# @name top\nGET http://h/top\n")
    for (path, text) in extraFiles { try folder.write(path, text) }
    return (folder, try Workspace.load(at: folder.url))
}
