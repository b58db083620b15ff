import StateLintSyntax

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

    /// SwiftUI's protocols that refine `View`, by name: a type conforming to one is a view
    /// (`struct MapView: UIViewRepresentable` holds `@State` like any view).
    package static let refiningView = ["UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable",
                               "NSViewControllerRepresentable", "WKInterfaceObjectRepresentable"]

    /// `View` or `SwiftUI.View` (and `.view` for the protocols in `refiningView`).
    package init?(named name: String) {
        guard let named = Self.byName[name] else { return nil }
        self = named
    }

    /// Every case by its name with and without the module: one lookup for each name after `:`
    /// of every type in a project.
    package static let byName: [String: SwiftUIProtocol] = Dictionary(uniqueKeysWithValues:
        allCases.flatMap { [($0.rawValue, $0), ("SwiftUI." + $0.rawValue, $0)] }
            + refiningView.flatMap { [($0, SwiftUIProtocol.view), ("SwiftUI." + $0, SwiftUIProtocol.view)] })
}
