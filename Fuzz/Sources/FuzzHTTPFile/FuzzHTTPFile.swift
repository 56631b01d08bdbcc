import FerryWorkbench

/// libFuzzer entry for the `.http` parser: any bytes must load (errors are diagnostics, never traps),
/// write back byte for byte, and, once every request is re-rendered from the model, parse back to the
/// same requests. Resolving each request and reading the bytes as an environment file must not trap.
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
    return 0
}
