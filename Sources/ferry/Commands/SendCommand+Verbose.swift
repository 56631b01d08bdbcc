import FerryHTTP
import FerryWorkbench

// MARK: - --verbose

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
}
