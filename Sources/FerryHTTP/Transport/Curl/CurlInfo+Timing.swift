// MARK: - Timing from libcurl's measurements

extension TransferTiming {
    /// Phases from libcurl's times (µs): each phase is the difference between two marks, so they add up
    /// to the total. libcurl sums each mark over all hops when it follows redirects, so each phase is the
    /// time spent in it over every hop.
    init(_ info: CurlInfo) {
        self.init()
        let start = 0
        let lookup = max(info.nameLookup, start)
        let connected = max(info.connect, lookup)
        let secured = info.appConnect > 0 ? max(info.appConnect, connected) : connected
        let ready = max(info.preTransfer, secured)
        let firstByte = max(info.startTransfer, ready)
        let end = max(info.total, firstByte)
        dnsLookup = .microseconds(lookup - start)
        connect = .microseconds(connected - lookup)
        tlsHandshake = .microseconds(secured - connected)
        requestSent = .microseconds(ready - secured)
        waiting = .microseconds(firstByte - ready)
        download = .microseconds(end - firstByte)
        total = .microseconds(end)
        redirect = .microseconds(info.redirect)
        remoteAddress = info.primaryIP.flatMap { $0.isEmpty ? nil : $0 }
        remotePort = info.primaryPort > 0 ? info.primaryPort : nil
        httpVersion = info.httpVersion
        bytesSent = info.requestSize + info.uploaded
        bytesReceived = info.headerSize + info.downloaded
        connectionReused = info.newConnections == 0 && info.redirectCount == 0
    }
}
