import FerryWorkbench
import Testing

/// `Secrets.maskingHeader`: what the Request tab and `ferry send --verbose` show for each sent field.
@Suite struct SecretHeaderMaskingTests {
    let mask = Secrets.mask

    @Test func credentialsKeepOnlyTheirScheme() {
        #expect(Secrets.maskingHeader(named: "Authorization", value: "Basic YWRhOnMz", secrets: []) == "Basic \(mask)")
        #expect(Secrets.maskingHeader(named: "authorization", value: "Bearer a.b.c", secrets: []) == "Bearer \(mask)")
        #expect(
            Secrets.maskingHeader(named: "Proxy-Authorization", value: "Digest username=\"x\"", secrets: [])
                == "Digest \(mask)")
        #expect(Secrets.maskingHeader(named: "Authorization", value: "rawtoken", secrets: []) == mask)
    }

    @Test func cookiesKeepOnlyTheirNames() {
        #expect(
            Secrets.maskingHeader(named: "Cookie", value: "session=abc; theme=dark;flag", secrets: [])
                == "session=\(mask); theme=\(mask); flag")
    }

    @Test func otherFieldsHaveSecretValuesMasked() {
        #expect(
            Secrets.maskingHeader(named: "X-Api-Key", value: "k-123456 extra", secrets: ["k-123456"])
                == "\(mask) extra")
        #expect(Secrets.maskingHeader(named: "Accept", value: "*/*", secrets: ["k-123456"]) == "*/*")
    }
}
