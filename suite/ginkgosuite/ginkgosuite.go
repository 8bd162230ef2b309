// Package ginkgosuite turns a catalogue of requirements into Ginkgo specs, so
// `go test` runs exactly the checks the conformance binary runs.
//
// Each requirement becomes one spec named by its ID and title, labelled
// std:<standard>, req:<ID>, level:<must|should|reference> and
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
	for _, cfg := range open.FromEnv() {
		describeAdapter(cfg, suite.Sorted(reqs))
	}
	return true
}

func describeAdapter(cfg open.Config, reqs []suite.Requirement) {
	ginkgo.Describe("adapter "+cfg.Name, ginkgo.Ordered, ginkgo.Label("adapter:"+cfg.Name), func() {
		var subject adapters.Adapter
		ginkgo.BeforeAll(func(ctx ginkgo.SpecContext) {
			a, err := open.New(ctx, cfg)
			if err != nil {
				if os.Getenv("CI") != "" || !cfg.Optional {
					ginkgo.Fail(fmt.Sprintf("cannot open adapter %s: %v", cfg.Name, err))
				}
				msg := fmt.Sprintf("adapter %s unavailable: %v", cfg.Name, err)
				if !strings.Contains(msg, "CTXCONFORM_PG_DSN") {
					msg += "\n" + cfg.Hint // say how to make it available, once
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
					ginkgo.It(r.ID+" "+r.Title, ginkgo.Label("std:"+string(r.Standard), "req:"+r.ID, "level:"+r.Level.Label(), "kind:"+string(r.Kind)), func() {
						opts := suite.Options{Level: suite.Reference, Seed: Seed()}
						res := suite.RunOne(context.Background(), subject, r, opts)
						for _, l := range res.Logs {
							ginkgo.GinkgoWriter.Println(l)
						}
						switch res.Outcome {
						case suite.Failed, suite.Errored:
							ginkgo.Fail(fmt.Sprintf("%s %s (%s, %s): %s\n%s", r.ID, res.Outcome, r.Level, r.Section, r.Title, res.Message))
						case suite.Skipped:
							ginkgo.Skip(res.Message)
						case suite.NotImplemented:
							ginkgo.Skip(fmt.Sprintf("%s does not implement %s", subject.Info().Name, r.Standard))
						}
					})
				}
			})
		}
	})
}
