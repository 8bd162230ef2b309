package protocol

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// codecPayloads are answers and requests of the shapes the suite sends
// most: an inflation answer of window texts, a hydration answer that lists
// every atom, an inflation request of hits.
func codecPayloads(b *testing.B) map[string]any {
	req := fixtures.Generate(1, fixtures.GenSpec{Compounds: 100, Hits: 1000, BodyBytes: 16000, Budget: 128000})
	res, err := inflate.Inflate(req)
	if err != nil {
		b.Fatal(err)
	}
	var atoms []radial.Atom
	for i, h := range req.Hits {
		atoms = append(atoms, radial.Atom{CompoundID: h.CompoundID, Label: fmt.Sprintf("atom-%d", i), Offset: h.Start, Score: h.Score})
	}
	hyd, err := elastic.Hydrate(req.Documents, atoms, 128000)
	if err != nil {
		b.Fatal(err)
	}
	stripped, _, _ := splitDocuments(req)
	return map[string]any{"inflate-answer": res, "hydrate-answer": hyd, "inflate-request": stripped}
}

// BenchmarkCodec measures the protocol's encoder and decoder on those
// payloads, beside encoding/json and a copy of the bytes (the floor):
//
//	go test -run x -bench Codec ./adapters/process/protocol/
func BenchmarkCodec(b *testing.B) {
	for name, v := range codecPayloads(b) {
		data, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		t := reflect.TypeOf(v)
		b.Run(name+"/encode", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var buf []byte
			for b.Loop() {
				if buf, err = appendCompact(buf[:0], v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/decode", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if !quickDecode(data, reflect.New(t)) {
					b.Fatal("quickDecode gave up")
				}
			}
		})
		b.Run(name+"/json-decode", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if err := json.Unmarshal(data, reflect.New(t).Interface()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/copy", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var buf []byte
			for b.Loop() {
				buf = append(buf[:0], data...)
			}
		})
	}
}
