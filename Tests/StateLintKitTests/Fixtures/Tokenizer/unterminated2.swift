let raw = #"never closed
let m = """
still open
