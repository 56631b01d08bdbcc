import FerryHTTP
import FerryJSON
import Foundation

/// `ferry json [FILE|-] [--query Q] [-r] [-c] [--indent N]`: validates, pretty-prints and queries JSON.
///
/// Key order and number spelling are kept. Exit 0 for valid JSON; 2 with the located error on stderr for
/// invalid JSON, a bad query or bad usage.
enum JSONCommand: FerryCommand {
    /// The options of `ferry json`, as ``spec`` declares them.
    enum Option {
        static let query = OptionSpec(
            long: "--query", short: "-q", valueName: "Q",
            help: "print each result of a query: JSONPath ($.items[?@.id==5].name, $..id) or jq (.items[].name, "
                + ".[] | select(.id == 5), map(.id), keys, length)")
        static let compact = OptionSpec(
            long: "--compact", short: "-c", help: "print without whitespace: each result on one line")
        static let raw = OptionSpec(
            long: "--raw-output", short: "-r", help: "print strings without quotes or escapes, as jq -r does")
        static let indent = OptionSpec(
            long: "--indent", valueName: "N", help: "indent pretty output by N spaces (0-16, default 2)")
    }

    static let spec = CommandSpec(
        name: "json", summary: "pretty-print, validate or query JSON (FILE or stdin)",
        discussion: """
            Key order and number spelling are kept. A query starting with $ is JSONPath (RFC 9535); any other is
            jq's everyday subset. Exit status: 0 for valid JSON; 2 with the located error on stderr for invalid
            JSON, a bad query (with its column) or bad usage.
            """,
        positionals: [
            PositionalSpec(
                name: "FILE|-", title: "input", help: "the JSON to read (default: standard input)", isOptional: true,
                completion: .file)
        ],
        options: [Option.query, Option.raw, Option.compact, Option.indent])

    /// The parsed command line.
    struct Options {
        var path = "-"
        var query: String?
        var isRaw = false
        var format = JSONFormat.pretty(indent: 2)

        /// Reads the parsed arguments of `json`; throws a message for people.
        init(_ arguments: ParsedArguments) throws(UsageError) {
            path = arguments.positional(0) ?? "-"
            query = arguments.value(Option.query)
            isRaw = arguments.flag(Option.raw)
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
        var printer = ResultPrinter(document: document, options: options)
        defer { printer.finish() }
        guard let query else {
            // Printed straight from the parsed tape in chunks as they are made: no value tree, and the
            // output is never held whole.
            printer.print(.node(document.root))
            return ExitCode.success
        }
        let results: [JSONQueryResult]
        do {
            results = try query.evaluate(in: document)
        } catch {
            printError("ferry json: query failed: \(error)")
            return ExitCode.usage
        }
        for result in results { printer.print(result) }
        return ExitCode.success
    }

    /// Prints results one to a line, gathered into writes of about a megabyte (a million small results are not a
    /// million writes).
    struct ResultPrinter {
        let document: JSONDocument
        let options: Options
        private var writer = TerminalOutput.ChunkWriter(.standardOutput)
        private var buffer: [UInt8] = []

        init(document: JSONDocument, options: Options) {
            self.document = document
            self.options = options
        }

        /// One result and a line feed: a string as its text with `-r`, else JSON in the chosen format, written
        /// from the tape when it is a node of the document.
        mutating func print(_ result: JSONQueryResult) {
            if options.isRaw, let text = rawString(result) {
                buffer += text.utf8
            } else {
                switch result {
                case .node(let node):
                    document.writeFormatted(options.format, at: node) { chunk in
                        buffer.append(contentsOf: chunk)
                        if buffer.count >= Self.flushSize { flush() }
                    }
                case .value(let value):
                    buffer += value.formattedBytes(options.format)
                }
            }
            buffer.append(0x0A)
            if buffer.count >= Self.flushSize { flush() }
        }

        /// Writes what is left; call once after the last result.
        mutating func finish() {
            flush()
            writer.finish()
        }

        private static let flushSize = 1 << 20

        private mutating func flush() {
            buffer.withUnsafeBufferPointer { writer.write($0) }
            buffer.removeAll(keepingCapacity: true)
        }

        /// The result's text when it is a string (nothing else is read from the tape).
        private func rawString(_ result: JSONQueryResult) -> String? {
            switch result {
            case .node(let node): document.string(at: node)
            case .value(let value): value.stringValue
            }
        }
    }
}
