/// A value held by reference: for a large optional field most values leave nil, so that nil
/// costs one pointer in each of the many values holding it, not the field's full size.
package final class Boxed<Value: Sendable>: Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
