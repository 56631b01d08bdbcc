import FerryHTTP
import Foundation

// MARK: - The workspace's cookie jar

extension Workspace {
    /// `.ferry/cookies`: the workspace's cookies in the Netscape cookie file format (git-ignored with the rest
    /// of the state folder).
    public var cookieFile: URL { stateFolder.appendingPathComponent("cookies") }

    /// The workspace's cookie jar, loaded from ``cookieFile`` and saved back to it atomically after every
    /// change, so cookies set by one send (or one `ferry send` process) go out with the next. Creates the
    /// git-ignored state folder first when it can.
    public func cookieJar() -> CookieJar {
        try? ensureStateFolder()
        return CookieJar(persistingTo: cookieFile)
    }
}
