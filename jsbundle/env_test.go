package jsbundle

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// envProject is a wrangler.toml with a top level and two environments.
const envProject = `name = "shop"
main = "index.js"
compatibility_date = "2025-01-01"
compatibility_flags = ["nodejs_compat"]
keep_vars = true

[vars]
MODE = "top"
ONLY_TOP = "1"

[[durable_objects.bindings]]
name = "CART"
class_name = "Cart"

[[kv_namespaces]]
binding = "TOP_KV"
id = "a"

[env.staging]
keep_vars = true

[env.staging.vars]
MODE = "staging"

[[env.staging.durable_objects.bindings]]
name = "STAGING_CART"
class_name = "Cart"

[env.named]
name = "shop-renamed"
compatibility_flags = []
`

// LoadEnv applies [env.NAME] as wrangler's --env: vars and bindings come from the
// environment only, other keys are inherited or overridden, and the name gets
// "-NAME" unless the environment sets one.
func TestLoadEnvAppliesEnvironment(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "shop/wrangler.toml", envProject)
	write(t, dir, "shop/index.js", `import { DurableObject } from "cloudflare:workers";
export class Cart extends DurableObject {}
export default { fetch() { return new Response("") } };
`)
	t.Run("OKTopLevel", func(t *testing.T) {
		p, err := Load(dir + "/shop")
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != "shop" || p.Vars["MODE"] != "top" || len(p.Bindings) != 1 || p.Bindings[0].Name != "CART" || p.Env != "" || p.NotInherited != nil {
			t.Errorf("name %q vars %v bindings %v env %q", p.Name, p.Vars, p.Bindings, p.Env)
		}
		if !reflect.DeepEqual(p.Ignored, []string{"kv_namespaces.TOP_KV"}) {
			t.Errorf("ignored %q: the environments are no ignored settings", p.Ignored)
		}
	})
	t.Run("OKStaging", func(t *testing.T) {
		p, err := LoadEnv(dir+"/shop", "staging")
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != "shop-staging" || p.Env != "staging" {
			t.Errorf("name %q env %q, want shop-staging", p.Name, p.Env)
		}
		if !reflect.DeepEqual(p.Vars, map[string]any{"MODE": "staging"}) {
			t.Errorf("vars %v: not inherited, only the environment's", p.Vars)
		}
		if !reflect.DeepEqual(p.Bindings, []Binding{{Name: "STAGING_CART", Class: "Cart"}}) {
			t.Errorf("bindings %v: not inherited, only the environment's", p.Bindings)
		}
		if !p.NodeCompat {
			t.Error("compatibility_flags are inherited: nodejs_compat is off")
		}
		if !reflect.DeepEqual(p.Ignored, []string{"env.staging.keep_vars"}) {
			t.Errorf("ignored %q: want the top-level-only key of the environment, and no top-level binding", p.Ignored)
		}
		if !reflect.DeepEqual(p.NotInherited, []string{"kv_namespaces"}) {
			t.Errorf("not inherited %q, want the top level's kv_namespaces, which staging does not set", p.NotInherited)
		}
		if got := p.DeployClasses(); !reflect.DeepEqual(got, []string{"Cart.staging", "shop-staging"}) {
			t.Errorf("deploy classes %v, want the environment's own Cart.staging", got)
		}
		for _, want := range []string{`"name":"shop-staging"`, `"bindings":{"STAGING_CART":{"class":"Cart.staging"}}`, `"env":"staging","classes":{"Cart":"Cart.staging"}`} {
			if !strings.Contains(string(p.Bundle), want) {
				t.Errorf("the manifest lacks %s", want)
			}
		}
		back, err := Bundle("x", p.Bundle)
		if err != nil || back.Env != "staging" || !reflect.DeepEqual(back.Bindings, []Binding{{Name: "STAGING_CART", Class: "Cart"}}) {
			t.Errorf("the bundle read back: env %q bindings %v: %v", back.Env, back.Bindings, err)
		}
	})
	t.Run("OKOwnName", func(t *testing.T) {
		p, err := LoadEnv(dir+"/shop", "named")
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != "shop-renamed" || p.NodeCompat || len(p.Vars) != 0 || len(p.Bindings) != 0 {
			t.Errorf("name %q nodejs_compat %v vars %v bindings %v", p.Name, p.NodeCompat, p.Vars, p.Bindings)
		}
		if !reflect.DeepEqual(p.NotInherited, []string{"durable_objects", "kv_namespaces", "vars"}) {
			t.Errorf("not inherited %q", p.NotInherited)
		}
	})
	t.Run("ErrNoEnv", func(t *testing.T) {
		_, err := LoadEnv(dir+"/shop", "prod")
		if !errors.Is(err, ErrNoEnv) || !strings.Contains(err.Error(), `"prod"`) || !strings.Contains(err.Error(), "it defines named, staging") {
			t.Errorf("err %v, want ErrNoEnv naming prod and the environments defined", err)
		}
	})
	t.Run("ErrNoEnvBadName", func(t *testing.T) {
		_, err := LoadEnv(dir+"/shop", "a.b")
		if !errors.Is(err, ErrNoEnv) || !strings.Contains(err.Error(), "letters, digits, '_' and '-'") {
			t.Errorf("err %v, want ErrNoEnv saying what an environment's name may hold", err)
		}
	})
	t.Run("ErrNoEnvSingleFile", func(t *testing.T) {
		_, err := LoadEnv(dir+"/shop/index.js", "staging")
		if !errors.Is(err, ErrNoEnv) {
			t.Errorf("err %v, want ErrNoEnv", err)
		}
	})
}

// Environments of a wrangler.jsonc, with comments and trailing commas, as wrangler
// writes them.
func TestLoadEnvJSONC(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "w/wrangler.jsonc", `{
  // the top level
  "name": "w", "main": "a.js",
  "vars": { "A": 1, },
  "env": {
    /* staging */
    "staging": { "vars": { "B": "two", }, },
  },
}`)
	write(t, dir, "w/a.js", "export default { fetch() { return new Response('') } };\n")
	p, err := LoadEnv(dir+"/w", "staging")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "w-staging" || !reflect.DeepEqual(p.Vars, map[string]any{"B": "two"}) || p.Ignored != nil {
		t.Errorf("name %q vars %v ignored %q", p.Name, p.Vars, p.Ignored)
	}
}

// A Durable Object binding whose script_name is the Worker itself (the environment's
// name in an environment) is a binding to its own class, not to another Worker's.
func TestLoadScriptNameOfItself(t *testing.T) {
	for _, env := range []string{"", "staging"} {
		p, err := LoadEnv("testdata/envs", env)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Unsupported) != 0 || !reflect.DeepEqual(p.Bindings, []Binding{{Name: "CART", Class: "Cart"}, {Name: "LOG", Class: "Log"}}) {
			t.Errorf("env %q: unsupported %q bindings %v", env, p.Unsupported, p.Bindings)
		}
	}
}
