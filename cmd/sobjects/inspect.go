package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
)

func newInspectCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "inspect PLUGIN.wasm | inspect JS-PROJECT",
		Short: "Say which ABI version and exports a plugin has, and what is wrong with it",
		Long: `Compile a plugin without running it and print the ABI version it declares, its methods,
its lifecycle exports (init, alarm, fetch, after_clone, before_hand_out), whether it is splittable, its imports, and every problem that would make
an upload fail. Exits 1 when there is a problem (with or without --strict).

For a JavaScript project (a folder with a wrangler.toml, wrangler.jsonc or wrangler.json,
or a single .js, .mjs or .ts file), bundle it and print its name, its Durable Object
bindings, its vars, the names of its local secrets (.dev.vars, or .env files, as
wrangler dev reads them; never their values), the classes it exports, whether it has a default export (a Worker),
the classes run and deploy serve it as (in a wrangler environment, --env NAME, its
Durable Object classes are CLASS.NAME, as each environment has its own objects),
the size of its bundle, and the unsupported APIs it uses (node:* modules, but for
those sobjects provides under the nodejs_compat flag; cloudflare:sockets, names
cloudflare:workers lacks, ...), which make run and deploy refuse it, and the
stubbed ones: names cloudflare:workers exports on Cloudflare that sobjects defines
without implementing them (WorkflowEntrypoint, RpcStub, withEnv, ...), so the project
loads and a use throws an Error naming the API, and the settings of its wrangler file
that sobjects ignores (kv_namespaces.MY_KV, triggers.crons, routes, limits, ...): the
project runs, and using env.MY_KV throws an Error naming the binding; and its
non-JavaScript modules, the imports wrangler's module rules make Text (a string), Data
(an ArrayBuffer) or CompiledWasm (a WebAssembly.Module, which sobjects cannot run: the
project loads and a use throws an Error naming the file); and its static assets (the
assets setting: the folder, how many files, how they are served, and how many rules
its _redirects and _headers hold, with the lines of them Cloudflare skips).
Exits 1 when it does not build; with --strict, also when it uses unsupported or stubbed
APIs, has ignored settings or imports a CompiledWasm module.`,
		Example: "  sobjects inspect plugins/counter/counter.wasm\n  sobjects inspect ./my-worker --json --strict",
		Args:    usage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			asJSON, _ := cmd.Flags().GetBool("json")
			strict, _ := cmd.Flags().GetBool("strict")
			if isJSProject(args[0]) {
				env, _ := cmd.Flags().GetString("env")
				return inspectProject(cmd, args[0], env, asJSON, strict)
			}
			wasm, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			info, err := host.Inspect(cmd.Context(), wasm)
			if err != nil {
				fmt.Fprintf(cmd.OutOrStdout(), "%s: %v\n", args[0], err)
				return exitError{1}
			}
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				enc.Encode(info)
			} else {
				fmt.Fprintf(out, "plugin:     %s (%d bytes, version %.12s)\n", args[0], len(wasm), host.Version(wasm))
				fmt.Fprintf(out, "kind:       %s\n", info.Kind)
				if info.Kind == host.KindWasm {
					fmt.Fprintf(out, "abi:        v%d\n", info.ABIVersion)
				}
				fmt.Fprintf(out, "methods:    %s\n", strings.Join(info.Methods, ", "))
				fmt.Fprintf(out, "lifecycle:  %s\n", strings.Join(info.Lifecycle, ", "))
				if info.Splittable {
					fmt.Fprintln(out, "splittable: yes (exports sobjects_splittable; docs/splitting.md)")
				}
				fmt.Fprintf(out, "imports:    %s\n", strings.Join(info.Imports, ", "))
				if len(info.Problems) == 0 {
					fmt.Fprintln(out, "problems:   none")
				}
				for _, p := range info.Problems {
					fmt.Fprintf(out, "problem:    %s\n", p)
				}
			}
			if len(info.Problems) > 0 {
				return exitError{1}
			}
			return nil
		},
	}
	cmd.Flags().Bool("json", false, "print as JSON")
	cmd.Flags().String("env", "", "JavaScript: the wrangler environment ([env.NAME]) to inspect, as wrangler's --env")
	cmd.Flags().Bool("strict", false, "JavaScript: exit 1 when the project uses unsupported or stubbed APIs, has wrangler settings sobjects ignores or imports WebAssembly")
	return cmd
}

// projectInfo is what inspect prints of a JavaScript project.
type projectInfo struct {
	*jsbundle.Project
	BundleBytes int `json:"bundle_bytes"`
	// Deployed are the classes run and deploy serve it as (Project.DeployClasses).
	Deployed []string `json:"deployed"`
	// Vars are the Project's, less its secrets (Project.Secrets names them): inspect
	// prints no secret's value.
	Vars map[string]any `json:"vars"`
}

// publicVars are p's vars less its secrets.
func publicVars(p *jsbundle.Project) map[string]any {
	out := make(map[string]any, len(p.Vars))
	for k, v := range p.Vars {
		if !slices.Contains(p.Secrets, k) {
			out[k] = v
		}
	}
	return out
}

func inspectProject(cmd *cobra.Command, path, env string, asJSON, strict bool) error {
	out := cmd.OutOrStdout()
	p, err := jsbundle.LoadEnv(path, env)
	if err != nil {
		fmt.Fprintf(out, "%s: %v\n", path, err)
		return exitError{1}
	}
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.Encode(projectInfo{p, len(p.Bundle), p.DeployClasses(), publicVars(p)})
	} else {
		fmt.Fprintf(out, "project:     %s (%s, main %s; bundle of %d bytes)\n", p.Name, p.Dir, cmp.Or(p.Main, "none: static assets only"), len(p.Bundle))
		if p.Env != "" {
			fmt.Fprintf(out, "environment: %s ([env.%s] of the wrangler file; not inherited from the top level: %s)\n", p.Env, p.Env, orNone(p.NotInherited))
		}
		var bindings []string
		for _, b := range p.Bindings {
			if d := p.DeployedClass(b.Class); d != b.Class {
				bindings = append(bindings, b.Name+" -> "+b.Class+" (class "+d+")")
			} else {
				bindings = append(bindings, b.Name+" -> "+b.Class)
			}
		}
		fmt.Fprintf(out, "bindings:    %s\n", orNone(bindings))
		if len(p.Services) > 0 {
			var services []string
			for _, sv := range p.Services {
				services = append(services, sv.Name+" -> "+sv.Entrypoint)
			}
			fmt.Fprintf(out, "services:    %s (to this Worker)\n", strings.Join(services, ", "))
		}
		var vars []string
		for name := range publicVars(p) {
			vars = append(vars, name)
		}
		sort.Strings(vars)
		fmt.Fprintf(out, "vars:        %s\n", orNone(vars))
		if len(p.Secrets) > 0 {
			fmt.Fprintf(out, "secrets:     %s (from %s; values not shown)\n", strings.Join(p.Secrets, ", "), strings.Join(p.SecretsFiles, ", "))
		}
		fmt.Fprintf(out, "classes:     %s\n", orNone(p.Classes))
		if p.HasDefault {
			fmt.Fprintf(out, "worker:      yes (default export; served as class %s)\n", p.Name)
		} else {
			fmt.Fprintln(out, "worker:      no (no default export)")
		}
		fmt.Fprintf(out, "deployed as: %s\n", orNone(p.DeployClasses()))
		if p.CompatibilityDate != "" || len(p.CompatibilityFlags) > 0 {
			var honoured, ignored []string
			for _, f := range p.CompatibilityFlags {
				if slices.Contains(p.Ignored, "compatibility_flags."+f) {
					ignored = append(ignored, f)
				} else {
					honoured = append(honoured, f)
				}
			}
			fmt.Fprintf(out, "compatibility: date %s; flags honoured: %s; flags ignored: %s\n", cmp.Or(p.CompatibilityDate, "none"), orNone(honoured), orNone(ignored))
		}
		if p.NodeCompat {
			fmt.Fprintln(out, "nodejs_compat: yes (node:buffer, events, util, assert, path, stream, string_decoder, crypto, async_hooks, process, timers, url, querystring)")
		}
		fmt.Fprintf(out, "unsupported APIs: %s\n", orNone(p.Unsupported))
		fmt.Fprintf(out, "stubbed APIs: %s\n", orNone(p.Stubbed))
		fmt.Fprintf(out, "ignored settings: %s\n", orNone(p.Ignored))
		fmt.Fprintf(out, "modules:     %s\n", orNone(moduleList(p.Modules)))
		if a := p.Assets; a != nil {
			fmt.Fprintf(out, "assets:      %s (%d files, %d bytes; binding %s, html_handling %s, not_found_handling %s, run_worker_first %s)\n",
				a.Directory, a.Files, a.Bytes, cmp.Or(a.Config.Binding, "none"), cmp.Or(a.Config.HTMLHandling, "auto-trailing-slash"),
				cmp.Or(a.Config.NotFoundHandling, "none"), orNone(a.Config.RunWorkerFirst))
			if len(a.Config.Redirects) > 0 || len(a.Config.Headers) > 0 || len(a.Warnings) > 0 {
				fmt.Fprintf(out, "             rules: %d redirects, %d header rules (_redirects, _headers)", len(a.Config.Redirects), len(a.Config.Headers))
				for _, w := range a.Warnings {
					fmt.Fprintf(out, "; warning: %s", w)
				}
				fmt.Fprintln(out)
			}
		}
	}
	// What run and deploy refuse fails inspect too, with their words.
	if err := p.Check(); err != nil {
		if !asJSON {
			fmt.Fprintf(cmd.ErrOrStderr(), "inspect: %s: %v (run and deploy refuse it)\n", path, err)
		}
		return exitError{1}
	}
	var why []string
	for _, c := range []struct {
		n    int
		what string
	}{{len(p.Stubbed), "uses stubbed APIs"}, {len(p.Ignored), "has wrangler settings sobjects ignores"},
		{len(wasmModules(p.Modules)), "imports WebAssembly"}} {
		if c.n > 0 {
			why = append(why, c.what)
		}
	}
	if strict && len(why) > 0 {
		if !asJSON {
			fmt.Fprintf(cmd.ErrOrStderr(), "inspect --strict: %s %s (listed above)\n", path, strings.Join(why, ", "))
		}
		return exitError{1}
	}
	return nil
}

// moduleList describes the non-JavaScript modules of a project: "PATH (TYPE)", and
// for a CompiledWasm module that sobjects cannot run it.
func moduleList(mods []jsbundle.Module) []string {
	var out []string
	for _, m := range mods {
		if m.Type == jsbundle.ModuleCompiledWasm {
			out = append(out, m.Path+" (CompiledWasm: sobjects has no WebAssembly, a use throws)")
		} else {
			out = append(out, m.Path+" ("+string(m.Type)+")")
		}
	}
	return out
}

// wasmModules are the CompiledWasm modules among mods.
func wasmModules(mods []jsbundle.Module) []jsbundle.Module {
	var out []jsbundle.Module
	for _, m := range mods {
		if m.Type == jsbundle.ModuleCompiledWasm {
			out = append(out, m)
		}
	}
	return out
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}
