import Foundation

/// Where the integration servers started by `make test` are, read from the environment.
public enum TestServers {
    /// Why an integration server is not available to a test.
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing and how to get it.
        public var description: String

        /// A missing tool or server, with what to do about it.
        public init(description: String) {
            self.description = description
        }
    }

    /// The base URL of httpbin (`FERRY_HTTPBIN_URL`), without a trailing slash.
    ///
    /// Returns `nil` when the variable is unset outside `make test`, so a plain `swift test`
    /// can skip; under `make test` (`FERRY_REQUIRE_SERVERS=1`) a missing variable throws, so the
    /// test fails instead of skipping.
    public static func httpbinURL() throws -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let url = environment["FERRY_HTTPBIN_URL"], !url.isEmpty {
            return url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        if environment["FERRY_REQUIRE_SERVERS"] == "1" {
            throw Missing(description: "FERRY_HTTPBIN_URL is not set although make test requires httpbin")
        }
        return nil
    }

    /// The shared corpus folder (`FERRY_CORPUS`, else `../shared/corpus` from the package root),
    /// or `nil` when it is absent, so corpus tests skip cleanly.
    public static func corpusDirectory() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["FERRY_CORPUS"], packageRoot.deletingLastPathComponent().path + "/shared/corpus"]
        for case let path? in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                return URL(fileURLWithPath: path)
            }
        }
        return nil
    }

    /// The root of this package (the folder that holds `Package.swift`).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()
}
