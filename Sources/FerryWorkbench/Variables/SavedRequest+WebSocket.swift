import FerryHTTP
import Foundation

/// A `WEBSOCKET` request ready to open: the handshake request (variables substituted in the URL and
/// headers, directives applied) and the script with variables substituted in each message.
public struct PreparedWebSocket: Sendable {
    /// The handshake request, its URL `ws://` or `wss://`.
    public var request: HTTPRequest
    /// The URL with secrets masked, for display.
    public var maskedURL: String
    /// The handshake as a prepared request (method `GET`, masked copies), for the history and the scrubber.
    public var handshake: PreparedRequest
    /// The steps, each message resolved.
    public var script: WebSocketScript
}

extension SavedRequest {
    /// This WebSocket request made ready: URL and headers as for an HTTP request (the same CR/LF and wire
    /// rules, `@timeout`, `@connection-timeout`, `@insecure`), each message of the body's script resolved
    /// on its own (a variable's value can never add a `===` separator).
    ///
    /// Throws ``VariableError`` for an unresolved variable, a URL that is not `ws://` or `wss://` with a
    /// host, or a header that cannot be sent, with the file and line.
    public func preparedWebSocket(with context: VariableContext) throws -> PreparedWebSocket {
        var handshake = self
        handshake.body = nil
        handshake.explicitMethod = "GET"
        let prepared = try handshake.prepared(with: context)
        let location = sourceMap.map { SourceLocation(file: $0.file, line: $0.requestLine) }
        let lowered = prepared.url.lowercased()
        guard lowered.hasPrefix("ws://") || lowered.hasPrefix("wss://"), let webSocketURL = URL(string: prepared.url),
            webSocketURL.host?.isEmpty == false
        else {
            throw VariableError(
                .invalidURL(InputExcerpt(prepared.maskedURL).unquoted), part: "the URL (ws:// or wss://)",
                location: location)
        }
        var http = prepared
        http.url = "http" + prepared.url.dropFirst(2)
        var request = try http.httpRequest(location: location)
        request.target = .url(webSocketURL)

        let bodyLocation = sourceMap.map { SourceLocation(file: $0.file, line: $0.bodyLine ?? $0.requestLine) }
        let resolver = TemplateResolver(context: context, part: .body, location: bodyLocation)
        var steps: [WebSocketScript.Step] = []
        for step in webSocketScript.steps {
            switch step {
            case .send(let text): steps.append(.send(try resolver.resolve(text).value))
            case .waitForServer: steps.append(.waitForServer)
            }
        }
        var script = WebSocketScript(body: nil)
        script.steps = steps
        return PreparedWebSocket(request: request, maskedURL: prepared.maskedURL, handshake: prepared, script: script)
    }
}
