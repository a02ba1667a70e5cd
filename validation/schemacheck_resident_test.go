//go:build linux

package validation_test

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/validation"
)

// schemaResidentChild is set in the process TestSchemaResident starts.
const schemaResidentChild = "MCPERR_RESIDENT_CHILD"

// TestSchemaResident: a 4 MiB call of array items that each fail an
// enum stays under 256 MB resident, measured in a process of its own (its
// peak resident set, VmHWM: the maximum rusage reports also counts the
// parent's memory the child shared before exec): the library held a
// failure for every item, 805 MB (and 62.6 s of CPU before enums were
// decided by set). Long run only, not under the race detector.
func TestSchemaResident(t *testing.T) {
	if os.Getenv(schemaResidentChild) == "1" {
		args := []byte(`{"v":[` + strings.Repeat("99,", 4<<20/3) + `99]}`)
		s, err := validation.CompileSchema([]byte(enumSchema(16)))
		require.NoError(t, err)
		require.Error(t, s.Check("t", args))
		status, err := os.ReadFile("/proc/self/status")
		require.NoError(t, err)
		os.Stdout.Write(status)
		return
	}
	if !testsize.Long() || testsize.Race {
		t.Skip("long run, without the race detector")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSchemaResident$")
	cmd.Env = append(os.Environ(), schemaResidentChild+"=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	_, hwm, ok := bytes.Cut(out, []byte("VmHWM:"))
	require.True(t, ok, "%s", out)
	kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(string(hwm[:bytes.IndexByte(hwm, '\n')])), " kB"))
	require.NoError(t, err)
	t.Logf("4 MiB of arguments: %d MB resident at the most", kb>>10)
	require.Less(t, kb, 256<<10)
}
