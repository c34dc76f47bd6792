package main

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/server"
	"github.com/sobjects/sobjects/storage"
)

// cli runs the root command with args in dir and returns its exit status and output.
func cli(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var out bytes.Buffer
	code := execute(args, &out, &out)
	return code, out.String()
}

// runConfigWith loads the settings of run from flags, and from the environment and
// ./sobjects.toml as run does.
func runConfigWith(t *testing.T, flags ...string) (runConfig, error) {
	t.Helper()
	cmd := newRunCmd()
	if err := cmd.ParseFlags(flags); err != nil {
		t.Fatal(err)
	}
	return loadRunConfig(cmd, nil)
}

func TestInspect(t *testing.T) {
	root, _ := filepath.Abs("../..")
	t.Run("OK", func(t *testing.T) {
		code, out := cli(t, t.TempDir(), "inspect", filepath.Join(root, "plugins/counter/counter.wasm"))
		if code != 0 || !strings.Contains(out, "abi:        v1") || !strings.Contains(out, "increment") || !strings.Contains(out, "problems:   none") {
			t.Fatalf("exit %d:\n%s", code, out)
		}
	})
	t.Run("ErrUnknownVersion", func(t *testing.T) {
		code, out := cli(t, t.TempDir(), "inspect", filepath.Join(root, "host/testdata/abi_v2.wasm"))
		if code != 1 || !strings.Contains(out, "unknown ABI version 2") {
			t.Fatalf("exit %d:\n%s", code, out)
		}
	})
	t.Run("ErrNotWasm", func(t *testing.T) {
		code, out := cli(t, t.TempDir(), "inspect", filepath.Join(root, "go.mod"))
		if code != 1 || !strings.Contains(out, "not a valid WebAssembly module") {
			t.Fatalf("exit %d:\n%s", code, out)
		}
	})
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"call", "counter"}, "accepts between 3 and 4 arg(s)"},
		{[]string{"run", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"frobnicate"}, "unknown command"},
	} {
		code, out := cli(t, t.TempDir(), tc.args...)
		if code != 2 || !strings.Contains(out, tc.want) || !strings.Contains(out, "--help' for usage") {
			t.Fatalf("%v: exit %d:\n%s", tc.args, code, out)
		}
	}
}

// TestRunConfig checks the order of precedence: flags, then SOBJECTS_* variables, then
// ./sobjects.toml, then defaults.
func TestRunConfig(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "sobjects.toml"), []byte(`
listen = "127.0.0.1:9001"
durability = "relaxed"
threads = 3
data-dir = "from-file"
[classes]
mine = "mine.wasm"
`), 0o644)
	// A binary named sobjects beside it is not read as config.
	os.WriteFile(filepath.Join(dir, "sobjects"), []byte("\x7fELF not toml"), 0o755)
	t.Setenv("SOBJECTS_THREADS", "5")
	t.Setenv("SOBJECTS_DATA_DIR", "from-env")
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	cmd := newRunCmd()
	cmd.SetArgs([]string{"--data-dir", "from-flag", "other=other.wasm"})
	cmd.ParseFlags([]string{"--data-dir", "from-flag"})
	cfg, err := loadRunConfig(cmd, []string{"other=other.wasm"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.dataDir != "from-flag" || cfg.threads != 5 || cfg.listen != "127.0.0.1:9001" ||
		cfg.durability != storage.DurabilityRelaxed || cfg.callTimeout.Seconds() != 30 {
		t.Fatalf("resolved %+v", cfg)
	}
	if cfg.classes["mine"] != "mine.wasm" || cfg.classes["other"] != "other.wasm" {
		t.Fatalf("classes %v", cfg.classes)
	}
	t.Setenv("SOBJECTS_DURABILITY", "sometimes")
	if _, err := loadRunConfig(newRunCmd(), nil); err == nil || !strings.Contains(err.Error(), "fsync or relaxed") {
		t.Fatalf("bad durability: %v", err)
	}
}

// TestRunConfigRecyclePolicy: --recycle-factor and --recycle-min-memory reach the
// engine's options, 0 turns recycling off, and values that make no policy are refused.
func TestRunConfigRecyclePolicy(t *testing.T) {
	t.Chdir(t.TempDir())
	load := func(flags ...string) (runConfig, error) { return runConfigWith(t, flags...) }
	cfg, err := load()
	if err != nil || cfg.recycleBy != host.DefaultRecycleFactor || cfg.recycleMiB<<20 != host.DefaultRecycleMinBytes {
		t.Fatalf("defaults: factor %v, %d MiB, %v", cfg.recycleBy, cfg.recycleMiB, err)
	}
	if cfg, err = load("--recycle-factor", "2.5", "--recycle-min-memory", "64"); err != nil || cfg.recycleBy != 2.5 || cfg.recycleMiB != 64 {
		t.Fatalf("set: factor %v, %d MiB, %v", cfg.recycleBy, cfg.recycleMiB, err)
	}
	if cfg, err = load("--recycle-factor", "0"); err != nil || cfg.recycleBy >= 0 {
		t.Fatalf("off: factor %v, %v; want a negative factor (host.Options: off)", cfg.recycleBy, err)
	}
	for _, bad := range [][]string{{"--recycle-factor", "0.5"}, {"--recycle-factor", "-1"}, {"--recycle-min-memory", "0"}, {"--recycle-min-memory", "-3"}} {
		if _, err := load(bad...); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%v: %v, want an error naming the flag", bad, err)
		}
	}
}

// TestRunConfigFetchAllow: --fetch-allow reaches the engine's options, comma-separated
// or repeated, and an entry that is no CIDR prefix, address or name is refused.
func TestRunConfigFetchAllow(t *testing.T) {
	t.Chdir(t.TempDir())
	load := func(flags ...string) (runConfig, error) { return runConfigWith(t, flags...) }
	if cfg, err := load(); err != nil || len(cfg.fetchAllow) != 0 {
		t.Fatalf("default: %q %v, want none", cfg.fetchAllow, err)
	}
	cfg, err := load("--fetch-allow", "127.0.0.1,10.0.0.0/8", "--fetch-allow", "*.svc.local")
	if err != nil || strings.Join(cfg.fetchAllow, " ") != "127.0.0.1 10.0.0.0/8 *.svc.local" {
		t.Fatalf("set: %q %v", cfg.fetchAllow, err)
	}
	for _, bad := range []string{"10.0.0.0/33", "not a name!"} {
		if _, err := load("--fetch-allow", bad); err == nil || !strings.Contains(err.Error(), "--fetch-allow") || !strings.Contains(err.Error(), bad) {
			t.Errorf("%q: %v, want an error naming the flag and the entry", bad, err)
		}
	}
}

// TestRunConfigWebSockets: the --websocket-* flags, and their sobjects.toml keys, reach
// the engine's and the server's options; 0 pings means none; a limit under 1 is refused.
func TestRunConfigWebSockets(t *testing.T) {
	t.Chdir(t.TempDir())
	load := func(flags ...string) (runConfig, error) { return runConfigWith(t, flags...) }
	cfg, err := load()
	if err != nil || cfg.ws != (webSocketConfig{host.DefaultWebSocketMessageBytes, host.DefaultWebSocketsPerObject, server.DefaultWebSocketSendBuffer, server.DefaultWebSocketPing}) {
		t.Fatalf("defaults: %+v %v", cfg.ws, err)
	}
	cfg, err = load("--websocket-message-limit", "4096", "--websockets-per-object", "10", "--websocket-send-buffer", "65536", "--websocket-ping", "0.5")
	if err != nil || cfg.ws != (webSocketConfig{4096, 10, 65536, 500 * time.Millisecond}) {
		t.Fatalf("set: %+v %v", cfg.ws, err)
	}
	if cfg, err = load("--websocket-ping", "0"); err != nil || cfg.ws.ping >= 0 {
		t.Fatalf("no pings: %v %v, want a negative interval (server.Options: none)", cfg.ws.ping, err)
	}
	os.WriteFile("sobjects.toml", []byte("websocket-send-buffer = 1024\n"), 0o644)
	if cfg, err = load(); err != nil || cfg.ws.sendBuffer != 1024 {
		t.Fatalf("sobjects.toml: %+v %v", cfg.ws, err)
	}
	os.Remove("sobjects.toml")
	for _, bad := range [][]string{{"--websocket-message-limit", "0"}, {"--websockets-per-object", "-1"}, {"--websocket-send-buffer", "0"}, {"--websocket-ping", "-2"}} {
		if _, err := load(bad...); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%v: %v, want an error naming the flag", bad, err)
		}
	}
}

// TestServerURL: client commands talk to --url, else SOBJECTS_URL, else the listen
// address of ./sobjects.toml, else the default.
func TestServerURL(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	resolve := func(args ...string) string {
		cmd := newCallCmd()
		cmd.ParseFlags(args)
		v, err := config(cmd)
		if err != nil {
			t.Fatal(err)
		}
		return serverURL(cmd, v)
	}
	if got := resolve(); got != "http://127.0.0.1:8787" {
		t.Fatalf("default: %s", got)
	}
	os.WriteFile("sobjects.toml", []byte(`listen = "127.0.0.1:9123"`), 0o644)
	if got := resolve(); got != "http://127.0.0.1:9123" {
		t.Fatalf("from sobjects.toml: %s", got)
	}
	t.Setenv("SOBJECTS_URL", "http://127.0.0.1:9200/")
	if got := resolve(); got != "http://127.0.0.1:9200" {
		t.Fatalf("from SOBJECTS_URL: %s", got)
	}
	if got := resolve("--url", "http://h:1"); got != "http://h:1" {
		t.Fatalf("from --url: %s", got)
	}
}

// TestRunConfigMemoryPolicy: [memory.CLASS] in sobjects.toml sets durable memory's rule
// for a new image of that class; an unknown key or a negative value is refused.
func TestRunConfigMemoryPolicy(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("sobjects.toml", []byte("[memory.vec]\njournal_share = 0.25\nmin_journal_bytes = 1048576\n"), 0o644)
	cfg, err := runConfigWith(t)
	if p := cfg.memory["vec"]; err != nil || p.JournalShare != 0.25 || p.MinJournalBytes != 1<<20 {
		t.Fatalf("[memory.vec]: %+v %v", cfg.memory, err)
	}
	for _, bad := range []string{"[memory.vec]\njournal_shar = 0.25\n", "[memory.vec]\nmin_dead_bytes = -1\n"} {
		os.WriteFile("sobjects.toml", []byte(bad), 0o644)
		if _, err := runConfigWith(t); err == nil || !strings.Contains(err.Error(), "[memory") {
			t.Errorf("%q: %v, want an error naming [memory]", bad, err)
		}
	}
}

// TestRunConfigHibernate: [memory.CLASS] mode = "hibernate" and --hibernate name the
// classes whose instances hibernate; another mode, or a class name that cannot be, is
// refused.
func TestRunConfigHibernate(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("sobjects.toml", []byte("[memory.counter]\nmode = \"hibernate\"\n[memory.vec]\njournal_share = 0.25\n"), 0o644)
	cfg, err := runConfigWith(t, "--hibernate", "kv,ledger")
	if err != nil || !maps.Equal(cfg.hibernate, map[string]bool{"counter": true, "kv": true, "ledger": true}) || cfg.memory["vec"].JournalShare != 0.25 {
		t.Fatalf("hibernate %v, memory %v: %v", cfg.hibernate, cfg.memory, err)
	}
	os.WriteFile("sobjects.toml", []byte("[memory.counter]\nmode = \"resident\"\n"), 0o644)
	if cfg, err := runConfigWith(t, "--hibernate", "*"); err != nil || !maps.Equal(cfg.hibernate, map[string]bool{"*": true, "counter": false}) {
		t.Fatalf("--hibernate '*' over a resident counter: %v, %v; want every class but counter", cfg.hibernate, err)
	}
	os.WriteFile("sobjects.toml", []byte("[memory.counter]\nmode = \"sleep\"\n"), 0o644)
	if _, err := runConfigWith(t); err == nil || !strings.Contains(err.Error(), "[memory.counter]") {
		t.Errorf("mode sleep: %v, want an error naming [memory.counter]", err)
	}
	os.Remove("sobjects.toml")
	for _, bad := range []string{"no/such", "counter,"} {
		if _, err := runConfigWith(t, "--hibernate", bad); err == nil || !strings.Contains(err.Error(), "--hibernate") {
			t.Errorf("--hibernate %s: %v, want an error naming --hibernate", bad, err)
		}
	}
}
