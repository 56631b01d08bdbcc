// MARK: - What must not be shown or recorded

extension PreparedRequest {
    /// Every value that must not appear in a record: the secrets, header values built from them,
    /// and the credentials part of such headers (such as a Basic token).
    public var sensitiveValues: [String] {
        var values = secrets
        for header in headers where header.value != header.maskedValue {
            values.append(header.value)
            if let space = header.value.firstIndex(of: " ") {
                values.append(String(header.value[header.value.index(after: space)...]))
            }
        }
        return values
    }

    /// The scrubber for everything shown or recorded about this send: it masks ``sensitiveValues`` and their
    /// likely echoes. Compiled on every call: build it once per send.
    public var scrubber: SecretScrubber { SecretScrubber(sensitiveValues) }
}
