package jsbundle

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// dotenv syntax as wrangler's dotenv reads it: quotes, comments, export, multi-line
// values; a line that is not KEY=VALUE is an error naming its line.
func TestParseDotenv(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     map[string]string
		err      string
	}{
		{"OKPlain", "A=1\nB = two words \n\n# comment\nexport C=3\n", map[string]string{"A": "1", "B": "two words", "C": "3"}, ""},
		{"OKComment", "A=x # the x\nB=y#z\nC=\n", map[string]string{"A": "x", "B": "y", "C": ""}, ""},
		{"OKQuoted", `A="a # b"` + "\n" + `B='c\nd'` + "\n" + `C="e\nf"` + "\nD=`g'h\"`" + ` # c` + "\n", map[string]string{"A": "a # b", "B": `c\nd`, "C": "e\nf", "D": `g'h"`}, ""},
		{"OKMultiLine", "KEY=\"-----BEGIN\nline\n-----END\"\nNEXT=1", map[string]string{"KEY": "-----BEGIN\nline\n-----END", "NEXT": "1"}, ""},
		{"OKCRLFAndLaterWins", "A=1\r\nA=2\r\nB.c-d: e\r\n", map[string]string{"A": "2", "B.c-d": "e"}, ""},
		{"ErrNoEquals", "A=1\nJUSTAWORD\n", nil, `:2: want KEY=VALUE (dotenv syntax): "JUSTAWORD"`},
		{"ErrBadKey", "MY KEY=1\n", nil, ":1: want KEY=VALUE"},
		{"ErrUnclosedQuote", "A=1\nB=\"open\nC=2\n", nil, ":2: want KEY=VALUE (dotenv syntax): the quote (\") is not closed"},
		{"ErrAfterQuote", "A='x' y\n", nil, `text after the closing quote: "y"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseDotenv([]byte(tc.in))
			if tc.err != "" {
				if !errors.Is(err, errDotenv) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %q %v, want %q", got, err, tc.want)
			}
		})
	}
}

// FuzzParseDotenv: any bytes give a map or an error wrapping errDotenv, never a panic.
func FuzzParseDotenv(f *testing.F) {
	for _, s := range []string{"A=1\n", "A=\"x\ny\"", "export B='c'", "C=`", "#"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := parseDotenv(b); err != nil && !errors.Is(err, errDotenv) {
			t.Fatal(err)
		}
	})
}

// A project's local secrets are read as wrangler dev reads them: .dev.vars over vars
// of the same name; in an environment .dev.vars.ENV alone when it exists, else
// .dev.vars; without either, the .env files, merged, the most specific winning.
func TestLoadReadsLocalSecrets(t *testing.T) {
	const toml = "name = \"s\"\nmain = \"a.js\"\n[vars]\nA = \"var\"\nN = 1\n[env.staging.vars]\nA = \"svar\"\n[env.prod]\n"
	const js = "export default { fetch() { return new Response('') } };\n"
	load := func(t *testing.T, files map[string]string, env string) *Project {
		t.Helper()
		dir := t.TempDir()
		files["wrangler.toml"], files["a.js"] = toml, js
		writeFiles(t, dir, files)
		p, err := LoadEnv(dir, env)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	t.Run("OKDevVars", func(t *testing.T) {
		p := load(t, map[string]string{".dev.vars": "A=secret\nKEY=\"k\"\n", ".env": "E=1\n"}, "")
		want := map[string]any{"A": "secret", "KEY": "k", "N": int64(1)}
		if !reflect.DeepEqual(p.Vars, want) || !reflect.DeepEqual(p.Secrets, []string{"A", "KEY"}) || !reflect.DeepEqual(p.SecretsFiles, []string{".dev.vars"}) {
			t.Errorf("vars %v secrets %q from %q, want %v from .dev.vars only", p.Vars, p.Secrets, p.SecretsFiles, want)
		}
		if !strings.Contains(string(p.Bundle), `"KEY":"k"`) {
			t.Error("the secret is not in the bundle's env")
		}
	})
	t.Run("OKEnvFile", func(t *testing.T) {
		p := load(t, map[string]string{".dev.vars": "A=top\n", ".dev.vars.staging": "B=staged\n"}, "staging")
		if !reflect.DeepEqual(p.Vars, map[string]any{"A": "svar", "B": "staged"}) || !reflect.DeepEqual(p.SecretsFiles, []string{".dev.vars.staging"}) {
			t.Errorf("vars %v from %q: want .dev.vars.staging alone", p.Vars, p.SecretsFiles)
		}
		p = load(t, map[string]string{".dev.vars": "A=top\n"}, "prod")
		if !reflect.DeepEqual(p.Vars, map[string]any{"A": "top"}) {
			t.Errorf("vars %v: without .dev.vars.prod, .dev.vars", p.Vars)
		}
	})
	t.Run("OKDotEnv", func(t *testing.T) {
		p := load(t, map[string]string{".env": "A=env\nB=env\nC=env\nD=env\n", ".env.staging": "B=s\nC=s\nD=s\n",
			".env.local": "C=l\nD=l\n", ".env.staging.local": "D=sl\n", ".env.prod": "X=1\n"}, "staging")
		want := map[string]any{"A": "env", "B": "s", "C": "l", "D": "sl"}
		if !reflect.DeepEqual(p.Vars, want) || len(p.SecretsFiles) != 4 {
			t.Errorf("vars %v from %q, want %v", p.Vars, p.SecretsFiles, want)
		}
	})
	t.Run("ErrSyntax", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"wrangler.toml": toml, "a.js": js, ".dev.vars": "OK=1\noops\n"})
		_, err := Load(dir)
		if !errors.Is(err, errDotenv) || !strings.Contains(err.Error(), filepath.Join(dir, ".dev.vars")+":2: ") {
			t.Errorf("err %v, want the file and line", err)
		}
	})
	t.Run("ErrFolder", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"wrangler.toml": toml, "a.js": js})
		os.Mkdir(filepath.Join(dir, ".dev.vars"), 0o755)
		if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "is a folder") {
			t.Errorf("err %v", err)
		}
	})
}
