import FerryDynamic
import FerryJSON
import Foundation

/// A digest the prelude's hasher asks for: the algorithm, the inputs in order and the HMAC secret, each
/// input as `[kind, text, encoding?]` with kind `text`, `hex`, `base64` or `base64url`.
enum CryptoRequest {
    /// The hex digest (or HMAC when `secretJSON` is not `null`) of the parts.
    static func digest(algorithm name: String, partsJSON: String, secretJSON: String) throws(NativeFunctionError)
        -> String
    {
        guard let algorithm = HashAlgorithm(rawValue: name) else {
            throw NativeFunctionError(message: "crypto.\(name) is not supported by Ferry")
        }
        guard let parts = try? JSONValue(parsing: partsJSON).arrayValue,
            let secret = try? JSONValue(parsing: secretJSON)
        else { throw NativeFunctionError(message: "crypto: malformed input") }
        var message = [UInt8]()
        for part in parts { message += try bytes(of: part) }
        if secret.isNull { return ByteEncoding.hex(algorithm.digest(message)) }
        return ByteEncoding.hex(algorithm.hmac(key: try bytes(of: secret), message: message))
    }

    private static func bytes(of part: JSONValue) throws(NativeFunctionError) -> [UInt8] {
        guard let fields = part.arrayValue?.compactMap(\.stringValue), fields.count >= 2 else {
            throw NativeFunctionError(message: "crypto: malformed input")
        }
        let (kind, text) = (fields[0], fields[1])
        switch kind {
        case "text":
            let encodingName = fields.count > 2 ? fields[2] : "UTF-8"
            guard let encoding = textEncoding(named: encodingName) else {
                throw NativeFunctionError(
                    message: "crypto: the text encoding \(encodingName) is not supported by Ferry")
            }
            guard let data = text.data(using: encoding) else {
                throw NativeFunctionError(message: "crypto: the text cannot be written in \(encodingName)")
            }
            return [UInt8](data)
        case "hex":
            guard let bytes = ByteEncoding.bytes(hex: text) else {
                throw NativeFunctionError(message: "crypto: updateWithHex/withHexSecret got text that is not hex")
            }
            return bytes
        default:
            guard let bytes = ByteEncoding.bytes(base64: text, urlSafe: kind == "base64url") else {
                throw NativeFunctionError(
                    message: "crypto: updateWithBase64/withBase64Secret got text that is not Base64")
            }
            return bytes
        }
    }

    /// The encodings Java names that `updateWithText` and `withTextSecret` accept.
    private static func textEncoding(named name: String) -> String.Encoding? {
        switch name.uppercased().replacingOccurrences(of: "_", with: "-") {
        case "UTF-8", "UTF8": .utf8
        case "ISO-8859-1", "LATIN1", "ISO8859-1": .isoLatin1
        case "US-ASCII", "ASCII": .ascii
        case "UTF-16BE": .utf16BigEndian
        case "UTF-16LE": .utf16LittleEndian
        default: nil
        }
    }
}
