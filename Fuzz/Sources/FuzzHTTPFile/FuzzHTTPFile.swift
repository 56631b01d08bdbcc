import FerryHTTP
import FerryWorkbench

/// libFuzzer entry for the `.http` parser: any bytes must load (errors are diagnostics, never traps),
/// write back byte for byte, and, once every request is re-rendered from the model, parse back to the
/// same requests. Resolving each request and reading the bytes as an environment file must not trap.
/// The bytes as a header value must round-trip (``checkHeaderValueRoundTrip(_:)``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = HTTPFileParser.parse(bytes, path: "fuzz.http")
    precondition(file.bytes() == bytes, "parse → write changed the bytes")
    for diagnostic in file.diagnostics { precondition(diagnostic.location.line >= 1, "diagnostic without a line") }
    var edited = file
    for (position, request) in file.requests.enumerated() {
        do {
            try edited.replaceRequest(at: position, with: request)
        } catch {
            preconditionFailure("request \(position) vanished")
        }
        let context = VariableContext(
            fileVariables: file.fileVariables(forRequestAt: position), overrides: ["host": "http://127.0.0.1"])
        _ = try? request.resolved(with: context)
    }
    let reparsed = HTTPFileParser.parse(edited.bytes(), path: "fuzz.http")
    precondition(reparsed.requests == file.requests, "re-rendered requests parse differently")
    _ = EnvironmentFiles.parse(public: bytes, private: bytes)
    checkHeaderValueRoundTrip(String(decoding: bytes, as: UTF8.self))
    return 0
}

/// `text` as a header value: written into a request and parsed back, a one-line value (without the spaces,
/// tabs, CRs and BOMs a line's ends lose) comes back unchanged; substituted from a variable, it gives the same
/// value in a request the wire accepts, or a refusal (a line break, NUL, or a variable reference inside).
func checkHeaderValueRoundTrip(_ text: String) {
    let value = trimmedAsAHeaderLine(text)
    if !value.unicodeScalars.contains("\n") {
        let written = SavedRequest(method: "GET", url: "http://h/", headers: [("X-Fuzz", value)])
        let reread = HTTPFileParser.parse(text: written.rendered(separator: false), path: "r.http").requests
        precondition(reread.count == 1, "a header value split the request")
        let fields = reread[0].headers
        precondition(
            fields.count == 1 && fields[0].name == "X-Fuzz" && fields[0].value == value,
            "header value \(value.debugDescription) read back as \(fields)")
    }
    let template = HTTPFileParser.parse(text: "GET http://h/\nX-Fuzz: {{v}}\n", path: "v.http").requests[0]
    do {
        let request = try template.resolved(with: VariableContext(overrides: ["v": text]))
        precondition(request.wireViolation == nil, "resolved to a request the wire refuses")
        if !text.contains("{{") {
            precondition(request.headers["X-Fuzz"] == text, "the value changed on its way into the header")
        }
    } catch let error as VariableError {
        let hasLineBreakOrNUL = text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        precondition(hasLineBreakOrNUL || text.contains("{{"), "refused a clean value: \(error)")
    } catch {
        preconditionFailure("not a VariableError: \(error)")
    }
}

/// `text` without what the parser trims from a header line's value: spaces, tabs, CRs and BOMs in front,
/// spaces, tabs and CRs behind.
func trimmedAsAHeaderLine(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, [" ", "\t", "\r", "\u{FEFF}"].contains(first) { scalars.removeFirst() }
    while let last = scalars.last, [" ", "\t", "\r"].contains(last) { scalars.removeLast() }
    return String(scalars)
}
