import FerryHTTP
import Foundation

// MARK: - Importing from a URL

extension ImportCommand {
    /// Whether `path` is an `http://` or `https://` address rather than a file.
    static func isWebAddress(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The body of a GET to `address` (an OpenAPI document or a collection published on the web), following
    /// redirects; prints why and returns `nil` when it fails or the server does not answer 2xx.
    static func fetch(_ address: String) -> [UInt8]? {
        let shown = InputExcerpt(address)
        guard let url = URL(string: address), url.host != nil else {
            printError("ferry import: \(shown) is not a valid URL")
            return nil
        }
        var request = HTTPRequest(url: url)
        request.timeout = .seconds(60)
        let client = HTTPClient(transport: CurlTransport())
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        client.task(for: request) { result in
            box.set(result)
            done.signal()
        }
        done.wait()
        switch box.get() {
        case .success(let response) where response.isSuccess:
            return [UInt8](response.body)
        case .success(let response):
            printError("ferry import: GET \(shown.unquoted) answered \(response.status) \(response.displayReason)")
        case .failure(let error):
            printError("ferry import: GET \(shown.unquoted): \(error.message)")
        case nil:
            printError("ferry import: GET \(shown.unquoted) did not finish")
        }
        return nil
    }

    /// The file name an address stands for, for telling the format (`openapi.yaml` from
    /// `https://host/v3/openapi.yaml?x=1`).
    static func fileName(ofAddress address: String) -> String {
        URL(string: address)?.lastPathComponent.nonEmpty ?? address
    }
}

extension String {
    /// The string, or `nil` when it is empty or `/`.
    fileprivate var nonEmpty: String? { isEmpty || self == "/" ? nil : self }
}
