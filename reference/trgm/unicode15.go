package trgm

import "unicode"

// alphabeticSince15 holds the code points that are Alphabetic or Nd in Unicode
// 15.0 (Go's tables) but were not in Unicode 14.0 (glibc 2.35/2.36). Most were
// assigned in 15.0 (Kawi, Nag Mundari, Kaktovik numerals' neighbours, CJK
// Extension H, ...); U+0C04, U+0F82..U+0F83 and U+11080..U+11081 existed
// before and gained Other_Alphabetic in 15.0.
var alphabeticSince15 = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x0c04, Hi: 0x0c04, Stride: 1},
		{Lo: 0x0cf3, Hi: 0x0cf3, Stride: 1},
		{Lo: 0x0f82, Hi: 0x0f83, Stride: 1},
	},
	R32: []unicode.Range32{
		{Lo: 0x11080, Hi: 0x11081, Stride: 1},
		{Lo: 0x1123f, Hi: 0x11241, Stride: 1},
		{Lo: 0x11f00, Hi: 0x11f10, Stride: 1},
		{Lo: 0x11f12, Hi: 0x11f3a, Stride: 1},
		{Lo: 0x11f3e, Hi: 0x11f40, Stride: 1},
		{Lo: 0x11f50, Hi: 0x11f59, Stride: 1},
		{Lo: 0x1342f, Hi: 0x1342f, Stride: 1},
		{Lo: 0x13441, Hi: 0x13446, Stride: 1},
		{Lo: 0x1b132, Hi: 0x1b132, Stride: 1},
		{Lo: 0x1b155, Hi: 0x1b155, Stride: 1},
		{Lo: 0x1df25, Hi: 0x1df2a, Stride: 1},
		{Lo: 0x1e030, Hi: 0x1e06d, Stride: 1},
		{Lo: 0x1e08f, Hi: 0x1e08f, Stride: 1},
		{Lo: 0x1e4d0, Hi: 0x1e4eb, Stride: 1},
		{Lo: 0x1e4f0, Hi: 0x1e4f9, Stride: 1},
		{Lo: 0x2b739, Hi: 0x2b739, Stride: 1},
		{Lo: 0x31350, Hi: 0x323af, Stride: 1},
	},
}
