// MARK: - Whether a request can go on the wire as it is

extension HTTPRequest {
    /// The first part of this request that cannot be sent as it is, or `nil`: the method (a token), the URL
    /// and proxy URL (no space or control character, at most ``WireViolation/urlLengthLimit`` characters),
    /// each header (a token name; an RFC 9110 field value: no control character but the tab), Digest
    /// credentials, and a multipart body's
    /// boundary and part attributes.
    ///
    /// ``HTTPClient`` checks every attempt here, after the interceptors adapt it and just before the
    /// transport gets it, and fails it with ``HTTPClientError/Reason/unsendable(_:)``.
    public var wireViolation: WireViolation? { wireViolation(cookieLines: nil) }

    /// ``wireViolation``, and the cookie jar's Netscape cookie file lines for libcurl's cookie engine
    /// (``TransferEvents/perHopCookieLines``), which hold no control character either.
    func wireViolation(cookieLines: [String]?) -> WireViolation? {
        if let violation = WireViolation.method(method.rawValue) { return violation }
        if let violation = WireViolation.url(url?.absoluteString ?? targetDescription) { return violation }
        // A proxy URL may carry a password: never quoted.
        if let proxy, let violation = WireViolation.url(proxy.absoluteString, as: .proxy, quoting: false) {
            return violation
        }
        for (name, value) in headers {
            if let violation = WireViolation.header(name: name, value: value) { return violation }
        }
        if case .digest(let user, let password) = auth {
            for text in [user, password] {
                if let violation = WireViolation.fieldControl(in: text, as: .credentials) { return violation }
            }
        }
        if case .multipart(let form) = body, let violation = WireViolation.multipart(form) { return violation }
        for line in cookieLines ?? [] {
            // domain, subdomains, path, secure, expiry, name, value: columns count within the field at fault.
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let name = fields.count > 5 ? fields[5] : ""
            for field in fields {
                if let violation = WireViolation.fieldControl(in: field, as: .cookie(name)) { return violation }
            }
        }
        return nil
    }
}
