import CCurl
import FerryHTTP
import Foundation

// Raw libcurl with no FerryHTTP around it: the figures `CurlTransport`'s overhead is measured against
// (FerryBench, FerryHTTPProbe). A bench-only module, so the baselines are no part of FerryHTTP's API; it
// talks to libcurl directly, which is the point of a baseline. Every baseline sends the request head
// `CurlTransport` sends by default, discards bodies, and returns how many transfers answered 2xx.

/// Ways of fetching URLs with raw libcurl, to compare ``CurlTransport`` with.
package enum CurlBaseline {
    /// Fetches `urls` one after another on one reused easy handle.
    package static func sequentialFetch(_ urls: [String]) -> Int {
        guard CurlTransport.initializeLibcurl(), let easy = ferry_curl_easy_init() else { return 0 }
        defer { ferry_curl_easy_cleanup(easy) }
        let headers = makeHeaders()
        defer { ferry_curl_slist_free_all(headers) }
        setOptions(easy, headers: headers)
        var succeeded = 0
        for url in urls {
            ferry_easy_setopt_string(easy, CURLOPT_URL, url)
            if ferry_curl_easy_perform(easy) == CURLE_OK, answered2xx(easy) { succeeded += 1 }
        }
        return succeeded
    }

    /// Fetches `urls` with at most `inFlight` transfers at once on one multi handle driven by the calling
    /// thread: how raw libcurl does concurrent requests.
    package static func parallelFetch(_ urls: [String], inFlight: Int) -> Int {
        guard CurlTransport.initializeLibcurl(), let multi = ferry_curl_multi_init() else { return 0 }
        defer { ferry_curl_multi_cleanup(multi) }
        let headers = makeHeaders()
        defer { ferry_curl_slist_free_all(headers) }
        var spare: [UnsafeMutableRawPointer] = []
        var made: [UnsafeMutableRawPointer] = []
        defer { for easy in made { ferry_curl_easy_cleanup(easy) } }
        var next = 0
        var running = 0
        var succeeded = 0
        while next < urls.count || running > 0 {
            while running < inFlight, next < urls.count {
                let reused = spare.popLast()
                guard let easy = reused ?? ferry_curl_easy_init() else { return succeeded }
                if reused == nil { made.append(easy) }
                setOptions(easy, headers: headers)
                ferry_easy_setopt_string(easy, CURLOPT_URL, urls[next])
                ferry_curl_multi_add_handle(multi, easy)
                next += 1
                running += 1
            }
            var stillRunning: Int32 = 0
            ferry_curl_multi_perform(multi, &stillRunning)
            var remaining: Int32 = 0
            while let message = ferry_curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                if message.pointee.data.result == CURLE_OK, answered2xx(easy) { succeeded += 1 }
                ferry_curl_multi_remove_handle(multi, easy)
                spare.append(easy)
                running -= 1
            }
            if running > 0, running >= inFlight || next == urls.count {
                var ready: Int32 = 0
                ferry_curl_multi_poll(multi, nil, 0, 1000, &ready)
            }
        }
        return succeeded
    }

    /// Fetches `urls` one after another like ``sequentialFetch(_:)``, but with ``CurlTransport``'s thread
    /// layout and nothing else of it: one reused easy handle on a multi handle driven by its own thread,
    /// each URL posted by the caller and the thread woken with `curl_multi_wakeup`, each result handed back
    /// through a semaphore. What this costs over ``sequentialFetch(_:)`` is the price of the design (two
    /// thread hand-offs per request), not of FerryHTTP's code.
    package static func loopFetch(_ urls: [String]) -> Int {
        guard CurlTransport.initializeLibcurl(), let multi = ferry_curl_multi_init() else { return 0 }
        defer { ferry_curl_multi_cleanup(multi) }
        guard let easy = ferry_curl_easy_init() else { return 0 }
        defer { ferry_curl_easy_cleanup(easy) }
        let headers = makeHeaders()
        defer { ferry_curl_slist_free_all(headers) }
        setOptions(easy, headers: headers)

        let mailbox = LoopMailbox(multi: multi, easy: easy)
        let thread = Thread { mailbox.run() }
        thread.start()
        for url in urls {
            mailbox.post(url)
            mailbox.done.wait()
        }
        mailbox.post(nil)
        mailbox.done.wait()
        return mailbox.succeeded
    }

    /// The header lines every baseline sends: CurlTransport's default `User-Agent` line, so that a baseline
    /// and CurlTransport put the same request on the wire. libcurl spends ~5k instructions per request on one
    /// custom header line (callgrind: 76.5k per GET with it, 71.2k without), work any client that sends a
    /// User-Agent pays, not FerryHTTP's overhead.
    private static func makeHeaders() -> UnsafeMutablePointer<curl_slist>? {
        ferry_curl_slist_append(nil, CurlTransport.defaultUserAgentLine)
    }

    /// The options every baseline transfer has: bodies discarded, no signals, content decoding on, and
    /// `headers` (``makeHeaders()``).
    private static func setOptions(_ easy: UnsafeMutableRawPointer, headers: UnsafeMutablePointer<curl_slist>?) {
        let discard: ferry_curl_data_callback = { _, size, count, _ in size * count }
        ferry_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION, discard)
        ferry_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        ferry_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        ferry_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers)
    }

    /// Whether the finished transfer on `easy` answered with a 2xx status.
    fileprivate static func answered2xx(_ easy: UnsafeMutableRawPointer) -> Bool {
        var status = 0
        return ferry_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK
            && (200..<300).contains(status)
    }
}

/// The state shared by ``CurlBaseline/loopFetch(_:)``'s caller and its loop thread.
private final class LoopMailbox: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private let multi: UnsafeMutableRawPointer
    private let easy: UnsafeMutableRawPointer
    /// Guarded by `lock`: the next URL, and whether to stop (posting `nil`).
    private var next: String?
    private var stopping = false
    /// Loop-confined until the final `done` signal.
    private(set) var succeeded = 0

    init(multi: UnsafeMutableRawPointer, easy: UnsafeMutableRawPointer) {
        self.multi = multi
        self.easy = easy
    }

    /// Hands the loop a URL to fetch, or `nil` to stop; wakes it.
    func post(_ url: String?) {
        lock.lock()
        if let url { next = url } else { stopping = true }
        lock.unlock()
        ferry_curl_multi_wakeup(multi)
    }

    func run() {
        while true {
            lock.lock()
            let (url, stop) = (next, stopping)
            next = nil
            lock.unlock()
            if stop { break }
            if let url {
                ferry_easy_setopt_string(easy, CURLOPT_URL, url)
                ferry_curl_multi_add_handle(multi, easy)
            }
            var running: Int32 = 0
            ferry_curl_multi_perform(multi, &running)
            var remaining: Int32 = 0
            while let message = ferry_curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE else { continue }
                if message.pointee.data.result == CURLE_OK, CurlBaseline.answered2xx(easy) { succeeded += 1 }
                ferry_curl_multi_remove_handle(multi, easy)
                done.signal()
            }
            var ready: Int32 = 0
            ferry_curl_multi_poll(multi, nil, 0, 1000, &ready)
        }
        done.signal()
    }
}
