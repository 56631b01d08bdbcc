// MARK: - An imported file as .http text

extension ImportedCollection.File {
    /// The file's `.http` text: each request with its `###` separator and title, a blank line after each.
    public var text: String {
        requests.map { $0.rendered(separator: true) }.joined()
    }
}
