import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// ``SecretScrubber`` finds every spelling of every secret in one pass: many secrets, secrets that overlap or
/// are prefixes of each other, mixed spellings, long secrets over large texts; and its output is the output of
/// the regular expression it replaced (``RegexScrubber``) wherever that one can be run.
@Suite struct SecretScrubberMatchingTests {
    let mask = Secrets.mask

    /// Characters that make the spellings collide: the ones that start a spelling (`\`, `%`, `&`, `+`), those
    /// that look like one (`2`, `5`, `;`, `#`, `u`), JSON and HTML specials, non-ASCII, beyond the BMP.
    static let alphabet: [Character] = [
        "a", "b", "%", "&", "\\", "+", " ", "\"", "/", "<", "'", "ö", "😀", "2", "5", ";", "#", "u",
    ]

    /// One way an echo may spell `scalar`, chosen by `random`.
    static func spelling(of scalar: Unicode.Scalar, _ random: inout SeededGenerator) -> String {
        func hex(_ value: some BinaryInteger, width: Int) -> String {
            let digits = String(value, radix: 16, uppercase: Bool.random(using: &random))
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var choices = [String(scalar)]
        if let escape = RegexScrubber.jsonShortEscapes[scalar] { choices.append(escape) }
        choices.append(String(scalar).utf16.map { #"\u"# + hex($0, width: 4) }.joined())
        choices.append(String(scalar).utf8.map { "%" + hex($0, width: 2) }.joined())
        if scalar == " " { choices.append("+") }
        choices.append("&#" + String(repeating: "0", count: Int.random(in: 0...2, using: &random)) + "\(scalar.value);")
        choices.append(
            (Bool.random(using: &random) ? "&#x" : "&#X")
                + hex(scalar.value, width: Int.random(in: 1...4, using: &random)) + ";")
        let entities: [Unicode.Scalar: String] = [
            "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;",
        ]
        if let entity = entities[scalar] { choices.append(entity) }
        return choices.randomElement(using: &random)!
    }

    /// `text` spelled as an echo may spell it, each character its own way.
    static func echo(_ text: String, _ random: inout SeededGenerator) -> String {
        text.unicodeScalars.map { spelling(of: $0, &random) }.joined()
    }

    @Test func generatedSecretsAndEchoesMaskAsTheRegularExpressionDid() {
        var random = SeededGenerator(seed: 0x5EC2E7)
        var differences: [String] = []
        for _ in 0..<1500 {
            let secrets = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                String(
                    (0..<Int.random(in: 2...7, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)!
                    })
            }
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let secret = secrets.randomElement(using: &random)!
                switch Int.random(in: 0..<5, using: &random) {
                case 0: text += secret
                case 1: text += Self.echo(secret, &random)
                case 2: text += Self.echo(String(secret.dropLast()), &random)
                case 3: text += RegexScrubber.needles(for: secret).randomElement(using: &random)!
                default:
                    text += String(
                        (0..<Int.random(in: 0...4, using: &random)).map { _ in
                            Self.alphabet.randomElement(using: &random)!
                        })
                }
            }
            let scrubbed = SecretScrubber(secrets).scrub(text)
            let expected = RegexScrubber(secrets).scrub(text)
            if scrubbed != expected {
                differences.append(
                    "\(secrets.debugDescription) over \(text.debugDescription): \(scrubbed.debugDescription), "
                        + "not \(expected.debugDescription)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(3))")
    }

    @Test func manySecrets() {
        var random = SeededGenerator(seed: 42)
        // Each ends in a letter: an echo ending in `%25` for a final `%` reads as `%` first (see below).
        let secrets = (0..<300).map { index in
            "secret-\(index)-" + String((0..<12).map { _ in Self.alphabet.randomElement(using: &random)! }) + "z"
        }
        let scrubber = SecretScrubber(secrets)
        var text = "start "
        var expected = "start "
        for secret in secrets.shuffled(using: &random) {
            text += "<" + Self.echo(secret, &random) + "> "
            expected += "<\(mask)> "
        }
        #expect(scrubber.scrub(text) == expected)
        #expect(scrubber.scrub(text) == RegexScrubber(secrets).scrub(text))
    }

    @Test func overlappingSecretsMaskTheLeftmostThenGoOn() {
        let scrubber = SecretScrubber(["abcdef", "defghi"])
        #expect(scrubber.scrub("abcdefghi") == "\(mask)ghi")
        #expect(scrubber.scrub("xdefghi abcdef") == "x\(mask) \(mask)")
        // Overlapping spelled: the second secret's start is inside the first's echo.
        #expect(scrubber.scrub("ab%63d%65fghi") == "\(mask)ghi")
        #expect(SecretScrubber(["aaab", "aab"]).scrub("aaaab") == "a\(mask)")
    }

    @Test func secretsThatArePrefixesOfEachOtherMaskTheLongest() {
        let secrets = ["token", "token-long", "token-longer", "token-longer-still"]
        let scrubber = SecretScrubber(secrets)
        #expect(
            scrubber.scrub("token token-long token-longer token-longer-still token-lon") == Array(
                repeating: mask, count: 4
            ).joined(separator: " ") + " \(mask)-lon")
        #expect(scrubber.scrub("token%2Dlonger token-long%65r-still") == "\(mask) \(mask)")
        // Suffixes of each other too.
        #expect(SecretScrubber(["long-token", "token"]).scrub("a-token long-token") == "a-\(mask) \(mask)")
    }

    @Test func everySpellingOfOneCharacterMixedInOneEcho() {
        let secret = #"wö rd/"s3&c\r😀<'"#
        let scrubber = SecretScrubber([secret])
        var random = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let echo = Self.echo(secret, &random)
            #expect(scrubber.scrub("[\(echo)]") == "[\(mask)]", "\(echo)")
        }
        // Any number of leading zeros in a character reference; the hex `x` and digits in either case.
        #expect(scrubber.scrub("&#0000000119;ö rd/\"s3&#X000026;c\\r😀&#x3C;'") == mask)
        // A lone surrogate, a short escape that JSON lacks, a reference without its `;` spell nothing.
        #expect(SecretScrubber(["a😀b"]).scrub(#"a\ud83db"#) == #"a\ud83db"#)
        #expect(SecretScrubber(["a'b"]).scrub(#"a\'b"#) == #"a\'b"#)
        #expect(SecretScrubber(["a&b"]).scrub("a&amp b") == "a&amp b")
    }

    @Test func aLiteralReadingComesFirstWhereTheTextSpellsBothWays() {
        // `%25` reads as `%`, `2`, `5` before it reads as `%`: the match ends where its first reading ends.
        #expect(SecretScrubber(["ab%"]).scrub("ab%25") == "\(mask)25")
        #expect(SecretScrubber(["ab%"]).scrub("ab%25") == RegexScrubber(["ab%"]).scrub("ab%25"))
        #expect(SecretScrubber(["%%%"]).scrub("%25%25%25%25") == RegexScrubber(["%%%"]).scrub("%25%25%25%25"))
        #expect(SecretScrubber([#"a\\b"#]).scrub(#"a\\\\b a\\b"#) == RegexScrubber([#"a\\b"#]).scrub(#"a\\\\b a\\b"#))
        #expect(SecretScrubber(["&&&"]).scrub("&amp;&&amp;amp;") == RegexScrubber(["&&&"]).scrub("&amp;&&amp;amp;"))
    }

    @Test func aLongSecretOverALargeTextIsMaskedInEverySpelling() throws {
        var random = SeededGenerator(seed: 64)
        let printable = (UInt8(0x20)..<0x7F).map { Character(Unicode.Scalar($0)) } + ["é", "😀"]
        let secret = String((0..<64 * 1024).map { _ in printable.randomElement(using: &random)! })
        let scrubber = SecretScrubber([secret])
        let filler = String(repeating: "lorem ipsum dolor sit amet, ", count: 1024)
        let echoes = [
            secret, EchoSpellings.jsonASCII(secret), try EchoSpellings.jsonFoundation(secret),
            EchoSpellings.percent(secret), EchoSpellings.base64(secret).url, Self.echo(secret, &random),
        ]
        var text = ""
        var expected = ""
        while text.utf8.count < 1024 * 1024 {
            for echo in echoes {
                text += filler + echo
                expected += filler + mask
            }
        }
        // Nearly the secret: one character short, it is left alone.
        let nearly = String(secret.dropLast())
        text += filler + nearly
        expected += filler + nearly
        #expect(scrubber.scrub(text) == expected)
    }

    @Test func aPeriodicSecretOverALargeText() {
        let secret = String(repeating: "a", count: 64 * 1024)
        let scrubber = SecretScrubber([secret])
        #expect(scrubber.scrub(String(repeating: "a", count: 1024 * 1024)) == String(repeating: mask, count: 16))
        let text = String(repeating: String(repeating: "a", count: 64 * 1024 - 1) + "%61" + "b", count: 16)
        #expect(scrubber.scrub(text) == String(repeating: mask + "b", count: 16))
        let broken = String(repeating: String(repeating: "a", count: 1000) + "%2561b", count: 1000)
        #expect(scrubber.scrub(broken) == broken)
    }
}
