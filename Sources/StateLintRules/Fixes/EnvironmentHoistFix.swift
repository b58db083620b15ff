import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `environment_object_inline_init`'s fix: the object handed to the environment moves into a
/// stored property of the view, made once, and the modifier passes that:
///
///     struct SettingsScreen: View {
///         @StateObject private var settingsModel = SettingsModel(store: .main)
///         var body: some View {
///             SettingsForm()
///                 .environmentObject(settingsModel)
///         }
///     }
///
/// `@StateObject` for `.environmentObject(_:)`, which takes an `ObservableObject`; `@State` for
/// `.environment(_:)`, which takes an `@Observable` class. On Xcode 26 and earlier `@State`
/// evaluates its initial value on every view init, so `state_inline_class_init` then reports
/// the new property, and its fix (the lazily owned state, the next `--fix` round) makes it
/// once: one rewrite of that shape, not two. Where that rewrite cannot take the view, no hoist.
package enum EnvironmentHoistFix {
    /// The wrapper the object is kept in.
    package static func wrapper(for injection: EnvironmentInjectionFacts) -> String {
        injection.modifier == "environmentObject" ? "StateObject" : "State"
    }

    /// `SettingsModel` → `settingsModel`, `URLSession` → `urlSession`, `Outer.Inner` → `inner`.
    package static func propertyName(for type: String) -> String {
        let last = String(type.split(separator: ".").last ?? Substring(type))
        let capitals = last.prefix { $0.isUppercase }.count
        guard capitals > 0 else { return last }
        // The capitals of an initialism, but the last one, which starts the next word.
        let lowered = capitals == last.count || capitals == 1 ? capitals : capitals - 1
        return last.prefix(lowered).lowercased() + last.dropFirst(lowered)
    }

    package static func fix(_ injection: EnvironmentInjectionFacts, type: String, in view: SwiftUIView,
                            _ context: RuleContext) -> Result<Fix, FixRefusal> {
        if injection.isInExtension {
            return .failure(FixRefusal("it is in an extension, which cannot hold the stored property to keep it in"))
        }
        if let name = injection.instanceNames.first {
            return .failure(FixRefusal("its arguments read `\(name)`, which a stored property's initial value cannot"))
        }
        guard let open = injection.typeBodyOpen else {
            return .failure(FixRefusal("the type's `{` is followed by code on its line"))
        }
        let name = propertyName(for: type)
        if view.property(named: name) != nil || view.parts.contains(where: { $0.methods.contains { $0.name == name } }) {
            return .failure(FixRefusal("the view already has a member named `\(name)`"))
        }
        // Where `@State` evaluates its initial value on every view init, the lazily owned rewrite
        // must follow (next round): not hoisted where that cannot be done, or the fix would leave
        // a finding of its own. An `App` is made once: its `@State` is made once on any Xcode.
        if wrapper(for: injection) == "State", view.role != .app, context.isEnabled(StateInlineClassInitRule.self),
           let reason = LazilyOwnedStateFix.viewRefusal(view) {
            return .failure(FixRefusal("`@State` would make it on every view init (Xcode 26 and earlier) unless made lazily, and \(reason)"))
        }
        let file = injection.argument.file
        let style = context.style(of: injection.argument)
        let typeLine = context.line(ofOffset: open, in: file)
        let indent = style.indentation(ofLine: typeLine) + style.indentation.unit
        let wrapper = wrapper(for: injection)
        let declaration = "\(indent)@\(wrapper) private var \(name) = \(injection.argumentText)\n"
        let lineAfter = context.start(ofLine: typeLine + 1, in: file)
        let edits = [
            context.edit(SourceSpan(file: file, range: lineAfter..<lineAfter), declaration),
            context.edit(injection.argument, name),
        ]
        return .success(Fix(summary: "Keep the `\(type)` in `@\(wrapper) private var \(name)`, made once", edits: edits))
    }
}
