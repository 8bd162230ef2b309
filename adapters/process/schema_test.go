package process

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/process/protocol"
)

var update = flag.Bool("update", false, "rewrite schema/protocol-v1.schema.json")

const schemaFile = "schema/protocol-v1.schema.json"

// TestSchemaFile keeps the published schema in step with the Go types the
// messages are encoded from. Run with -update after changing a contract.
func TestSchemaFile(t *testing.T) {
	want, err := protocol.GenerateSchema()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(filepath.FromSlash(schemaFile), want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.FromSlash(schemaFile))
	if err != nil {
		t.Fatalf("%v (run: go test ./adapters/process -run TestSchemaFile -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date with the operation table; run: go test ./adapters/process -run TestSchemaFile -update", schemaFile)
	}
}
