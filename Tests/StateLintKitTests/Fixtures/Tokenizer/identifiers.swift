let café = 1
let 变量 = 2
let 😀 = 3
let `default` = 4
let `class` = `default`
let _ = 5
let closure = { $0 + $1 }
let proj = $binding
@State private var value = 0
@Observable final class Model {}
@MainActor @available(iOS 17, *) func f() {}
@available(macOS, introduced: 14.0, deprecated: 15.0)
@SwiftUI.State var qualified = 1
#if DEBUG
let debug = true
#elseif os(iOS)
let ios = true
#else
let other = true
#endif
if #available(iOS 17.0, macOS 14.0, *) { }
if #unavailable(iOS 16) { }
let s = #selector(tap)
let m = #stringify(1 + 2)
#Preview { Text("hi") }
let path = \Model.name
let kp = \.count
let opt = a?.b?.c
let forced = a!.b
let chain = x ?? y
let range = a...b
let half = a..<b
let ar = { (x: Int) -> Int in x }
let amp = foo(&bar)
let custom = a <> b |> c
let ph = <#placeholder#>
let ge = Array<Array<Int>>()
let optopt: Int?? = nil
