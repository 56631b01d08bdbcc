import Foundation

// MARK: - Exchanges recorded elsewhere, kept as history

extension HistoryEntry.Timing {
    /// A breakdown in milliseconds; `total` is the whole transfer.
    public init(
        dns: Double, connect: Double, tls: Double, send: Double, waiting: Double, download: Double, total: Double
    ) {
        self.init(dns: dns, connect: connect, tls: tls, waiting: waiting, download: download, total: total, send: send)
    }
}

extension HistoryEntry {
    /// An entry for an exchange recorded by another tool, masked as a send's entry is: credentials
    /// (`Authorization`, `Proxy-Authorization`) keep only their scheme, cookies (`Cookie`, `Set-Cookie`) only
    /// their names, and those secret values are masked wherever else they appear (URL, headers, bodies, in the
    /// spellings ``SecretScrubber`` knows); bodies are kept up to `bodyCap` bytes.
    public init(recorded exchange: RecordedExchange, requestID: String, requestPath: String, bodyCap: Int = 64 * 1024) {
        let scrubber = SecretScrubber(Self.secrets(in: exchange))
        time = exchange.started
        self.requestID = requestID
        self.requestPath = requestPath
        environment = nil
        method = exchange.method
        url = scrubber.scrub(exchange.url)
        requestHeaders = exchange.requestHeaders.map {
            Header(name: $0.name, value: scrubber.scrubbingHeader(named: $0.name, value: $0.value))
        }
        requestBody = exchange.requestBody.flatMap { Self.text(Data(scrubber.scrub($0).utf8), cap: bodyCap) }
        requestSize = exchange.requestBody?.utf8.count ?? 0
        status = exchange.status
        error = nil
        responseHeaders = exchange.responseHeaders.map {
            Header(name: $0.name, value: Self.scrubbing(named: $0.name, value: $0.value, with: scrubber))
        }
        let body = exchange.responseBody.map { scrubber.scrub($0) }
        responseBody = body.flatMap { Self.text(Data($0.utf8), cap: bodyCap) }
        responseBodyTruncated = (body?.utf8.count ?? 0) > bodyCap
        responseSize = exchange.responseSize
        timing = exchange.timing
        reason = exchange.reason
        httpVersion = exchange.httpVersion
        remoteAddress = nil
        remotePort = nil
    }

    /// The credentials and cookie values of an exchange: what its entry must not hold in clear.
    static func secrets(in exchange: RecordedExchange) -> [String] {
        var secrets: [String] = []
        for header in exchange.requestHeaders + exchange.responseHeaders {
            switch header.name.lowercased() {
            case "authorization", "proxy-authorization":
                let credential = header.value.split(separator: " ", maxSplits: 1).last.map(String.init) ?? header.value
                secrets.append(credential.trimmingCharacters(in: .whitespaces))
            case "cookie":
                secrets += header.value.split(separator: ";").compactMap(cookieValue)
            case "set-cookie":
                secrets += header.value.split(separator: ";").prefix(1).compactMap(cookieValue)
            default:
                continue
            }
        }
        return secrets
    }

    /// The value of a `name=value` pair, `nil` when empty or missing.
    private static func cookieValue(_ pair: Substring) -> String? {
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// A response header's value as kept: a `Set-Cookie` keeps its name and attributes, its value masked.
    private static func scrubbing(named name: String, value: String, with scrubber: SecretScrubber) -> String {
        guard name.lowercased() == "set-cookie", let equals = value.firstIndex(of: "=") else {
            return scrubber.scrubbingHeader(named: name, value: value)
        }
        let end = value[equals...].firstIndex(of: ";") ?? value.endIndex
        return String(value[...equals]) + Secrets.mask + scrubber.scrub(String(value[end...]))
    }
}
