import FerryHTTP
import Foundation
import Testing

@Suite struct HTTPResponseReasonTests {
    let url = URL(fileURLWithPath: "/")

    @Test func theStatusLinePhraseWins() {
        #expect(HTTPResponse(status: 200, reason: "Fine", url: url).displayReason == "Fine")
    }

    @Test func aMissingPhraseFallsBackToTheStandardOne() {
        #expect(HTTPResponse(status: 404, url: url).displayReason == "Not Found")
        #expect(HTTPResponse(status: 503, url: url).displayReason == "Service Unavailable")
    }

    @Test func unknownCodesHaveNoPhrase() {
        #expect(HTTPResponse(status: 599, url: url).displayReason == "")
    }
}
