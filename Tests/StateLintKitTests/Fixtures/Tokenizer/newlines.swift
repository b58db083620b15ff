let crlf = 1
let cr = 2let lf = 3
