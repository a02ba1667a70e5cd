package validation

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/internal/testsize"
)

// checkIntegerLiteral compares integerDigits, parseInt and parseUint on the
// JSON number literal lit with exact arithmetic by math/big.
func checkIntegerLiteral(t *testing.T, lit string) {
	t.Helper()
	var buf [maxDigits + 1]byte
	digits, res := integerDigits(lit, buf[:0])
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		t.Fatalf("big.Rat rejects %q", lit)
	}
	if !r.IsInt() {
		if res != numNotInteger {
			t.Fatalf("integerDigits(%q) = %q, %d; want not an integer", lit, digits, res)
		}
		for _, bits := range []int{8, 16, 32, 64} {
			if _, res := parseInt(lit, bits); res != numNotInteger {
				t.Fatalf("parseInt(%q, %d) = %d; want not an integer", lit, bits, res)
			}
			if _, res := parseUint(lit, bits); res != numNotInteger {
				t.Fatalf("parseUint(%q, %d) = %d; want not an integer", lit, bits, res)
			}
		}
		return
	}
	n := r.Num()
	if len(new(big.Int).Abs(n).String()) > maxDigits {
		if res != numOverflow {
			t.Fatalf("integerDigits(%q) = %q, %d; want out of range", lit, digits, res)
		}
	} else if res != numOK || digits != n.String() {
		t.Fatalf("integerDigits(%q) = %q, %d; want %s", lit, digits, res, n)
	}
	for _, bits := range []int{8, 16, 32, 64} {
		lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)))
		hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)), big.NewInt(1))
		got, res := parseInt(lit, bits)
		if n.Cmp(lo) >= 0 && n.Cmp(hi) <= 0 {
			if res != numOK || got != n.Int64() {
				t.Fatalf("parseInt(%q, %d) = %d, %d; want %s", lit, bits, got, res, n)
			}
		} else if res != numOverflow {
			t.Fatalf("parseInt(%q, %d) = %d, %d; want out of range", lit, bits, got, res)
		}
		uhi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
		ugot, res := parseUint(lit, bits)
		if n.Sign() >= 0 && n.Cmp(uhi) <= 0 {
			if res != numOK || ugot != n.Uint64() {
				t.Fatalf("parseUint(%q, %d) = %d, %d; want %s", lit, bits, ugot, res, n)
			}
		} else if res != numOverflow {
			t.Fatalf("parseUint(%q, %d) = %d, %d; want out of range", lit, bits, ugot, res)
		}
	}
}

// randomLiteral returns a JSON number literal biased towards the hard
// cases: zeros around the point, values near the 64-bit limits, exponents
// that cancel the fraction.
func randomLiteral(rng *rand.Rand) string {
	var b strings.Builder
	if rng.IntN(2) == 0 {
		b.WriteByte('-')
	}
	digits := func(n int) {
		for range n {
			if rng.IntN(3) == 0 {
				b.WriteByte('0')
			} else {
				b.WriteByte(byte('0' + rng.IntN(10)))
			}
		}
	}
	switch rng.IntN(4) {
	case 0:
		b.WriteByte('0')
	case 1:
		b.WriteString([]string{"9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616", "9007199254740993"}[rng.IntN(5)])
	default:
		b.WriteByte(byte('1' + rng.IntN(9)))
		digits(rng.IntN(25))
	}
	if rng.IntN(2) == 0 {
		b.WriteByte('.')
		digits(1 + rng.IntN(25))
	}
	if rng.IntN(3) != 0 {
		b.WriteString([]string{"e", "E"}[rng.IntN(2)])
		b.WriteString([]string{"", "+", "-"}[rng.IntN(3)])
		if rng.IntN(4) == 0 {
			b.WriteByte('0') // leading zeros are valid in an exponent
		}
		b.WriteString(big.NewInt(int64(rng.IntN(50))).String())
	}
	return b.String()
}

func TestIntegerDigitsMatchesBig(t *testing.T) {
	for _, lit := range []string{
		"0", "-0", "-0.0", "0e999", "1", "-1", "1.0", "1.5", "1e2", "1E+2", "100e-2", "12.50e1", "0.000e5",
		"9007199254740993.0", "1.00000000000000000001", "1e-400", "1e16", "1.8e19", "-1e0",
		"18446744073709551615.000", "18446744073709551616", "-9223372036854775808.0e0", "-9223372036854775809",
		"99999999999999999999", "100000000000000000000", "0.1e1", "0.01e1", "10e-1", "1e20", "1e19", "1e-0",
	} {
		checkIntegerLiteral(t, lit)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range testsize.N(20_000, 200_000) { // random literals; 200,000 in the long run
		checkIntegerLiteral(t, randomLiteral(rng))
	}
}

// TestIntegerDigitsHugeExponents covers exponents whose power of ten
// big.Rat would take too long to build: a nonzero value is out of range
// or not an integer, a zero is 0, with no huge string built.
func TestIntegerDigitsHugeExponents(t *testing.T) {
	zeros, e40 := strings.Repeat("0", 1e5), "1"+strings.Repeat("0", 40)
	for _, c := range []struct {
		lit, digits string
		res         int
	}{
		{"1e999999999", "", numOverflow},
		{"-1e+999999999", "", numOverflow},
		{"1e99999999999999999999999", "", numOverflow},
		{"1.5e999999999", "", numOverflow},
		{"1e-999999999", "", numNotInteger},
		{"1e-99999999999999999999999", "", numNotInteger},
		{"0e999999999", "0", numOK},
		{"-0.000e-999999999", "0", numOK},
		{"1" + zeros, "", numOverflow},
		{"-1" + zeros + "e-100000", "-1", numOK},
		{"0." + zeros + "1e100001", "1", numOK},
		{"0." + zeros + "1e100000", "", numNotInteger},
		{e40 + "e-21", "10000000000000000000", numOK},
		{e40 + "e-20", "", numOverflow},
		{e40 + ".1e-20", "", numNotInteger},
	} {
		var buf [maxDigits + 1]byte
		digits, res := integerDigits(c.lit, buf[:0])
		if digits != c.digits || res != c.res {
			t.Errorf("integerDigits(%.40q...) = %q, %d; want %q, %d", c.lit, digits, res, c.digits, c.res)
		}
	}
	allocs := testing.AllocsPerRun(100, func() {
		if n, res := parseInt("1e999999999", 64); res != numOverflow || n != 0 {
			t.Fatal(n, res)
		}
	})
	if allocs > 2 { // the failed fast-path strconv.ParseInt's *NumError
		t.Errorf("%v allocations", allocs)
	}
}

// TestParseIntPlainDoesNotAllocate keeps the common case, a plain integer
// literal, free of allocations.
func TestParseIntPlainDoesNotAllocate(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		if n, res := parseInt("-123456789", 64); res != numOK || n != -123456789 {
			t.Fatal(n, res)
		}
		if n, res := parseUint("123456789", 64); res != numOK || n != 123456789 {
			t.Fatal(n, res)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
}

// FuzzIntegerDigits checks arbitrary JSON number literals against math/big;
// exponents too large for big.Rat to expand quickly are skipped (they are
// covered by TestIntegerDigitsHugeExponents).
func FuzzIntegerDigits(f *testing.F) {
	for _, s := range []string{"1", "-0.0", "12.50e1", "1e-400", "9007199254740993.0", "1.8e19", "18446744073709551615.000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		if !json.Valid([]byte(lit)) || len(lit) > 200 || strings.ContainsAny(lit, " \t\r\n") {
			return
		}
		if c := lit[0]; c != '-' && (c < '0' || c > '9') {
			return
		}
		if i := strings.IndexAny(lit, "eE"); i >= 0 && len(strings.TrimLeft(lit[i+1:], "+-0")) > 4 {
			return
		}
		checkIntegerLiteral(t, lit)
	})
}
