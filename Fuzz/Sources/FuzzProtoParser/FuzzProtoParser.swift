import FerryProtobuf

/// libFuzzer entry: the input as a `.proto` file (importing `b.proto`, which is the input too, and the built-in
/// well-known types) read by Ferry's own reader. It must end in descriptors or a `ProtoSourceError` with a place
/// inside the text; any trap or hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtoParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let loader = ProtoSourceLoader(read: { $0 == "a.proto" || $0 == "b.proto" ? text : nil })
    do {
        let pool = try loader.pool(loading: "a.proto")
        for service in pool.allServices {
            for method in service.methods { precondition(pool.message(method.inputType) != nil) }
        }
    } catch {
        precondition(error.line <= text.utf8.count + 1, "an error line past the end")
        _ = error.description
    }
    return 0
}
