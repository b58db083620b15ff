/// What follows the last `.` of a dotted name: `Inner` for `Outer.Inner`.
package func lastComponent(_ name: String) -> String {
    guard let dot = DottedName.lastDot(in: name) else { return name }
    return String(name[name.index(after: dot)...])
}
