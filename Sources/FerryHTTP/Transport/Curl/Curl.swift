import CCurl
import Foundation

// The one file that talks to libcurl. Everything else in FerryHTTP uses the typed wrappers below:
// `CurlMulti` (one per transport, used only on its event-loop thread, except `wakeup()`) and `CurlEasy`
// (one per transfer in flight, recycled). Callbacks are non-capturing closures that find their
// `CurlTransfer` through `Unmanaged` user data; the event loop keeps the transfer alive meanwhile.

// MARK: - Global set-up

enum Curl {
    /// Opens libcurl (CCurl's `dlopen`, decision 0098) and runs `curl_global_init`, once per process, before the
    /// first handle is made: a process that never makes one never loads libcurl and its thirty libraries.
    static let isInitialized: Bool =
        ferry_curl_load() && ferry_curl_global_init(ferry_curl_global_default()) == CURLE_OK

    /// Why libcurl is not usable: it could not be opened (the loader's reason), or its global set-up failed.
    static var failure: String {
        let reason = ferry_curl_load_failure().map { String(cString: $0) } ?? ""
        return reason.isEmpty ? "libcurl failed to initialize" : reason
    }

    /// `libcurl/7.88.1 OpenSSL/3.0 …`. Building this line asks every library libcurl links for its version,
    /// and OpenLDAP's answer loads its SASL plugins (megabytes of resident memory), so requests use
    /// ``shortVersion`` instead. Opens libcurl; when it cannot be opened, says why.
    static var version: String {
        guard ferry_curl_load() else { return failure }
        return String(cString: ferry_curl_version())
    }

    /// `libcurl/7.88.1`, from `curl_version_info`, which asks no other library (`libcurl` when it cannot be opened).
    static let shortVersion: String = {
        guard ferry_curl_load(), let info = ferry_curl_version_info(ferry_curlversion_now()),
            let number = info.pointee.version
        else { return "libcurl" }
        return "libcurl/" + String(cString: number)
    }()

    /// The text libcurl gives for a result code.
    static func describe(_ code: Int) -> String { String(cString: ferry_curl_easy_strerror(CURLcode(UInt32(code)))) }
}

// MARK: - Multi handle

/// A libcurl multi handle: many transfers driven by one thread.
///
/// ``close()`` frees it (and with it the cache of idle connections) before the object goes; no other call
/// may follow it.
final class CurlMulti {
    private let handle: UnsafeMutableRawPointer
    private var isClosed = false

    init?() {
        guard Curl.isInitialized, let handle = ferry_curl_multi_init() else { return nil }
        self.handle = handle
        // Several requests to one HTTP/2 server share one connection (libcurl's default since 7.62, made
        // explicit here).
        ferry_multi_setopt_long(handle, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    deinit { close() }

    /// Frees the handle and closes its idle connections (once; later calls do nothing).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        ferry_curl_multi_cleanup(handle)
    }

    func add(_ easy: CurlEasy) -> Bool { ferry_curl_multi_add_handle(handle, easy.handle) == CURLM_OK }

    func remove(_ easy: CurlEasy) { ferry_curl_multi_remove_handle(handle, easy.handle) }

    /// Moves every transfer forward as far as it can without blocking.
    func perform() {
        var running: Int32 = 0
        while ferry_curl_multi_perform(handle, &running) == CURLM_CALL_MULTI_PERFORM {}
    }

    /// Waits for socket activity, a libcurl timer, `wakeup()` or `milliseconds`, whichever comes first.
    func poll(milliseconds: Int32) {
        var ready: Int32 = 0
        ferry_curl_multi_poll(handle, nil, 0, milliseconds, &ready)
    }

    /// Interrupts `poll` from any thread.
    func wakeup() { ferry_curl_multi_wakeup(handle) }

    /// The next finished transfer: its easy handle and result code.
    func nextFinished() -> (easy: UnsafeMutableRawPointer, code: Int)? {
        var remaining: Int32 = 0
        while let message = ferry_curl_multi_info_read(handle, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            return (easy, Int(message.pointee.data.result.rawValue))
        }
        return nil
    }
}

// MARK: - Easy handle

/// A libcurl easy handle for one transfer at a time; `reset()` readies it for the next.
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The lines in ``headerList``, set as `CURLOPT_HTTPHEADER`; `nil` when none are set (a new or reset
    /// handle). The next request of the same kind usually sends the same lines, and then keeps the list.
    private var appliedHeaderLines: [String]?

    init?() {
        guard Curl.isInitialized, let handle = ferry_curl_easy_init() else { return nil }
        self.handle = handle
        let size = Int(ferry_curl_error_size())
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        ferry_curl_easy_cleanup(handle)
        ferry_curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Clears every option (connections and caches live in the multi handle and survive); the next
    /// ``configure(_:for:)`` applies them all again.
    func reset() {
        endCookieEngine()
        ferry_curl_easy_reset(handle)
        configuredProfile = nil
        ferry_curl_slist_free_all(headerList)
        headerList = nil
        appliedHeaderLines = nil
        errorBuffer[0] = 0
    }

    // MARK: Cookie engine

    /// Whether libcurl's cookie engine is on, holding the cookies of the current or last transfer.
    private(set) var isCookieEngineOn = false

    /// Turns libcurl's cookie engine on for the next transfer, holding exactly `lines` (Netscape cookie file
    /// lines): libcurl then sends the matching ones on every hop, and those that earlier hops set on later ones.
    private func startCookieEngine(with lines: [String]) {
        endCookieEngine()
        // An empty file name reads no file: an engine in memory only.
        ferry_easy_setopt_string(handle, CURLOPT_COOKIEFILE, "")
        for line in lines { ferry_easy_setopt_string(handle, CURLOPT_COOKIELIST, line) }
        isCookieEngineOn = true
    }

    /// Drops every cookie libcurl holds and turns its cookie engine off, so none reaches the handle's next
    /// transfer (`curl_easy_reset` keeps both). Does nothing when the engine is off.
    func endCookieEngine() {
        guard isCookieEngineOn else { return }
        ferry_easy_setopt_string(handle, CURLOPT_COOKIELIST, "ALL")
        // A NULL file name frees the cookies and turns the engine off.
        ferry_easy_setopt_string(handle, CURLOPT_COOKIEFILE, nil)
        isCookieEngineOn = false
    }

    /// libcurl's own message for the last failure, or an empty string.
    var errorMessage: String { String(cString: errorBuffer) }

    // MARK: Configuring

    /// The profile the handle's options were last set from; `nil` on a new or reset handle.
    private var configuredProfile: CurlOptions.Profile?

    /// Applies `options` and points every callback at `transfer`.
    ///
    /// A handle whose last transfer ended normally keeps its options, as libcurl intends easy handles to be
    /// reused: when that transfer had the same ``CurlOptions/Profile`` (the common case of one request after
    /// another of the same kind), only the URL, the header lines and the callbacks' target are set, instead
    /// of resetting and setting some twenty options again. A profile with ``CurlOptions/Profile/usesCookieEngine``
    /// turns libcurl's cookie engine on for this transfer, holding ``CurlOptions/cookieLines`` only; the event
    /// loop ends it (``endCookieEngine()``) when the transfer is over.
    func configure(_ options: CurlOptions, for transfer: CurlTransfer) {
        if configuredProfile != options.profile {
            if configuredProfile != nil { reset() }
            apply(options.profile)
            configuredProfile = options.profile
        }
        errorBuffer[0] = 0
        ferry_easy_setopt_string(handle, CURLOPT_URL, options.url)
        if appliedHeaderLines != options.headerLines {
            let previousHeaders = headerList
            headerList = nil
            for line in options.headerLines { headerList = ferry_curl_slist_append(headerList, line) }
            ferry_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
            ferry_curl_slist_free_all(previousHeaders)
            appliedHeaderLines = options.headerLines
        }
        if options.profile.usesCookieEngine { startCookieEngine(with: options.cookieLines) }

        let context = Unmanaged.passUnretained(transfer).toOpaque()
        ferry_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        ferry_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        ferry_easy_setopt_pointer(handle, CURLOPT_READDATA, context)
        ferry_easy_setopt_pointer(handle, CURLOPT_SEEKDATA, context)
        ferry_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
        if options.profile.recordsSentHead { ferry_easy_setopt_pointer(handle, CURLOPT_DEBUGDATA, context) }
    }

    /// Sets every option but the URL, the header lines and the callbacks' target.
    private func apply(_ profile: CurlOptions.Profile) {
        setLong(CURLOPT_NOSIGNAL, 1)
        ferry_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        ferry_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        setLong(CURLOPT_TIMEOUT_MS, profile.timeoutMilliseconds)
        setLong(CURLOPT_CONNECTTIMEOUT_MS, profile.connectTimeoutMilliseconds)
        setLong(CURLOPT_FOLLOWLOCATION, profile.maxRedirects == nil ? 0 : 1)
        ferry_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, CurlFailure.redirectSchemes)
        if let maxRedirects = profile.maxRedirects { setLong(CURLOPT_MAXREDIRS, maxRedirects) }
        setLong(CURLOPT_SSL_VERIFYPEER, profile.verifiesTLS ? 1 : 0)
        setLong(CURLOPT_SSL_VERIFYHOST, profile.verifiesTLS ? 2 : 0)
        if let bundle = profile.certificateAuthorityBundle {
            ferry_easy_setopt_string(handle, CURLOPT_CAINFO, bundle)
        }
        profile.clientCertificate?.apply(to: handle)
        if let proxy = profile.proxy { ferry_easy_setopt_string(handle, CURLOPT_PROXY, proxy) }
        setLong(CURLOPT_HTTP_VERSION, Self.curlVersion(profile.httpVersion))
        setLong(CURLOPT_PIPEWAIT, profile.waitsForMultiplexing ? 1 : 0)
        setLong(CURLOPT_FRESH_CONNECT, profile.usesFreshConnection ? 1 : 0)
        setLong(CURLOPT_FORBID_REUSE, profile.usesFreshConnection ? 1 : 0)
        if let size = profile.receiveBufferSize { setLong(CURLOPT_BUFFERSIZE, size) }
        if let weight = profile.streamWeight { ferry_easy_set_stream_weight(handle, weight) }
        if let credentials = profile.digestCredentials {
            // libcurl sends the request bare, reads the 401's challenge and sends it again with the answer.
            setLong(CURLOPT_HTTPAUTH, ferry_curlauth_digest())
            ferry_easy_setopt_string(handle, CURLOPT_USERNAME, credentials.user)
            ferry_easy_setopt_string(handle, CURLOPT_PASSWORD, credentials.password)
        }
        applyMethod(profile.method)
        ferry_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, Self.write)
        ferry_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, Self.header)
        ferry_easy_setopt_data_callback(handle, CURLOPT_READFUNCTION, Self.read)
        ferry_easy_setopt_seek_callback(handle, CURLOPT_SEEKFUNCTION, Self.seek)
        if profile.callsProgress {
            setLong(CURLOPT_NOPROGRESS, 0)
            ferry_easy_setopt_xferinfo_callback(handle, CURLOPT_XFERINFOFUNCTION, Self.progress)
        }
        if profile.recordsSentHead {
            // The debug callback only runs while verbose; with one set, libcurl writes nothing to stderr.
            setLong(CURLOPT_VERBOSE, 1)
            ferry_easy_setopt_debug_callback(handle, CURLOPT_DEBUGFUNCTION, Self.debug)
        }
    }

    private func applyMethod(_ method: CurlOptions.Method) {
        switch method {
        case .get:
            setLong(CURLOPT_HTTPGET, 1)
        case .head:
            setLong(CURLOPT_NOBODY, 1)
        case .post(let length):
            setLong(CURLOPT_POST, 1)
            ferry_easy_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(length))
        case .upload(let length, let method):
            setLong(CURLOPT_UPLOAD, 1)
            ferry_easy_setopt_off(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(length))
            if let method { ferry_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method) }
        case .custom(let method):
            ferry_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }
    }

    /// Continues a transfer paused by the write callback; libcurl may deliver the held bytes right away.
    func resume() { ferry_curl_easy_pause(handle, CURLPAUSE_CONT) }

    private func setLong(_ option: CURLoption, _ value: Int) { ferry_easy_setopt_long(handle, option, value) }

    private static func curlVersion(_ preference: HTTPVersionPreference) -> Int {
        switch preference {
        case .automatic: Int(CURL_HTTP_VERSION_2TLS)
        case .http1_1: Int(CURL_HTTP_VERSION_1_1)
        case .http2: Int(CURL_HTTP_VERSION_2_0)
        case .http2PriorKnowledge: Int(CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE)
        }
    }

    // MARK: Reading results

    /// What libcurl measured about the finished (or failed) transfer; the fields that only explain a failure
    /// (``CurlInfo/osErrno``, ``CurlInfo/sslVerifyResult``, ``CurlInfo/errorMessage``) are read only when
    /// `failed`, and the effective URL only after a followed redirect (it is the request's URL otherwise).
    func info(failed: Bool) -> CurlInfo {
        var info = CurlInfo()
        info.responseCode = long(CURLINFO_RESPONSE_CODE)
        info.nameLookup = offset(CURLINFO_NAMELOOKUP_TIME_T)
        info.connect = offset(CURLINFO_CONNECT_TIME_T)
        info.appConnect = offset(CURLINFO_APPCONNECT_TIME_T)
        info.preTransfer = offset(CURLINFO_PRETRANSFER_TIME_T)
        info.startTransfer = offset(CURLINFO_STARTTRANSFER_TIME_T)
        info.total = offset(CURLINFO_TOTAL_TIME_T)
        info.redirectCount = long(CURLINFO_REDIRECT_COUNT)
        if info.redirectCount > 0 {
            info.redirect = offset(CURLINFO_REDIRECT_TIME_T)
            info.effectiveURL = string(CURLINFO_EFFECTIVE_URL)
        }
        info.primaryIP = string(CURLINFO_PRIMARY_IP)
        info.primaryPort = long(CURLINFO_PRIMARY_PORT)
        info.httpVersion =
            switch long(CURLINFO_HTTP_VERSION) {
            case Int(CURL_HTTP_VERSION_1_0): .http1_0
            case Int(CURL_HTTP_VERSION_1_1): .http1_1
            case Int(CURL_HTTP_VERSION_2_0): .http2
            case Int(CURL_HTTP_VERSION_3): .http3
            default: nil
            }
        info.requestSize = long(CURLINFO_REQUEST_SIZE)
        info.headerSize = long(CURLINFO_HEADER_SIZE)
        info.uploaded = offset(CURLINFO_SIZE_UPLOAD_T)
        info.downloaded = offset(CURLINFO_SIZE_DOWNLOAD_T)
        info.newConnections = long(CURLINFO_NUM_CONNECTS)
        if failed {
            info.osErrno = long(CURLINFO_OS_ERRNO)
            info.sslVerifyResult = long(CURLINFO_SSL_VERIFYRESULT)
            info.errorMessage = errorMessage
        }
        return info
    }

    private func long(_ info: CURLINFO) -> Int { CurlInfoReader(handle: handle).long(info) }
    private func offset(_ info: CURLINFO) -> Int { CurlInfoReader(handle: handle).offset(info) }
    private func string(_ info: CURLINFO) -> String? { CurlInfoReader(handle: handle).string(info) }

    // MARK: Callbacks

    private static let write: ferry_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        switch transfer.didReceiveBody(bytes) {
        case .accepted:
            transfer.idleWatch.noteActivity()
            return size * count
        case .pause:
            transfer.idleWatch.notePaused()
            return ferry_curl_writefunc_pause()
        case .abort: return 0
        }
    }

    private static let header: ferry_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        transfer.idleWatch.noteActivity()
        return transfer.didReceiveHeaderLine(bytes) ? size * count : 0
    }

    private static let read: ferry_curl_data_callback = { buffer, size, count, context in
        guard let buffer, let context else { return Int(ferry_curl_readfunc_abort()) }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.readBody(into: buffer, capacity: size * count) ?? Int(ferry_curl_readfunc_abort())
    }

    private static let seek: ferry_curl_seek_callback = { context, offset, origin in
        guard let context else { return ferry_curl_seekfunc_fail() }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        guard offset == 0, origin == SEEK_SET else { return ferry_curl_seekfunc_cantseek() }
        return transfer.rewindBody() ? ferry_curl_seekfunc_ok() : ferry_curl_seekfunc_fail()
    }

    /// Keeps the request heads libcurl writes (`CURLINFO_HEADER_OUT`); ignores its other debug output.
    private static let debug: ferry_curl_debug_callback = { _, type, data, size, context in
        guard type == CURLINFO_HEADER_OUT, let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        transfer.sentHeadRecorder?.append(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }

    private static let progress: ferry_curl_xferinfo_callback = { context, downTotal, downNow, upTotal, upNow in
        guard let context else { return 1 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        // Past the idle limit the transfer stops here; CurlTransfer reports it as a timeout, not a cancel.
        if transfer.idleWatch.hasPassed(transferred: Int(downNow) + Int(upNow)) { return 1 }
        // Called for the idle limit alone (nobody hears progress): only a cancel is news here.
        guard transfer.reportsProgress else { return transfer.isCanceled ? 1 : 0 }
        let keepGoing = transfer.didProgress(
            received: Int(downNow), expectedToReceive: Int(downTotal), sent: Int(upNow), expectedToSend: Int(upTotal))
        return keepGoing ? 0 : 1
    }
}

/// What libcurl reports about one transfer; times in microseconds from the start.
struct CurlInfo {
    var responseCode = 0
    /// The URL libcurl ended at; `nil` when it followed no redirect (then it is the request's URL).
    var effectiveURL: String?
    var nameLookup = 0
    var connect = 0
    var appConnect = 0
    var preTransfer = 0
    var startTransfer = 0
    var total = 0
    var redirect = 0
    var redirectCount = 0
    var primaryIP: String?
    var primaryPort = 0
    var httpVersion: HTTPVersion?
    var requestSize = 0
    var headerSize = 0
    var uploaded = 0
    var downloaded = 0
    var newConnections = 0
    /// The `errno` of a failed connection (read only after a failure, as are the two below).
    var osErrno = 0
    /// OpenSSL's X509 verify result (`X509_V_ERR_*`), 0 when the certificate was fine or not checked.
    var sslVerifyResult = 0
    var errorMessage = ""
}
