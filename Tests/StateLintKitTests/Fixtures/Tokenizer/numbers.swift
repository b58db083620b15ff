let a = 42
let b = 1_000_000
let c = 0x1F
let d = 0o755
let e = 0b1010_1010
let f = 3.14159
let g = 1e10
let h = 1.5e-3
let i = 0x1p-2
let j = 0x1.8p3
let k = -5
let l = t.0.1
let m = 5.description
let n = 1..<10
let o = 0...9
let p = 2.0E+5
let q = 0xFFp0
let r = x.0
let range = 0...0.5
let open = 1..<2.5
let negative = -0.0001...0.0001
let tuple = t.0.1
let spaced = t . 0.1
@_backDeploy(before: macOS 14.0, iOS 17.0)
public func deployed() {}
