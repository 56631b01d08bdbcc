import FerryDynamic
import FerryScript
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@Suite struct CryptoAPITests {
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
        let outcome = sharedRunner.runPreRequest(
            inline("client.log(crypto.\(algorithm.rawValue)().updateWithText('abc').digest().toHex())"),
            request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.log == [expected])
    }

    @Test func rfc4231HMACSHA256Case2() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                "client.log(crypto.hmac.sha256().withTextSecret('Jefe').updateWithText('what do ya want for nothing?').digest().toHex())"
            ),
            request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.log == ["5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"])
    }

    /// Lengths around the padding boundaries (55, 56, 64, 111, 112, 128 bytes) and a long key, against
    /// the `openssl` binary.
    @Test(arguments: HashAlgorithm.allCases)
    func matchesOpenSSLAcrossBlockBoundaries(algorithm: HashAlgorithm) async throws {
        for length in [0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000] {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let digest = try await openssl(["dgst", "-\(algorithm.rawValue)", "-r"], input: text)
            let key = String(repeating: "k", count: 200)
            let mac = try await openssl(
                ["mac", "-digest", algorithm.rawValue.uppercased(), "-macopt", "key:\(key)", "HMAC"], input: text)
            let outcome = sharedRunner.runPreRequest(
                inline(
                    """
                    const text = "\(text)";
                    client.log(crypto.\(algorithm.rawValue)().updateWithText(text.slice(0, 10)).updateWithText(text.slice(10)).digest().toHex());
                    client.log(crypto.hmac.\(algorithm.rawValue)().withTextSecret("\(key)").updateWithText(text).digest().toHex());
                    """), request: plainRequest, globals: ScriptGlobals())
            #expect(outcome.log == [String(digest.prefix { $0 != " " }), mac.lowercased()], "length \(length)")
        }
    }

    @Test func hexAndBase64InputsSecretsAndOutputs() async throws {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                client.log(crypto.sha256().updateWithHex("616263").digest().toHex());
                client.log(crypto.sha256().updateWithBase64("YWJj").digest().toBase64());
                client.log(crypto.sha1().updateWithBase64("_-8", true).digest().toBase64(true));
                client.log(crypto.hmac.sha256().withHexSecret("4a656665").updateWithText("what do ya want for nothing?").digest().toHex());
                client.log(crypto.hmac.sha256().withBase64Secret("SmVmZQ==").updateWithText("what do ya want for nothing?").digest().toHex());
                """), request: plainRequest, globals: ScriptGlobals())
        let sha1Hex = try await openssl(["dgst", "-sha1", "-r"], inputData: Data([0xff, 0xef])).prefix { $0 != " " }
        let sha1Bytes = stride(from: 0, to: sha1Hex.count, by: 2).compactMap { offset -> UInt8? in
            let start = sha1Hex.index(sha1Hex.startIndex, offsetBy: offset)
            return UInt8(sha1Hex[start..<sha1Hex.index(start, offsetBy: 2)], radix: 16)
        }
        let urlSafe = Data(sha1Bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(outcome.error == nil)
        #expect(outcome.log.count == 5)
        guard outcome.log.count == 5 else { return }
        #expect(outcome.log[0] == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(outcome.log[1] == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(outcome.log[2] == urlSafe)
        #expect(outcome.log[3] == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(outcome.log[4] == outcome.log[3])
    }

    @Test func badHexIsAClearError() {
        let outcome = sharedRunner.runPreRequest(
            inline("crypto.md5().updateWithHex('xyz').digest()", line: 4), request: plainRequest,
            globals: ScriptGlobals())
        #expect(outcome.error?.message.contains("not hex") == true)
        #expect(outcome.error?.location?.line == 4)
    }

    @Test func textEncodingsBeyondUTF8() async throws {
        let latin1 = try await openssl(["dgst", "-md5", "-r"], inputData: Data([0xe9])).prefix { $0 != " " }
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                client.log(crypto.md5().updateWithText("é", "ISO-8859-1").digest().toHex());
                crypto.md5().updateWithText("x", "EBCDIC").digest();
                """), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.log == [String(latin1)])
        #expect(outcome.error?.message.contains("EBCDIC is not supported") == true)
    }

    private func openssl(_ arguments: [String], input: String) async throws -> String {
        try await openssl(arguments, inputData: Data(input.utf8))
    }

    private func openssl(_ arguments: [String], inputData: Data) async throws -> String {
        let result = try await Process.run(URL(fileURLWithPath: "/usr/bin/openssl"), arguments, input: inputData)
        return result.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
