// Raw strings whose opening looks multi-line but that close on the same line.
let q1 = #"""#
let q2 = #""""#
let q3 = #"""""#
let q4 = ##"""""##
let q5 = ###"""""###
let q6 = ####"""""####
let s1 = message.replacingOccurrences(of: #"""#, with: #"\""#)
let s2 = #""" spaced "# + tail
let s3 = ##"""a"#b"##
let s4 = #"""\#(value)"#
let s5 = #"""\"#
let s6 = #"a"##
let after = 1
// Multi-line: no closing quote with enough `#` on the opening line.
let m1 = #"""
    text "still" inside
    """#
let m2 = ##"""
    one "# two
    """##
let m3 = ##"""  "# trailing
    body
    """##
let m4 = #"""
    \#(interpolated) and \(plain)
    """#
let m5 = """
    plain "#
    """
let code = 2
