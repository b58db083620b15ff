import StateLintSyntax
import StateLintIndex

/// Reads `@Previewable @State var model = Model()` inside a `#Preview { … }` body, where the
/// structure pass records no declarations (it is a closure, not a type).
package struct PreviewableReader {
    package let code: CodeTokens
    package let file: FileID

    /// The property whose attributes start at the `@Previewable` token `k`.
    package func property(at k: Int) -> PropertyFacts? {
        var j = k
        var wrapper = PropertyWrapper.none
        var wrapperToken: Int?
        var wrapperStart = k
        // `@Previewable`, `@State`, `@SwiftUI.State`, `@AppStorage("key")`, in any order.
        while code.kind(j) == .attribute {
            var nameToken = j
            var next = j + 1
            if code.kind(next) == .period, code.kind(next + 1) == .identifier {
                nameToken = next + 1
                next += 2
            }
            if wrapperToken == nil, case .wrapper(let named) = AttributeName.meaning(of: nameToken, in: code) {
                wrapper = named
                wrapperToken = nameToken
                wrapperStart = j
            }
            if code.kind(next) == .leftParen, let close = code.partner(of: next), !code.lineBreakBefore[next] { next = close + 1 }
            j = next
        }
        guard code.keyword(j) == .var || code.keyword(j) == .let, code.kind(j + 1) == .identifier else { return nil }
        let nameToken = j + 1
        var end = nameToken + 1
        var declaredType: DeclaredType?
        if code.kind(end) == .colon {
            let typeStart = end + 1
            end = ExpressionBounds.typeEnd(of: typeStart, in: code)
            if let (name, isOptional) = TypeNames.annotatedType(typeStart..<end, in: code) {
                declaredType = DeclaredType(name: name, isOptional: isOptional)
            }
        }
        var initialValue: ValueFacts?
        if code.kind(end) == .operator, code.text(end, is: "=") {
            let valueStart = end + 1
            end = ExpressionBounds.end(of: valueStart, in: code)
            if end > valueStart { initialValue = ValueReader(code: code, file: file).value(in: valueStart..<end) }
        }
        return PropertyFacts(name: code.string(nameToken), wrapper: wrapper, isPreviewable: true, isStatic: false,
                             declaredType: declaredType, initialValue: initialValue,
                             span: SourceSpan(file, code, k, end - 1), nameSpan: SourceSpan(file, code, nameToken, nameToken),
                             wrapperSpan: wrapperToken.map { SourceSpan(file, code, wrapperStart, $0) },
                             wrapperNameSpan: wrapperToken.map { SourceSpan(file, code, $0, $0) })
    }
}
