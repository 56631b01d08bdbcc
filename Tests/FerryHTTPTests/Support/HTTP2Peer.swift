import FerryHTTP
import FerryTestSupport
import Foundation

/// Requests against ``HypercornServer``'s routes, shared by the HTTP/2 suites.
enum HTTP2Peer {
    /// A GET for `path` on `baseURL` asking for `version`, trusting `authority` when given.
    static func request(
        _ baseURL: String, _ path: String, version: HTTPVersionPreference, authority: URL? = nil
    ) -> HTTPRequest {
        var request = HTTPRequest(url: URL(string: baseURL + path)!)
        request.httpVersion = version
        request.certificateAuthorityBundle = authority
        return request
    }

    /// Sends `count` requests at once to `/barrier/count` of one fresh group: the server answers none of
    /// them until all `count` are in flight together, so each body is `count` only if they were concurrent.
    static func barrier(
        _ client: HTTPClient, _ baseURL: String, count: Int, version: HTTPVersionPreference,
        authority: URL? = nil
    ) async throws -> [HTTPResponse] {
        let path = "/barrier/\(count)?group=\(UUID().uuidString)"
        let request = request(baseURL, path, version: version, authority: authority)
        return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            for _ in 0..<count { group.addTask { try await client.send(request) } }
            var responses: [HTTPResponse] = []
            for try await response in group { responses.append(response) }
            return responses
        }
    }
}
