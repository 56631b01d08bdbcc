import FerryHTTP
import FerryWorkbench

// MARK: - -v|--verbose

extension Sender {
    /// Writes each request head libcurl sent (redirect hops included) to stderr as curl's `> ` lines, with
    /// credentials, cookies and secret variables masked, and a hop's note of the headers it dropped.
    func printSentHeads(_ response: HTTPResponse) {
        let scrubber = prepared.prepared.scrubber
        for head in response.sentHeads {
            var lines = head.droppedHeaders.map { ["> (\($0.summary))"] } ?? []
            lines.append("> " + head.method + " " + scrubber.scrub(head.target) + " " + head.version)
            for (name, value) in head.headers {
                lines.append("> \(name): " + scrubber.scrubbingHeader(named: name, value: value))
            }
            lines.append(">")
            printError(lines.joined(separator: "\n"))
        }
    }

    /// Writes the final response's head to stderr as curl's `< ` lines, with cookies and credentials masked.
    func printReceivedHead(_ response: HTTPResponse) {
        let scrubber = prepared.prepared.scrubber
        let version = response.timing?.httpVersion?.rawValue ?? "HTTP/1.1"
        var lines = ["< \(version) \(response.status)" + (response.reason.isEmpty ? "" : " \(response.reason)")]
        for (name, value) in response.headers {
            let shown =
                name.lowercased() == "set-cookie"
                ? Self.maskedSetCookie(value) : scrubber.scrubbingHeader(named: name, value: value)
            lines.append("< \(name): " + shown)
        }
        lines.append("<")
        printError(lines.joined(separator: "\n"))
    }

    /// A `Set-Cookie` value with the cookie's value masked and its attributes kept: `sid=••••••; Path=/`.
    static func maskedSetCookie(_ value: String) -> String {
        guard let equals = value.firstIndex(of: "=") else { return value }
        let attributes = value[equals...].firstIndex(of: ";").map { String(value[$0...]) } ?? ""
        return String(value[...equals]) + Secrets.mask + attributes
    }
}
