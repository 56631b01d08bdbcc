/// How a secret being typed is drawn: one `•` per character, never the text itself (a client certificate's
/// passphrase, a secret `# @prompt` field).
enum MaskedText {
    /// `text` masked.
    static func masked(_ text: String) -> String { String(repeating: "•", count: text.count) }
}
