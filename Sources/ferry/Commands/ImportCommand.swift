import FerryHTTP
import FerryImport
import FerryWorkbench
import Foundation

/// `ferry import FILE... [--format NAME] [--into DIR] [--dry-run]`: reads curl commands, Postman
/// collections and environments, OpenAPI documents, HAR captures (and any other registered format), from files, URLs or
/// standard input, into `.http` files and environment files.
///
/// Exit 0 when something was imported (warnings about what was left out go to stderr as
/// `file:line: warning: …`); 2 for bad usage or when nothing could be imported.
enum ImportCommand: FerryCommand {
    /// The options of `ferry import`, as ``spec`` declares them.
    enum Option {
        static let format = OptionSpec(
            long: "--format", valueName: "NAME",
            help: "the format of every FILE (default: recognized from each file's contents): "
                + CollectionImporters.all.map { $0.formatName }.joined(separator: ", "),
            completion: .words(CollectionImporters.all.map { $0.formatName }))
        static let into = OptionSpec(
            long: "--into", valueName: "DIR",
            help: "the folder to write into (default: the current folder); existing files are never "
                + "overwritten, environments are merged into the workspace's env files",
            completion: .directory)
        static let dryRun = OptionSpec(long: "--dry-run", help: "print the .http text instead of writing anything")
    }

    static var spec: CommandSpec {
        CommandSpec(
            name: "import", summary: "import curl commands, Postman collections… into .http files",
            discussion: """
                Exit status: 0 when something was imported (warnings about what was left out go to stderr as
                file:line: warning: …); 2 for bad usage or when nothing could be imported.
                """,
            positionals: [
                PositionalSpec(
                    name: "FILE", title: "file",
                    help: "a file to import, an http(s) URL to fetch it from (an OpenAPI document on the web), "
                        + "or - for standard input (pbpaste | ferry import -)",
                    isRepeatable: true, completion: .file)
            ],
            options: [Option.format, Option.into, Option.dryRun])
    }

    /// The parsed command line.
    struct Options {
        var paths: [String] = []
        var format: (any CollectionImporter.Type)?
        var into = "."
        var dryRun = false

        /// Reads the parsed arguments of `import`; throws a message for people.
        init(_ arguments: ParsedArguments) throws(UsageError) {
            paths = arguments.positionals
            guard !paths.isEmpty else { throw UsageError("no FILE given") }
            if let given = arguments.value(Option.format) {
                guard let importer = CollectionImporters.importer(named: given) else {
                    let names = CollectionImporters.all.map { $0.formatName }.joined(separator: ", ")
                    throw UsageError("unknown format \(InputExcerpt(given)) (known: \(names))")
                }
                format = importer
            }
            into = arguments.value(Option.into) ?? "."
            dryRun = arguments.flag(Option.dryRun)
        }
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let options = try Options(arguments)
        var importedSomething = false
        var output = ""
        let destination = URL(fileURLWithPath: options.into)
        for path in options.paths {
            guard let collection = read(path, format: options.format) else { continue }
            for diagnostic in collection.diagnostics { printError(line(for: diagnostic)) }
            guard collection.requestCount > 0 || !collection.environments.isEmpty else {
                printError("ferry import: \(displayName(path)): nothing to import")
                continue
            }
            importedSomething = true
            if options.dryRun {
                output += dryRunText(collection)
                continue
            }
            let report: ImportWriteReport
            do {
                report = try collection.write(into: destination)
            } catch {
                printError("ferry import: \(error)")
                return ExitCode.usage
            }
            for diagnostic in report.diagnostics { printError(line(for: diagnostic)) }
            for file in report.files {
                let shown =
                    options.into == "." ? file.path : (options.into as NSString).appendingPathComponent(file.path)
                output += "wrote \(shown) (\(file.requestCount) request\(file.requestCount == 1 ? "" : "s"))\n"
            }
            for file in report.environmentFiles {
                output += "updated \(file)\n"
            }
            if !report.environmentFiles.isEmpty {
                output +=
                    "added \(report.addedVariables) environment variable\(report.addedVariables == 1 ? "" : "s")\n"
            }
            if report.recordedResponses > 0 {
                output +=
                    "kept \(report.recordedResponses) recorded response\(report.recordedResponses == 1 ? "" : "s") "
                    + "in the history\n"
            }
        }
        TerminalOutput.standardOutput.writeText(output)
        return importedSomething ? ExitCode.success : ExitCode.usage
    }

    // MARK: - Steps

    /// Reads and converts one input; prints why when it cannot.
    static func read(_ path: String, format: (any CollectionImporter.Type)?) -> ImportedCollection? {
        let bytes: [UInt8]
        if path == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else if isWebAddress(path) {
            guard let fetched = fetch(path) else { return nil }
            bytes = fetched
        } else {
            do {
                bytes = try FileIO.bytes(of: URL(fileURLWithPath: path))
            } catch {
                printError("ferry import: cannot read '\(path)': \(error)")
                return nil
            }
        }
        let fileName = displayName(path)
        let recognizedName = isWebAddress(path) ? Self.fileName(ofAddress: path) : fileName
        guard let importer = format ?? CollectionImporters.importer(recognizing: bytes, fileName: recognizedName)
        else {
            let names = CollectionImporters.all.map { $0.formatName }.joined(separator: ", ")
            printError("ferry import: \(fileName): cannot tell the format; give --format (\(names))")
            return nil
        }
        do throws(Diagnostic) {
            return try importer.read(bytes, fileName: fileName)
        } catch {
            printError(line(for: error))
            return nil
        }
    }

    /// What `--dry-run` prints for a collection.
    static func dryRunText(_ collection: ImportedCollection) -> String {
        var text = ""
        for file in collection.files {
            text += "# \(file.path) (\(file.requests.count) request\(file.requests.count == 1 ? "" : "s"))\n"
            text += file.text
        }
        for environment in collection.environments {
            let names = (environment.variables + environment.secrets).map(\.name).joined(separator: ", ")
            text += "# environment \(environment.name): \(names)\n"
        }
        return text
    }

    /// `file:line: warning: message` (with the column when it is known).
    static func line(for diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        let place =
            location.column > 1
            ? "\(location.file):\(location.line):\(location.column)" : "\(location.file):\(location.line)"
        return "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message)"
    }

    /// The name an input goes by in messages and file names: `stdin` for `-`.
    static func displayName(_ path: String) -> String { path == "-" ? "stdin" : path }

}
