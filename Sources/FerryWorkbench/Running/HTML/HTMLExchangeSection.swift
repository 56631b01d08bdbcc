import FerryHTTP
import Foundation

/// The request as sent and the response as received, for the HTML report: header values through the send's
/// masking (``SecretScrubber/scrubbingHeader(named:value:)``: credentials keep only their scheme, cookies only
/// their names, secrets masked everywhere else), bodies masked and cut at ``bodyLimit`` bytes.
enum HTMLExchangeSection {
    /// How much of a body the report shows.
    static let bodyLimit = 64 * 1024

    /// The `<div class="exchange">` of `exchange`.
    static func html(of exchange: RunExchange) -> String {
        let scrubber = exchange.scrubber
        var request: [String] = []
        let heads = exchange.end.response?.sentHeads ?? []
        if let head = heads.last {
            request.append(head.method + " " + scrubber.scrub(head.target) + " " + head.version)
            for (name, value) in head.headers {
                request.append("\(name): \(scrubber.scrubbingHeader(named: name, value: value))")
            }
        } else {
            let sent = exchange.request
            request.append(sent.method.rawValue + " " + scrubber.scrub(sent.targetDescription))
            for (name, value) in sent.headers {
                request.append("\(name): \(scrubber.scrubbingHeader(named: name, value: value))")
            }
        }
        let requestBody = body(of: exchange.request.body, scrubber: scrubber)
        var response: [String] = []
        if let head = exchange.end.response {
            response.append("\(head.status) \(scrubber.scrub(head.reason))")
            for (name, value) in head.headers {
                response.append("\(name): \(scrubber.scrubbingHeader(named: name, value: value))")
            }
        }
        if let error = exchange.end.error { response.append("(\(scrubber.scrub(error.message)))") }
        let received = exchange.end.body
        let responseBody = scrubber.scrub(String(decoding: received.prefix(bodyLimit), as: UTF8.self))
        let more = received.count > bodyLimit ? "\n… \(received.count - bodyLimit) more bytes not shown" : ""
        return """
            <div class="exchange"><h4>Request</h4><pre>\(HTMLText.escaped(request.joined(separator: "\n")))\
            \(requestBody.isEmpty ? "" : "\n\n" + HTMLText.escaped(requestBody))</pre>\
            <h4>Response</h4><pre>\(HTMLText.escaped(response.joined(separator: "\n")))\
            \(responseBody.isEmpty ? "" : "\n\n" + HTMLText.escaped(responseBody) + more)</pre></div>
            """
    }

    /// The request's body as text, masked: inline bytes as sent (cut), a form encoded, a file or a multipart
    /// form by what it is.
    static func body(of body: HTTPBody, scrubber: SecretScrubber) -> String {
        switch body {
        case .none: ""
        case .data(let data, _), .json(let data):
            scrubber.scrub(String(decoding: data.prefix(bodyLimit), as: UTF8.self))
                + (data.count > bodyLimit ? "\n… \(data.count - bodyLimit) more bytes not shown" : "")
        case .form(let parameters): "(a form: " + scrubber.scrub(parameters.map(\.key).joined(separator: ", ")) + ")"
        case .multipart: "(a multipart form)"
        case .file(let url, _): "(the file \(scrubber.scrub(url.lastPathComponent)))"
        }
    }
}
