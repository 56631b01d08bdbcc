/// Reads protobuf wire data from untrusted bytes: every read is bounds-checked and throws instead of trapping.
struct WireReader {
    let bytes: [UInt8]
    private(set) var index: Int
    let end: Int

    /// A reader of `bytes[range]`.
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        index = range.lowerBound
        end = range.upperBound
    }

    /// A reader of all of `bytes`.
    init(_ bytes: [UInt8]) { self.init(bytes, range: 0..<bytes.count) }

    var isAtEnd: Bool { index >= end }

    /// The largest field number protobuf allows (2^29 - 1).
    static let maximumFieldNumber: UInt64 = (1 << 29) - 1

    /// The next tag, or `nil` at the end.
    mutating func tag() throws(ProtobufError) -> (number: Int32, wireType: WireType)? {
        guard !isAtEnd else { return nil }
        let key = try varint()
        let number = key >> 3
        guard number >= 1, number <= Self.maximumFieldNumber else {
            throw ProtobufError("field number \(number) is out of range (the bytes are not a protobuf message)")
        }
        guard let wireType = WireType(rawValue: UInt8(key & 7)) else {
            throw ProtobufError("field \(number) has the unknown wire type \(key & 7)")
        }
        return (Int32(number), wireType)
    }

    mutating func varint() throws(ProtobufError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while index < end {
            let byte = bytes[index]
            index += 1
            if shift == 63 && byte > 1 { throw ProtobufError("a varint is longer than 64 bits") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw ProtobufError("a varint is longer than ten bytes") }
        }
        throw ProtobufError("the bytes end inside a varint")
    }

    mutating func fixed32() throws(ProtobufError) -> UInt32 {
        guard end - index >= 4 else { throw ProtobufError("the bytes end inside a 32-bit field") }
        var value: UInt32 = 0
        for offset in 0..<4 { value |= UInt32(bytes[index + offset]) << (8 * offset) }
        index += 4
        return value
    }

    mutating func fixed64() throws(ProtobufError) -> UInt64 {
        guard end - index >= 8 else { throw ProtobufError("the bytes end inside a 64-bit field") }
        var value: UInt64 = 0
        for offset in 0..<8 { value |= UInt64(bytes[index + offset]) << (8 * offset) }
        index += 8
        return value
    }

    /// The range of a length-delimited field's bytes, which the reader steps over.
    mutating func lengthDelimited() throws(ProtobufError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - index) else {
            throw ProtobufError("a length of \(length) bytes runs past the end (\(end - index) left)")
        }
        let start = index
        index += Int(length)
        return start..<index
    }

    /// The bytes of `range` (from ``lengthDelimited()``).
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> { bytes[range] }

    /// Steps over a field of `wireType` (groups to their end, at most `depth` deep).
    mutating func skip(_ wireType: WireType, number: Int32, depth: Int = 0) throws(ProtobufError) {
        switch wireType {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .fixed32: _ = try fixed32()
        case .lengthDelimited: _ = try lengthDelimited()
        case .endGroup: throw ProtobufError("field \(number) ends a group that never started")
        case .startGroup:
            guard depth < MessageCodec.maximumDepth else { throw ProtobufError("groups nest too deep") }
            while let tag = try tag() {
                if tag.wireType == .endGroup {
                    guard tag.number == number else { throw ProtobufError("group \(number) ends as \(tag.number)") }
                    return
                }
                try skip(tag.wireType, number: tag.number, depth: depth + 1)
            }
            throw ProtobufError("the bytes end inside group \(number)")
        }
    }
}
