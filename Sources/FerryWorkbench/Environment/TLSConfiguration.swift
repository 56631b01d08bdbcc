import FerryHTTP
import Foundation

/// An environment's `SSLConfiguration`, as the JetBrains HTTP Client writes it: a client certificate (PEM,
/// DER or PKCS#12) and its key, whether the key has a passphrase (asked for when sending, never stored), and
/// whether the server's certificate is verified. The private file's fields are merged over the public one's.
///
/// ```json
/// "dev": { "SSLConfiguration": { "clientCertificate": "certs/dev.pem", "clientCertificateKey": "certs/dev.key",
///                                "hasCertificatePassphrase": true, "verifyHostCertificate": true } }
/// ```
public struct TLSConfiguration: Sendable, Hashable {
    /// `clientCertificate`: the path as written (relative to the environment files' folder).
    public var certificatePath: String?
    /// The certificate's format: `format` of the object form, else from the file name (`.p12`, `.pfx`: PKCS#12;
    /// `.der`: DER; anything else PEM).
    public var certificateFormat: ClientCertificate.Format
    /// `clientCertificateKey`: the key's path as written, when it is a file of its own.
    public var keyPath: String?
    /// `hasCertificatePassphrase`.
    public var hasPassphrase: Bool
    /// `verifyHostCertificate` (`true` unless `false`).
    public var verifiesHost: Bool
    /// The folder relative paths start from (the workspace's root, where the environment files are).
    public var folder: URL
    /// Where the configuration is written.
    public var location: SourceLocation

    /// The certificate file's URL, when one is set.
    public var certificateURL: URL? { certificatePath.map(url) }
    /// The key file's URL, when one is set.
    public var keyURL: URL? { keyPath.map(url) }

    private func url(_ path: String) -> URL {
        let expanded = path.hasPrefix("~/") ? NSString(string: path).expandingTildeInPath : path
        return expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : folder.appendingPathComponent(expanded)
    }

    /// The client certificate to present, with `passphrase` (asked for when ``hasPassphrase``).
    public func clientCertificate(passphrase: String?) -> ClientCertificate? {
        certificateURL.map {
            ClientCertificate(certificate: $0, format: certificateFormat, key: keyURL, passphrase: passphrase)
        }
    }
}

extension EnvironmentFiles {
    /// The `SSLConfiguration` of environment `name` (`$shared`'s, then the environment's, public then private,
    /// field by field), with relative paths starting at `folder`; `nil` when there is none.
    public func tlsConfiguration(for name: String?, folder: URL) -> TLSConfiguration? {
        var layers = [(publicLayer, Self.sharedName), (privateLayer, Self.sharedName)]
        if let name { layers += [(publicLayer, name), (privateLayer, name)] }
        var fields: [String: EnvironmentJSON] = [:]
        var location: SourceLocation?
        for (layer, environment) in layers {
            for setting in layer.settings
            where setting.environment == environment && setting.member.key == "SSLConfiguration" {
                guard case .object(let members) = setting.member.value else { continue }
                location = location ?? SourceLocation(file: setting.file, line: setting.member.line)
                for member in members { fields[member.key] = member.value }
            }
        }
        guard let location else { return nil }
        func path(_ key: String) -> (path: String?, format: String?) {
            switch fields[key] {
            case .string(let text)?: return (text.isEmpty ? nil : text, nil)
            case .object(let members)?:
                let path = members.first { $0.key == "path" }?.value.scalarText
                return (path?.isEmpty == false ? path : nil, members.first { $0.key == "format" }?.value.scalarText)
            default: return (nil, nil)
            }
        }
        let certificate = path("clientCertificate")
        return TLSConfiguration(
            certificatePath: certificate.path,
            certificateFormat: Self.format(named: certificate.format, path: certificate.path),
            keyPath: path("clientCertificateKey").path,
            hasPassphrase: fields["hasCertificatePassphrase"] == .bool(true),
            verifiesHost: fields["verifyHostCertificate"] != .bool(false), folder: folder, location: location)
    }

    static func format(named name: String?, path: String?) -> ClientCertificate.Format {
        switch name?.uppercased() {
        case "P12", "PFX", "PKCS12": return .pkcs12
        case "DER": return .der
        case "PEM": return .pem
        default:
            let suffix = path.map { URL(fileURLWithPath: $0).pathExtension.lowercased() } ?? ""
            return ["p12", "pfx"].contains(suffix) ? .pkcs12 : suffix == "der" ? .der : .pem
        }
    }
}
