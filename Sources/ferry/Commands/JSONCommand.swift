import FerryHTTP
import FerryJSON
import Foundation

/// `ferry json [FILE|-] [--query Q] [--compact] [--indent N]`: validates, pretty-prints and queries JSON.
///
/// Key order and number spelling are kept. Exit 0 for valid JSON; 2 with the located error on stderr for
/// invalid JSON, a bad query or bad usage.
enum JSONCommand: FerryCommand {
    /// The options of `ferry json`, as ``spec`` declares them.
    enum Option {
        static let query = OptionSpec(
            long: "--query", short: "-q", valueName: "Q",
            help: "print the results of a path query: .a.b[0]  .items[].name  ..id  .[2:5]  length  keys  |")
        static let compact = OptionSpec(long: "--compact", help: "print without whitespace")
        static let indent = OptionSpec(
            long: "--indent", valueName: "N", help: "indent pretty output by N spaces (0-16, default 2)")
    }

    static let spec = CommandSpec(
        name: "json", summary: "pretty-print, validate or query JSON (FILE or stdin)",
        discussion: """
            Key order and number spelling are kept. Exit status: 0 for valid JSON; 2 with the located error on
            stderr for invalid JSON, a bad query or bad usage.
            """,
        positionals: [
            PositionalSpec(
                name: "FILE|-", title: "input", help: "the JSON to read (default: standard input)", isOptional: true,
                completion: .file)
        ],
        options: [Option.query, Option.compact, Option.indent])

    /// The parsed command line.
    struct Options {
        var path = "-"
        var query: String?
        var format = JSONFormat.pretty(indent: 2)

        /// Reads the parsed arguments of `json`; throws a message for people.
        init(_ arguments: ParsedArguments) throws(UsageError) {
            path = arguments.positional(0) ?? "-"
            query = arguments.value(Option.query)
            var indent: Int?
            if let text = arguments.value(Option.indent) {
                guard let spaces = Int(text), (0...16).contains(spaces) else {
                    throw UsageError("--indent needs a number from 0 to 16, got \(InputExcerpt(text))")
                }
                indent = spaces
            }
            let compact = arguments.flag(Option.compact)
            if compact && indent != nil { throw UsageError("--compact and --indent exclude each other") }
            format = compact ? JSONFormat.compact : JSONFormat.pretty(indent: indent ?? 2)
        }
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let options = try Options(arguments)
        let query: JSONQuery?
        do {
            query = try options.query.map { query throws(JSONQueryError) in try JSONQuery(query) }
        } catch {
            printError("ferry json: invalid query: \(error)")
            return ExitCode.usage
        }
        let input: [UInt8]
        do {
            input = try InputBytes.read(options.path)
        } catch {
            printError("ferry json: cannot read \(InputExcerpt(options.path)): \(error)")
            return ExitCode.usage
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: input)
        } catch {
            let source = options.path == "-" ? "<stdin>" : options.path
            printError("ferry json: \(source): \(error)")
            return ExitCode.usage
        }
        guard let query else {
            // Printed straight from the parsed tape in chunks as they are made: no value tree, and the
            // output is never held whole.
            var writer = TerminalOutput.ChunkWriter(.standardOutput)
            document.writeFormatted(options.format) { writer.write($0) }
            [UInt8(0x0A)].withUnsafeBufferPointer { writer.write($0) }
            writer.finish()
            return ExitCode.success
        }
        let results: [JSONValue]
        do {
            results = try query.evaluate(document.value(at: document.root))
        } catch {
            printError("ferry json: query failed: \(error)")
            return ExitCode.usage
        }
        var output: [UInt8] = []
        for result in results {
            output += result.formattedBytes(options.format)
            output.append(0x0A)
        }
        TerminalOutput.standardOutput.write(output)
        return ExitCode.success
    }
}
