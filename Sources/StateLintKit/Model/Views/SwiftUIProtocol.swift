/// The SwiftUI protocols that make a type hold SwiftUI state (`@State` and the other wrappers
/// mean something only in them), as a declaration names them after `:`.
public enum SwiftUIProtocol: String, Sendable, CaseIterable {
    case view = "View"
    case app = "App"
    case scene = "Scene"
    case viewModifier = "ViewModifier"
    /// A custom property wrapper built from SwiftUI's (`@State` inside it is the view's state).
    case dynamicProperty = "DynamicProperty"
    case previewProvider = "PreviewProvider"
    case commands = "Commands"
    case toolbarContent = "ToolbarContent"
    case customizableToolbarContent = "CustomizableToolbarContent"

    /// `View` or `SwiftUI.View`.
    init?(named name: String) {
        guard let named = Self.byName[name] else { return nil }
        self = named
    }

    /// Every case by its name with and without the module: one lookup for each name after `:`
    /// of every type in a project.
    private static let byName: [String: SwiftUIProtocol] = Dictionary(uniqueKeysWithValues:
        allCases.flatMap { [($0.rawValue, $0), ("SwiftUI." + $0.rawValue, $0)] })
}
