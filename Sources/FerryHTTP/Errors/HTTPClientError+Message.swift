import Foundation

// MARK: - Messages for people

extension HTTPClientError {
    /// What went wrong and what to try, in one or two sentences.
    public var message: String {
        switch reason {
        case .failedStatus(let code, _, let body):
            "The server answered \(code)\(Self.snippet(body)). Check the request against the API's documentation."
        case .unauthorized:
            "The server answered 401 Unauthorized. Check the credentials or token for this environment."
        case .unexpectedContentType(let expected, let actual):
            "Expected a \(expected) response but got \(actual.map { "\"\($0)\"" } ?? "no Content-Type")."
        case .unexpectedNoContent(let status):
            "The server answered \(status) with no content where a body was expected."
        case .parseFailed(let failure):
            "The response body could not be read: \(failure). The body (\(failure.bodyLength) bytes) began: "
                + "\"\(failure.bodyExcerpt)\"\(failure.bodyLength > ParseFailureDetails.excerptLimit ? "…" : "")"
        case .cannotResolveHost(let host):
            "Cannot resolve host \"\(host)\". Check the spelling, your network, or the environment's base URL."
        case .connectionRefused(let host, let port):
            "Connection refused by \(host)\(port.map { ":\($0)" } ?? ""). Is the server running on that port?"
        case .timedOut(let phase):
            "Timed out while \(phase.rawValue). The server may be slow or unreachable; raise the timeout to wait longer."
        case .tlsFailure(let failure):
            "The secure connection failed: \(failure.explanation). \(failure.advice)"
        case .connectionReset:
            "The server reset the connection. It may have crashed or refused the request; try again or check its logs."
        case .malformedResponse(let why):
            "The response is malformed: \(why). Nothing of it was kept; the server or a proxy is at fault."
        case .bodyTruncated(let why):
            "The response ended early: \(why). The server or a proxy cut the transfer short."
        case .bodyTooLarge(let limit):
            "The response body is larger than the \(limit)-byte limit. Stream it to a file instead."
        case .tooManyRedirects(let limit):
            "Stopped after \(limit) redirects; the server may be redirecting in a loop."
        case .invalidURL(let why):
            "Invalid URL: \(why)."
        case .unsendable(let violation):
            "Not sent: \(violation).\(Self.advice(for: violation.problem))"
        case .fileFailed(let why):
            "A local file could not be used: \(why)."
        case .canceled:
            "The request was canceled."
        case .rejected(let why):
            "Stopped by the client: \(why)."
        case .transport(let code, let detail):
            "The transfer failed: \(detail) (code \(code))."
        }
    }

    /// What to do about a wire violation, after a space; empty when the violation says it all.
    private static func advice(for problem: WireViolation.Problem) -> String {
        switch problem {
        case .character("\r", _), .character("\n", _), .character("\0", _):
            " It would end the line early and let the rest rewrite the request: check where the value comes from."
        case .tooLong: " Send the data in the body instead."
        case .character, .empty: ""
        }
    }

    private static func snippet(_ body: Data) -> String {
        guard !body.isEmpty else { return "" }
        let text = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "" }
        return ": \"\(text.count > 120 ? String(text.prefix(120)) + "…" : text)\""
    }
}

extension HTTPClientError: LocalizedError {
    /// The same as ``message``.
    public var errorDescription: String? { message }
}
