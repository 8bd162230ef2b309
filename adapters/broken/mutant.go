package broken

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
)

// mutant is the reference under the name broken/<name>. Each kind of
// mutant embeds it and replaces the operation it breaks.
type mutant struct {
	*reference.Adapter
	name   string
	config adapters.Config // declared (adapters.Declarables); nil: the texts' defaults
}

// named is a fresh reference under the name broken/<name>.
func named(name string) mutant { return mutant{Adapter: reference.New(), name: name} }

func (m mutant) Info() adapters.Info {
	i := m.Adapter.Info()
	i.Name = "broken/" + m.name
	i.Config = m.config
	return i
}
