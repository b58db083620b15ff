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
        let bare = name.hasPrefix("SwiftUI.") ? String(name.dropFirst("SwiftUI.".count)) : name
        self.init(rawValue: bare)
    }
}
