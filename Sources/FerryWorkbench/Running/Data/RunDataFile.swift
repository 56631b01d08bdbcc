import FerryJSON
import Foundation

/// Reads the rows of a data file for ``CollectionRun/iterations``: a CSV file (RFC 4180, the first record
/// names the columns) or, when the name ends in `.json`, a JSON array of objects whose members are the
/// columns (strings as they are, numbers and booleans as written, `null` as empty, arrays and objects as
/// compact JSON). Every problem is a ``RunDataError`` at the file and line; nothing is read past it.
///
/// ```swift
/// let rows = try RunDataFile.rows(of: bytes, named: "users.csv")
/// run.iterations = RunIteration.rows(rows)
/// ```
public enum RunDataFile {
    /// The rows of `bytes`, read as the file `name` (shown in errors) says.
    public static func rows(of bytes: [UInt8], named name: String) throws(RunDataError) -> [RunDataRow] {
        let rows =
            name.lowercased().hasSuffix(".json")
            ? try jsonRows(of: bytes, named: name) : try csvRows(of: bytes, named: name)
        guard !rows.isEmpty else { throw RunDataError("no rows", at: SourceLocation(file: name, line: 1)) }
        return rows
    }

    // MARK: - CSV

    static func csvRows(of bytes: [UInt8], named name: String) throws(RunDataError) -> [RunDataRow] {
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(of: bytes)
        } catch {
            throw RunDataError(error.message, at: SourceLocation(file: name, line: error.line))
        }
        guard let header = records.first else { return [] }
        let columns = try columnNames(header.fields, at: SourceLocation(file: name, line: header.line))
        var rows: [RunDataRow] = []
        for (number, record) in records.dropFirst().enumerated() {
            let location = SourceLocation(file: name, line: record.line)
            guard record.fields.count == columns.count else {
                let fields = record.fields.count == 1 ? "1 field" : "\(record.fields.count) fields"
                throw RunDataError("\(fields), but the header has \(columns.count)", at: location)
            }
            let values = Dictionary(zip(columns, record.fields)) { first, _ in first }
            rows.append(RunDataRow(values: values, columns: columns, number: number + 1, location: location))
        }
        return rows
    }

    private static func columnNames(_ names: [String], at location: SourceLocation) throws(RunDataError) -> [String] {
        var seen = Set<String>()
        for (index, name) in names.enumerated() {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw RunDataError("column \(index + 1) of the header has no name", at: location)
            }
            guard !name.contains("{") && !name.contains("}") else {
                throw RunDataError("column name '\(name)' holds a brace", at: location)
            }
            guard seen.insert(name).inserted else {
                throw RunDataError("column '\(name)' is named twice", at: location)
            }
        }
        return names
    }

    // MARK: - JSON

    static func jsonRows(of bytes: [UInt8], named name: String) throws(RunDataError) -> [RunDataRow] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw RunDataError(error.message, at: SourceLocation(file: name, line: error.line, column: error.column))
        }
        guard let elements = value.arrayValue else {
            throw RunDataError("expected an array of objects", at: SourceLocation(file: name, line: 1))
        }
        let lines = JSONElementLines.ofTopLevelArray(bytes)
        var rows: [RunDataRow] = []
        for (index, element) in elements.enumerated() {
            let location = SourceLocation(file: name, line: lines.indices.contains(index) ? lines[index] : 1)
            guard let object = element.objectValue else {
                throw RunDataError("row \(index + 1) is not an object", at: location)
            }
            let columns = try columnNames(object.members.map(\.key), at: location)
            var values: [String: String] = [:]
            for member in object.members { values[member.key] = text(of: member.value) }
            rows.append(RunDataRow(values: values, columns: columns, number: index + 1, location: location))
        }
        return rows
    }

    private static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number, .array, .object: value.formatted(.compact)
        }
    }
}
