import FerryDynamic
import Testing

/// The hashes and HMAC without a script engine: FerryScriptTests' `CryptoAPITests` check them through `crypto`.
@Suite struct HashAlgorithmTests {
    /// Published vectors: RFC 1321 (MD5), FIPS 180-4 examples (SHA family) for "abc".
    @Test(arguments: [
        (HashAlgorithm.md5, "900150983cd24fb0d6963f7d28e17f72"),
        (.sha1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            .sha384,
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
        ),
        (
            .sha512,
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
                + "454d4423643ce80e2a9ac94fa54ca49f"
        ),
    ])
    func publishedVectorsForABC(algorithm: HashAlgorithm, expected: String) {
        #expect(ByteEncoding.hex(algorithm.digest(Array("abc".utf8))) == expected)
    }

    /// RFC 4231, test case 2: a key shorter than the block.
    @Test func rfc4231HMACSHA256Case2() {
        let mac = HashAlgorithm.sha256.hmac(
            key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(ByteEncoding.hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func hexAndBase64RoundTrip() {
        let bytes: [UInt8] = [0xfb, 0xff, 0x00, 0x10]
        #expect(ByteEncoding.bytes(hex: ByteEncoding.hex(bytes)) == bytes)
        #expect(ByteEncoding.base64(bytes, urlSafe: false) == "+/8AEA==")
        #expect(ByteEncoding.base64(bytes, urlSafe: true) == "-_8AEA")
        #expect(ByteEncoding.bytes(base64: "-_8AEA", urlSafe: true) == bytes)
        #expect(ByteEncoding.bytes(hex: "abc") == nil)
    }
}
