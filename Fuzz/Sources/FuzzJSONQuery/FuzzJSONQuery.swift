import FerryJSON

/// A document with every kind of value, nesting, duplicate keys and a string to slice.
let sample: JSONValue = [
    "a": ["b": [10, 20, ["c": nil]]], "items": [["id": 1, "name": "ferry"], ["id": 2, "tags": ["x", "y"]]],
    "text": "héllo😀", "n": -4.5, "t": true, "a2": [[1], [], [[2]]],
]

/// libFuzzer entry: reads the input as a query; a query that parses is applied to `sample`; errors must point
/// inside the query (or just past its end). Any trap is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let scalarCount = text.unicodeScalars.count
    do {
        let query = try JSONQuery(text)
        for input in [sample, sample["items"].value ?? .null, .null, "text", 3] {
            do {
                let results = try query.evaluate(input, maximumResults: 10_000)
                for result in results { _ = result.formatted(.compact) }
            } catch {
                precondition(error.column >= 1 && error.column <= scalarCount + 1, "column out of range")
            }
        }
    } catch {
        precondition(error.column >= 1 && error.column <= scalarCount + 1, "column out of range: \(error)")
        _ = error.description
    }
    return 0
}
