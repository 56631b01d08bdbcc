import FerrySystem
import Foundation

// MARK: - The Netscape cookie file (curl's `-b`/`-c` format)

extension CookieJar {
    /// The first line of a saved jar.
    static let fileHeader = "# Netscape HTTP Cookie File\n# Written by Ferry: one cookie per line, tab-separated.\n"

    /// The jar's cookies as a Netscape cookie file: `domain  subdomains  path  secure  expiry  name  value`
    /// per line (a domain cookie's domain starts with `.`, expiry `0` is a session cookie, `#HttpOnly_`
    /// prefixes HttpOnly ones), oldest first.
    static func fileText(_ cookies: [Cookie]) -> String {
        var text = fileHeader
        for cookie in cookies.sorted(by: { $0.created < $1.created }) {
            guard let line = fileLine(cookie) else { continue }
            text += line + "\n"
        }
        return text
    }

    /// One cookie as a Netscape cookie file line, without the line break (libcurl's `CURLOPT_COOKIELIST`
    /// takes the same lines), or `nil` for a cookie with a tab or line break in a field: such a field would
    /// break the line, and servers never send them, so the cookie is dropped.
    static func fileLine(_ cookie: Cookie) -> String? {
        let domain = (cookie.isHTTPOnly ? "#HttpOnly_" : "") + (cookie.isHostOnly ? "" : ".") + cookie.domain
        let expiry = cookie.expires.map { String(max(1, Int64($0.timeIntervalSince1970.rounded(.up)))) } ?? "0"
        let fields = [
            domain, cookie.isHostOnly ? "FALSE" : "TRUE", cookie.path, cookie.isSecure ? "TRUE" : "FALSE",
            expiry, cookie.name, cookie.value,
        ]
        guard fields.allSatisfy({ !$0.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) }) else {
            return nil
        }
        return fields.joined(separator: "\t")
    }

    /// The cookies in a Netscape cookie file's text; comments, blank and malformed lines, and cookies holding
    /// control characters (``Cookie/holdsControlCharacters``), are skipped. Order
    /// is kept as creation order.
    static func cookies(fromFileText text: String) -> [Cookie] {
        var cookies: [Cookie] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var line = Substring(line)
            var isHTTPOnly = false
            if line.hasPrefix("#HttpOnly_") {
                isHTTPOnly = true
                line = line.dropFirst("#HttpOnly_".count)
            } else if line.hasPrefix("#") {
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, !fields[0].isEmpty, !fields[5].isEmpty, fields[2].hasPrefix("/"),
                let seconds = Int64(fields[4])
            else { continue }
            let includesSubdomains = fields[1].uppercased() == "TRUE"
            var domain = fields[0]
            if domain.hasPrefix(".") { domain.removeFirst() }
            let cookie = Cookie(
                name: fields[5], value: fields[6], domain: domain, isHostOnly: !includesSubdomains,
                path: fields[2], isSecure: fields[3].uppercased() == "TRUE", isHTTPOnly: isHTTPOnly,
                expires: seconds == 0 ? nil : Date(timeIntervalSince1970: Double(seconds)),
                created: Date(timeIntervalSince1970: Double(cookies.count)))
            // A tampered file's control characters never reach a request (whichever reader loads it).
            if !cookie.holdsControlCharacters { cookies.append(cookie) }
        }
        return cookies
    }

    /// The cookies saved in `file`, none when it does not exist.
    static func load(from file: URL) throws -> [Cookie] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let data = try Data(contentsOf: file)
        return cookies(fromFileText: String(decoding: data, as: UTF8.self))
    }

    /// Merges `changes` into the cookies saved in `file` and returns the result, holding an exclusive lock
    /// on `FILE.lock` from the read to the rename: the file is read as it is now (another jar, in this
    /// process or another, may have saved since this one loaded it), the changes are applied on top and the
    /// result written atomically. The folder is created if needed.
    static func merge(_ changes: CookieChanges, into file: URL, at now: Date) throws -> [Cookie] {
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = folder.appendingPathComponent(file.lastPathComponent + ".lock")
        return try FileLock.withExclusiveLock(on: lock.path) {
            let merged = changes.applied(to: try load(from: file), at: now)
            try write(merged, to: file)
            return merged
        }
    }

    /// Writes `cookies` to `file` atomically (FerrySystem's ``AtomicFile``, for the user only: `0600`), so a
    /// crash leaves the old file or the new one, never a torn one. The folder is created if needed.
    static func write(_ cookies: [Cookie], to file: URL) throws {
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(Array(fileText(cookies).utf8), to: file.path, permissions: .exactly(0o600))
        } catch let error where error.step == .create {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder.path])
        } catch {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }
}
