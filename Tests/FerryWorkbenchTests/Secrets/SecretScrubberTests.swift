import FerryWorkbench
import Foundation
import Testing

/// ``SecretScrubber``: each spelling a server may echo a secret in is masked, and nothing else is.
@Suite struct SecretScrubberTests {
    let mask = Secrets.mask
    /// JSON specials, a slash, an HTML special, a space, non-ASCII and a character beyond the BMP.
    let secret = #"wö rd/"s3&c\r😀"#

    func masks(_ spelling: String, of secret: String? = nil, _ comment: Comment? = nil) {
        let scrubber = SecretScrubber([secret ?? self.secret])
        #expect(scrubber.scrub("<\(spelling)>") == "<\(mask)>", comment)
    }

    @Test func theSecretItself() {
        masks(secret)
        #expect(SecretScrubber([secret]).scrub("a \(secret) b \(secret)") == "a \(mask) b \(mask)")
    }

    @Test func jsonEscapes() throws {
        masks(EchoSpellings.jsonASCII(secret), "Python's json.dumps, lowercase hex")
        masks(EchoSpellings.jsonASCII(secret, uppercase: true), "uppercase hex")
        masks(try EchoSpellings.jsonFoundation(secret), "UTF-8 kept, \\/ for /")
        // Controls and every character as \u, as some encoders (Go's HTML-safe escaping) write them.
        masks(#"tab\there"#, of: "tab\there")
        masks(#"\u0074ab\u0009here"#, of: "tab\there")
        masks(#"a\u003cb\u003E"#, of: "a<b>")
    }

    @Test func percentAndFormEncoding() {
        masks(EchoSpellings.percent(secret), "uppercase hex")
        masks(EchoSpellings.percent(secret, uppercase: false), "lowercase hex")
        masks(EchoSpellings.percent(secret, spaceAsPlus: true), "a form's + for a space")
        // Encoders differ in what they leave alone (Python's quote keeps /, encodeURIComponent keeps ').
        masks(EchoSpellings.percent(secret).replacingOccurrences(of: "%2F", with: "/"))
    }

    @Test func base64AndBase64URL() {
        // Its base64 holds `+`, `/` and padding, so the base64url form differs.
        let secret = "k?>>~ü1"
        let (standard, url) = EchoSpellings.base64(secret)
        #expect(standard == "az8+Pn7DvDE=" && url == "az8-Pn7DvDE")
        // The padding is left over: it tells nothing.
        #expect(SecretScrubber([secret]).scrub("<\(standard)>") == "<\(mask)=>")
        masks(url, of: secret)
        // Percent-encoded base64, as in a query string.
        masks(EchoSpellings.percent(String(standard.dropLast())), of: secret)
    }

    @Test func htmlCharacterReferences() {
        masks(EchoSpellings.htmlDecimal(secret))
        masks("a&amp;b&lt;c&gt;&quot;d&#39;", of: #"a&b<c>"d'"#)
        masks("&#x61;&#X62;&#x00063;", of: "abc")
    }

    @Test func mixedSpellingsInOneEcho() {
        // A JSON string holding a percent-encoded URL whose slash JSON escaped.
        masks(EchoSpellings.percent(secret).replacingOccurrences(of: "%2F", with: #"\/"#))
    }

    @Test func ordinaryTextIsLeftAlone() {
        let scrubber = SecretScrubber([secret, "k3y-123"])
        let text = #"wö rd/"s3 k3y-12 %77 \u0077 d2\u00f6 &#119;"#
        #expect(scrubber.scrub(text) == text)
        // Case matters in the secret (only hex digits are caseless).
        #expect(scrubber.scrub("K3Y-123") == "K3Y-123")
    }

    @Test func tooShortSecretsAreNotMaskedAndLongerOnesWin() {
        #expect(SecretScrubber(["ab", ""]).scrub("abc ab") == "abc ab")
        #expect(SecretScrubber(["abc"]).scrub("abc") == mask)
        #expect(SecretScrubber(["token", "token-long"]).scrub("token-long token") == "\(mask) \(mask)")
        #expect(SecretScrubber(["token", "token-long"]).secrets == ["token-long", "token"])
    }

    // How fast is measured in `make bench` (the masking rows), never by the clock in a test.
    @Test func aLargeBodyIsScrubbedWhole() {
        let scrubber = SecretScrubber([secret, "k3y-123", "another-secret-value"])
        let line = #"{"args": {"key": "\#(EchoSpellings.jsonASCII(secret))"}, "filler": "lorem ipsum dolor"}"#
        let count = 64 * 1024 / line.utf8.count
        let body = String(repeating: line + "\n", count: count)
        let scrubbed = scrubber.scrub(body)
        #expect(!scrubbed.contains(EchoSpellings.jsonASCII(secret)))
        #expect(scrubbed.components(separatedBy: mask).count - 1 == count, "one mask per line")
    }
}
