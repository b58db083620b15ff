import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Converts our 1-based UTF-8 byte columns to the 1-based UTF-16 columns SARIF viewers use.
public enum ColumnConversion {
    /// The UTF-16 column of byte column `byteColumn` in `lineBytes`. The prefix before the
    /// column is decoded leniently (an invalid byte counts as one U+FFFD, as a viewer shows it);
    /// bytes past the end of the line (the terminator, or bad input) count one unit each.
    public static func utf16Column(byteColumn: Int, lineBytes: [UInt8]) -> Int {
        let prefixLength = max(0, byteColumn - 1)
        let inLine = min(prefixLength, lineBytes.count)
        let decoded = String(decoding: lineBytes[0..<inLine], as: UTF8.self)
        return decoded.utf16.count + (prefixLength - inLine) + 1
    }
}
