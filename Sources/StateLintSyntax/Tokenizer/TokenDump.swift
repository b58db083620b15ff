/// The `statelint tokens FILE` format: one token per line,
/// `line<TAB>column<TAB>kind<TAB>text`, with `\`, TAB, LF and CR escaped in the text so every
/// record is one line. The same format as the SwiftSyntax oracle in `shared/tools/oracle`.
public enum TokenDump {
    public static func render(_ file: SourceFile, tokens: [Token]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(file.bytes.count * 3 + 64)
        var line = 0  // index into lineStarts of the line holding the current token
        let starts = file.lineStarts
        for token in tokens {
            while line + 1 < starts.count && starts[line + 1] <= token.start { line += 1 }
            appendDecimal(line + 1, to: &out)
            out.append(0x09)
            appendDecimal(token.start - starts[line] + 1, to: &out)
            out.append(0x09)
            out.append(contentsOf: token.kind.dumpName.utf8)
            out.append(0x09)
            for byte in file.bytes[token.range] {
                switch byte {
                case UInt8(ascii: "\\"): out.append(0x5C); out.append(0x5C)
                case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
                case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
                default: out.append(byte)
                }
            }
            out.append(0x0A)
        }
        return out
    }

    package static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
