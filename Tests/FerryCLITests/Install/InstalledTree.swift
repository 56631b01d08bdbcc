import FerryTestSupport
import Foundation

/// `scripts/install.sh` run into a temporary DESTDIR with the debug `ferry`, and the programs the install
/// tests run against it (the installed binary, bash, man), each from a folder outside the checkout.
final class InstalledTree: TemporaryFolder {
    /// What a finished program wrote.
    struct Output {
        var status: Int32
        var text: String
        var errors: String
    }

    /// The install prefix inside the DESTDIR.
    static let prefix = "/usr/local"

    /// The DESTDIR.
    var destination: URL { url.appendingPathComponent("dest") }
    /// `DESTDIR/PREFIX`.
    var root: URL { destination.appendingPathComponent(String(Self.prefix.dropFirst())) }
    /// The installed binary.
    var binary: URL { root.appendingPathComponent("bin/ferry") }

    /// Installs into a fresh DESTDIR; throws unless the script succeeds.
    init() async throws {
        try super.init(prefix: "ferry-install")
        let output = try await Self.run(
            "/bin/bash",
            [
                Self.script("install.sh"), "--binary", FerryProcess.executableURL.path, "--prefix", Self.prefix,
                "--destdir", destination.path,
            ])
        guard output.status == 0 else { throw InstallFailure(output: output) }
    }

    /// Runs `scripts/uninstall.sh` on the DESTDIR.
    func uninstall() async throws -> Output {
        try await Self.run(
            "/bin/bash", [Self.script("uninstall.sh"), "--prefix", Self.prefix, "--destdir", destination.path])
    }

    /// Every file (not folder) under `folder`, relative to it, sorted.
    static func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let item = enumerator?.nextObject() as? URL {
            if (try? item.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                found.append(String(item.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
            }
        }
        return found.sorted()
    }

    /// The path of `scripts/NAME` in the checkout.
    static func script(_ name: String) -> String {
        TestServers.packageRoot.appendingPathComponent("scripts/\(name)").path
    }

    /// Runs `executable` with `arguments` and `environment` (over this process's, `nil` values removed) in
    /// `folder` (default: a fresh temporary folder) and waits for it.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:], in folder: URL? = nil
    ) async throws -> Output {
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        // A binary just copied can be "busy" for a moment: a child another test forks at that instant holds
        // the copy's write descriptor until it execs, and exec of a file open for writing fails (ETXTBSY).
        for attempt in 1...50 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = merged
            process.currentDirectoryURL = folder ?? FileManager.default.temporaryDirectory
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = stdout
            process.standardError = stderr
            let exit: OneShot<Int32>
            do {
                exit = try process.start()
            } catch let error as NSError
                where attempt < 50 && (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY)
            {
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            let text = stdout.fileHandleForReading.readToEndInBackground()
            let errors = stderr.fileHandleForReading.readToEndInBackground()
            return Output(
                status: await exit.value, text: String(decoding: await text.value, as: UTF8.self),
                errors: String(decoding: await errors.value, as: UTF8.self))
        }
        preconditionFailure("the last attempt returns or throws")
    }
}

/// `scripts/install.sh` failed.
struct InstallFailure: Error, CustomStringConvertible {
    /// What it wrote.
    var output: InstalledTree.Output
    var description: String { "install.sh exited \(output.status): \(output.errors)" }
}
