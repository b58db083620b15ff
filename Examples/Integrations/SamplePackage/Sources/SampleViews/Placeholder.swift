/// Keeps the target non-empty where SwiftUI is unavailable (Linux), so the package builds there.
public enum SampleViewsInfo {
    public static let name = "SampleViews"
}
