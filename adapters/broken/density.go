package broken

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// NoWindowsUnder600 answers no window at all when the budget is under 600,
// and reports no hit dropped: the kept hits are in no window.
func NoWindowsUnder600() adapters.Adapter {
	return &inflater{named("no-windows-under-600"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if err == nil && req.Budget != nil && *req.Budget < 600 {
			res.Windows = nil
		}
		return res, err
	}}
}

// DropsLastWindow leaves out the last window and the hits in it, without
// reporting them dropped.
func DropsLastWindow() adapters.Adapter {
	return &inflater{named("drops-last-window"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if n := len(res.Windows); err == nil && n > 0 {
			res.Windows = res.Windows[:n-1]
		}
		return res, err
	}}
}

// StaleText widens every window by 64 bytes on the right (within its
// document) but keeps the text of the narrower window: its offsets overrun
// a budget they filled while its text still fits.
func StaleText() adapters.Adapter {
	return reshaped("stale-text", func(w *inflate.Window, body string) {
		end := min(w.End+64, len(body))
		for end > w.End && end < len(body) && body[end]&0xC0 == 0x80 {
			end-- // stay on a character edge: only the length is wrong
		}
		w.End = end
	})
}
