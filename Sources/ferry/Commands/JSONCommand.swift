import FerryHTTP
import FerryJSON
import Foundation

/// `ferry json [FILE|-] [--query Q] [--compact] [--indent N]`: validates, pretty-prints and queries JSON.
///
/// Key order and number spelling are kept. Exit 0 for valid JSON; 2 with the located error on stderr for
/// invalid JSON, a bad query or bad usage.
enum JSONCommand: FerryCommand {
    static let name = "json"
    static let summary = "pretty-print, validate or query JSON (FILE or stdin)"

    static let usage = """
        usage: ferry json [FILE|-] [--query Q] [--compact] [--indent N]
          FILE|-       the JSON to read (default: standard input)
          --query Q    print the results of a path query: .a.b[0]  .items[].name  ..id  .[2:5]  length  keys  |
          --compact    print without whitespace
          --indent N   indent pretty output by N spaces (0-16, default 2)
        """

    /// The parsed command line.
    struct Options {
        var path = "-"
        var query: String?
        var format = JSONFormat.pretty(indent: 2)
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let message):
            if message.text.isEmpty {
                printOutput(usage)
                return ExitCode.success
            }
            printError("ferry json: \(message.text)\n\n\(usage)")
            return ExitCode.usage
        }
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

    /// A usage problem; empty text means `--help`.
    struct UsageMessage: Error {
        var text: String
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageMessage> {
        var options = Options()
        var sawPath = false
        var compact = false
        var indent: Int?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return .failure(UsageMessage(text: ""))
            case "--compact":
                compact = true
            case "--query", "-q":
                guard let query = remaining.popFirst() else {
                    return .failure(UsageMessage(text: "--query needs a query"))
                }
                options.query = query
            case "--indent":
                guard let text = remaining.popFirst(), let spaces = Int(text), (0...16).contains(spaces) else {
                    return .failure(UsageMessage(text: "--indent needs a number from 0 to 16"))
                }
                indent = spaces
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    return .failure(UsageMessage(text: "unknown option \(InputExcerpt(argument))"))
                }
                guard !sawPath else {
                    return .failure(UsageMessage(text: "more than one input: \(InputExcerpt(argument))"))
                }
                sawPath = true
                options.path = argument
            }
        }
        if compact && indent != nil {
            return .failure(UsageMessage(text: "--compact and --indent exclude each other"))
        }
        options.format = compact ? JSONFormat.compact : JSONFormat.pretty(indent: indent ?? 2)
        return .success(options)
    }
}
