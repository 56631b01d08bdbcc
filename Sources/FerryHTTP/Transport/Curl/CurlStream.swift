import CCurl
import Foundation
import Synchronization

// The second file that talks to libcurl: a connection opened with `CURLOPT_CONNECT_ONLY`, then read and
// written with `curl_easy_recv` / `curl_easy_send` (the WebSocket client speaks its own protocol over it).
// Name resolution, proxies (tunnelled with CONNECT), TLS and the connect timeout are libcurl's, set from the
// same `CurlOptions.Profile` fields as an HTTP transfer's.

/// One raw byte stream through libcurl. Used from one thread at a time (the WebSocket's I/O thread), except
/// ``cancel()``.
final class CurlStream: @unchecked Sendable {
    /// What one read or write did.
    enum Outcome {
        /// This many bytes moved (more than zero).
        case moved(Int)
        /// Nothing can move now; wait for the socket.
        case wouldBlock
        /// The peer closed the connection (reads only).
        case closed
        /// The connection failed.
        case failed
    }

    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let canceled = CancelFlag()

    init?() {
        guard Curl.isInitialized, let handle = ferry_curl_easy_init() else { return nil }
        self.handle = handle
        let size = Int(ferry_curl_error_size())
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        ferry_curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Resolves, connects (through the proxy, with TLS for `https`) and returns; blocks the calling thread
    /// until connected, failed, past the connect timeout or canceled. `nil` when connected.
    func connect(_ options: CurlOptions, request: HTTPRequest) -> HTTPClientError.Reason? {
        let profile = options.profile
        setLong(CURLOPT_NOSIGNAL, 1)
        ferry_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        ferry_easy_setopt_string(handle, CURLOPT_URL, options.url)
        setLong(CURLOPT_CONNECT_ONLY, 1)
        setLong(CURLOPT_CONNECTTIMEOUT_MS, profile.connectTimeoutMilliseconds)
        setLong(CURLOPT_SSL_VERIFYPEER, profile.verifiesTLS ? 1 : 0)
        setLong(CURLOPT_SSL_VERIFYHOST, profile.verifiesTLS ? 2 : 0)
        if let bundle = profile.certificateAuthorityBundle { ferry_easy_setopt_string(handle, CURLOPT_CAINFO, bundle) }
        profile.clientCertificate?.apply(to: handle)
        if let proxy = profile.proxy {
            ferry_easy_setopt_string(handle, CURLOPT_PROXY, proxy)
            setLong(CURLOPT_HTTPPROXYTUNNEL, 1)
        }
        // The WebSocket handshake is HTTP/1.1: ALPN must not offer h2.
        setLong(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        setLong(CURLOPT_NOPROGRESS, 0)
        ferry_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(canceled).toOpaque())
        ferry_easy_setopt_xferinfo_callback(handle, CURLOPT_XFERINFOFUNCTION, Self.progress)
        let code = Int(ferry_curl_easy_perform(handle).rawValue)
        guard code != 0 else { return nil }
        var info = timingInfo()
        info.osErrno = long(CURLINFO_OS_ERRNO)
        info.sslVerifyResult = long(CURLINFO_SSL_VERIFYRESULT)
        info.errorMessage = String(cString: errorBuffer)
        return CurlFailure(code: code, info: info, request: request).reason
    }

    /// Stops a ``connect(_:request:)`` in progress from any thread (it returns `.canceled`).
    func cancel() { canceled.set() }

    /// The connected socket, for `poll(2)`; `nil` before a connection.
    var socket: Int32? {
        var socket: curl_socket_t = -1
        guard ferry_easy_getinfo_socket(handle, CURLINFO_ACTIVESOCKET, &socket) == CURLE_OK, socket >= 0 else {
            return nil
        }
        return socket
    }

    /// Reads what has arrived, at most `buffer.count` bytes.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Outcome {
        guard let base = buffer.baseAddress else { return .wouldBlock }
        var count = 0
        let code = ferry_curl_easy_recv(handle, base, buffer.count, &count)
        if code == CURLE_AGAIN { return .wouldBlock }
        guard code == CURLE_OK else { return .failed }
        return count == 0 ? .closed : .moved(count)
    }

    /// Writes as much of `bytes` as the connection takes now.
    func send(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .moved(0) }
        var count = 0
        let code = ferry_curl_easy_send(handle, base, bytes.count, &count)
        if code == CURLE_AGAIN { return .wouldBlock }
        guard code == CURLE_OK else { return .failed }
        return count == 0 ? .wouldBlock : .moved(count)
    }

    /// libcurl's marks for the connection: name lookup, connect, TLS (microseconds from the start).
    func timingInfo() -> CurlInfo {
        var info = CurlInfo()
        info.nameLookup = offset(CURLINFO_NAMELOOKUP_TIME_T)
        info.connect = offset(CURLINFO_CONNECT_TIME_T)
        info.appConnect = offset(CURLINFO_APPCONNECT_TIME_T)
        info.primaryIP = string(CURLINFO_PRIMARY_IP)
        info.primaryPort = long(CURLINFO_PRIMARY_PORT)
        return info
    }

    private func setLong(_ option: CURLoption, _ value: Int) { ferry_easy_setopt_long(handle, option, value) }

    private func long(_ info: CURLINFO) -> Int { CurlInfoReader(handle: handle).long(info) }
    private func offset(_ info: CURLINFO) -> Int { CurlInfoReader(handle: handle).offset(info) }
    private func string(_ info: CURLINFO) -> String? { CurlInfoReader(handle: handle).string(info) }

    private static let progress: ferry_curl_xferinfo_callback = { context, _, _, _, _ in
        guard let context else { return 1 }
        return Unmanaged<CancelFlag>.fromOpaque(context).takeUnretainedValue().isSet ? 1 : 0
    }

    /// A flag set once from any thread and read by libcurl's progress callback.
    private final class CancelFlag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
        func set() { value.store(true, ordering: .releasing) }
    }
}
