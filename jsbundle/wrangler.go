package jsbundle

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// configFiles are the names of wrangler's configuration file, in the order wrangler
// prefers them.
var configFiles = []string{"wrangler.json", "wrangler.jsonc", "wrangler.toml"}

// wranglerConfig holds the fields of a wrangler file that Load reads
// (https://developers.cloudflare.com/workers/wrangler/configuration/):
//
//   - name: the Worker's name (string)
//   - main: the entry module, relative to the file (string)
//   - vars: environment variables (table of strings or any JSON value)
//   - durable_objects.bindings: the Durable Object namespaces, each {name, class_name,
//     script_name}; a binding with a script_name is to another Worker's class
//   - compatibility_date and compatibility_flags: whether Node.js compatibility is on
//     (nodejs_compat, node.go)
type wranglerConfig struct {
	Name           string         `json:"name" toml:"name"`
	Main           string         `json:"main" toml:"main"`
	Vars           map[string]any `json:"vars" toml:"vars"`
	DurableObjects struct {
		Bindings []struct {
			Name       string `json:"name" toml:"name"`
			ClassName  string `json:"class_name" toml:"class_name"`
			ScriptName string `json:"script_name" toml:"script_name"`
		} `json:"bindings" toml:"bindings"`
	} `json:"durable_objects" toml:"durable_objects"`
	CompatibilityDate  string   `json:"compatibility_date" toml:"compatibility_date"`
	CompatibilityFlags []string `json:"compatibility_flags" toml:"compatibility_flags"`
	// Migrations give the classes with storage, which ctx.exports offers too.
	Migrations []struct {
		NewClasses       []string `json:"new_classes" toml:"new_classes"`
		NewSqliteClasses []string `json:"new_sqlite_classes" toml:"new_sqlite_classes"`
	} `json:"migrations" toml:"migrations"`
	// Services are the service bindings; those to this Worker itself (Service is Name)
	// become Project.Services, the others stay ignored.
	Services []struct {
		Binding    string `json:"binding" toml:"binding"`
		Service    string `json:"service" toml:"service"`
		Entrypoint string `json:"entrypoint" toml:"entrypoint"`
	} `json:"services" toml:"services"`
}

// findConfig returns the path of the wrangler file in dir.
func findConfig(dir string) (string, error) {
	for _, name := range configFiles {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		} else if !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("load %s: %w (or give a single .js, .mjs or .ts file)", dir, ErrNoConfig)
}

// configPosition is ":LINE:COLUMN" of where the syntax error err of a wrangler file
// is, data being what was parsed (for JSON, after stripJSONC), or "" when err does not
// say.
func configPosition(data []byte, err error) string {
	var tomlErr *toml.DecodeError
	var jsonErr *json.SyntaxError
	switch {
	case errors.As(err, &tomlErr):
		line, col := tomlErr.Position()
		return fmt.Sprintf(":%d:%d", line, col)
	case errors.As(err, &jsonErr) && jsonErr.Offset > 0 && jsonErr.Offset <= int64(len(data)):
		before := data[:jsonErr.Offset-1] // Offset counts the byte in error
		line := bytes.Count(before, []byte("\n")) + 1
		return fmt.Sprintf(":%d:%d", line, len(before)-bytes.LastIndexByte(before, '\n'))
	}
	return ""
}

// readConfig reads the wrangler file at path into p: Name, Dir, Main, Vars, Bindings,
// NodeCompat, Unsupported for bindings to another Worker, and Ignored and
// IgnoredBindings for the settings sobjects does not act on (ignoredSettings).
func (p *Project) readConfig(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("load %s: %w", path, err)
	}
	var c wranglerConfig
	var raw map[string]any
	if strings.HasSuffix(path, ".toml") {
		if err = toml.Unmarshal(data, &c); err == nil {
			err = toml.Unmarshal(data, &raw)
		}
	} else {
		data = stripJSONC(data) // its lines are the file's
		for _, v := range []any{&c, &raw} {
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			if err = dec.Decode(v); err != nil {
				break
			}
		}
	}
	if err != nil {
		return fmt.Errorf("load %s%s: %w: %v", path, configPosition(data, err), ErrConfig, err)
	}
	if raw, err = p.selectEnv(path, raw, &c); err != nil {
		return err
	}
	p.Dir = filepath.Dir(path)
	p.Name = c.Name
	if p.Name == "" {
		p.Name = filepath.Base(p.Dir)
	}
	switch _, assets := raw["assets"]; {
	case c.Main == "" && assets:
		// Static assets only: Load gives the project a Worker that serves them (assets.go).
	case c.Main == "":
		return fmt.Errorf("load %s: %w: set main to the entry module, e.g. main = \"src/index.ts\"", path, ErrNoMain)
	default:
		if err := p.readMain(path, c.Main); err != nil {
			return err
		}
	}
	p.CompatibilityDate, p.CompatibilityFlags = c.CompatibilityDate, c.CompatibilityFlags
	p.node = nodeCompat(c.CompatibilityDate, c.CompatibilityFlags)
	p.NodeCompat = p.node != nil && !p.node.alsOnly
	if c.Vars != nil {
		p.Vars = c.Vars
	}
	if err := p.readSecrets(); err != nil { // devvars.go
		return err
	}
	for i, b := range c.DurableObjects.Bindings {
		switch {
		case b.Name == "" || b.ClassName == "":
			return fmt.Errorf("load %s: %w: durable_objects.bindings[%d] needs name and class_name", path, ErrConfig, i)
		case slices.ContainsFunc(p.Bindings, func(o Binding) bool { return o.Name == b.Name }):
			return fmt.Errorf("load %s: %w: durable_objects.bindings: %s is bound twice", path, ErrConfig, b.Name)
		case b.ScriptName != "" && b.ScriptName != p.Name: // naming this Worker is no script_name
			p.Unsupported = append(p.Unsupported, "durable_objects.bindings."+b.Name+".script_name")
		default:
			p.Bindings = append(p.Bindings, Binding{Name: b.Name, Class: b.ClassName})
		}
	}
	slices.SortFunc(p.Bindings, func(a, b Binding) int { return strings.Compare(a.Name, b.Name) })
	if err := p.readRules(raw); err != nil { // rules.go
		return fmt.Errorf("load %s: %w", path, err)
	}
	if err := p.readAssets(raw, c.CompatibilityDate, c.CompatibilityFlags); err != nil { // assets.go
		return fmt.Errorf("load %s: %w", path, err)
	}
	p.Ignored, p.IgnoredBindings = ignoredSettings(raw)
	p.dropHandled() // rules.go
	for _, sv := range c.Services {
		if sv.Binding == "" || sv.Service != p.Name {
			continue
		}
		p.Services = append(p.Services, Service{Name: sv.Binding, Entrypoint: cmp.Or(sv.Entrypoint, "default")})
		delete(p.IgnoredBindings, sv.Binding)
		p.Ignored = slices.DeleteFunc(p.Ignored, func(s string) bool { return s == "services."+sv.Binding })
	}
	slices.SortFunc(p.Services, func(a, b Service) int { return strings.Compare(a.Name, b.Name) })
	for _, m := range c.Migrations {
		p.Migrated = append(p.Migrated, m.NewClasses...)
		p.Migrated = append(p.Migrated, m.NewSqliteClasses...)
	}
	slices.Sort(p.Migrated)
	p.Migrated = slices.Compact(p.Migrated)
	if len(p.IgnoredBindings) == 0 {
		p.IgnoredBindings = nil
	}
	for name := range p.IgnoredBindings {
		if _, ok := p.Vars[name]; ok || slices.ContainsFunc(p.Bindings, func(b Binding) bool { return b.Name == name }) {
			delete(p.IgnoredBindings, name) // env.NAME is the var or the namespace
		}
	}
	return nil
}

// readMain sets p.Main from main, the wrangler file's (at path) entry module.
func (p *Project) readMain(path, main string) error {
	m := filepath.Clean(filepath.FromSlash(main))
	if filepath.IsAbs(m) {
		var err error
		if m, err = filepath.Rel(p.Dir, m); err != nil {
			return fmt.Errorf("load %s: %w: main %q: %v", path, ErrNoMain, main, err)
		}
	}
	if fi, err := os.Stat(filepath.Join(p.Dir, m)); err != nil || fi.IsDir() {
		return fmt.Errorf("load %s: %w: main %q is not a file", path, ErrNoMain, main)
	}
	p.Main = filepath.ToSlash(m)
	return nil
}

// stripJSONC turns JSON with comments (// and /* */) and trailing commas, as wrangler
// reads wrangler.jsonc, into JSON. Comments become spaces (newlines are kept, so
// json's offsets still count lines); strings are copied as they are.
func stripJSONC(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(b))
			out = append(out, b[i:j]...)
			i = j - 1
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				out = append(out, ' ')
				i++
			}
			i--
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := bytes.Index(b[i+2:], []byte("*/"))
			j := len(b)
			if end >= 0 {
				j = i + 2 + end + 2
			}
			for _, cc := range b[i:j] {
				if cc == '\n' {
					out = append(out, '\n')
				} else {
					out = append(out, ' ')
				}
			}
			i = j - 1
		case c == ']' || c == '}':
			// Drop a comma before the closer, with only white space between.
			k := len(out) - 1
			for k >= 0 && (out[k] == ' ' || out[k] == '\t' || out[k] == '\n' || out[k] == '\r') {
				k--
			}
			if k >= 0 && out[k] == ',' {
				out[k] = ' '
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// Environments ([env.NAME], https://developers.cloudflare.com/workers/wrangler/environments/):
// LoadEnv applies one as wrangler's --env does.

// nonInheritable are the top-level keys an environment does not inherit: vars and the
// bindings, which each environment declares for itself (wrangler's
// EnvironmentNonInheritable).
var nonInheritable = []string{"define", "vars", "durable_objects", "workflows", "cloudchamber", "containers",
	"kv_namespaces", "send_email", "queues", "r2_buckets", "d1_databases", "vectorize", "hyperdrive", "services",
	"analytics_engine_datasets", "browser", "ai", "images", "version_metadata", "unsafe", "mtls_certificates",
	"tail_consumers", "dispatch_namespaces", "pipelines", "secrets_store_secrets", "unsafe_hello_world",
	"ratelimits", "worker_loaders", "logfwdr", "vpc_services"}

// topLevelOnly are the keys wrangler reads at the top level only: in an environment
// they are ignored (and listed so, as "env.NAME.KEY").
var topLevelOnly = []string{"$schema", "legacy_env", "send_metrics", "dev", "site", "wasm_modules", "text_blobs",
	"data_blobs", "keep_vars", "alias", "env"}

// selectEnv takes the environments out of raw, the wrangler file at path, and returns
// the settings that apply: raw itself when p.Env is empty; else the top-level keys an
// environment inherits (all but nonInheritable), overridden by those of [env.<p.Env>],
// and name, unless the environment sets its own, the top-level name (or the folder's)
// followed by "-" and the environment's name, as wrangler names the Worker of an
// environment. c is decoded again from the result.
//
// # Errors
//
// ErrNoEnv when the file has no environment of that name.
func (p *Project) selectEnv(path string, raw map[string]any, c *wranglerConfig) (map[string]any, error) {
	envs, _ := raw["env"].(map[string]any)
	delete(raw, "env") // the other environments are no settings of this one
	if p.Env == "" {
		return raw, nil
	}
	if !validEnvName(p.Env) {
		return nil, fmt.Errorf("load %s: %w: %q: sobjects takes environment names of letters, digits, '_' and '-' (its classes are deployed as CLASS.%s)", path, ErrNoEnv, p.Env, p.Env)
	}
	table, ok := envs[p.Env].(map[string]any)
	if !ok {
		names := make([]string, 0, len(envs))
		for name := range envs {
			names = append(names, name)
		}
		slices.Sort(names)
		defined := "it defines none"
		if len(names) > 0 {
			defined = "it defines " + strings.Join(names, ", ")
		}
		return nil, fmt.Errorf("load %s: %w: %q (%s; [env.NAME] in wrangler.toml, \"env\": {\"NAME\": {...}} in wrangler.json)", path, ErrNoEnv, p.Env, defined)
	}
	out := map[string]any{}
	for k, v := range raw {
		if !slices.Contains(nonInheritable, k) {
			out[k] = v
		} else if _, set := table[k]; !set {
			p.NotInherited = append(p.NotInherited, k)
		}
	}
	slices.Sort(p.NotInherited)
	for k, v := range table {
		if slices.Contains(topLevelOnly, k) {
			out["env."+p.Env+"."+k] = true // listed by ignoredSettings as a key it does not know
			continue
		}
		out[k] = v
	}
	if _, named := table["name"]; !named {
		top, _ := raw["name"].(string)
		if top == "" {
			top = filepath.Base(filepath.Dir(path))
		}
		out["name"] = top + "-" + p.Env
	}
	js, err := json.Marshal(out)
	if err == nil {
		*c = wranglerConfig{}
		dec := json.NewDecoder(bytes.NewReader(js))
		dec.UseNumber()
		err = dec.Decode(c)
	}
	if err != nil {
		return nil, fmt.Errorf("load %s: %w: env.%s: %v", path, ErrConfig, p.Env, err)
	}
	return out, nil
}

// validEnvName says whether env can name an environment: 1 to 64 letters, digits, '_'
// and '-', so that Project.DeployedClass makes valid class names of it.
func validEnvName(env string) bool {
	if env == "" || len(env) > 64 {
		return false
	}
	for i := 0; i < len(env); i++ {
		c := env[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
