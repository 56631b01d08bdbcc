import FerryHTTP
import FerrySystem
import Foundation

/// Listens where a sign-in's `Redirect URL` points (a loopback address) and reads the parameters the browser
/// brings back. A redirect whose parameters are in the fragment (Implicit) gets a page that sends them again
/// as a query, since a browser never sends a fragment to a server.
struct RedirectCatcher {
    /// The redirect URI to give the server: `Redirect URL` as written, or `http://127.0.0.1:PORT/callback`.
    let redirectURL: String
    private let path: String
    private let listener: LoopbackListener

    /// Listens on the port of `redirect` (a free port for `nil`); throws when it is not a loopback `http` URL
    /// or the port is taken.
    init(_ redirect: String?, id: String) throws(AuthError) {
        let url = redirect.flatMap(URL.init(string:))
        if let redirect {
            guard let url, url.scheme?.lowercased() == "http",
                let host = url.host?.lowercased(), ["localhost", "127.0.0.1", "[::1]", "::1"].contains(host)
            else {
                throw AuthError(
                    "'\(id)': Ferry catches the browser's redirect on this machine, so \"Redirect URL\" must be "
                        + "http://localhost:PORT/… or http://127.0.0.1:PORT/… (registered with the server); it is \(InputExcerpt(redirect))"
                )
            }
        }
        do {
            listener = try LoopbackListener(port: UInt16(url?.port ?? 0))
        } catch {
            throw AuthError("'\(id)': cannot listen for the redirect on port \(url?.port ?? 0): \(error.reason)")
        }
        if let redirect, let url {
            redirectURL = redirect
            path = url.path.isEmpty ? "/" : url.path
        } else {
            redirectURL = "http://127.0.0.1:\(listener.port)/callback"
            path = "/callback"
        }
    }

    /// The query parameters of the first request for the redirect's path (others get a 404), waiting at most
    /// `seconds`, and no longer than the task it runs in is not canceled (looked at every
    /// ``OAuthClient/cancelationStep``: Esc on a send in the workbench). With `expectingFragment`, a request
    /// without parameters is answered with the page that resends the fragment as a query.
    func awaitRedirect(within seconds: TimeInterval, expectingFragment: Bool, id: String) throws(AuthError)
        -> [String: String]
    {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                throw AuthError("'\(id)': no redirect from the browser within \(Int(seconds)) seconds; not signed in")
            }
            if Task.isCancelled { throw AuthError("'\(id)': the sign-in was canceled") }
            let connection: FileDescriptor?
            do {
                let step = min(left, OAuthClient.cancelationStep) * 1000
                connection = try listener.accept(waitingAtMost: Int32(step.rounded(.up)))
            } catch {
                throw AuthError("'\(id)': waiting for the redirect failed: \(error.reason)")
            }
            guard let connection else { continue }
            defer { connection.closeIgnoringErrors() }
            let head = (try? connection.readRequestHead(milliseconds: 10_000)) ?? []
            guard let target = Self.target(of: head), let components = URLComponents(string: target),
                components.path == path
            else {
                Self.reply(connection, status: "404 Not Found", page: "Not the sign-in's redirect.")
                continue
            }
            let items = components.queryItems ?? []
            if items.isEmpty, expectingFragment {
                Self.reply(connection, status: "200 OK", page: Self.fragmentPage)
                continue
            }
            var parameters: [String: String] = [:]
            for item in items where parameters[item.name] == nil { parameters[item.name] = item.value ?? "" }
            let failed = parameters["error"] != nil
            Self.reply(
                connection, status: "200 OK",
                page: failed
                    ? "Sign-in refused. You can close this tab."
                    : "Signed in. You can close this tab and return to Ferry.")
            return parameters
        }
    }

    /// The request target of an HTTP request head (`/callback?code=…`).
    static func target(of head: [UInt8]) -> String? {
        let line = head.prefix { $0 != 13 && $0 != 10 }
        let words = line.split(separator: 0x20)
        guard words.count >= 2 else { return nil }
        return String(decoding: words[1], as: UTF8.self)
    }

    static func reply(_ connection: FileDescriptor, status: String, page: String) {
        let body = page.hasPrefix("<") ? page : "<!doctype html><title>Ferry</title><p>\(page)</p>"
        let text =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n" + body
        try? connection.writeAll(Array(text.utf8))
    }

    /// The page that resends an Implicit redirect's fragment as a query.
    static let fragmentPage =
        "<!doctype html><title>Ferry</title><script>"
        + "if (location.hash.length > 1) location.replace(location.pathname + '?' + location.hash.substring(1));"
        + "</script><p>Finishing the sign-in…</p>"
}
