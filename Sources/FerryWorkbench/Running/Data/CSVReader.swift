/// Reads RFC 4180 CSV: fields separated by commas, records by CRLF (a bare LF or CR is taken too), a field in
/// double quotes may hold commas, line breaks and doubled quotes (`""`). Blank lines are skipped; a UTF-8
/// byte order mark at the start is dropped. Each record keeps the line it starts on, for located errors.
///
/// ```swift
/// let records = try CSVReader.records(of: Array("name,age\r\n\"Doe, J\",41\r\n".utf8))
/// // [(line: 1, fields: ["name", "age"]), (line: 2, fields: ["Doe, J", "41"])]
/// ```
enum CSVReader {
    /// One record: the line it starts on (1-based) and its fields.
    struct Record: Equatable {
        /// The line the record starts on.
        var line: Int
        /// The fields, unquoted.
        var fields: [String]
    }

    /// Why the text is not CSV, with the line where the trouble is.
    struct Problem: Error, Equatable {
        /// The 1-based line.
        var line: Int
        /// What is wrong, in words.
        var message: String
    }

    /// The records of `bytes`, in order.
    static func records(of bytes: [UInt8]) throws(Problem) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var fieldWasQuoted = false

        func text(_ bytes: [UInt8]) throws(Problem) -> String {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw Problem(line: line, message: "a field is not valid UTF-8")
            }
            return text
        }
        func endRecord() throws(Problem) {
            fields.append(try text(field))
            let blank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted
            if !blank { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
            field = []
            fieldWasQuoted = false
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\""), field.isEmpty, !fieldWasQuoted {
                // A quoted field: up to the quote not doubled.
                let opened = line
                fieldWasQuoted = true
                index += 1
                var closed = false
                while index < bytes.count {
                    let inner = bytes[index]
                    if inner == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                            field.append(inner)
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    if inner == UInt8(ascii: "\n") || (inner == UInt8(ascii: "\r") && bytes[safe: index + 1] != 0x0A) {
                        line += 1
                    }
                    field.append(inner)
                    index += 1
                }
                guard closed else { throw Problem(line: opened, message: "a quoted field is never closed") }
                if let next = bytes[safe: index], next != UInt8(ascii: ","), next != 0x0A, next != 0x0D {
                    throw Problem(
                        line: line, message: "text after a closing quote (a quote inside a field is written \"\")")
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                fields.append(try text(field))
                field = []
                fieldWasQuoted = false
                index += 1
            case 0x0D, 0x0A:
                try endRecord()
                index += byte == 0x0D && bytes[safe: index + 1] == 0x0A ? 2 : 1
                line += 1
                recordLine = line
            case UInt8(ascii: "\""):
                throw Problem(line: line, message: "a quote inside an unquoted field (quote the field and write \"\")")
            default:
                field.append(byte)
                index += 1
            }
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { try endRecord() }
        return records
    }
}

extension Array where Element == UInt8 {
    /// The byte at `index`, or `nil` past either end.
    fileprivate subscript(safe index: Int) -> UInt8? { indices.contains(index) ? self[index] : nil }
}
