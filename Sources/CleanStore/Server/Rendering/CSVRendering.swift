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
        guard let first = cell.first,
            let scalar = String(first).precomposedStringWithCompatibilityMapping.unicodeScalars.first,
            ["=", "+", "-", "@", "\t", "\r"].contains(scalar)
        else { return cell }
        return "'" + cell
    }

    static func append(row cells: [String], to buffer: inout ByteBuffer) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            let text = neutralised(cell)
            if text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 13 || $0 == 10 }) {
                buffer.writeStaticString("\"")
                buffer.writeString(text.replacingOccurrences(of: "\"", with: "\"\""))
                buffer.writeStaticString("\"")
            } else {
                buffer.writeString(text)
            }
        }
        buffer.writeStaticString("\r\n")
    }
}
