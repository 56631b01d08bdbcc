import FerryTestSupport
import Foundation
import Testing

/// The real binary in tmux: the variables view (F12) masks the private environment's secret until `r`
/// reveals it, and `r` masks it again; the secret reaches no file Ferry writes.
@Suite("ferry in tmux: revealing secrets", .serialized)
struct TmuxVariablesRevealTests {
    @Test func rRevealsTheSecretAndMasksItAgain() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: ["http-client.private.env.json": "{\n  \"local\": { \"password\": \"hunter22\" }\n}\n"])
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "requests.http#get-json")
        try await session.send("F12")
        try await session.waitForScreen(
            showing: ["Variables of environment local", "http-client.private.env.json:2", "r reveals secrets"],
            hiding: ["hunter22"])
        try await session.send("r", literal: true)
        try await session.waitForScreen(showing: ["hunter22", "secrets shown"])
        try await session.send("r", literal: true)
        try await session.waitForScreen(showing: ["r reveals secrets"], hiding: ["hunter22"])
        try await session.send("Escape")
        try await session.waitForScreen(showing: ["requests.http#get-json"], hiding: ["Variables of environment"])
        // Nothing Ferry keeps in the workspace's state folder holds the revealed value.
        let state = folder.url.appendingPathComponent(".ferry")
        let files =
            FileManager.default.enumerator(at: state, includingPropertiesForKeys: nil)?.compactMap {
                $0 as? URL
            } ?? []
        for file in files {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(!text.contains("hunter22"), "\(file.path)")
        }
    }
}
