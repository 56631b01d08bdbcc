import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// The rules of ``HTTPRequest/wireViolation``, part by part: what may not go on the wire, and how it is named.
@Suite(.offThePool) struct WireViolationTests {
    let base = HTTPRequest(url: URL(string: "http://127.0.0.1/x")!)

    func violation(_ change: (inout HTTPRequest) -> Void) -> WireViolation? {
        var request = base
        change(&request)
        return request.wireViolation
    }

    @Test func aCleanRequestPasses() {
        var request = base
        request.headers = ["Accept": "*/*", "X-Tab": "a\tb", "X-Text": "café ünïcode", "X-Empty": ""]
        request.method = "PURGE"
        request.body = .multipart(MultipartForm(boundary: "ferry-1", parts: [.init(name: "a", content: .data(Data()))]))
        #expect(request.wireViolation == nil)
    }

    @Test(arguments: ["\r", "\n", "\0", "\r\n"])
    func aHeaderValueWithALineBreakOrNULIsRefusedAtItsColumn(_ bad: String) {
        let found = violation { $0.headers["X-Token"] = "abc" + bad + "X-Admin: 1" }
        #expect(found?.part == .headerValue("X-Token"))
        #expect(found?.problem == .character(bad.unicodeScalars.first!, column: 4))
        // A header value may be a secret: never quoted.
        #expect(found?.excerpt == nil)
        #expect(found?.description.contains("abc") == false)
    }

    /// RFC 9110 §5.5: a field value holds no control character but the tab, whatever the control is.
    @Test(arguments: Array(0x00...0x1F).filter { $0 != 0x09 } + [0x7F])
    func everyControlButTheTabIsRefusedInAHeaderValueACookieAndCredentials(_ code: Int) throws {
        let control = String(try #require(Unicode.Scalar(code)))
        let header = violation { $0.headers["X-Api-Key"] = "key" + control + "tail" }
        #expect(header?.part == .headerValue("X-Api-Key"))
        #expect(header?.problem == .character(control.unicodeScalars.first!, column: 4))
        let digest = violation { $0.auth = .digest(user: "u" + control, password: "p") }
        #expect(digest?.part == .credentials)
        var request = HTTPRequest(.get, url: URL(string: "http://127.0.0.1/")!)
        request.body = .multipart(
            MultipartForm(boundary: "b", parts: [.init(name: "a" + control, content: .data(Data()))]))
        #expect(request.wireViolation?.part == .multipartPart(number: 1, attribute: "name"))
    }

    @Test func theColumnCountsCharactersNotBytes() {
        let found = violation { $0.headers["X"] = "é€😀\n" }
        #expect(found?.problem == .character("\n", column: 4))
    }

    @Test(arguments: ["X Token", "X:Token", "X\rToken", "", "Naïve", "X(1)"])
    func aHeaderNameMustBeAToken(_ name: String) {
        let found = violation { $0.headers.add(name, "1") }
        #expect(found?.part == .headerName(name))
        if name.isEmpty { #expect(found?.problem == .empty) }
    }

    @Test func theMethodMustBeAToken() {
        #expect(violation { $0.method = "GET /evil HTTP/1.1\r\nX:" }?.problem == .character(" ", column: 4))
        #expect(violation { $0.method = "" }?.problem == .empty)
        let found = violation { $0.method = "GE\nT" }
        #expect(found?.part == .method)
        #expect(found?.description == #"the method holds a line break (LF) at column 3: "GE\nT""#)
    }

    @Test func aURLWithAControlCharacterOrSpaceIsRefused() {
        // Foundation here percent-encodes or refuses such URLs itself; the rule holds for any other source.
        let found = WireViolation.url("http://127.0.0.1/a\r\nX-Injected: 1")
        #expect(found?.part == .url)
        #expect(found?.problem == .character("\r", column: 19))
        #expect(found?.excerpt == InputExcerpt("http://127.0.0.1/a\r\nX-Injected: 1"))
        #expect(WireViolation.url("http://h/a b")?.problem == .character(" ", column: 11))
        #expect(WireViolation.url("http://h/\u{7F}")?.problem == .character("\u{7F}", column: 10))
        #expect(WireViolation.url("http://h/%0D%0A") == nil)
        #expect(WireViolation.url("")?.problem == .empty)
    }

    @Test func aURLOverTheLimitIsRefusedWithoutQuotingItWhole() throws {
        let long = "http://127.0.0.1/" + String(repeating: "a", count: 10_000_000)
        let found = try #require(violation { $0.target = .url(URL(string: long)!) })
        #expect(found.problem == .tooLong(length: long.count, limit: WireViolation.urlLengthLimit))
        #expect(found.description.count < 200)
        #expect(found.description.hasSuffix("(\(long.count) characters)"))
        #expect(
            violation { $0.target = .url(URL(string: "http://h/" + String(repeating: "a", count: 65_000))!) } == nil)
    }

    @Test func theProxyURLIsCheckedButNeverQuoted() {
        let found = WireViolation.url("http://user:pw@proxy/\n", as: .proxy, quoting: false)
        #expect(found?.part == .proxy)
        #expect(found?.excerpt == nil)
        #expect(violation { $0.proxy = URL(string: "http://user:pw@proxy:3128") } == nil)
    }

    @Test func digestCredentialsMayNotBreakTheAuthorizationLine() {
        let found = violation { $0.auth = .digest(user: "ada\r\nX-Admin: 1", password: "pw") }
        #expect(found?.part == .credentials)
        #expect(found?.description.contains("ada") == false)
        #expect(violation { $0.auth = .digest(user: "ada", password: "p\0w") }?.part == .credentials)
    }

    @Test func multipartPartAttributesMayNotBreakTheirHeaderLines() {
        func form(_ part: MultipartForm.Part, boundary: String = "b") -> WireViolation? {
            violation {
                $0.body = .multipart(
                    MultipartForm(boundary: boundary, parts: [.init(name: "ok", content: .data(Data())), part]))
            }
        }
        let data = MultipartForm.Content.data(Data())
        #expect(form(.init(name: "a\r\nX: 1", content: data))?.part == .multipartPart(number: 2, attribute: "name"))
        #expect(
            form(.init(name: "a", filename: "f\n.txt", content: data))?.part
                == .multipartPart(number: 2, attribute: "filename"))
        #expect(
            form(.init(name: "a", contentType: "text/plain\r\nX-Injected: 1", content: data))?.part
                == .multipartPart(number: 2, attribute: "Content-Type"))
        // The body itself may hold anything.
        #expect(form(.init(name: "a", content: .data(Data("x\r\n--b\r\n\0".utf8)))) == nil)
    }

    @Test(arguments: ["", String(repeating: "b", count: 71), "b\r\n", "b ", "b[1]"])
    func theMultipartBoundaryFollowsRFC2046(_ boundary: String) {
        let found = violation { $0.body = .multipart(MultipartForm(boundary: boundary)) }
        #expect(found?.part == .multipartBoundary)
    }

    @Test func cookieEngineLinesAreCheckedFieldByField() {
        let line = ["127.0.0.1", "FALSE", "/", "FALSE", "0", "session", "a\0b"].joined(separator: "\t")
        let found = base.wireViolation(cookieLines: [line])
        #expect(found?.part == .cookie("session"))
        #expect(found?.problem == .character("\0", column: 2))
        #expect(base.wireViolation(cookieLines: [line.replacingOccurrences(of: "\0", with: "")]) == nil)
    }

    @Test func theClientErrorNamesThePartAndSaysWhy() {
        let violation = WireViolation(.headerValue("X-Token"), .character("\n", column: 7))
        let message = HTTPClientError(.unsendable(violation), request: base).message
        #expect(message.hasPrefix("Not sent: header X-Token holds a line break (LF) at column 7."))
        #expect(message.contains("rewrite the request"))
    }
}
