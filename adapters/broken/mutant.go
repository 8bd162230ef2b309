package broken

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
)

// mutant is the reference under the name broken/<name>. Each kind of
// mutant embeds it and replaces the operation it breaks.
type mutant struct {
	*reference.Adapter
	name string
}

// named is a fresh reference under the name broken/<name>.
func named(name string) mutant { return mutant{reference.New(), name} }

func (m mutant) Info() adapters.Info {
	i := m.Adapter.Info()
	i.Name = "broken/" + m.name
	return i
}
