import FerrySystem

/// The hash functions of the JetBrains crypto API (`crypto.md5()` … `crypto.sha512()`), written in Swift
/// because swift-corelibs-foundation has no CryptoKit.
public enum HashAlgorithm: String, Sendable, CaseIterable {
    /// MD5 (RFC 1321), 16 bytes.
    case md5
    /// SHA-1 (FIPS 180-4), 20 bytes.
    case sha1
    /// SHA-256 (FIPS 180-4), 32 bytes.
    case sha256
    /// SHA-384 (FIPS 180-4), 48 bytes.
    case sha384
    /// SHA-512 (FIPS 180-4), 64 bytes.
    case sha512

    /// The digest of `message`.
    public func digest(_ message: [UInt8]) -> [UInt8] {
        switch self {
        case .md5: MD5.digest(message)
        case .sha1: SHA1.digest(message)
        case .sha256: SHA256.digest(message)
        case .sha384: SHA512.digest(message, variant: .sha384)
        case .sha512: SHA512.digest(message, variant: .sha512)
        }
    }

    /// The block size HMAC pads the key to.
    var blockSize: Int {
        switch self {
        case .md5, .sha1, .sha256: 64
        case .sha384, .sha512: 128
        }
    }

    /// HMAC (RFC 2104) of `message` under `key`.
    public func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > blockSize ? digest(key) : key
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = digest(block.map { $0 ^ 0x36 } + message)
        return digest(block.map { $0 ^ 0x5c } + inner)
    }
}

/// Message padding shared by MD5 and the SHA family: 0x80, zeros, then the bit length in
/// `lengthBytes` bytes (big- or little-endian), to a multiple of `blockSize`.
func padded(_ message: [UInt8], blockSize: Int, lengthBytes: Int, bigEndian: Bool) -> [UInt8] {
    var bytes = message
    bytes.append(0x80)
    while bytes.count % blockSize != blockSize - lengthBytes { bytes.append(0) }
    let bitLength = UInt64(message.count) &* 8
    var length = [UInt8](repeating: 0, count: lengthBytes)
    for index in 0..<8 { length[lengthBytes - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index))) }
    bytes += bigEndian ? length : length.reversed()
    return bytes
}
