/// The StateLint version, printed by `statelint version` and written into JSON/SARIF output.
public enum StateLintVersion {
    public static let current = "0.1.0"
    public static let informationURI = "https://github.com/statelint/statelint"
}
