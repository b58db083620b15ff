/// Whether a name starts with an uppercase letter (`Character.isUppercase`, with ASCII decided
/// on the byte: the general test looks up Unicode properties). Type names are capitalised;
/// `makeModel()` is a function call, not a creation of `makeModel`.
package func startsUppercase(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first else { return false }
    if first.isASCII { return (0x41...0x5A).contains(first.value) }
    return Character(first).isUppercase
}
