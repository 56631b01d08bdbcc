import FerryJSON

/// Reads YAML 1.2 as API description documents use it into a ``JSONValue`` whose mappings keep
/// their document order.
///
/// Supported: block mappings and sequences (compact `- key: value` entries, sequences not indented under
/// their key), plain, single- and double-quoted scalars (escapes, multi-line folding), flow collections,
/// literal `|` and folded `>` block scalars with chomping and indentation indicators, comments, the first
/// document of a stream (`---`, `...`, `%` directives skipped), anchors, aliases and the merge key `<<`,
/// explicit tags (`!!str` keeps a scalar a string, `!!int`/`!!float` read numbers, others are ignored).
/// Plain scalars resolve by the core schema (see ``YAMLScalarResolver``); keys that are not strings
/// become their JSON spelling (`200`, `true`, `null`).
///
/// A duplicate key is a warning, not an error: both members are kept and a lookup finds the last one.
/// Tabs in indentation, bad indentation, unclosed quotes and flow collections, unknown aliases and
/// unknown escapes are errors at line:column. Nesting deeper than 150 levels and documents expanding
/// past five million nodes through aliases are errors too, so no input crashes or hangs the reader.
///
/// ```swift
/// let document = try YAMLReader.read(Array("a: [1, two]\n".utf8))
/// document.value   // {"a": [1, "two"]}
/// ```
public enum YAMLReader {
    /// Reads the first document of `bytes` (UTF-8, an optional byte order mark).
    public static func read(_ bytes: [UInt8]) throws(YAMLError) -> YAMLDocument {
        var parser = YAMLParser(bytes)
        let value = try parser.parseDocument()
        return YAMLDocument(
            value: value, warnings: parser.warnings, offsets: parser.offsets, lineStarts: parser.lineStarts,
            bytes: parser.bytes)
    }

    /// Reads the first document of `text`.
    public static func read(text: String) throws(YAMLError) -> YAMLDocument {
        try read(Array(text.utf8))
    }
}
