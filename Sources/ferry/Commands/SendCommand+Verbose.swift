import FerryHTTP
import FerryWorkbench

// MARK: - --verbose

extension Sender {
    /// Writes each request head libcurl sent (redirect hops included) to stderr as curl's `> ` lines, with
    /// credentials, cookies and secret variables masked.
    func printSentHeads(_ response: HTTPResponse) {
        for head in response.sentHeads {
            let secrets = prepared.prepared.secrets
            var lines = ["> " + head.method + " " + Secrets.masking(secrets, in: head.target) + " " + head.version]
            for (name, value) in head.headers {
                lines.append("> \(name): " + Secrets.maskingHeader(named: name, value: value, secrets: secrets))
            }
            lines.append(">")
            printError(lines.joined(separator: "\n"))
        }
    }
}
