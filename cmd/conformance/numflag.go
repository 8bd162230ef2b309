package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// numberFlag is a numeric flag with the range of values it allows. Every
// numeric flag of every command is one, so that all are judged one way:
// Set only records the text, and checkFlags, after parsing, refuses what is
// not a number of the flag's kind, NaN, an infinity or a value outside the
// range, with a message naming the flag and the range (exit 2). A flag not
// given keeps its default, which may mean "not set" (given tells them
// apart): an explicit 0 is judged like any other value, never taken for
// "use the default".
type numberFlag struct {
	integer      bool
	min, max     float64 // the range; ±Inf for none
	openMin      bool    // min itself is excluded
	openMax      bool    // max itself is excluded
	def          float64 // the value when not given
	defText      string  // how the default reads in -h ("" for def)
	raw          string  // as given
	v            float64 // the value, once checked
	given, valid bool
	flag         *flag.Flag // as defined, for its default's text
}

// intFlag defines an integer flag name in [min, max] (math.Inf(1) for no
// maximum) with the default def.
func intFlag(fs *flag.FlagSet, name string, def int, min, max float64, usage string) *numberFlag {
	f := &numberFlag{integer: true, min: min, max: max, def: float64(def), v: float64(def)}
	f.define(fs, name, usage)
	return f
}

// floatFlag defines a number flag name in the range min..max, each end
// open or closed, with the default def.
func floatFlag(fs *flag.FlagSet, name string, def, min, max float64, openMin, openMax bool, usage string) *numberFlag {
	f := &numberFlag{min: min, max: max, openMin: openMin, openMax: openMax, def: def, v: def}
	f.define(fs, name, usage)
	return f
}

// define adds the flag to fs; -h names its kind ("-count integer") and
// says its range after usage.
func (f *numberFlag) define(fs *flag.FlagSet, name, usage string) {
	kind := "number"
	if f.integer {
		kind = "integer"
	}
	r := strings.Replace(f.rangeText(), kind, "`"+kind+"`", 1)
	fs.Var(f, name, strings.TrimSpace(usage+" ("+r+")"))
	f.flag = fs.Lookup(name)
}

// unset makes the flag's default read as text in -h (e.g. "2/p-value -
// 1") and its value, when not given, def: a "not set" distinct from any
// value the flag allows.
func (f *numberFlag) unset(text string, def float64) *numberFlag {
	f.defText, f.def, f.v = text, def, def
	f.flag.DefValue = text
	return f
}

func (f *numberFlag) String() string {
	if f == nil {
		return ""
	}
	if f.given {
		return f.raw
	}
	if f.defText != "" {
		return f.defText
	}
	return strconv.FormatFloat(f.def, 'g', -1, 64)
}

func (f *numberFlag) Set(s string) error {
	f.raw, f.given, f.valid = s, true, false
	return nil
}

// Int is the value of an integer flag.
func (f *numberFlag) Int() int { return int(f.v) }

// Float is the value of a number flag.
func (f *numberFlag) Float() float64 { return f.v }

// rangeText says which values the flag allows, e.g. "an integer of at
// least 1" or "a number in (0, 1)".
func (f *numberFlag) rangeText() string {
	kind := "a number"
	if f.integer {
		kind = "an integer"
	}
	lo, hi := "[", "]"
	if f.openMin {
		lo = "("
	}
	if f.openMax {
		hi = ")"
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	switch {
	case math.IsInf(f.min, -1) && math.IsInf(f.max, 1):
		return kind
	case math.IsInf(f.max, 1) && f.openMin:
		return kind + " above " + num(f.min)
	case math.IsInf(f.max, 1):
		return kind + " of at least " + num(f.min)
	}
	return fmt.Sprintf("%s in %s%s, %s%s", kind, lo, num(f.min), num(f.max), hi)
}

// check reads the text given, refusing what the flag does not allow.
func (f *numberFlag) check() error {
	if !f.given {
		return nil
	}
	var v float64
	if f.integer {
		n, err := strconv.ParseInt(f.raw, 10, 64)
		if errors.Is(err, strconv.ErrRange) {
			return f.outOfRange(n > 0)
		}
		if err != nil {
			return fmt.Errorf("want %s", f.rangeText())
		}
		v = float64(n)
	} else {
		x, err := strconv.ParseFloat(f.raw, 64)
		if errors.Is(err, strconv.ErrRange) && math.IsInf(x, 0) {
			return f.outOfRange(x > 0)
		}
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("want %s", f.rangeText())
		}
		v = x
	}
	if v < f.min || v > f.max || f.openMin && v == f.min || f.openMax && v == f.max {
		return fmt.Errorf("want %s", f.rangeText())
	}
	f.v, f.valid = v, true
	return nil
}

// outOfRange is the refusal of a number too large (or too small) to be
// held at all: "too large", not "not an integer".
func (f *numberFlag) outOfRange(large bool) error {
	what := "too large"
	if !large {
		what = "too small"
	}
	return fmt.Errorf("%s: want %s", what, f.rangeText())
}

// checkedFlag is a flag whose value is judged after parsing (see
// numberFlag).
type checkedFlag interface{ check() error }

// checkFlags judges every flag of fs that was given and is judged after
// parsing, and returns the first refusal as a usageError naming the flag,
// what was given and what it allows.
func checkFlags(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		c, ok := f.Value.(checkedFlag)
		if !ok || err != nil {
			return
		}
		if e := c.check(); e != nil {
			err = usagef("--%s %s: %v", f.Name, f.Value.String(), e)
		}
	})
	return err
}

// benchtimeFlag reads --benchtime as go test's -benchtime does, a positive
// duration ("1s") or a positive count of iterations ("100x"), judged after
// parsing like numberFlag.
type benchtimeFlag struct{ v string }

func (f *benchtimeFlag) String() string {
	if f == nil {
		return ""
	}
	return f.v
}

func (f *benchtimeFlag) Set(s string) error {
	f.v = s
	return nil
}

func (f *benchtimeFlag) check() error {
	const want = "want a positive duration (1s, 500ms) or a positive count of iterations (100x)"
	if n, ok := strings.CutSuffix(f.v, "x"); ok {
		if k, err := strconv.ParseInt(n, 10, 64); err != nil || k < 1 {
			return errors.New(want)
		}
		return nil
	}
	if d, err := time.ParseDuration(f.v); err != nil || d <= 0 {
		return errors.New(want)
	}
	return nil
}
