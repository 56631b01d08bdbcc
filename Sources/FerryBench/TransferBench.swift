import FerryTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `make bench transfers`: 1 GB each way on loopback, FerryHTTP against the curl command-line tool in the
/// same run and against the same server (`scripts/bench-transfer-server.py`, which sends a file with
/// sendfile(2) and throws uploads away, holding neither in memory):
///
/// - a download to a file, paused once past the middle and resumed (`Range`/`If-Range`), against curl
///   fetching the first half with `-r` and the rest with `-C -`;
/// - a multipart upload of the file from disk, against `curl -F file=@…`.
///
/// FerryHTTP runs in FerryHTTPProbe, a process that is only a client, so its peak RSS is the client's. The
/// best of two rounds counts for each side (the machine is shared). The files live in a temporary folder,
/// deleted at the end.
enum TransferBench: BenchSuite {
    static let name = "transfers"
    static let size = 1 << 30
    static let rounds = 2

    static func run() throws -> [BenchRow] {
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("FerryHTTPProbe")
        guard FileManager.default.isExecutableFile(atPath: probe.path) else {
            throw BenchFailure("FerryHTTPProbe is not built beside FerryBench")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-bench-transfers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source.bin")
        try writeSource(source)
        let server = try TransferServer(serving: source)
        defer { server.stop() }

        let target = folder.appendingPathComponent("downloaded.bin")
        let half = size / 2
        var ferryDownload = (seconds: Double.infinity, rss: 0)
        var curlDownload = Double.infinity
        var ferryUpload = (seconds: Double.infinity, rss: 0)
        var curlUpload = Double.infinity
        for _ in 0..<rounds {
            curlDownload = min(curlDownload, try curlPausedDownload(server.fileURL, to: target, half: half))
            try checkDownloaded(target, against: source, by: "curl")
            let ferry = try numbers(probe, ["download", server.fileURL, target.path, String(half)])
            guard ferry[1] >= Double(half) else { throw BenchFailure("the download resumed at \(ferry[1])") }
            try checkDownloaded(target, against: source, by: "FerryHTTP")
            ferryDownload = (min(ferryDownload.seconds, ferry[0]), max(ferryDownload.rss, Int(ferry[2])))

            curlUpload = min(curlUpload, try curlMultipartUpload(source, to: server.uploadURL))
            let upload = try numbers(probe, ["upload", server.uploadURL, source.path])
            guard Int(upload[1]) > size else { throw BenchFailure("the server read \(upload[1]) bytes") }
            ferryUpload = (min(ferryUpload.seconds, upload[0]), max(ferryUpload.rss, Int(upload[2])))
        }
        return rows("1 GB download to file, paused and resumed once", ferryDownload, curl: curlDownload)
            + rows("1 GB multipart upload from disk", ferryUpload, curl: curlUpload)
    }

    // MARK: - Rows

    private static func rows(_ what: String, _ ferry: (seconds: Double, rss: Int), curl: Double) -> [BenchRow] {
        let rate = { (seconds: Double) in Double(size) / 1_048_576 / seconds }
        let ratio = rate(ferry.seconds) / rate(curl)
        return [
            BenchRow(
                suite: name, name: what, value: String(format: "%.0f MB/s", rate(ferry.seconds)),
                comparison: String(format: "%.2fx curl CLI (%.0f MB/s); target ≥ 0.90x", ratio, rate(curl)),
                meetsTarget: ratio >= 0.9),
            BenchRow(
                suite: name, name: "peak RSS, \(what)", value: String(format: "%.1f MB", Double(ferry.rss) / 1_048_576),
                comparison: "target < 40 MB", meetsTarget: ferry.rss < 40 << 20),
        ]
    }

    // MARK: - Files

    /// 1 GB of a pseudo-random 1 MiB block over and over (nothing compresses it away).
    private static func writeSource(_ file: URL) throws {
        var generator = SystemRandomNumberGenerator()
        let block = Data((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw BenchFailure("cannot create \(file.path)")
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        for _ in 0..<(size >> 20) { try handle.write(contentsOf: block) }
    }

    /// Checks that `file` is a byte-for-byte copy of `source` (with `cmp`), then deletes it.
    private static func checkDownloaded(_ file: URL, against source: URL, by client: String) throws {
        defer { try? FileManager.default.removeItem(at: file) }
        let status = try runProcess("/usr/bin/cmp", ["-s", file.path, source.path]).status
        guard status == 0 else { throw BenchFailure("\(client)'s download differs from the file served") }
    }

    // MARK: - The curl command-line tool

    /// Seconds for curl to fetch the first `half` bytes with `-r`, then the rest with `-C -` (it appends).
    private static func curlPausedDownload(_ url: String, to file: URL, half: Int) throws -> Double {
        let started = ContinuousClock.now
        try curl(["-s", "-f", "-r", "0-\(half - 1)", "-o", file.path, url])
        try curl(["-s", "-f", "-C", "-", "-o", file.path, url])
        return (ContinuousClock.now - started).seconds
    }

    /// Seconds for curl to post `file` as a multipart part.
    private static func curlMultipartUpload(_ file: URL, to url: String) throws -> Double {
        let started = ContinuousClock.now
        try curl(["-s", "-f", "-o", "/dev/null", "-F", "file=@\(file.path);type=application/octet-stream", url])
        return (ContinuousClock.now - started).seconds
    }

    private static func curl(_ arguments: [String]) throws {
        let status = try runProcess("/usr/bin/curl", arguments).status
        guard status == 0 else { throw BenchFailure("curl \(arguments.joined(separator: " ")) exited with \(status)") }
    }

    // MARK: - Processes

    /// The numbers `executable` prints on one line.
    private static func numbers(_ executable: URL, _ arguments: [String]) throws -> [Double] {
        let (status, output) = try runProcess(executable.path, arguments)
        let numbers = output.split(separator: " ").compactMap { Double($0) }
        guard status == 0, numbers.count >= 3 else {
            throw BenchFailure("FerryHTTPProbe \(arguments[0]) failed (\(status)): \(output)")
        }
        return numbers
    }

    private static func runProcess(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return (process.terminationStatus, text)
    }
}

/// `scripts/bench-transfer-server.py` on a free loopback port, until ``stop()``.
private final class TransferServer {
    let fileURL: String
    let uploadURL: String
    private let process = Process()

    init(serving file: URL) throws {
        let port = try LoopbackPort.free()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["scripts/bench-transfer-server.py", String(port), file.path]
        try process.run()
        fileURL = "http://127.0.0.1:\(port)/file"
        uploadURL = "http://127.0.0.1:\(port)/upload"
        let deadline = ContinuousClock.now + .seconds(10)
        while !Self.answers(port) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                stop()
                throw BenchFailure("the transfer server did not start on port \(port)")
            }
            usleep(20_000)
        }
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    private static func answers(_ port: UInt16) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
