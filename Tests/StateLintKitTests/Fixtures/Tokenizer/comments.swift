#!/usr/bin/env swift
// line comment
/// doc comment
/* block */ let x = 1 /* trailing */
/** doc block */
/* outer /* nested /* deeper */ */ still comment */
let y = 2 // end
let z = x+/*inline*/y
let w = x /* a */ + /* b */ y
//// four slashes
/**/ let empty = 0
