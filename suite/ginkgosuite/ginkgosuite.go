// Package ginkgosuite turns a catalogue of requirements into Ginkgo specs, so
// `go test` runs exactly the checks the conformance binary runs.
//
// Each requirement becomes one spec named by its ID and title, labelled
// std:<standard>, req:<ID>, level:<must|should|robust|reference> and
// kind:<spec|property>, inside one container per adapter under test. Select
// with Ginkgo's label filter, e.g. `ginkgo --label-filter='std:inflate &&
// level:must'`.
package ginkgosuite

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/suite"
)

// Describe declares the specs for reqs against every adapter named by the
// environment (see open.FromEnv). It must be called while Ginkgo builds the
// spec tree (from a var _ = initialiser).
func Describe(reqs []suite.Requirement) bool {
	if err := suite.Validate(reqs); err != nil {
		panic(fmt.Sprintf("ctxconform catalogue: %v", err))
	}
	cfgs := open.FromEnv()
	for _, cfg := range cfgs {
		describeAdapter(cfg, suite.Sorted(reqs))
	}
	// A catalogue that became fewer specs would pass unseen: the specs
	// not made are not run.
	want := len(reqs) * len(cfgs)
	ginkgo.ReportAfterSuite("every requirement is a spec of every adapter", func(rep ginkgo.Report) {
		if got := countSpecs(rep); got != want {
			ginkgo.Fail(fmt.Sprintf("%d specs, want %d: %d requirements for each of %d adapters", got, want, len(reqs), len(cfgs)))
		}
	})
	return true
}

// countSpecs counts the report's specs (It nodes), run or not.
func countSpecs(rep ginkgo.Report) int {
	n := 0
	for _, s := range rep.SpecReports {
		if s.LeafNodeType == types.NodeTypeIt {
			n++
		}
	}
	return n
}

// describeAdapter declares one adapter's specs: an Ordered container, so
// that the adapter is opened once (BeforeAll), which goes on after a
// failure (ContinueOnFailure): one fault fails its requirement, and the
// specs after it are still judged.
func describeAdapter(cfg open.Config, reqs []suite.Requirement) {
	ginkgo.Describe("adapter "+cfg.Name, ginkgo.Ordered, ginkgo.ContinueOnFailure, ginkgo.Label("adapter:"+cfg.Name), func() {
		var subject adapters.Adapter
		ginkgo.BeforeAll(func(ctx ginkgo.SpecContext) {
			a, err := open.New(ctx, cfg)
			if err != nil {
				fail, msg := unavailable(cfg, err, os.Getenv("CI") != "")
				if fail {
					ginkgo.Fail(msg)
				}
				ginkgo.Skip(msg)
			}
			subject = a
			ginkgo.DeferCleanup(a.Close)
		})
		for _, std := range adapters.Standards() {
			var mine []suite.Requirement
			for _, r := range reqs {
				if r.Standard == std {
					mine = append(mine, r)
				}
			}
			if len(mine) == 0 {
				continue
			}
			ginkgo.Describe(std.Title(), func() {
				for _, r := range mine {
					ginkgo.It(r.ID+" "+r.Title, ginkgo.Label("std:"+string(r.Standard), "req:"+r.ID, "level:"+strings.ToLower(r.Level.String()), "kind:"+string(r.Kind)), func() {
						opts := suite.Options{Level: suite.Reference, Seed: Seed()}
						res := suite.RunOne(context.Background(), subject, r, opts)
						for _, l := range res.Logs {
							ginkgo.GinkgoWriter.Println(l)
						}
						switch fail, skip := verdict(r, res, subject.Info().Name); {
						case fail != "":
							ginkgo.Fail(fail)
						case skip != "":
							ginkgo.Skip(skip)
						}
					})
				}
			})
		}
	})
}

// unavailable says what an adapter that cannot be opened means: a failure
// in CI (ci) or when the adapter is required, else a skip whose message
// says how to make it available.
func unavailable(cfg open.Config, err error, ci bool) (fail bool, msg string) {
	if ci || !cfg.Optional {
		return true, fmt.Sprintf("cannot open adapter %s: %v", cfg.Name, err)
	}
	msg = fmt.Sprintf("adapter %s unavailable: %v", cfg.Name, err)
	if !strings.Contains(msg, "CTXCONFORM_PG_DSN") {
		msg += "\n" + cfg.Hint // say how to make it available, once
	}
	return false, msg
}

// verdict turns a requirement's result into the spec's: a failure message
// for failed and errored, a skip message for what was not judged, neither
// for passed.
func verdict(r suite.Requirement, res suite.Result, name string) (fail, skip string) {
	switch res.Outcome {
	case suite.Failed, suite.Errored:
		return fmt.Sprintf("%s %s (%s, %s): %s\n%s", r.ID, res.Outcome, r.Level, r.Section, r.Title, res.Message), ""
	case suite.Skipped:
		return "", res.Message
	case suite.Inconclusive:
		return "", "inconclusive: " + res.Message
	case suite.NotImplemented:
		if res.Message != "" { // an operation of a declared standard
			return "", res.Message
		}
		return "", fmt.Sprintf("%s does not implement %s", name, r.Standard)
	}
	return "", ""
}
