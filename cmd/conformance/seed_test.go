package main

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// TestResolveSeed: the default seed without --seed, the expectations
// file's seed when it has one, an explicit seed over it with a note, and a
// random seed printed.
func TestResolveSeed(t *testing.T) {
	tests := []struct {
		name     string
		flag     string // --seed; "" none
		recorded int64  // the expectations file's seed
		want     int64  // 0: any but 0
		says     string // on stderr
	}{
		{name: "default", want: suite.DefaultSeed},
		{name: "the expectations file's", recorded: 42, want: 42},
		{name: "explicit", flag: "7", want: 7},
		{name: "explicit over the file's", flag: "7", recorded: 42, want: 7, says: "written with seed 42 and this run uses seed 7"},
		{name: "random", flag: "random", says: "--seed random: seed "},
		{name: "0 is random, as before", flag: "0", says: "--seed random: seed "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := runConfig{expectations: "known.json"}
			cfg.out.expect = reports.Expectations{Seed: tt.recorded}
			if tt.flag != "" {
				if err := cfg.seed.Set(tt.flag); err != nil {
					t.Fatal(err)
				}
			}
			var stderr strings.Builder
			resolveSeed(&cfg, &stderr)
			if cfg.opts.Seed == 0 || tt.want != 0 && cfg.opts.Seed != tt.want {
				t.Errorf("seed %d, want %d", cfg.opts.Seed, tt.want)
			}
			if !strings.Contains(stderr.String(), tt.says) || tt.says == "" && stderr.Len() > 0 {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.says)
			}
		})
	}
}
