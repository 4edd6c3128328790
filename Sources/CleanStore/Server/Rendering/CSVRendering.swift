import NIOCore

/// Rows of text as CSV (RFC 4180): UTF-8, CRLF after each row, a cell quoted when it holds a
/// comma, a quote, CR or LF (a quote doubled). The CSV counterpart of the templates' HTML escaping:
/// every cell goes through `neutralised`, whatever the presenter put in it.
///
/// By hand: no library in the package mirror writes CSV, and RFC 4180 with the OWASP rule is a
/// dozen lines.
enum CSVRendering {
    /// The byte order mark: Excel reads a CSV as UTF-8 only with it (else "José" comes out "JosÃ©").
    static let byteOrderMark = "\u{FEFF}"

    /// A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1…`, `-2+3`, `@SUM(…)`, or one
    /// starting with a tab or CR) gets a leading `'`, OWASP's "CSV injection" defence: the program
    /// shows it as text. (A phone typed `+1 …` then reads `'+1 …`: the price of the rule.) The first
    /// character is read in its compatibility form (NFKC, through Foundation): a fullwidth `＝` or
    /// a small `﹢`, which a spreadsheet may read as `=` and `+`, is neutralised too.
    static func neutralised(_ cell: String) -> String {
        startsAFormula(cell) ? "'" + cell : cell
    }

    /// Whether `neutralised` puts a `'` before `cell`. Most cells start with an ASCII character
    /// followed by another (or by nothing): that first character is the ASCII one alone, or CR LF
    /// (the only character of two ASCII scalars), and NFKC leaves ASCII as it is, so the first byte
    /// answers. Any other start (a non-ASCII first character, or an ASCII one a combining mark may
    /// follow: `=\u{338}` is `≠`) is read through Foundation's NFKC as before. That NFKC cost
    /// 0.76 µs a cell in a loop built with -O (loaded machine): 30 cells, about 23 µs a row, where
    /// the whole export took about 40 µs a row in the soak (issue 31).
    static func startsAFormula(_ cell: String) -> Bool {
        var bytes = cell.utf8.makeIterator()
        guard let first = bytes.next() else { return false }
        if first < 0x80, (bytes.next() ?? 0) < 0x80 {
            return isFormulaStart(first)
        }
        guard let character = cell.first,
            let scalar = String(character).precomposedStringWithCompatibilityMapping.unicodeScalars.first,
            scalar.isASCII
        else { return false }
        return isFormulaStart(UInt8(scalar.value))
    }

    /// A comma, a quote, CR or LF: a cell holding one is quoted.
    private static func needsQuotes(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "\""), 13, 10: return true
        default: return false
        }
    }

    /// `=`, `+`, `-`, `@`, tab and CR: the first characters a spreadsheet would run.
    private static func isFormulaStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 9, 13: return true
        default: return false
        }
    }

    /// Appends `cells` as one CSV row: each cell `neutralised`, quoted when it holds a comma, a
    /// quote, CR or LF (its quotes doubled), the row ended by CRLF. Written straight from the
    /// cell's UTF-8 into `buffer` (no neutralised copy, no `replacingOccurrences`).
    static func append(row cells: [String], to buffer: inout ByteBuffer) {
        var first = true
        for cell in cells {
            if !first { buffer.writeStaticString(",") }
            first = false
            append(cell: cell, to: &buffer)
        }
        buffer.writeStaticString("\r\n")
    }

    /// One cell of `append(row:to:)`. (`'` is neither a comma, a quote nor a line end: the quoting
    /// is decided by the cell's own bytes, as it was by its neutralised text.)
    private static func append(cell: String, to buffer: inout ByteBuffer) {
        let formula = startsAFormula(cell)
        let quoted = cell.utf8.contains(where: needsQuotes)
        if quoted { buffer.writeStaticString("\"") }
        if formula { buffer.writeStaticString("'") }
        if quoted {
            var utf8 = cell
            utf8.withUTF8 { bytes in
                var start = 0
                for index in bytes.indices where bytes[index] == UInt8(ascii: "\"") {
                    // The quote written twice: the run up to and with it, then the quote again.
                    buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...index]))
                    buffer.writeStaticString("\"")
                    start = index + 1
                }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...]))
            }
            buffer.writeStaticString("\"")
        } else {
            buffer.writeString(cell)
        }
    }
}
