let r1 = /abc/
let r2 = #/a/b/#
let r3 = #/
  [a-z]+ # comment
  \d{2}
  /#
let r4 = try? /\w+/.wholeMatch(in: s)
let d1 = a / b / c
let d2 = x/y
let d3 = (a) / 2
let d4 = value /= 3
let r5 = s.firstMatch(of: /(\d+)-(\d+)/)
let r6 = [/a/, /b/]
let op = a ?? /x/
func /(lhs: Int, rhs: Int) -> Int { lhs }
let d5 = arr.map { $0 / 2 }
let r7 = !/abc/.isEmpty
let d6 = 10 / 2 / 5
let r8 = /[/]x/
if let m = line.wholeMatch(of: /(?<key>\w+)=(?<value>.*)/) { print(m) }
let d7 = total / count // average
let r9 = #/\/path\//#
