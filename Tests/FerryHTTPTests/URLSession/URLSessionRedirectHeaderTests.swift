import FerryHTTP
import FerryTestSupport
import FerryURLSession
import Foundation
import Testing

/// ``URLSessionTransport`` follows redirects itself: on a hop to another origin (another loopback port) it
/// leaves out every sensitive header, and keeps them on a hop within the origin.
@Suite struct URLSessionRedirectHeaderTests {
    @Test func sensitiveHeadersStayWithTheirOrigin() async throws {
        let home = try TestHTTPServer()
        let away = try TestHTTPServer()
        defer {
            home.stop()
            away.stop()
        }
        home.route("/start", responding: .redirect(to: "/same"))
        home.route("/same", responding: .redirect(to: away.baseURL + "/landing"))
        away.route("/landing", responding: .text("ok"))
        var request = HTTPRequest(
            url: try #require(URL(string: home.baseURL + "/start")),
            headers: [
                "Authorization": "Bearer t0k", "Proxy-Authorization": "Basic eA==", "Cookie": "sid=1",
                "X-Api-Key": "k-123", "X-Plain": "1",
            ])
        request.sensitiveHeaders = ["x-api-key"]
        let response = try await HTTPClient(transport: URLSessionTransport()).send(request)

        #expect(response.status == 200)
        #expect(response.redirects.count == 2)
        let sensitive = ["Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key"]
        let same = try #require(home.requests.last { $0.path == "/same" })
        for name in sensitive { #expect(same.header(name) != nil, "\(name) left out within the origin") }
        let landing = try #require(away.requests.last { $0.path == "/landing" })
        for name in sensitive { #expect(landing.header(name) == nil, "\(name) went to the other origin") }
        #expect(landing.header("X-Plain") == "1")
    }
}
