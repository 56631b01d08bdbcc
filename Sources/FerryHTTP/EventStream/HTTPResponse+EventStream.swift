extension HTTPResponse {
    /// Whether the body is a server-sent event stream (`Content-Type: text/event-stream`, parameters aside).
    public var isEventStream: Bool {
        headers["Content-Type"].map { MediaType($0).essence } == "text/event-stream"
    }
}
