import FerryWorkbench
import Testing

/// `SecretScrubber.scrubbingHeader`: what the Request tab and `ferry send --verbose` show for each sent field.
@Suite struct SecretHeaderMaskingTests {
    let mask = Secrets.mask

    @Test func credentialsKeepOnlyTheirScheme() {
        #expect(SecretScrubber.none.scrubbingHeader(named: "Authorization", value: "Basic YWRhOnMz") == "Basic \(mask)")
        #expect(SecretScrubber.none.scrubbingHeader(named: "authorization", value: "Bearer a.b.c") == "Bearer \(mask)")
        #expect(
            SecretScrubber.none.scrubbingHeader(named: "Proxy-Authorization", value: "Digest username=\"x\"")
                == "Digest \(mask)")
        #expect(SecretScrubber.none.scrubbingHeader(named: "Authorization", value: "rawtoken") == mask)
    }

    @Test func cookiesKeepOnlyTheirNames() {
        #expect(
            SecretScrubber.none.scrubbingHeader(named: "Cookie", value: "session=abc; theme=dark;flag")
                == "session=\(mask); theme=\(mask); flag")
    }

    @Test func otherFieldsHaveSecretValuesMasked() {
        #expect(
            SecretScrubber(["k-123456"]).scrubbingHeader(named: "X-Api-Key", value: "k-123456 extra")
                == "\(mask) extra")
        #expect(SecretScrubber(["k-123456"]).scrubbingHeader(named: "Accept", value: "*/*") == "*/*")
    }
}
