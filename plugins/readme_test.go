package plugins_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
)

// TestReadmeExample builds the plugin of the README's "Writing a plugin" section with
// the Cargo.toml and .cargo/config.toml of sdk-rust/README.md, as a user would, and
// inspects it: the docs' snippets cannot rot.
func TestReadmeExample(t *testing.T) {
	if _, err := os.Stat("/usr/bin/cargo"); err != nil {
		t.Skip("Debian's cargo is not installed (./test.sh installs it)")
	}
	blocks := func(path, lang string) []string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range regexp.MustCompile("(?s)```"+lang+"\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
			out = append(out, m[1])
		}
		return out
	}
	rust := blocks("../README.md", "rust")
	toml := blocks("../sdk-rust/README.md", "toml")
	if len(rust) == 0 || len(toml) < 2 {
		t.Fatalf("README snippets not found: %d rust, %d toml", len(rust), len(toml))
	}
	sdk, _ := filepath.Abs("../sdk-rust")
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	os.MkdirAll(filepath.Join(dir, ".cargo"), 0o755)
	os.WriteFile(filepath.Join(dir, "Cargo.toml"), []byte(regexp.MustCompile(`/path/to/sobjects/sdk-rust`).ReplaceAllString(toml[0], sdk)), 0o644)
	os.WriteFile(filepath.Join(dir, ".cargo", "config.toml"), []byte(toml[1]), 0o644)
	os.WriteFile(filepath.Join(dir, "src", "lib.rs"), []byte(rust[0]), 0o644)
	cmd := exec.Command("/usr/bin/cargo", "build", "--release", "--offline", "--quiet")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "RUSTC=/usr/bin/rustc", "CARGO_TARGET_DIR="+filepath.Join(dir, "target"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the README's plugin does not build: %v\n%s", err, out)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "target", "wasm32-unknown-unknown", "release", "myplugin.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	info, err := host.Inspect(context.Background(), wasm)
	if err != nil || len(info.Problems) > 0 || !slices.Contains(info.Methods, "hit") {
		t.Fatalf("inspect: %+v %v", info, err)
	}
}

// TestSDKJSReadmeExample runs the Durable Object of sdk-js/README.md as its text says:
// bundled from the one file, served as class Counter, incremented by 5 and by the default.
func TestSDKJSReadmeExample(t *testing.T) {
	b, err := os.ReadFile("../sdk-js/README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```js\n(.*?)```").FindSubmatch(b)
	if m == nil {
		t.Fatal("sdk-js/README.md has no js block")
	}
	p, err := jsbundle.Bundle("counter", m[1])
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(); err != nil || !slices.Equal(p.Classes, []string{"Counter"}) {
		t.Fatalf("classes %v, %v", p.Classes, err)
	}
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	if _, err := e.Deploy(context.Background(), "Counter", p.Bundle); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{{"5", "5"}, {"", "6"}} {
		out, err := e.Call(context.Background(), "Counter", "a", "increment", []byte(c.in))
		if err != nil || string(out) != c.want {
			t.Fatalf("increment %q: %q %v, want %s", c.in, out, err, c.want)
		}
	}
}
