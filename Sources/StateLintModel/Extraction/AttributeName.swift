import StateLintSyntax
import StateLintIndex

/// What an attribute on a property means to the model, read from its name token's bytes: the
/// common SwiftUI wrappers are recognised without making a `String` (a view has dozens).
package enum AttributeName {

    package enum Meaning: Equatable {
        case wrapper(PropertyWrapper)
        case previewable
        case notAWrapper
    }

    /// The attributes recognised on bytes, spelled as one token (`@State`) and as the name of a
    /// qualified one (`@SwiftUI.State`), most frequent first.
    private static let known: [(attribute: StaticString, name: StaticString, meaning: Meaning)] = [
        ("@State", "State", .wrapper(.state)), ("@Binding", "Binding", .wrapper(.binding)),
        ("@Environment", "Environment", .wrapper(.environment)), ("@StateObject", "StateObject", .wrapper(.stateObject)),
        ("@ObservedObject", "ObservedObject", .wrapper(.observedObject)), ("@Bindable", "Bindable", .wrapper(.bindable)),
        ("@EnvironmentObject", "EnvironmentObject", .wrapper(.environmentObject)), ("@Previewable", "Previewable", .previewable),
    ]

    /// What the attribute whose name token (`@State`, or the `State` of `@SwiftUI.State`) is
    /// `nameToken` means.
    package static func meaning(of nameToken: Int, in code: CodeTokens) -> Meaning {
        let isAttributeToken = code.kind(nameToken) == .attribute
        for entry in known where code.text(nameToken, is: isAttributeToken ? entry.attribute : entry.name) {
            return entry.meaning
        }
        var name = code.string(nameToken)
        if name.hasPrefix("@") { name.removeFirst() }
        return PropertyReader.nonWrapperAttributes.contains(name) ? .notAWrapper : .wrapper(.other(name))
    }
}
