import FerrySystem
import Testing

@Suite struct ByteSearchTests {
    @Test func findsTheFirstByteWithinTheRangeOnly() {
        let bytes = Array("a\"b\"c".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "\""), in: buffer, within: 0..<5) == 1)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "\""), in: buffer, within: 2..<5) == 3)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "\""), in: buffer, within: 4..<5) == nil)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "\""), in: buffer, within: 1..<1) == nil)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "\""), in: buffer, within: 3..<9) == nil, "past the end")
        }
    }
}
