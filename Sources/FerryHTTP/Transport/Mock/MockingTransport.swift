/// The transport a client's attempts go through: the client's mocks (``HTTPClient/mock(_:_:with:times:)``)
/// answer a request they match, and the transport the client was made with carries every other one.
///
/// Mocks are a transport like any other, composed once when the client is made: the attempt loop
/// (`AttemptDriver`) starts each attempt on this one transport and never asks whether a mock answers, so a
/// mocked request is prepared, retried and reported exactly as a sent one is.
struct MockingTransport: HTTPTransport {
    /// The client's mocks, asked first.
    let mocks: MockTransport
    /// The transport the client was made with, for every request no mock answers.
    let transport: any HTTPTransport

    /// Answers `request` with its own ``HTTPRequest/mockResponse`` when it has one, else starts it on the
    /// newest mock that matches it, else on ``transport``.
    func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle {
        if let answer = request.mockResponse {
            mocks.record(request)
            return mocks.start(request, answeredWith: answer, events: events)
        }
        return mocks.start(request, events: events, recordingUnmatched: false)
            ?? transport.start(request, events: events)
    }

    /// Whether ``transport`` matches cookies on every hop (a mock answers with whatever its rule says).
    var matchesCookiesPerHop: Bool { transport.matchesCookiesPerHop }
}
