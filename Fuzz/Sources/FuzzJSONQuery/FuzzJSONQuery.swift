import FerryJSON

/// A document with every kind of value, nesting, duplicate keys, escaped keys and a string to slice.
let sample = #"""
    {"a": {"b": [10, 20, {"c": null}]}, "items": [{"id": 1, "name": "ferry"}, {"id": 2, "tags": ["x", "y"]}],
     "text": "héllo😀", "n": -4.5, "t": true, "a2": [[1], [], [[2]]], "k\"ey": 1e3, "dup": 1, "dup": 2}
    """#

/// The documents each query runs on: the sample, an array, and scalars.
let documents: [JSONDocument] = [sample, #"[{"id": 1}, "s", 2, null, [true]]"#, "null", #""text""#, "3"].compactMap {
    try? JSONDocument(parsing: $0)
}

/// libFuzzer entry: reads the input as a query (JSONPath from `$`, jq otherwise, and as JSONPath whatever it starts
/// with); a query that parses runs on each document, whole and as the workbench runs it (the first results and a
/// count); errors must point inside the query (or just past its end). Any trap is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let scalarCount = text.unicodeScalars.count
    func checkColumn(_ error: JSONQueryError) {
        precondition(error.column >= 1 && error.column <= scalarCount + 1, "column out of range: \(error)")
        _ = error.description
    }
    for read in [{ try JSONQuery(text) }, { try JSONQuery(text, language: .jsonPath) }] as [() throws -> JSONQuery] {
        let query: JSONQuery
        do { query = try read() } catch let error as JSONQueryError {
            checkColumn(error)
            continue
        } catch {
            preconditionFailure("not a JSONQueryError: \(error)")
        }
        for document in documents {
            do {
                let results = try query.evaluate(in: document, maximumResults: 10_000)
                for result in results { _ = document.value(of: result).formatted(.compact) }
                let first = try query.firstResults(in: document, keeping: 3, countingUpTo: 100)
                precondition(first.first == Array(results.prefix(3)), "first results differ")
                precondition(first.total == min(results.count, 100), "count differs")
            } catch {
                checkColumn(error)
            }
        }
    }
    return 0
}
