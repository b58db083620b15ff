let a = "plain \n \" \\ \u{1F600} text"
let b = "outer \(value) and \(f(x, "inner \(deep) string")) end"
let c = "closure \(items.map { "\($0)!" }.joined(separator: ", ")) done"
let d = """
    multi-line \(name)
    with "quotes" and \"""
    continuation \
    next line
    """
let e = #"raw \n \(notInterpolated) \#(interpolated) "quoted""#
let f = ##"double # raw "# still \##(x) "##
let g = #"""
    raw multi "\#(y)" \(z)
    """#
let h = ""
let i = "\("")"
let j = "a\(("b"))c"
let k = "tab\there"
let l = "unicode é 变量 🎉"
let m = "\(a)\(b)\(c)"
let n = """
    nested \("""
        inner multi
        """) tail
    """
let o = 'c'
let p = "emoji \(😀 + 1) ok"
