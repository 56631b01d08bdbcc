import Foundation

/// Masking of secret values wherever they are shown or recorded.
public enum Secrets {
    /// What a secret is shown as.
    public static let mask = "••••••"

    /// `text` with every occurrence of each secret (longest first) replaced by the mask; secrets
    /// shorter than 3 characters are left alone, since masking them would mangle ordinary text.
    public static func masking(_ secrets: some Collection<String>, in text: String) -> String {
        var result = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) where secret.count >= 3 {
            result = result.replacingOccurrences(of: secret, with: mask)
        }
        return result
    }
}
