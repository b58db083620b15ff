// The views apps use most (see View.swift for what this module is). Each conforms to `View`
// in an extension with a `Never` body, so its initializers are not tied to the main actor.

/// A localized string in a `Text` or a title; written as a string literal.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    let key: String

    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.text }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation<T>(_ value: T) { text += "\(value)" }
        public mutating func appendInterpolation(_ text: Text) {}
        public mutating func appendInterpolation(_ image: Image) {}
    }
}

public struct Font: Hashable, Sendable {
    let name: String
    public static let largeTitle = Font(name: "largeTitle")
    public static let title = Font(name: "title")
    public static let title2 = Font(name: "title2")
    public static let title3 = Font(name: "title3")
    public static let headline = Font(name: "headline")
    public static let subheadline = Font(name: "subheadline")
    public static let body = Font(name: "body")
    public static let callout = Font(name: "callout")
    public static let footnote = Font(name: "footnote")
    public static let caption = Font(name: "caption")
    public static let caption2 = Font(name: "caption2")
    public static func system(size: CGFloat) -> Font { Font(name: "system") }
    public func bold() -> Font { self }
}

public struct Color: Hashable, Sendable, ShapeStyle {
    let name: String
    public init(_ name: String) { self.name = name }
    public static let primary = Color("primary")
    public static let secondary = Color("secondary")
    public static let accentColor = Color("accent")
    public static let red = Color("red")
    public static let green = Color("green")
    public static let blue = Color("blue")
    public static let orange = Color("orange")
    public static let gray = Color("gray")
    public static let white = Color("white")
    public static let black = Color("black")
    public static let clear = Color("clear")
}

extension Color: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// What fills or colours a view (`Color`, `.secondary`, …).
public protocol ShapeStyle: Sendable {}

extension ShapeStyle where Self == Color {
    public static var primary: Color { Color("primary") }
    public static var secondary: Color { Color("secondary") }
    public static var tint: Color { Color("tint") }
}

public struct Text: Equatable, Sendable {
    let storage: String

    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        storage = key.key
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { storage = String(content) }

    public init(verbatim content: String) { storage = content }

    public init(_ date: Date, style: DateStyle) { storage = "" }

    public struct DateStyle: Sendable {
        public static let date = DateStyle()
        public static let time = DateStyle()
        public static let relative = DateStyle()
    }

    public func font(_ font: Font?) -> Text { self }
    public func bold() -> Text { self }
    public func italic() -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { self }

    public static func + (lhs: Text, rhs: Text) -> Text { lhs }
}

extension Text: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct Image: Equatable, Sendable {
    public init(_ name: String, bundle: Bundle? = nil) {}
    public init(systemName: String) {}
    public func resizable() -> Image { self }
}

extension Image: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// A title with an icon.
public struct Label<Title: View, Icon: View> {
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

extension Label: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}

public struct Button<Label: View> {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

extension Button: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
    public static let firstTextBaseline = VerticalAlignment()
}

public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
}

public struct VStack<Content: View> {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

extension VStack: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct HStack<Content: View> {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

extension HStack: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct ZStack<Content: View> {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

extension ZStack: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct Spacer {
    public init(minLength: CGFloat? = nil) {}
}

extension Spacer: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct Divider {
    public init() {}
}

extension Divider: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct Axis: Sendable {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

public struct ScrollView<Content: View> {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
}

extension ScrollView: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct Group<Content> {
    public init(@ViewBuilder content: () -> Content) where Content: View {}
}

extension Group: View where Content: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// A view per element of a collection, identified by `id`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

extension ForEach where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where Data.Element: Identifiable, ID == Data.Element.ID {
        self.data = data
        self.content = content
    }

    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) where Data == Range<Int>, ID == Int {
        self.data = data
        self.content = content
    }
}

extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct List<SelectionValue: Hashable, Content: View> {
    init() {}
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {}

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

extension List {
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {}
}

extension List: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct Section<Parent, Content, Footer> {
    init() {}
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {}
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}

extension Section: View where Parent: View, Content: View, Footer: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct Form<Content: View> {
    public init(@ViewBuilder content: () -> Content) {}
}

extension Form: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// The path of a navigation stack, of values of any type.
public struct NavigationPath: Equatable {
    public init() {}
    public var count: Int { 0 }
    public var isEmpty: Bool { true }
    public mutating func append<V: Hashable>(_ value: V) {}
    public mutating func removeLast(_ k: Int = 1) {}
}

public struct NavigationStack<Data, Root: View> {
    init() {}
}

extension NavigationStack where Data == NavigationPath {
    public init(@ViewBuilder root: () -> Root) {}
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {}
}

extension NavigationStack where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
                                Data.Element: Hashable {
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {}
}

extension NavigationStack: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct NavigationLink<Label: View, Destination: View> {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
}

extension NavigationLink where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {}
}

extension NavigationLink where Destination == Never {
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
}

extension NavigationLink: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct TabView<SelectionValue: Hashable, Content: View> {
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) {}
}

extension TabView: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct TextField<Label: View> {
    init() {}
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

extension TextField: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

extension Axis {
    public static let horizontal = Axis()
    public static let vertical = Axis()
}

public struct SecureField<Label: View> {
    init() {}
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

extension SecureField: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct Toggle<Label: View> {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

extension Toggle: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct ProgressView<Label: View, CurrentValueLabel: View> {
    init() {}
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {}
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init(@ViewBuilder label: () -> Label) {}
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: LocalizedStringKey) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) {}
}

extension ProgressView: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}
