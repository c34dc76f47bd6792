package conformance

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/sobjects/sobjects/jsbundle"
)

// WorkerdVersion is the npm package of workerd the suite is checked against (./test.sh
// installs it into ~/.cache/sobjects/workerd).
const WorkerdVersion = "workerd@1.20261117.1"

// defaultCompatibilityDate is the compatibility date of a fixture whose wrangler file
// names none.
const defaultCompatibilityDate = "2025-01-01"

// FindWorkerd returns the workerd binary: $SOBJECTS_WORKERD, else the one npm installs
// under ~/.cache/sobjects/workerd; "" and why when there is neither. A variable that
// names a missing file is an error, so that a broken setup is not taken for a machine
// without workerd.
func FindWorkerd() (path, why string, err error) {
	if p := os.Getenv("SOBJECTS_WORKERD"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", "", fmt.Errorf("SOBJECTS_WORKERD=%s: %v", p, err)
		}
		return p, "", nil
	}
	home, err := os.UserHomeDir()
	if err == nil {
		p := filepath.Join(home, ".cache", "sobjects", "workerd", "node_modules", ".bin", "workerd")
		if _, err := os.Stat(p); err == nil {
			return p, "", nil
		}
	}
	return "", fmt.Sprintf("SOBJECTS_WORKERD is not set and ~/.cache/sobjects/workerd has no workerd: run ./test.sh, or npm install %s there", WorkerdVersion), nil
}

// WorkerdTarget is Cloudflare's workerd, the reference: each fixture is served from a
// capnp config generated from its wrangler file (workerdConfig), with SQLite-backed
// Durable Objects on local disk.
func WorkerdTarget(bin string) *Target {
	return &Target{
		Name:      "workerd",
		readyPath: "/",
		command: func(dir, work string, port int) (*exec.Cmd, error) {
			cfg, err := workerdConfig(dir, work, port)
			if err != nil {
				return nil, err
			}
			path := filepath.Join(work, "config.capnp")
			if err := os.WriteFile(path, cfg, 0o644); err != nil {
				return nil, err
			}
			return exec.Command(bin, "serve", path), nil
		},
	}
}

// wranglerDates holds what workerdConfig reads of a wrangler file beyond what
// jsbundle.Load does (https://developers.cloudflare.com/workers/wrangler/configuration/).
type wranglerDates struct {
	CompatibilityDate  string   `json:"compatibility_date" toml:"compatibility_date"`
	CompatibilityFlags []string `json:"compatibility_flags" toml:"compatibility_flags"`
}

// workerdConfig writes into work the modules of the fixture folder dir (every .js and
// .mjs file under it, the entry module first, as workerd takes the first module as the
// main one) and returns a workerd config serving them on 127.0.0.1:port: one
// durableObjectNamespace per bound class (enableSql, a uniqueKey made from the fixture
// and the class), its storage on local disk under work/data, and the fixture's Durable
// Object bindings, service bindings to itself and vars.
func workerdConfig(dir, work string, port int) ([]byte, error) {
	p, err := jsbundle.Load(dir)
	if err != nil {
		return nil, err
	}
	dates, err := readDates(dir)
	if err != nil {
		return nil, err
	}
	modules, err := copyModules(dir, filepath.Join(work, "modules"), filepath.ToSlash(p.Main))
	if err != nil {
		return nil, err
	}
	data := filepath.Join(work, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		return nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "using Workerd = import \"/workerd/workerd.capnp\";\n\n")
	fmt.Fprintf(&b, "const config :Workerd.Config = (\n")
	fmt.Fprintf(&b, "  services = [\n    (name = \"main\", worker = .worker),\n")
	fmt.Fprintf(&b, "    (name = \"do-disk\", disk = (path = %s, writable = true)),\n", capnpText(data))
	// Outbound fetch() may reach loopback too: the fetch cases' upstream (upstream.go).
	fmt.Fprintf(&b, "    (name = \"outbound\", network = (allow = [\"public\", \"local\"])),\n  ],\n")
	fmt.Fprintf(&b, "  sockets = [ (name = \"http\", address = %s, http = (), service = \"main\") ],\n);\n\n",
		capnpText("127.0.0.1:"+strconv.Itoa(port)))
	fmt.Fprintf(&b, "const worker :Workerd.Worker = (\n")
	fmt.Fprintf(&b, "  compatibilityDate = %s,\n", capnpText(dates.CompatibilityDate))
	fmt.Fprintf(&b, "  globalOutbound = \"outbound\",\n")
	if len(dates.CompatibilityFlags) > 0 {
		var flags []string
		for _, f := range dates.CompatibilityFlags {
			flags = append(flags, capnpText(f))
		}
		fmt.Fprintf(&b, "  compatibilityFlags = [%s],\n", strings.Join(flags, ", "))
	}
	fmt.Fprintf(&b, "  modules = [\n")
	for _, m := range modules {
		fmt.Fprintf(&b, "    (name = %s, esModule = embed %s),\n", capnpText(m), capnpText("modules/"+m))
	}
	if err := writeRuleModules(&b, dir, filepath.Join(work, "modules"), p.Modules); err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "  ],\n")
	var classes []string
	for _, bd := range p.Bindings {
		classes = append(classes, bd.Class)
	}
	slices.Sort(classes)
	classes = slices.Compact(classes)
	fmt.Fprintf(&b, "  durableObjectNamespaces = [\n")
	for _, c := range classes {
		fmt.Fprintf(&b, "    (className = %s, uniqueKey = %s, enableSql = true),\n", capnpText(c), capnpText("conformance-"+p.Name+"-"+c))
	}
	fmt.Fprintf(&b, "  ],\n")
	fmt.Fprintf(&b, "  durableObjectStorage = (localDisk = \"do-disk\"),\n")
	fmt.Fprintf(&b, "  bindings = [\n")
	for _, bd := range p.Bindings {
		fmt.Fprintf(&b, "    (name = %s, durableObjectNamespace = %s),\n", capnpText(bd.Name), capnpText(bd.Class))
	}
	for _, sv := range p.Services { // service bindings to the fixture's own Worker
		if sv.Entrypoint == "default" {
			fmt.Fprintf(&b, "    (name = %s, service = \"main\"),\n", capnpText(sv.Name))
			continue
		}
		fmt.Fprintf(&b, "    (name = %s, service = (name = \"main\", entrypoint = %s)),\n", capnpText(sv.Name), capnpText(sv.Entrypoint))
	}
	vars := make([]string, 0, len(p.Vars))
	for k := range p.Vars {
		vars = append(vars, k)
	}
	slices.Sort(vars)
	for _, k := range vars {
		if s, ok := p.Vars[k].(string); ok {
			fmt.Fprintf(&b, "    (name = %s, text = %s),\n", capnpText(k), capnpText(s))
			continue
		}
		j, err := json.Marshal(p.Vars[k])
		if err != nil {
			return nil, fmt.Errorf("%s: var %s: %v", dir, k, err)
		}
		fmt.Fprintf(&b, "    (name = %s, json = %s),\n", capnpText(k), capnpText(string(j)))
	}
	fmt.Fprintf(&b, "  ],\n);\n")
	return []byte(b.String()), nil
}

// readDates reads compatibility_date (default 2025-01-01) and compatibility_flags
// from the fixture's wrangler.toml, or its wrangler.json.
func readDates(dir string) (wranglerDates, error) {
	d := wranglerDates{}
	if raw, err := os.ReadFile(filepath.Join(dir, "wrangler.toml")); err == nil {
		if err := toml.Unmarshal(raw, &d); err != nil {
			return d, fmt.Errorf("%s/wrangler.toml: %v", dir, err)
		}
	} else if raw, err := os.ReadFile(filepath.Join(dir, "wrangler.json")); err == nil {
		if err := json.Unmarshal(raw, &d); err != nil {
			return d, fmt.Errorf("%s/wrangler.json: %v", dir, err)
		}
	}
	if d.CompatibilityDate == "" {
		d.CompatibilityDate = defaultCompatibilityDate
	}
	return d, nil
}

// copyModules copies every .js and .mjs file under dir (node_modules aside) to the
// same relative path under to, and returns their relative paths, main first.
func copyModules(dir, to, main string) ([]string, error) {
	var mods []string
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if e.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(path); ext != ".js" && ext != ".mjs" {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, raw, 0o644); err != nil {
			return err
		}
		mods = append(mods, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, err
	}
	i := slices.Index(mods, main)
	if i < 0 {
		return nil, fmt.Errorf("%s: the entry module %s is not a .js or .mjs file of the folder", dir, main)
	}
	mods[0], mods[i] = mods[i], mods[0]
	return mods, nil
}

// ruleModuleKinds are the fields of a workerd module for each type of wrangler's
// module rules.
var ruleModuleKinds = map[jsbundle.ModuleType]string{
	jsbundle.ModuleText: "text", jsbundle.ModuleData: "data", jsbundle.ModuleCompiledWasm: "wasm",
}

// writeRuleModules copies the non-JavaScript modules of the fixture folder dir (what
// jsbundle found its rules make Text, Data or CompiledWasm modules) to the same
// relative path under to, and writes them to b as workerd modules of those types.
func writeRuleModules(b *strings.Builder, dir, to string, mods []jsbundle.Module) error {
	for _, m := range mods {
		kind, ok := ruleModuleKinds[m.Type]
		if !ok || strings.HasPrefix(m.Path, "../") || filepath.IsAbs(m.Path) {
			return fmt.Errorf("%s: module %s (%s) is not a %s module of the folder", dir, m.Path, m.Type, "Text, Data or CompiledWasm")
		}
		raw, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(m.Path)))
		if err != nil {
			return err
		}
		dst := filepath.Join(to, filepath.FromSlash(m.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, raw, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(b, "    (name = %s, %s = embed %s),\n", capnpText(m.Path), kind, capnpText("modules/"+m.Path))
	}
	return nil
}

// capnpText is s as a Cap'n Proto text literal.
func capnpText(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
