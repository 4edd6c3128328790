import Foundation

/// The records of a CSV text (RFC 4180): fields separated by commas, records by CRLF or LF, a
/// field in double quotes may hold commas, line breaks and doubled quotes (`""`). Each record
/// carries the line it starts on, for messages that name it. A leading UTF-8 byte order mark (a
/// spreadsheet's) is skipped; empty lines are no records.
///
/// Hand-written: none of the packages this app depends on reads CSV, and Foundation has no
/// reader; the grammar is small. (The export, `Scenes/ExportOrders`, writes CSV; this reads it.)
public enum CSVRows {
    public struct Record: Equatable, Sendable {
        /// 1 for the file's first line.
        public var line: Int
        public var fields: [String]
    }

    public enum Failure: Error, Equatable, Sendable {
        /// A quoted field is never closed (it starts on `line`).
        case unclosedQuote(line: Int)
        /// Text after a closing quote, before the next comma or line end (`"a"b`).
        case textAfterQuote(line: Int)
        /// A quote inside a field that did not start with one (`a"b`).
        case strayQuote(line: Int)
    }

    public static func records(_ text: String) throws(Failure) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoted = false
        /// The field was quoted and its closing quote read.
        var closed = false
        var characters = Array(text.unicodeScalars)
        if characters.first == "\u{FEFF}" { characters.removeFirst() }

        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !closed) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            closed = false
        }

        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if quoted {
                if character == "\"" {
                    if index < characters.count, characters[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index += 1
                    } else {
                        quoted = false
                        closed = true
                    }
                } else {
                    if character == "\n" { line += 1 }
                    field.unicodeScalars.append(character)
                }
                continue
            }
            switch character {
            case ",":
                fields.append(field)
                field = ""
                closed = false
            case "\r" where index < characters.count && characters[index] == "\n":
                continue
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !closed else { throw closed ? .textAfterQuote(line: line) : .strayQuote(line: line) }
                quoted = true
            default:
                if closed { throw .textAfterQuote(line: line) }
                field.unicodeScalars.append(character)
            }
        }
        if quoted { throw .unclosedQuote(line: recordLine) }
        if !field.isEmpty || !fields.isEmpty || closed { endRecord() }
        return records
    }
}
