import Foundation
import StateLintSyntax
import StateLintRules
import StateLintEngine

/// `yyyy-MM-ddTHH:mm:ss` in UTC without a zone suffix, the form the JUnit XSD accepts.
/// Computed arithmetically so the result never depends on the locale or time zone settings.
public enum UTCTimestamp {
    public static func string(from date: Date) -> String {
        // Clamped to years 1970...9999: the XSD pattern needs four digits, and a NaN or
        // infinite interval must not trap in the Int conversion.
        let seconds = date.timeIntervalSince1970
        let total = seconds.isFinite ? Int(min(max(seconds, 0), latestSupported).rounded(.down)) : 0
        let days = total / 86_400
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(secondsOfDay / 3600, 2) + ":" + pad(secondsOfDay / 60 % 60, 2) + ":" + pad(secondsOfDay % 60, 2)
    }

    /// 9999-12-31T23:59:59 UTC.
    package static let latestSupported: Double = 253_402_300_799

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    package static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
