let s = "unterminated
let t = 1
/* never closed
let u = 2
