import CCurl

extension ClientCertificate {
    /// Sets libcurl's client certificate options on `handle` (`CURLOPT_SSLCERT`, its type, the key and the
    /// passphrase), as curl's `--cert`, `--cert-type`, `--key` and `--pass` do.
    func apply(to handle: UnsafeMutableRawPointer) {
        ferry_easy_setopt_string(handle, CURLOPT_SSLCERT, certificate.path)
        ferry_easy_setopt_string(handle, CURLOPT_SSLCERTTYPE, format.rawValue)
        if let key { ferry_easy_setopt_string(handle, CURLOPT_SSLKEY, key.path) }
        if let passphrase { ferry_easy_setopt_string(handle, CURLOPT_KEYPASSWD, passphrase) }
    }
}
