import Foundation

// MARK: - Servers a test cannot run without

extension TestServers {
    /// Whether `make test` asked for every integration server (`FERRY_REQUIRE_SERVERS=1`).
    public static var serversRequired: Bool {
        ProcessInfo.processInfo.environment["FERRY_REQUIRE_SERVERS"] == "1"
    }

    /// A program found on `PATH` or in the `sbin` folders Debian installs servers to, or `nil`.
    public static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/sbin"]
        return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// `nil`, so a test skips, when a tool it needs (`what`) is missing outside `make test`; under
    /// `make test` it throws instead, so the test fails and names the missing tool.
    static func skipOrFail<Value>(missing what: String) throws -> Value? {
        if serversRequired {
            throw Missing(description: "\(what) is missing although make test requires it (scripts/install-deps.sh)")
        }
        return nil
    }
}
