// Package browsertest opens the project's HTML reports in a real headless
// Chromium for tests: Debian's chromium package, driven through chromedp
// (no library downloads a browser of its own). Outside CI a missing browser
// skips the test, saying how to install it; in CI (CI set) it fails it.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// chromiumPath finds Debian's chromium ($CTXCONFORM_CHROMIUM overrides).
// Outside CI a missing browser skips the test, saying how to install it; in
// CI (CI set) it fails it.
func chromiumPath(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("CTXCONFORM_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "/usr/bin/chromium"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "chromium not found: install Debian's package with `make chromium` (apt-get update && apt-get install -y chromium), or set CTXCONFORM_CHROMIUM to a Chromium binary"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// Browser starts a headless Chromium with no network of its own to use
// (the flags turn off every background request) and a fresh profile, for
// the rest of the test.
func Browser(t testing.TB) context.Context {
	path := chromiumPath(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(900, 1200),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx); err != nil { // start the browser
		t.Fatalf("start %s: %v", path, err)
	}
	return bctx
}

// Open opens the file path in a new tab of the browser bctx. It returns the
// tab's context and a function that lists every problem seen so far: script
// errors, console errors, and requests for anything but the page itself (a
// report must be one self-contained file).
func Open(t testing.TB, bctx context.Context, path string) (context.Context, func() []string) {
	ctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	var mu sync.Mutex
	var problems []string
	url := "file://" + path
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+(&chromedp.ExceptionError{ExceptionDetails: e.ExceptionDetails}).Error())
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range e.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				problems = append(problems, "console."+string(e.Type)+": "+strings.Join(args, " "))
			}
		case *network.EventRequestWillBeSent:
			if e.Request.URL != url && !strings.HasPrefix(e.Request.URL, "data:") {
				problems = append(problems, "request: "+e.Request.URL)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady("body")); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	return ctx, func() []string {
		time.Sleep(200 * time.Millisecond) // let late events arrive
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), problems...)
	}
}

// Keep writes data as testdata/chromium/name under the test's package
// folder (kept after the test, for a person to look at; the folder's
// .gitignore keeps it out of the repository) and returns its absolute path.
func Keep(t testing.TB, name string, data []byte) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "chromium"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Screenshot keeps a full-page screenshot of the tab ctx as
// testdata/chromium/name (see Keep) and logs where it is.
func Screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", Keep(t, name, shot))
}

// Strings evaluates js, an expression giving an array of strings, in the
// tab ctx; an error ends the test, naming the expression.
func Strings(t testing.TB, ctx context.Context, js string) []string {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return got
}
