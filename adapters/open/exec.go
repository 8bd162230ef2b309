package open

import (
	"context"
	"os"
	"strconv"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
)

// newExec starts cfg.Command as a process adapter with the options of the
// environment (see ExecOptionsFromEnv).
func newExec(ctx context.Context, cfg Config) (adapters.Adapter, error) {
	return Exec(ctx, cfg, ExecOptionsFromEnv())
}

// Exec starts cfg.Command as the implementation under test, speaking the
// JSON-lines protocol of package process over its standard input and
// output.
func Exec(ctx context.Context, cfg Config, opts process.Options) (*process.Adapter, error) {
	return process.Exec(ctx, cfg.Command, opts)
}

// ExecOptionsFromEnv reads the exec adapter's options for the Ginkgo suites:
// CTXCONFORM_REQUEST_TIMEOUT (a Go duration, e.g. 30s) and
// CTXCONFORM_VALIDATE_PROTOCOL (true or 1 checks every message against the
// protocol's JSON Schemas).
func ExecOptionsFromEnv() process.Options {
	var o process.Options
	if d, err := time.ParseDuration(os.Getenv("CTXCONFORM_REQUEST_TIMEOUT")); err == nil {
		o.RequestTimeout = d
	}
	o.Validate, _ = strconv.ParseBool(os.Getenv("CTXCONFORM_VALIDATE_PROTOCOL"))
	return o
}
