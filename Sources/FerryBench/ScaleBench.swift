import FerryTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `make bench scale`: Ferry on a workspace of one `.http` file with 10^6 named requests, as whole processes
/// of the release `ferry` against the loopback server: `ferry list`, `ferry send` of one request in the
/// middle, and `ferry run --filter` of that one request; each row gives the wall time, the peak memory
/// (`ru_maxrss`) and, after the send, the size of `.ferry/ids.json`. One run each: a run costs seconds.
enum ScaleBench: BenchSuite {
    static let name = "scale"
    static let requests = 1_000_000

    static func run() throws -> [BenchRow] {
        let ferry = try RunPaceBench.releaseBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-scale-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/item", responding: .json(#"{"ok":true}"#))
        try Data(#"{"local": {"host": "\#(server.baseURL)"}}"#.utf8)
            .write(to: folder.appendingPathComponent("http-client.env.json"))
        try file().write(to: folder.appendingPathComponent("big.http"))
        let middle = "r\(requests / 2)"
        let list = try SpawnedProcess.measured([ferry, "list", folder.path])
        let send = try SpawnedProcess.measured([
            ferry, "send", folder.appendingPathComponent("big.http").path + "#" + middle, "--env", "local",
        ])
        let ids =
            (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(".ferry/ids.json").path)[
                .size]
                as? Int) ?? 0
        let filtered = try SpawnedProcess.measured([
            ferry, "run", folder.appendingPathComponent("big.http").path, "--filter", "#\(middle)", "--env", "local",
        ])
        let of = "(\(requests) requests in one file, whole process, one run)"
        return [
            row("ferry list \(of)", list, also: ""),
            row("ferry send of one request \(of)", send, also: String(format: "; ids.json %.1f MB", Double(ids) / 1e6)),
            row("ferry run --filter of one request \(of)", filtered, also: ""),
        ]
    }

    /// The row for `name`, measured as `run`, with `also` after the peak memory.
    private static func row(_ name: String, _ run: (seconds: Double, peakBytes: Int), also: String) -> BenchRow {
        BenchRow(
            suite: self.name, name: name, value: String(format: "%.2f s", run.seconds),
            comparison: String(format: "peak %.0f MB", Double(run.peakBytes) / 1e6) + also, meetsTarget: nil)
    }

    /// The file: `requests` named GET requests with a header each.
    private static func file() -> Data {
        var text = ""
        text.reserveCapacity(requests * 64)
        for number in 0..<requests {
            text += "### r\(number)\nGET {{host}}/item?n=\(number)\nAccept: application/json\n\n"
        }
        return Data(text.utf8)
    }
}
