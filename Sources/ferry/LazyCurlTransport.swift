import FerryHTTP
import Foundation

/// The curl transport, created on the first send: starting the workbench then does not pay for
/// `curl_global_init` (OpenSSL's initialisation, about 4% of the launch's instructions) before the
/// first frame.
final class LazyCurlTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var transport: CurlTransport?

    /// Starts `request` on the curl transport, creating it the first time.
    func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle {
        let curl = lock.withLock { () -> CurlTransport in
            let curl = transport ?? CurlTransport()
            transport = curl
            return curl
        }
        return curl.start(request, events: events)
    }

    /// Stops the curl transport's event loop, if it was ever started.
    func shutdown() {
        lock.withLock { transport }?.shutdown()
    }
}
