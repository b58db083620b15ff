// Unterminated raw strings: a single-line one ends at its line, a multi-line one at the end of the file.
let u1 = #"""\#"#
let u2 = #"""\#("x")"#
let u3 = 3
let u4 = ##"""a"#
let u5 = 5
let u6 = #"""