import FerryHTTP
import FerryWorkbench
import Foundation

/// What `-v|--verbose` writes on stderr for a request (`ferry send`, and each request of `ferry run`): the
/// request heads libcurl sent as curl's `> ` lines, the response head as `< ` lines, then the timing; the
/// send's secrets, credentials and cookies masked.
enum VerboseLines {
    /// Each request head libcurl sent (redirect hops included) as `> ` lines, with credentials, cookies and
    /// secret variables masked, and a hop's note of the headers it dropped.
    static func sentHeads(of response: HTTPResponse, scrubber: SecretScrubber) -> String {
        var lines: [String] = []
        for head in response.sentHeads {
            lines += head.droppedHeaders.map { ["> (\($0.summary))"] } ?? []
            lines.append("> " + head.method + " " + scrubber.scrub(head.target) + " " + head.version)
            for (name, value) in head.headers {
                lines.append("> \(name): " + scrubber.scrubbingHeader(named: name, value: value))
            }
            lines.append(">")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The final response's head as `< ` lines, with cookies and credentials masked.
    static func receivedHead(of response: HTTPResponse, scrubber: SecretScrubber) -> String {
        let version = response.timing?.httpVersion?.rawValue ?? "HTTP/1.1"
        var lines = ["< \(version) \(response.status)" + (response.reason.isEmpty ? "" : " \(response.reason)")]
        for (name, value) in response.headers {
            let shown =
                name.lowercased() == "set-cookie"
                ? maskedSetCookie(value) : scrubber.scrubbingHeader(named: name, value: value)
            lines.append("< \(name): " + shown)
        }
        lines.append("<")
        return lines.map { $0 + "\n" }.joined()
    }

    /// The transfer's phases and total, its cache status and remote address, one a line.
    static func timing(_ timing: TransferTiming) -> String {
        var lines = ""
        for (name, duration) in timing.phases {
            lines += name.padding(toLength: 10, withPad: " ", startingAt: 0) + milliseconds(duration) + "\n"
        }
        lines += "Total".padding(toLength: 10, withPad: " ", startingAt: 0) + milliseconds(timing.total) + "\n"
        if let status = timing.cacheStatus { lines += "Cache     \(status)\n" }
        if let address = timing.remoteAddress {
            lines += "Remote    \(address)\(timing.remotePort.map { ":\($0)" } ?? "")"
            lines += timing.connectionReused ? " (reused connection)\n" : "\n"
        }
        return lines
    }

    /// All of it for one response: the sent heads, the received head, the timing.
    static func exchange(_ response: HTTPResponse, scrubber: SecretScrubber) -> String {
        sentHeads(of: response, scrubber: scrubber) + receivedHead(of: response, scrubber: scrubber)
            + (response.timing.map(timing) ?? "")
    }

    /// A `Set-Cookie` value with the cookie's value masked and its attributes kept: `sid=••••••; Path=/`.
    static func maskedSetCookie(_ value: String) -> String {
        guard let equals = value.firstIndex(of: "=") else { return value }
        let attributes = value[equals...].firstIndex(of: ";").map { String(value[$0...]) } ?? ""
        return String(value[...equals]) + Secrets.mask + attributes
    }

    /// `duration` in milliseconds, right-aligned to nine columns and two decimals.
    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%9.2f ms", duration.seconds * 1000)
    }
}
